import AttachmentKit
import Foundation
import Testing

@Suite("AttachmentResolver: placeholder size", .inTurn)
struct PlaceholderSizeTests {
    private let resolver = AttachmentResolver()
    private typealias Make = PartFactory

    @Test("the size part gives the displayed size, orientation applied")
    func fromSizePart() throws {
        let resolution = resolver.resolve([
            Make.remote("full", .imageJPEG), Make.size(#"{"width":4032,"height":3024,"orientation":3}"#),
        ])
        let placeholder = try #require(resolution.placeholderSize)
        #expect(placeholder.displayedSize == PixelSize(width: 3024, height: 4032))
        #expect(placeholder.orientation == .right)
        #expect(placeholder.source == .sizeMetadata)
        #expect(placeholder.aspectRatio == 0.75)
        #expect(resolution.sizeMetadataPart?.id == "size")
        #expect(resolution.sizeMetadataError == nil)
    }

    @Test("a size part that is not local gives no placeholder and no error")
    func notLocal() {
        let resolution = resolver.resolve([
            Make.local("full", .imageJPEG),
            Make.size(#"{"width":4,"height":3}"#, status: .readyForDownload),
        ])
        #expect(resolution.placeholderSize == nil)
        #expect(resolution.sizeMetadataError == nil)
        #expect(resolution.sizeMetadataPart?.id == "size")
    }

    @Test("a malformed size part gives no placeholder and reports why")
    func malformed() {
        let resolution = resolver.resolve([Make.local("full", .imageJPEG), Make.size(#"{"width":0,"height":3}"#)])
        #expect(resolution.placeholderSize == nil)
        #expect(resolution.sizeMetadataError == .notPositive(key: "width", value: 0))
    }

    @Test("a size part whose file is missing is reported, not a crash")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/\(UUID()).json")
        let part = LocalPart(id: "size", mimeType: .imageSize, content: .file(url))
        let resolution = resolver.resolve([Make.local("full", .imageJPEG), part])
        #expect(resolution.placeholderSize == nil)
        #expect(resolution.sizeMetadataError != nil)
    }

    @Test("with two size parts the first is used")
    func firstSizePartWins() throws {
        let resolution = resolver.resolve([
            Make.size(#"{"width":10,"height":20}"#, id: "a"), Make.size(#"{"width":30,"height":40}"#, id: "b"),
        ])
        #expect(try #require(resolution.placeholderSize).displayedSize == PixelSize(width: 10, height: 20))
    }
}
