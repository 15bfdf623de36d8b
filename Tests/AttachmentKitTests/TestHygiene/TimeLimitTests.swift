import Foundation
import Testing

/// The project's rule for tests that await: a time limit, so that a regression fails the run
/// instead of hanging it. On the test, `.timeLimit` under the availability it needs on Apple
/// platforms; on its suite (where one limit fits all its tests), ``SuiteTimeLimit``.
@Suite("Every test that awaits has a time limit", .inTurn)
struct TimeLimitTests {
    /// An `async` test function declared in the test sources.
    struct AsyncTest: CustomStringConvertible {
        var file: String
        var line: Int
        /// Its own attribute lines, and those of the suite it is declared in (and above it).
        var attributes: String
        var suiteAttributes: String

        var description: String { "\(file):\(line)" }
    }

    /// The package's `Tests/` folder, where this file was compiled from.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Whether the sources can be read here (not on a device, for example).
    static var sourcesAreReadable: Bool { FileManager.default.fileExists(atPath: testsFolder.path) }

    /// The `async` test functions in every Swift file under `Tests/`, each with the attribute
    /// lines above it (from the first attribute after the previous declaration) and those of
    /// the nearest suite declared above it.
    static func asyncTests() throws -> [AsyncTest] {
        let files = try #require(FileManager.default.enumerator(at: testsFolder, includingPropertiesForKeys: nil))
        var found: [AsyncTest] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.contains("func ") && line.contains(" async") {
                let attributes = Self.attributes(above: index, in: lines)
                guard attributes.contains("@Test") else { continue }
                found.append(
                    AsyncTest(
                        file: url.lastPathComponent, line: index + 1, attributes: attributes,
                        suiteAttributes: Self.suiteAttributes(above: index, in: lines)))
            }
        }
        return found
    }

    /// The attribute lines of the declaration at `index`.
    private static func attributes(above index: Int, in lines: [String]) -> String {
        var start = index
        while start > 0, Self.isAttributeLine(lines[start - 1]) { start -= 1 }
        return lines[start..<index].joined(separator: "\n")
    }

    /// The attribute lines of the nearest `@Suite` declared above `index` (at the file's top
    /// level), with its `@Suite` line; empty when there is none.
    private static func suiteAttributes(above index: Int, in lines: [String]) -> String {
        guard let suite = lines[..<index].lastIndex(where: { $0.hasPrefix("@Suite") }) else { return "" }
        let declaration = lines[suite...].firstIndex { $0.hasPrefix("struct ") || $0.hasPrefix("final class ") }
        return Self.attributes(above: suite, in: lines) + "\n"
            + lines[suite..<(declaration ?? suite)].joined(separator: "\n")
    }

    /// Whether `line` belongs to the attributes of the declaration below it: an attribute, a
    /// continuation of a multi-line one, or a comment.
    private static func isAttributeLine(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasSuffix("}"), !trimmed.hasSuffix("{") else { return false }
        return !trimmed.hasPrefix("func ") && !trimmed.hasPrefix("let ") && !trimmed.hasPrefix("var ")
    }

    @Test(
        "each async test has .timeLimit under @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), or its suite a SuiteTimeLimit",
        .enabled(if: sourcesAreReadable, "the test sources are not on this machine"))
    func everyAsyncTestIsLimited() throws {
        let tests = try Self.asyncTests()
        #expect(tests.count > 100, "the scan found only \(tests.count) async tests: it is not reading the sources")
        for test in tests {
            let ownLimit = test.attributes.contains(".timeLimit(")
            #expect(
                ownLimit || test.suiteAttributes.contains("SuiteTimeLimit.minutes("),
                "no time limit on the async test at \(test) or its suite")
            if ownLimit {
                #expect(
                    test.attributes.contains("@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)"),
                    "no @available for .timeLimit on the async test at \(test)")
            }
        }
    }
}
