import Foundation
import Testing

@testable import AttachmentKit

@Suite("Size part orientation codes", .inTurn)
struct SizePartOrientationCodeTests {
    @Test("the default writer and the default reader agree on every orientation")
    func defaultRoundTrip() throws {
        for orientation in ImageOrientation.allCases {
            let written = try ImageSizeMetadata(pixelWidth: 4032, pixelHeight: 3024, orientation: orientation).json()
            #expect(try ImageSizeMetadata(json: written).orientation == orientation)
        }
    }

    @Test("EXIF 6 written in the EXIF code reads as right, and as UIImage 6 (left mirrored) by the default reader")
    func exifCode() throws {
        let json = try ImageSizeMetadata(pixelWidth: 40, pixelHeight: 30, orientation: .right).json(
            orientationCode: .exif)
        #expect(String(decoding: json, as: UTF8.self) == #"{"width":40,"height":30,"orientation":6}"#)
        #expect(try ImageSizeMetadata(json: json, orientationCode: .exif).orientation == .right)
        #expect(try ImageSizeMetadata(json: json).orientation == .leftMirrored)
    }

    @Test("Atlas Android's 2 is 90° with the displayed size, its older cells' 2 is 270°")
    func android() throws {
        let json = Data(#"{"width":3024,"height":4032,"orientation":2}"#.utf8)
        let current = try ImageSizeMetadata(json: json, orientationCode: .atlasAndroid)
        #expect(current.orientation == .right)
        #expect(current.pixelWidth == 4032 && current.pixelHeight == 3024)
        #expect(current.displayedSize == PixelSize(width: 3024, height: 4032))
        #expect(try ImageSizeMetadata(json: json, orientationCode: .atlasAndroidLegacy).orientation == .left)
        #expect(try current.json(orientationCode: .atlasAndroid) == json)
    }

    @Test("a mirrored orientation can't be written in an Android code; a value a code lacks is refused")
    func refusals() throws {
        let mirrored = try ImageSizeMetadata(pixelWidth: 4, pixelHeight: 3, orientation: .upMirrored)
        #expect(throws: ImageSizeMetadata.Error.orientationNotExpressible(.upMirrored, in: .atlasAndroid)) {
            try mirrored.json(orientationCode: .atlasAndroid)
        }
        #expect(throws: ImageSizeMetadata.Error.invalidOrientation(9)) {
            try ImageSizeMetadata(json: Data(#"{"width":4,"height":3,"orientation":9}"#.utf8), orientationCode: .exif)
        }
        #expect(throws: ImageSizeMetadata.Error.notANumber(key: "orientation")) {
            try ImageSizeMetadata(json: Data(#"{"width":4,"height":3,"orientation":"6"}"#.utf8), orientationCode: .exif)
        }
    }
}
