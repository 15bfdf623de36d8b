/// A failure the command reports in one line before exiting with status 2.
enum CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An argument the command does not know, or a flag without its value.
    case usage(String)
    /// A file could not be read.
    case unreadableFile(String, reason: String)
    /// The message file (named when known) is not a valid message description.
    case malformedMessage(String, file: String? = nil)

    var description: String {
        switch self {
        case .usage(let text): text
        case .unreadableFile(let path, let reason): "can't read \(path): \(reason)"
        case .malformedMessage(let reason, nil): "malformed message: \(reason)"
        case .malformedMessage(let reason, let file?): "malformed message file \(file): \(reason)"
        }
    }
}
