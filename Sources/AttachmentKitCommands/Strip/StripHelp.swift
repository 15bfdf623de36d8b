/// The help of `attachmentkit strip`.
enum StripHelp {
    static let command = CommandHelp(
        name: "strip", synopsis: ["IN", "OUT", "[--location-only]"],
        description: """
            Writes OUT: IN without its personal metadata (GPS, XMP, IPTC,
            MakerNotes, identifying fields, video location), nothing decoded or
            re-encoded, orientation and colour profile kept; prints what it
            removed ("removed: nothing" for a byte-for-byte copy).
            --location-only removes the location alone. JPEG, PNG, WebP,
            HEIF/HEIC/AVIF, TIFF, GIF, MP4/MOV. Bad or unsupported input:
            exit 2 and no OUT.
            """)
}
