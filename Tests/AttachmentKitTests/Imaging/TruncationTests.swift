import Foundation
import Testing

@testable import AttachmentKit

@Suite("Every parser on every truncation of every fixture")
struct TruncationTests {
    @Test(
        "each prefix of a fixture gives a typed error or the same size, never another size or a crash",
        arguments: ImagingFixtures.names)
    func everyPrefix(name: String) throws {
        let data = try ImagingFixtures.data(name)
        let whole = try ImageInspector().inspect(data)
        var failures = 0
        for length in 0..<data.count {
            do {
                let header = try ImageInspector().inspect(data.prefix(length))
                // A prefix may hold the whole header (the image data is cut): then it must agree.
                #expect(header.pixelSize == whole.pixelSize, "prefix of \(length) bytes")
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
        #expect(throws: ImageInspectionError.empty) { try ImageInspector().inspect(Data()) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID()).jpg")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: ImageInspectionError.empty) { try ImageInspector().inspect(fileAt: file) }
    }

    @Test("a slice of a larger buffer is inspected from its own start")
    func slice() throws {
        let jpeg = SyntheticImages.jpeg(width: 33, height: 44)
        let padded = Data(repeating: 0x41, count: 7) + jpeg + Data(repeating: 0x42, count: 5)
        let header = try ImageInspector().inspect(padded[7..<(7 + jpeg.count)])
        #expect(header.pixelWidth == 33 && header.pixelHeight == 44)
    }
}
