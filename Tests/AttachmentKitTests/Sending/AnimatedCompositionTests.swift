import Foundation
import Testing

@testable import AttachmentKit

@Suite("Composing an animated image keeps it animated", .inTurn)
struct AnimatedCompositionTests {
    static let animations: [(String, Data, MIMEType)] = [
        ("GIF", SyntheticImages.animatedGIF(delays: [10, 20, 30], loop: 5), .imageGIF),
        ("APNG", SyntheticImages.apng(delays: [(1, 10), (2, 10)], plays: 1), .imagePNG),
        ("WebP", SyntheticImages.animatedWebP(durations: [40, 40, 40, 40], loop: 0), ImageFormat.webp.mimeType),
    ]

    @Test(
        "the original goes as it is, with its frames; the size part says animated; no preview is decoded",
        arguments: animations)
    func keptAnimated(format: String, data: Data, type: MIMEType) throws {
        let folder = try StorageTemporaryDirectory("compose-animated")
        let file = folder.appending("sticker.bin")
        try data.write(to: file)
        let attachment = try AttachmentComposer().compose(imageAt: file, into: folder.appending("out"), id: "a")
        #expect(attachment.original.mimeType == type, "\(format)")
        #expect(attachment.original.localContent == .file(file), "\(format)")
        #expect(try Data(contentsOf: file) == data, "\(format): the original is untouched")
        let header = try #require(attachment.header)
        #expect(header.isAnimated, "\(format)")
        // What is sent reads back with every frame.
        #expect(try ImageInspector().inspect(attachment.original.localContent!).animation == header.animation)
        let json = try #require(try attachment.sizePart?.localContent?.bytes())
        #expect(String(decoding: json, as: UTF8.self).hasSuffix(#","animated":true}"#), "\(format)")
        #expect(try ImageSizeMetadata(json: json).isAnimated, "\(format)")
        // A preview is a still JPEG (ImageIO's first frame) or, where none can be had without
        // decoding, absent.
        #if canImport(ImageIO)
        #expect(attachment.preview.map { $0.mimeType == .imageJPEGPreview } ?? true)
        #else
        #expect(attachment.preview == nil, "\(format)")
        #endif
    }

    @Test("a still image's size part has no animated key, and reads as not animated")
    func stillHasNoKey() throws {
        let folder = try StorageTemporaryDirectory("compose-still")
        let file = folder.appending("still.gif")
        try SyntheticImages.animatedGIF(delays: [10], loop: 0).write(to: file)
        let attachment = try AttachmentComposer().compose(imageAt: file, into: folder.appending("out"), id: "s")
        let json = try #require(try attachment.sizePart?.localContent?.bytes())
        #expect(String(decoding: json, as: UTF8.self) == #"{"width":100,"height":60,"orientation":0}"#)
        #expect(try !ImageSizeMetadata(json: json).isAnimated)
    }

    @Test("a size part's animated key is read when it is a boolean and ignored otherwise")
    func animatedKey() throws {
        #expect(try ImageSizeMetadata(json: Data(#"{"width":4,"height":3,"animated":true}"#.utf8)).isAnimated)
        #expect(try !ImageSizeMetadata(json: Data(#"{"width":4,"height":3,"animated":false}"#.utf8)).isAnimated)
        #expect(try !ImageSizeMetadata(json: Data(#"{"width":4,"height":3,"animated":"yes"}"#.utf8)).isAnimated)
    }
}
