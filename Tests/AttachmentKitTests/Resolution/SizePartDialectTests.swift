import Foundation
import Testing

@testable import AttachmentKit

/// The receiving side of ``ImageSizeMetadata/OrientationCode``: a size part written in any code reads, through
/// the resolver whose policy names that code, as the orientation and displayed size it was written for.
@Suite("Reading the size part in another client's orientation code", SuiteTimeLimit.minutes(2), .inTurn)
struct SizePartDialectTests {
    /// A message whose original and preview are still remote, with a local size part `json`.
    static func message(sizePart json: Data) -> [any MessagePart] {
        [
            LocalPart(id: "m/original", mimeType: .imageJPEG, content: nil, transferStatus: .readyForDownload),
            LocalPart(id: "m/preview", mimeType: .imageJPEGPreview, content: nil, transferStatus: .readyForDownload),
            LocalPart(id: "m/size", mimeType: .imageSize, content: .data(json)),
        ]
    }

    static func resolver(reading code: ImageSizeMetadata.OrientationCode) -> AttachmentResolver {
        var policy = AttachmentResolver.Policy.default
        policy.sizePartOrientationCode = code
        return AttachmentResolver(policy: policy, downloads: TransferFixtures.coordinator())
    }

    @Test(
        "every orientation a code can write round-trips through the resolver reading that code",
        arguments: ImageSizeMetadata.OrientationCode.allCases)
    func roundTrip(code: ImageSizeMetadata.OrientationCode) throws {
        var checked = 0
        for orientation in ImageOrientation.allCases {
            let sent = try ImageSizeMetadata(pixelWidth: 4032, pixelHeight: 3024, orientation: orientation)
            guard let json = try? sent.json(orientationCode: code) else {
                // Only the Android codes lack orientations: the mirrored ones.
                #expect(code.writesDisplayedSize && orientation.rawValue >= 4)
                continue
            }
            let resolution = Self.resolver(reading: code).resolve(Self.message(sizePart: json))
            #expect(resolution.sizeMetadataError == nil)
            #expect(resolution.placeholderSize?.orientation == orientation, "\(code) \(orientation)")
            #expect(resolution.placeholderSize?.displayedSize == sent.displayedSize, "\(code) \(orientation)")
            #expect(resolution.placeholderSize?.source == .sizeMetadata)
            checked += 1
        }
        #expect(checked == (code.writesDisplayedSize ? 4 : 8))
    }

    @Test("Atlas Android's 90° part: misread by the default policy, read right by a policy naming its code")
    func androidPart() throws {
        // What Atlas Android wrote for a portrait photo stored landscape and turned 90° clockwise.
        let parts = Self.message(sizePart: Data(#"{"width":3024,"height":4032,"orientation":2}"#.utf8))
        let misread = try #require(
            AttachmentResolver(downloads: TransferFixtures.coordinator()).resolve(parts)
                .placeholderSize)
        #expect(misread.orientation == .left)
        #expect(misread.displayedSize == PixelSize(width: 4032, height: 3024))
        let read = try #require(Self.resolver(reading: .atlasAndroid).resolve(parts).placeholderSize)
        #expect(read.orientation == .right)
        #expect(read.displayedSize == PixelSize(width: 3024, height: 4032))
        #expect(Self.resolver(reading: .atlasAndroidLegacy).resolve(parts).placeholderSize?.orientation == .left)
    }

    @Test("by default the reader accepts UIImage.Orientation 0–7 only: EXIF's 8 is a typed error, the size kept out")
    func defaultRefusesOtherValues() {
        let parts = Self.message(sizePart: Data(#"{"width":40,"height":30,"orientation":8}"#.utf8))
        let resolution = AttachmentResolver(downloads: TransferFixtures.coordinator()).resolve(parts)
        #expect(resolution.sizeMetadataError == .invalidOrientation(8))
        #expect(resolution.placeholderSize == nil)
        #expect(Self.resolver(reading: .exif).resolve(parts).placeholderSize?.orientation == .left)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a size part fetched by the events is read in the policy's code too")
    func fetchedSizePart() async {
        let size = ScriptedPart("size", mimeType: .imageSize)
        let preview = ScriptedPart("preview", mimeType: .imageJPEGPreview)
        let parts: [any MessagePart] = [ScriptedPart("full"), preview, size]
        let events = Self.resolver(reading: .atlasAndroid).events(for: parts)
        let collected = ResolutionEventsTests.collect(events)
        await size.script.attempt(0, before: collected).succeed(
            .data(Data(#"{"width":3024,"height":4032,"orientation":3}"#.utf8)))
        await preview.script.attempt(0, before: collected).fail(HTTPStatusError(statusCode: 404))
        // Atlas Android's 3 is 270° with the displayed size: 3024 wide as shown. The default
        // code would read 3 as right with the stored size 3024 × 4032, shown 4032 wide.
        #expect(await collected.cancellableValue.first == "placeholder 3024x4032")
    }

    @Test("read in another code, a size part keeps its duration and placeholder hash, and 0 and 1 are numbers")
    func otherFieldsKept() throws {
        let hash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
        let json = Data(#"{"width":30,"height":40,"orientation":1,"duration":2.5,"blurhash":"\#(hash)"}"#.utf8)
        let android = try ImageSizeMetadata(json: json, orientationCode: .atlasAndroid)
        #expect(android.orientation == .down)
        #expect(android.duration == 2.5)
        #expect(android.blurHash?.string == hash)
        #expect(try ImageSizeMetadata(json: json, orientationCode: .exif).orientation == .up)
        #expect(throws: ImageSizeMetadata.Error.notANumber(key: "orientation")) {
            try ImageSizeMetadata(
                json: Data(#"{"width":3,"height":4,"orientation":true}"#.utf8), orientationCode: .exif)
        }
    }
}
