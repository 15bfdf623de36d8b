import Foundation
import Testing

@testable import AttachmentKit

@Suite("Every parser on every truncation of every fixture", .inTurn)
struct TruncationTests {
    @Test(
        "each prefix of a fixture gives a typed error or the same size, never another size or a crash",
        arguments: ImagingFixtures.names)
    func everyPrefix(name: String) throws {
        let data = try ImagingFixtures.data(name)
        let whole = try ImageInspector().inspect(data)
        var failures = 0
        // Every prefix of a small fixture; of a large one (a long walk of megabytes), one in 997
        // and the last 2,000, which cut its final structures.
        let lengths =
            data.count <= 65_536
            ? Array(0..<data.count)
            : Array(stride(from: 0, to: data.count, by: 997)) + Array(data.count - 2_000..<data.count)
        for length in lengths {
            do {
                let header = try ImageInspector().inspect(data.prefix(length))
                // A prefix may hold the whole header (the image data is cut): then it must agree.
                #expect(
                    header.pixelWidth == whole.pixelWidth && header.pixelHeight == whole.pixelHeight,
                    "prefix of \(length) bytes")
                #expect(header.format == whole.format)
            } catch {
                failures += 1
                #expect(length < data.count)
            }
        }
        #expect(failures > 0, "at least the empty prefix fails")
    }

    @Test("the empty input, in memory or as a file, is reported as empty")
    func empty() throws {
        #expect(throws: ImageInspector.Error.empty) { try ImageInspector().inspect(Data()) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID()).jpg")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: ImageInspector.Error.empty) { try ImageInspector().inspect(fileAt: file) }
    }

    @Test("a slice of a larger buffer is inspected from its own start")
    func slice() throws {
        let jpeg = SyntheticImages.jpeg(width: 33, height: 44)
        let padded = Data(repeating: 0x41, count: 7) + jpeg + Data(repeating: 0x42, count: 5)
        let header = try ImageInspector().inspect(padded[7..<(7 + jpeg.count)])
        #expect(header.pixelWidth == 33 && header.pixelHeight == 44)
    }
}
