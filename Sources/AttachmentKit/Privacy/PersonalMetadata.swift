/// Metadata in a photo or a video that says where it was taken or who took it, with what: what
/// ``MetadataStripper`` removes (as its ``MetadataPolicy`` says) and what ``ImageHeader`` and
/// ``ISOMediaHeader`` report a file carries, so that an app can warn before sending it whole.
///
/// What stripping keeps is not personal metadata and is never reported here: the orientation,
/// the ICC colour profile, the EXIF thumbnail, the copyright, the camera's make and model, the
/// exposure settings. The article <doc:PrivacyWhenSending> lists where each format keeps each
/// kind.
public struct PersonalMetadata: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Where a photo was taken: the EXIF GPS directory, XMP `GPS…` properties (`exif:GPSLatitude`),
    /// the `exif:GPS…` PNG text chunks ImageMagick writes.
    public static let gps = PersonalMetadata(rawValue: 1 << 0)
    /// XMP: a JPEG's XMP segments (extended XMP included), a PNG's XMP text, a WebP's `XMP `
    /// chunk, a HEIF's XMP item, a video's XMP box.
    public static let xmp = PersonalMetadata(rawValue: 1 << 1)
    /// IPTC and Photoshop resources: a JPEG's `APP13` segment, a PNG's raw IPTC profile, TIFF's
    /// IPTC and Photoshop tags. Place names (IPTC City) are here, not in ``gps``.
    public static let iptc = PersonalMetadata(rawValue: 1 << 2)
    /// The camera maker's private EXIF block (`MakerNote`), which can hold serial numbers.
    public static let makerNotes = PersonalMetadata(rawValue: 1 << 3)
    /// Fields that name the owner or the device: serial numbers of body and lens, the owner's
    /// or camera owner's name, the artist, the user comment, the image's unique ID, the Windows
    /// author (`XPAuthor`), and the same properties in XMP (`dc:creator`, `aux:SerialNumber`).
    public static let identifyingFields = PersonalMetadata(rawValue: 1 << 4)
    /// Where a video was shot: QuickTime's `©xyz` user data, the
    /// `com.apple.quicktime.location.*` keys of its metadata, 3GPP `loci`.
    public static let videoLocation = PersonalMetadata(rawValue: 1 << 5)

    /// Every kind.
    public static let all: PersonalMetadata = [.gps, .xmp, .iptc, .makerNotes, .identifyingFields, .videoLocation]
    /// Where a photo or a video was taken: ``gps`` and ``videoLocation``.
    public static let location: PersonalMetadata = [.gps, .videoLocation]

    /// The kinds in the set, in the order ``all`` lists them (`GPS, XMP, IPTC, MakerNotes,
    /// identifying fields, video location`), or `none`.
    public var description: String {
        let names: [(PersonalMetadata, String)] = [
            (.gps, "GPS"), (.xmp, "XMP"), (.iptc, "IPTC"), (.makerNotes, "MakerNotes"),
            (.identifyingFields, "identifying fields"), (.videoLocation, "video location"),
        ]
        let present = names.filter { contains($0.0) }.map { $0.1 }
        return present.isEmpty ? "none" : present.joined(separator: ", ")
    }
}
