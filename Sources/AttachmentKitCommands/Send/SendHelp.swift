/// The help of `attachmentkit compose` and `attachmentkit send`.
enum SendHelp {
    static let compose = CommandHelp(
        name: "compose", synopsis: ["FILE", "[--out DIR]", "[--keep-metadata]"],
        description: """
            Composes a photo message from FILE (the original typed by its bytes,
            a preview when the JPEG has an Exif thumbnail, the size part), writes
            the small parts to DIR (FILE's folder by default) and prints the
            message JSON that resolve reads. The original goes without its
            personal metadata (a stripped copy in DIR, as strip writes it);
            --keep-metadata sends FILE itself, byte for byte.
            """)

    static let send = CommandHelp(
        name: "send",
        synopsis: ["FILE", "--to URL", "[--tus]", "[--as-file]", "[--store DIR]", "[--timeout SECONDS]"],
        description: """
            Composes FILE's message and uploads its parts in order: with --tus
            to a tus 1.0.0 creation endpoint, otherwise each by PUT to
            URL/<name>; --as-file sends any file as it is. Progress on a
            terminal; prints where each part went. Ctrl-C keeps the state in
            --store; the same command resumes it and says at which byte. Exit 0
            when every part is up, 2 for bad input, 1 when an upload failed.
            """)
}
