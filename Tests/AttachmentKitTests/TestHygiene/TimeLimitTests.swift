import Foundation
import Testing

/// The project's rule for tests that await: a time limit, so that a regression fails the run
/// instead of hanging it, under the availability `.timeLimit` needs on Apple platforms.
@Suite("Every test that awaits has a time limit", .inTurn)
struct TimeLimitTests {
    /// An `async` test function declared in the test sources.
    struct AsyncTest: CustomStringConvertible {
        var file: String
        var line: Int
        var attributes: String

        var description: String { "\(file):\(line)" }
    }

    /// The package's `Tests/` folder, where this file was compiled from.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Whether the sources can be read here (not on a device, for example).
    static var sourcesAreReadable: Bool { FileManager.default.fileExists(atPath: testsFolder.path) }

    /// The `async` test functions in every Swift file under `Tests/`, each with the attribute
    /// lines above it (from the first attribute after the previous declaration).
    static func asyncTests() throws -> [AsyncTest] {
        let files = try #require(FileManager.default.enumerator(at: testsFolder, includingPropertiesForKeys: nil))
        var found: [AsyncTest] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.contains("func ") && line.contains(" async") {
                var start = index
                while start > 0, Self.isAttributeLine(lines[start - 1]) { start -= 1 }
                let attributes = lines[start..<index].joined(separator: "\n")
                guard attributes.contains("@Test") else { continue }
                found.append(AsyncTest(file: url.lastPathComponent, line: index + 1, attributes: attributes))
            }
        }
        return found
    }

    /// Whether `line` belongs to the attributes of the declaration below it: an attribute, a
    /// continuation of a multi-line one, or a comment.
    private static func isAttributeLine(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasSuffix("}"), !trimmed.hasSuffix("{") else { return false }
        return !trimmed.hasPrefix("func ") && !trimmed.hasPrefix("let ") && !trimmed.hasPrefix("var ")
    }

    @Test(
        "each async test has .timeLimit and @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)",
        .enabled(if: sourcesAreReadable, "the test sources are not on this machine"))
    func everyAsyncTestIsLimited() throws {
        let tests = try Self.asyncTests()
        #expect(tests.count > 100, "the scan found only \(tests.count) async tests: it is not reading the sources")
        for test in tests {
            #expect(test.attributes.contains(".timeLimit("), "no time limit on the async test at \(test)")
            #expect(
                test.attributes.contains("@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)"),
                "no @available for .timeLimit on the async test at \(test)")
        }
    }
}
