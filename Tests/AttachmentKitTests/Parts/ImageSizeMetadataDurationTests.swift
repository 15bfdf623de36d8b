import Foundation
import Testing

@testable import AttachmentKit

/// A video message's size part may carry its duration in seconds beside width and height.
@Suite("Size part duration", .inTurn)
struct ImageSizeMetadataDurationTests {
    @Test("a size part's duration is read in seconds; an image's has none")
    func duration() throws {
        let video = try ImageSizeMetadata(json: Data(#"{"width": 1920, "height": 1080, "duration": 12.5}"#.utf8))
        #expect(video.duration == 12.5)
        #expect(video.pixelWidth == 1920)
        let image = try ImageSizeMetadata(json: Data(#"{"width": 3024, "height": 4032, "orientation": 0}"#.utf8))
        #expect(image.duration == nil)
        #expect(image == (try ImageSizeMetadata(pixelWidth: 3024, pixelHeight: 4032)))
    }

    @Test("a negative or non-numeric duration is a typed error naming the key")
    func invalid() {
        #expect(throws: ImageSizeMetadata.Error.notPositive(key: "duration", value: -1)) {
            try ImageSizeMetadata(json: Data(#"{"width": 1, "height": 1, "duration": -1}"#.utf8))
        }
        #expect(throws: ImageSizeMetadata.Error.notANumber(key: "duration")) {
            try ImageSizeMetadata(json: Data(#"{"width": 1, "height": 1, "duration": "long"}"#.utf8))
        }
    }
}
