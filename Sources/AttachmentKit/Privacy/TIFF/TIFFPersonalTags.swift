/// The TIFF and EXIF tags that hold personal metadata, and those that point to the directories
/// the editor walks.
enum TIFFPersonalTags {
    /// Where the EXIF directory is (in IFD0).
    static let exifDirectory = 0x8769
    /// Where the GPS directory is (in IFD0).
    static let gpsDirectory = 0x8825
    /// Where the interoperability directory is (in the EXIF directory).
    static let interoperabilityDirectory = 0xA005
    /// XMP packet (TIFF's `ApplicationNotes`).
    static let xmp = 0x02BC
    /// `UserComment`, whose first 8 bytes name its character code.
    static let userComment = 0x9286
    /// `GPSVersionID`, the one GPS tag that says nothing of a place.
    static let gpsVersion = 0x0000

    /// The kind of each tag that is personal wherever it appears.
    static let kinds: [Int: PersonalMetadata] = [
        0x013B: .identifyingFields,  // Artist
        0x9C9D: .identifyingFields,  // XPAuthor
        0xA430: .identifyingFields,  // CameraOwnerName
        0xA431: .identifyingFields,  // BodySerialNumber
        0xA435: .identifyingFields,  // LensSerialNumber
        0xA420: .identifyingFields,  // ImageUniqueID
        userComment: .identifyingFields,
        0xC62F: .identifyingFields,  // CameraSerialNumber (DNG)
        0xFDE8: .identifyingFields,  // OwnerName (written by Photoshop)
        0xFDE9: .identifyingFields,  // SerialNumber (written by Photoshop)
        0x927C: .makerNotes,  // MakerNote
        0x83BB: .iptc,  // IPTC-NAA
        0x8649: .iptc,  // Photoshop image resources
    ]

    /// The most bytes of a text value read to tell whether it is blank; a longer one is taken as
    /// holding something.
    static let blankCheckLimit = 4096
}
