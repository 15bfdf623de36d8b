/// The help of `attachmentkit inspect`.
enum InspectHelp {
    static let command = CommandHelp(
        name: "inspect", synopsis: ["FILE|URL...", "[--mime TYPE]", "[--scans]"],
        description: """
            Prints each image's format, stored size, orientation, displayed size,
            progressive and animated flags, read from its header without decoding,
            the personal metadata it carries (metadata: GPS, XMP, ... or none),
            and whether its extension (or the media type given with --mime) lies.
            For a video or audio file (MP4, MOV, M4A, 3GP), or an http(s) URL of
            one, prints its format, duration, displayed size, rotation, each
            track's codec and whether it is fast start (a URL's header is read
            with at most three ranged requests). For an audio file (Ogg Opus or
            Vorbis, MP3, M4A) or a URL of one, prints its format, duration,
            channels, sample rate and codec (a URL's with at most three ranged
            requests and 1 MiB). --scans adds, for a progressive
            JPEG, the length of each prefix that ends after a complete scan
            (displayable with an EOI appended), one a line.
            """)

    /// The text of `attachmentkit help inspect`.
    static var text: String { command.usage() + "\n\n" + command.description }
}
