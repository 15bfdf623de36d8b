import Foundation
import Testing

@testable import AttachmentKit

@Suite("Verifying a part's content against its declared type", .inTurn)
struct VerificationTests {
    private let inspector = ImageInspector()

    @Test("a correct type, an alias or a preview variant needs no correction")
    func correct() throws {
        let jpeg = PartContent.data(SyntheticImages.jpeg())
        for declared in [
            MIMEType.imageJPEG, .imageJPEGPreview, try MIMEType("image/jpg"), try MIMEType("IMAGE/JPEG; q=1"),
        ] {
            let image = try inspector.verify(jpeg, declaredType: declared)
            #expect(image.correctedType == nil)
            #expect(image.mimeType == declared)
        }
        let heic = PartContent.data(SyntheticImages.heif(properties: [SyntheticImages.ispe(width: 2, height: 2)]))
        #expect(try inspector.verify(heic, declaredType: MIMEType("image/heif")).correctedType == nil)
    }

    @Test("a wrong type is corrected by default, keeping the preview role")
    func corrected() throws {
        let heic = PartContent.data(SyntheticImages.heif(properties: [SyntheticImages.ispe(width: 2, height: 2)]))
        let fromOctetStream = try inspector.verify(heic, declaredType: .applicationOctetStream)
        #expect(fromOctetStream.correctedType == .imageHEIC)
        let preview = try inspector.verify(PartContent.data(SyntheticImages.png()), declaredType: .imageJPEGPreview)
        #expect(preview.correctedType == MIMEType.imagePNG.previewVariant)
        #expect(preview.mimeType == MIMEType.imagePNG.previewVariant)
    }

    @Test("the reject policy refuses a wrong type")
    func rejected() {
        let policy = ImageInspector.ContentPolicy(typeMismatch: .reject)
        #expect(throws: ImageInspector.VerificationError.typeMismatch(declaredType: .imageJPEG, actualFormat: .png)) {
            try inspector.verify(PartContent.data(SyntheticImages.png()), declaredType: .imageJPEG, policy: policy)
        }
    }

    @Test("bytes that are no image are refused whatever the declared type")
    func notAnImage() {
        let page = PartContent.data(Data("<html><body>502 Bad Gateway</body></html>".utf8))
        #expect(throws: ImageInspector.VerificationError.notAnImage(.html, declaredType: .imageJPEG)) {
            try inspector.verify(page, declaredType: .imageJPEG)
        }
        #expect(throws: ImageInspector.VerificationError.notAnImage(.zeros, declaredType: .imagePNG)) {
            try inspector.verify(PartContent.data(Data(count: 100)), declaredType: .imagePNG)
        }
    }

    @Test("an image over the pixel limit is refused as a possible decompression bomb")
    func pixelLimit() throws {
        let bomb = PartContent.data(SyntheticImages.png(width: 50_000, height: 50_000))
        let header = try inspector.inspect(bomb)
        #expect(header.pixelCount == 2_500_000_000)
        #expect(throws: ImageInspector.VerificationError.tooManyPixels(header, limit: 100_000_000)) {
            try inspector.verify(bomb, declaredType: .imagePNG)
        }
        let small = PartContent.data(SyntheticImages.png(width: 100, height: 100))
        #expect(throws: ImageInspector.VerificationError.self) {
            try inspector.verify(
                small, declaredType: .imagePNG, policy: ImageInspector.ContentPolicy(maximumPixelCount: 9_999))
        }
        #expect(
            try inspector.verify(
                small, declaredType: .imagePNG, policy: ImageInspector.ContentPolicy(maximumPixelCount: 10_000)
            )
            .header.pixelCount == 10_000)
    }

    @Test("a damaged header is reported with the inspection error")
    func damaged() {
        let cut = PartContent.data(SyntheticImages.png().prefix(20))
        #expect(
            throws: ImageInspector.VerificationError.unreadableHeader(
                .truncated(.png, offset: 20), declaredType: .imagePNG)
        ) {
            try inspector.verify(cut, declaredType: .imagePNG)
        }
    }

    @Test("the pixel count saturates instead of overflowing")
    func saturation() {
        let header = ImageHeader(format: .tiff, pixelWidth: Int.max / 2, pixelHeight: 4)
        #expect(header.pixelCount == Int.max)
    }
}
