// Read an image's header without decoding it: format, stored and displayed size, orientation.
// Then check a part's declared type against its bytes, and refuse content that is no image.
import AttachmentKit
import Foundation

// The first bytes of a phone photo: JPEG start, an Exif block saying "turn 90° clockwise"
// (orientation 6), and the frame header of a 4032 × 3024 image. The pixels are not needed.
var jpeg = Data([0xFF, 0xD8])
jpeg += Data([0xFF, 0xE1, 0x00, 0x22]) + Data("Exif".utf8) + Data([0, 0])
jpeg += Data([0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01])
jpeg += Data([0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])
jpeg += Data([0xFF, 0xC0, 0x00, 0x11, 0x08, 0x0B, 0xD0, 0x0F, 0xC0, 0x03])
jpeg += Data([0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01])

let inspector = ImageInspector()
do {
    let header = try inspector.inspect(jpeg)
    print(header.format, header.pixelWidth, "x", header.pixelHeight)  // JPEG 4032 x 3024
    print("orientation:", header.orientation)  // right
    print("displayed:", header.displayedWidth, "x", header.displayedHeight)  // 3024 x 4032

    // A sender labelled it application/octet-stream: the default policy accepts and corrects.
    let verified = try inspector.verify(.data(jpeg), declaredType: .applicationOctetStream)
    print("treat as:", verified.mimeType)  // image/jpeg
} catch {
    print("unexpected:", error)
}

// A server's error page saved in place of the photo is reported, never decoded.
do {
    _ = try inspector.verify(.data(Data("<html><body>502</body></html>".utf8)), declaredType: .imageJPEG)
} catch {
    print(error)  // content declared image/jpeg is not an image: an HTML document
}
