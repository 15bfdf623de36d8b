/// What a parser's walk over an animation's frames has counted: each frame's delay, the loop
/// count, and whether it reached the end. Shared by the GIF, APNG and WebP parsers, which each
/// walk their own structure and skip frame data by its lengths.
///
/// The delays take one element per frame, and each frame costs the walk at least one read,
/// so ``ImageInspector/maximumReadCount`` bounds the memory as well as the time.
struct AnimationWalk {
    /// The delay of each frame counted, in seconds.
    private(set) var frameDelays: [Double] = []
    /// The loop count read so far.
    var loop: ImageHeader.Animation.Loop
    /// Whether the walk reached the end of the animation.
    var isComplete = false

    init(loop: ImageHeader.Animation.Loop) {
        self.loop = loop
    }

    /// The frames counted so far.
    var frameCount: Int { frameDelays.count }

    /// Counts a frame shown for `delay` seconds.
    mutating func addFrame(delay: Double) {
        frameDelays.append(delay)
    }

    /// Runs `walk` and marks the walk complete when it returns. An error about the bytes, or
    /// the read budget running out, ends the walk instead: the frames counted so far stand, the
    /// walk stays incomplete, and the error is returned. A file that can't be read still fails.
    @discardableResult
    mutating func run(
        _ walk: (inout AnimationWalk) throws(ImageInspector.Error) -> Void
    ) throws(ImageInspector.Error) -> ImageInspector.Error? {
        do {
            try walk(&self)
            isComplete = true
            return nil
        } catch {
            guard !error.isFileFailure else { throw error }
            return error
        }
    }

    /// The animation: `nil` for a still image (one frame or none), unless the walk stopped early
    /// after a frame and the format `claimsAnimation` (a looping extension, an `acTL` of several
    /// frames, the WebP animation flag), when the frames counted so far are reported.
    func animation(claimsAnimation: Bool) -> ImageHeader.Animation? {
        guard frameCount > 1 || (frameCount == 1 && !isComplete && claimsAnimation) else { return nil }
        return ImageHeader.Animation(frameDelays: frameDelays, loop: loop, isComplete: isComplete)
    }
}
