/// The bars a voice message shows before its audio is here: one level a bar, from 0 (silence) to
/// 1 (the loudest bar), computed from PCM samples or decoded from what another client sent.
///
/// ```swift
/// let waveform = Waveform(samples: pcm, channelCount: 1, barCount: 100)
/// content["waveform"] = waveform.matrixLevels  // Element's 0…1024 integers
/// ```
///
/// Each chat network sends it in its own form, encoded and decoded here: Matrix
/// (``matrixLevels``), Telegram (``telegramBytes``), Discord (``discordBase64()``) and Stream
/// (``streamLevels``). Decoding the audio itself (Opus, AAC) to samples stays with the platform
/// (`AVAudioFile` on Apple platforms).
public struct Waveform: Sendable, Equatable {
    /// The levels, one a bar, each in 0…1.
    public let levels: [Double]

    /// A waveform of `levels`; a level that is not a number counts as 0 and one outside 0…1 is
    /// clamped to it.
    public init(levels: [Double]) {
        self.levels = levels.map { $0.isNaN ? 0 : min(1, max(0, $0)) }
    }

    /// The waveform with at most `count` bars: the levels split into `count` contiguous slices
    /// as ``init(samples:channelCount:barCount:)-([Int16],_,_)`` splits samples, each slice's root
    /// mean square, scaled again so that the loudest bar is 1. A waveform with `count` bars or
    /// fewer is returned as it is.
    public func resampled(toAtMost count: Int) -> Waveform {
        guard count > 0 else { return Waveform(levels: []) }
        guard levels.count > count else { return self }
        return Waveform(normalizing: WaveformSlices.rootMeanSquares(of: levels, count: count))
    }

    /// A waveform whose loudest level becomes 1: `values` divided by their maximum (all zeros
    /// when every value is 0).
    init(normalizing values: [Double]) {
        let loudest = values.max() ?? 0
        self.init(levels: loudest > 0 ? values.map { $0 / loudest } : values.map { _ in 0 })
    }

    /// The levels scaled to integers 0…`maximum`, rounded to the nearest.
    func integerLevels(maximum: Int) -> [Int] {
        levels.map { Int(($0 * Double(maximum)).rounded()) }
    }
}
