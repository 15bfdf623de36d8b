import AttachmentKit
import Foundation

/// The lines `attachmentkit inspect` prints for an animated GIF, APNG or WebP: `frames: N`,
/// `loop: infinite`, `loop: N` (the count as the format stores it) or `loop: none` (a GIF
/// without a looping extension), `duration: S.SSS s` (the sum of the stored delays) and the
/// displayed duration (delays of 10 ms or less shown for 100 ms, as browsers do). A walk that
/// stopped before the end says `at least`.
struct AnimationReport {
    let animation: ImageHeader.Animation

    init(_ animation: ImageHeader.Animation) {
        self.animation = animation
    }

    var lines: [String] {
        let atLeast = animation.isComplete ? "" : "at least "
        let loop =
            switch animation.loop {
            case .infinite: "infinite"
            case .count(let count): "\(count)"
            case .unspecified: "none"
            }
        var lines = ["  frames: \(atLeast)\(animation.frameCount)"]
        if !animation.isComplete {
            lines[0] += " (the input or the read limit ended before the animation did)"
        }
        lines.append("  loop: \(loop)")
        lines.append("  duration: \(atLeast)\(Self.seconds(animation.duration))")
        lines.append("  displayed duration: \(atLeast)\(Self.seconds(animation.displayedDuration))")
        return lines
    }

    private static func seconds(_ value: TimeInterval) -> String {
        String(format: "%.3f s", value)
    }
}
