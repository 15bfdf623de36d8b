#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

@Suite("Composing an outgoing attachment", SuiteTimeLimit.minutes(5), .inTurn)
struct AttachmentComposerTests {
    @Test("a photo's parts are the original typed by its bytes, a preview and a size part, all awaiting upload")
    func photoParts() async throws {
        let folder = try StorageTemporaryDirectory("compose")
        let photo = try await SendingFixtures.jpeg(
            in: folder, name: "photo.jpg", width: 640, height: 480, exifOrientation: 6, thumbnail: true)
        let attachment = try AttachmentComposer().compose(imageAt: photo, into: folder.appending("out"), id: "m1")
        #expect(attachment.parts.map(\.id) == ["m1/original", "m1/preview", "m1/size"])
        #expect(attachment.parts.map(\.mimeType) == [.imageJPEG, .imageJPEGPreview, .imageSize])
        #expect(attachment.parts.allSatisfy { $0.transferStatus == .awaitingUpload })
        #expect(attachment.original.localContent == .file(photo))
        #expect(attachment.original.byteCount == Int64(try Data(contentsOf: photo).count))
        let json = try #require(try attachment.sizePart?.localContent?.bytes())
        #expect(String(decoding: json, as: UTF8.self) == #"{"width":640,"height":480,"orientation":3}"#)
    }

    @Test("a .jpg holding a PNG is sent as image/png")
    func typedByBytes() throws {
        let folder = try StorageTemporaryDirectory("compose")
        let lying = folder.appending("photo.jpg")
        try ImagingFixtures.data("png-orientation-1.png").write(to: lying)
        let attachment = try AttachmentComposer().compose(imageAt: lying, into: folder.url, id: "m")
        #expect(attachment.original.mimeType == .imagePNG)
        #expect(attachment.preview == nil)
    }

    @Test("an HTML page is refused before anything is sent, unless sent as a plain file")
    func htmlRefused() throws {
        let folder = try StorageTemporaryDirectory("compose")
        let page = folder.appending("photo.jpg")
        try Data("<!DOCTYPE html><html><body>error</body></html>".utf8).write(to: page)
        #expect(throws: AttachmentComposer.Error.notAnImage(page, .html)) {
            try AttachmentComposer().compose(imageAt: page, into: folder.url, id: "m")
        }
        let file = try AttachmentComposer().composeFile(at: page, mimeType: try MIMEType("text/html"), id: "m")
        #expect(file.parts.map(\.mimeType) == [try MIMEType("text/html")])
    }

    @Test("a missing file is a typed error naming it")
    func missingFile() throws {
        let folder = try StorageTemporaryDirectory("compose")
        let missing = folder.appending("gone.jpg")
        #expect(throws: AttachmentComposer.Error.unreadable(missing, reason: "no such file")) {
            try AttachmentComposer().compose(imageAt: missing, into: folder.url, id: "m")
        }
    }

    @Test("the preview is exiftool's embedded thumbnail, turned as the original by an Exif tag")
    func embeddedThumbnail() async throws {
        let folder = try StorageTemporaryDirectory("compose")
        let photo = try await SendingFixtures.jpeg(
            in: folder, name: "photo.jpg", width: 640, height: 480, exifOrientation: 6, thumbnail: true)
        let attachment = try AttachmentComposer(previewSource: .embeddedThumbnail)
            .compose(imageAt: photo, into: folder.url, id: "m")
        let preview = try #require(attachment.preview?.localContent)
        let header = try ImageInspector().inspect(preview)
        #expect(header.pixelWidth == 160 && header.pixelHeight == 120)
        #expect(header.orientation == .right)
        // The thumbnail's pixels are exiftool's, byte for byte after the inserted segment.
        let thumbnail = try Data(contentsOf: folder.appending("photo.jpg.thumb.jpg"))
        #expect(try preview.bytes().suffix(thumbnail.count - 2) == thumbnail.dropFirst(2))
    }

    @Test("a JPEG without an Exif thumbnail goes without a preview on Linux")
    func noThumbnail() async throws {
        let folder = try StorageTemporaryDirectory("compose")
        let photo = try await SendingFixtures.jpeg(
            in: folder, name: "photo.jpg", width: 64, height: 48, exifOrientation: 1, thumbnail: false)
        let attachment = try AttachmentComposer(previewSource: .embeddedThumbnail)
            .compose(imageAt: photo, into: folder.url, id: "m")
        #expect(attachment.preview == nil)
        #expect(attachment.parts.count == 2)
    }

    @Test("an app's own preview replaces the composed one")
    func ownPreview() throws {
        let folder = try StorageTemporaryDirectory("compose")
        let photo = try ImagingFixtures.url("jpeg-orientation-1.jpg")
        let own = PartContent.data(try ImagingFixtures.data("jpeg-baseline.jpg"))
        let attachment = try AttachmentComposer().compose(imageAt: photo, into: folder.url, id: "m", preview: own)
        #expect(attachment.preview?.localContent == own)
    }

    @Test(
        "what AttachmentKit composes it resolves: with the original still remote, size part and preview give the displayed size and orientation, in each code",
        arguments: zip(
            [1, 3, 6, 8, 6, 8, 6, 3],
            [
                .uiImageOrientation, .uiImageOrientation, .uiImageOrientation, .uiImageOrientation, .exif,
                .atlasAndroid,
                .atlasAndroidLegacy, .atlasAndroidLegacy,
            ] as [ImageSizeMetadata.OrientationCode]))
    func roundTrip(exifOrientation: Int, code: ImageSizeMetadata.OrientationCode) async throws {
        let folder = try StorageTemporaryDirectory("compose")
        let photo = try await SendingFixtures.jpeg(
            in: folder, name: "photo.jpg", width: 640, height: 480, exifOrientation: exifOrientation, thumbnail: true)
        let attachment = try AttachmentComposer(orientationCode: code).compose(
            imageAt: photo, into: folder.url, id: "m")
        let remoteOriginal = LocalPart(
            id: attachment.original.id, mimeType: attachment.original.mimeType, content: nil,
            transferStatus: .readyForDownload)
        let parts: [any MessagePart] = [
            remoteOriginal, try #require(attachment.preview), try #require(attachment.sizePart),
        ]
        let resolution = AttachmentResolver(
            policy: AttachmentResolver.Policy(
                chains: AttachmentResolver.Policy.default.chains, sizePartOrientationCode: code)
        ).resolve(parts)
        let expected = try #require(ImageOrientation(exifValue: exifOrientation))
        let turned = expected.swapsWidthAndHeight
        #expect(
            resolution.placeholderSize?.displayedSize
                == PixelSize(width: turned ? 480 : 640, height: turned ? 640 : 480))
        #expect(resolution.placeholderSize?.orientation == expected)
        #expect(resolution.preview?.id == "m/preview")
        #expect(resolution.sizeMetadataError == nil)
    }
}
#endif
