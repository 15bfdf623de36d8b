import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes while it runs: standard output for the `attachmentkit` executable,
/// a buffer for commands run in-process (tests).
public final class Console: Sendable {
    /// Whether the output is a terminal, which gets a live progress bar instead of a line
    /// per 10 %.
    public let isTerminal: Bool
    private let sink: @Sendable (String) -> Void

    /// Creates a console that hands each piece of text to `write`.
    public init(isTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.sink = write
    }

    /// Standard output, written at once.
    public static var standardOutput: Console {
        Console(isTerminal: isatty(STDOUT_FILENO) != 0) { FileHandle.standardOutput.write(Data($0.utf8)) }
    }

    /// Writes `text`.
    public func write(_ text: String) { sink(text) }
}
