// See whether a photo says where it was taken, and send it without that, nothing decoded: the
// stripper edits the file's metadata bytes and copies the picture's bytes as they are.
import AttachmentKit
import Foundation

// snippet.hide
let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("StripMetadataBeforeSending-\(UUID().uuidString)", isDirectory: true)
let outbox = folder.appendingPathComponent("outbox", isDirectory: true)
try FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// A JPEG segment: marker, length, payload.
func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
}
// The picked photo, as a phone writes it: an Exif block (orientation 6, and a GPS directory with
// the latitude's hemisphere) and an XMP packet with the latitude, before a 64 x 48 frame.
let tiff: [UInt8] =
    [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 2, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]
    + [0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38, 0, 0, 0, 0]
    + [0, 1, 0, 1, 0, 2, 0, 0, 0, 2, 0x4E, 0, 0, 0, 0, 0, 0, 0]
let xmp =
    "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF><rdf:Description exif:GPSLatitude='48,51.0N'/></rdf:RDF></x:xmpmeta>"
let jpeg: [UInt8] =
    [0xFF, 0xD8] + segment(0xE1, Array("Exif\0\0".utf8) + tiff)
    + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmp.utf8))
    + segment(0xC0, [8, 0, 48, 0, 64, 1, 1, 0x11, 0]) + segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0x34, 0xFF, 0xD9]
let photo = folder.appendingPathComponent("picked.jpg")
try Data(jpeg).write(to: photo)
let keepsLocation = ProcessInfo.processInfo.environment["KEEPS_LOCATION"] != nil  // an app's setting
// snippet.show

// Before sending: what the photo carries, read from its header.
let header = try ImageInspector().inspect(fileAt: photo)
print("metadata:", header.personalMetadata)  // GPS, XMP

// A stripped copy, byte for byte the same picture, orientation kept.
let stripped = outbox.appendingPathComponent("photo.jpg")
let removed = try MetadataStripper().strip(fileAt: photo, to: stripped)
print("removed:", removed, "- left:", try ImageInspector().inspect(fileAt: stripped).personalMetadata)

// The composer strips the original it sends by default; a setting can keep the location.
var composer = AttachmentComposer()
composer.metadataPolicy = keepsLocation ? MetadataPolicy.removePersonal.keeping(.location) : .removePersonal
let attachment = try composer.compose(imageAt: photo, into: outbox, id: "m1")
print(
    "sent:", attachment.original.localContent?.fileURL?.lastPathComponent ?? "", "without", attachment.removedMetadata)
