import Foundation
import Testing

@testable import AttachmentKit

@Suite("Image formats, their media types and extensions", .inTurn)
struct ImageFormatTests {
    @Test("each format has a canonical type that names it back, and extensions that name it back")
    func roundTrip() {
        for format in ImageFormat.allCases {
            #expect(ImageFormat(mimeType: format.mimeType) == format)
            #expect(format.isDescribed(by: format.mimeType))
            #expect(format.isDescribed(by: format.mimeType.previewVariant))
            for fileExtension in format.fileExtensions {
                #expect(ImageFormat(fileExtension: fileExtension) == format)
                #expect(ImageFormat(fileExtension: "." + fileExtension.uppercased()) == format)
            }
        }
    }

    @Test("aliases name their format; other types name none")
    func aliases() throws {
        #expect(ImageFormat(mimeType: try MIMEType("image/jpg")) == .jpeg)
        #expect(ImageFormat(mimeType: try MIMEType("image/x-ms-bmp")) == .bmp)
        #expect(ImageFormat(mimeType: try MIMEType("image/heif")) == .heif)
        #expect(ImageFormat(mimeType: .imageJPEGPreview) == .jpeg)
        #expect(ImageFormat(mimeType: .applicationOctetStream) == nil)
        #expect(ImageFormat(mimeType: try MIMEType("image/svg+xml")) == nil)
        #expect(ImageFormat(fileExtension: "txt") == nil)
        #expect(ImageFormat.heic.isDescribed(by: try MIMEType("image/heif")))
        #expect(!ImageFormat.heif.isDescribed(by: .imageHEIC))
        #expect(!ImageFormat.png.isDescribed(by: .imageJPEG))
    }
}
