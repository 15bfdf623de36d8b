extension Waveform {
    /// The waveform of 16-bit PCM `samples`, interleaved over `channelCount` channels: the
    /// channels mixed to mono by averaging, the mono samples split into `barCount` contiguous
    /// slices (slice `i` holds samples `⌊i·L/N⌋ ..< ⌊(i+1)·L/N⌋` of `L`), each slice's root
    /// mean square scaled so that the loudest bar is 1. Silence gives all zeros; a trailing
    /// partial frame is ignored; fewer samples than bars leave empty slices at 0; a
    /// `channelCount` or `barCount` below 1 gives no bars.
    public init(samples: [Int16], channelCount: Int, barCount: Int) {
        self.init(mixing: samples.count, channelCount: channelCount, barCount: barCount) { Double(samples[$0]) }
    }

    /// The waveform of floating-point PCM `samples` (nominally −1…1), as
    /// ``init(samples:channelCount:barCount:)-(_,_,_)`` computes it for 16-bit samples. A sample
    /// that is not finite counts as 0.
    public init(samples: [Float], channelCount: Int, barCount: Int) {
        self.init(mixing: samples.count, channelCount: channelCount, barCount: barCount) { index in
            let sample = samples[index]
            return sample.isFinite ? Double(sample) : 0
        }
    }

    private init(mixing sampleCount: Int, channelCount: Int, barCount: Int, sample: (Int) -> Double) {
        guard channelCount > 0, barCount > 0 else {
            self.init(levels: [])
            return
        }
        let frames = sampleCount / channelCount
        let rootMeanSquares = WaveformSlices.rootMeanSquares(length: frames, count: barCount) { frame in
            var sum = 0.0
            for channel in 0..<channelCount { sum += sample(frame * channelCount + channel) }
            return sum / Double(channelCount)
        }
        self.init(normalizing: rootMeanSquares)
    }
}
