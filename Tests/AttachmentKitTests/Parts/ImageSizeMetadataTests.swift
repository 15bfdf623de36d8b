import AttachmentKit
import Foundation
import Testing

@Suite("ImageSizeMetadata", .inTurn)
struct ImageSizeMetadataTests {
    private func parse(_ json: String) throws(ImageSizeMetadata.Error) -> ImageSizeMetadata {
        try ImageSizeMetadata(json: Data(json.utf8))
    }

    @Test("integers and floats are accepted; unknown keys are ignored; orientation defaults to up")
    func accepted() throws {
        let integers = try parse(#"{"width": 3000, "height": 4000}"#)
        #expect(integers.pixelWidth == 3000 && integers.pixelHeight == 4000)
        #expect(integers.orientation == .up)
        let floats = try parse(#"{"width": 3000.0, "height": 4000.5, "orientation": 0, "camera": "x"}"#)
        #expect(floats.pixelWidth == 3000 && floats.pixelHeight == 4000.5)
        #expect(try parse(#"{"width":1,"height":65535,"orientation":null}"#).pixelHeight == 65_535)
    }

    @Test(
        "left and right orientations swap width and height for display",
        arguments: ImageOrientation.allCases)
    func displayedSize(orientation: ImageOrientation) throws {
        let metadata = try parse(#"{"width":3000,"height":4000,"orientation":\#(orientation.rawValue)}"#)
        #expect(metadata.orientation == orientation)
        let swapped = [ImageOrientation.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
        #expect(metadata.displayedSize == PixelSize(width: swapped ? 4000 : 3000, height: swapped ? 3000 : 4000))
    }

    @Test(
        "bad input is a typed error that names the problem",
        arguments: [
            ("{", ImageSizeMetadata.Error?.none),
            ("[1,2]", .notAnObject),
            ("\"text\"", .notAnObject),
            (#"{"height":4}"#, .missingKey("width")),
            (#"{"width":4}"#, .missingKey("height")),
            (#"{"width":null,"height":4}"#, .missingKey("width")),
            (#"{"width":"4","height":4}"#, .notANumber(key: "width")),
            (#"{"width":4,"height":true}"#, .notANumber(key: "height")),
            (#"{"width":4,"height":[4]}"#, .notANumber(key: "height")),
            (#"{"width":0,"height":4}"#, .notPositive(key: "width", value: 0)),
            (#"{"width":4,"height":-3}"#, .notPositive(key: "height", value: -3)),
            (#"{"width":65536,"height":4}"#, .tooLarge(key: "width", value: 65_536)),
            (#"{"width":4,"height":1e300}"#, .tooLarge(key: "height", value: 1e300)),
            (#"{"width":4,"height":4,"orientation":8}"#, .invalidOrientation(8)),
            (#"{"width":4,"height":4,"orientation":-1}"#, .invalidOrientation(-1)),
            (#"{"width":4,"height":4,"orientation":1.5}"#, .invalidOrientation(1.5)),
            (#"{"width":4,"height":4,"orientation":"up"}"#, .notANumber(key: "orientation")),
        ])
    func rejected(json: String, expected: ImageSizeMetadata.Error?) {
        #expect {
            try parse(json)
        } throws: { error in
            guard let error = error as? ImageSizeMetadata.Error else { return false }
            if let expected { return error == expected }
            if case .malformedJSON = error { return true }
            return false
        }
    }

    @Test("numbers too large for a Double are rejected, not turned into infinity")
    func overflow() {
        #expect(throws: ImageSizeMetadata.Error.self) { try parse(#"{"width":1e400,"height":4}"#) }
    }

    @Test("the validating initialiser rejects non-finite values")
    func nonFinite() {
        #expect(throws: ImageSizeMetadata.Error.notFinite(key: "width")) {
            try ImageSizeMetadata(pixelWidth: .nan, pixelHeight: 4)
        }
        #expect(throws: ImageSizeMetadata.Error.notFinite(key: "height")) {
            try ImageSizeMetadata(pixelWidth: 4, pixelHeight: .infinity)
        }
    }

    @Test("EXIF orientation values map to UIKit orientations and back", arguments: 1...8)
    func exif(value: Int) throws {
        let orientation = try #require(ImageOrientation(exifValue: value))
        #expect(orientation.exifValue == value)
        #expect(ImageOrientation(exifValue: 0) == nil)
        #expect(ImageOrientation(exifValue: 9) == nil)
    }

    @Test("EXIF 6 is right and 8 is left, as UIKit reads them")
    func exifKnownValues() {
        #expect(ImageOrientation(exifValue: 6) == .right)
        #expect(ImageOrientation(exifValue: 8) == .left)
        #expect(ImageOrientation(exifValue: 3) == .down)
    }
}
