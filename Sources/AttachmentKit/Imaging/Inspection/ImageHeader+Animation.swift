import Foundation

extension ImageHeader {
    /// How an animated GIF, APNG or WebP plays, read from its frame headers without decoding a
    /// frame: the frames, each one's delay, and the loop count.
    ///
    /// ```swift
    /// if let animation = header.animation {
    ///     label.text = "\(animation.frameCount) frames, \(animation.displayedDuration) s"
    /// }
    /// ```
    ///
    /// The frames are counted as decoders count them: a GIF's image descriptors, an APNG's
    /// `fcTL` chunks (an image before the first `fcTL` is shown only where APNG is not supported,
    /// and is not a frame; `acTL`'s announced count is not trusted), a WebP's `ANMF` chunks.
    /// When the input or the inspector's budget (``ImageInspector/maximumByteCount``,
    /// ``ImageInspector/maximumReadCount``) ends before the animation does, the frames before
    /// that point are reported and ``isComplete`` is `false`: a GIF's frames have no lengths, so
    /// counting them means reading the whole file. See <doc:InspectingImages>.
    public struct Animation: Sendable, Equatable {
        /// How many times the animation plays, as the format stores it.
        public enum Loop: Sendable, Equatable {
            /// Loops forever: a stored count of 0 (GIF's `NETSCAPE2.0`, APNG's `num_plays`,
            /// WebP's `ANIM` loop count).
            case infinite
            /// The count the file stores, unchanged: APNG's `num_plays` and WebP's `ANIM` loop
            /// count are plays; a GIF's `NETSCAPE2.0` count is repeats after the first play in
            /// Chromium and Firefox (N + 1 plays) and plays in some other decoders.
            case count(Int)
            /// A GIF without a looping extension (`NETSCAPE2.0` or `ANIMEXTS1.0`): browsers
            /// play it once.
            case unspecified
        }

        /// Each frame's delay in seconds, as stored: a GIF's centiseconds, an APNG's
        /// `delay_num / delay_den` (a denominator of 0 meaning 100), a WebP's milliseconds.
        public let frameDelays: [TimeInterval]
        /// How many times the animation plays.
        public let loop: Loop
        /// Whether the walk reached the end of the animation (a GIF's trailer, `IEND`, the end
        /// of the RIFF container); `false` when the input or the inspector's budget ended
        /// first, and the frames and durations count only the frames before that point.
        public let isComplete: Bool
        /// One play's duration in seconds: the sum of the stored delays.
        public let duration: TimeInterval
        /// One play's duration in seconds as browsers show it: Chromium, Firefox and WebKit
        /// show a delay of 10 ms or less (a GIF's 0 or 1 centisecond) for 100 ms.
        public let displayedDuration: TimeInterval

        /// Creates the animation of frames with `frameDelays` (seconds), looping as `loop` says.
        package init(frameDelays: [TimeInterval], loop: Loop, isComplete: Bool = true) {
            self.frameDelays = frameDelays
            self.loop = loop
            self.isComplete = isComplete
            duration = frameDelays.reduce(0, +)
            displayedDuration = frameDelays.reduce(0) { $0 + ($1 <= 0.010 ? 0.1 : $1) }
        }

        /// The number of frames.
        public var frameCount: Int { frameDelays.count }
    }
}
