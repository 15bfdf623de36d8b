/// The help of `attachmentkit inspect`.
enum InspectHelp {
    static let command = CommandHelp(
        name: "inspect", synopsis: ["FILE...", "[--mime TYPE]"],
        description: """
            Prints each image's format, pixel size, orientation, displayed size,
            progressive and animated flags, read from its header without decoding,
            and whether its extension (or the media type given with --mime) lies.
            """)

    /// The text of `attachmentkit help inspect`.
    static var text: String { command.usage() + "\n\n" + command.description }
}
