/// The help of `attachmentkit placeholder`.
enum PlaceholderHelp {
    static let command = CommandHelp(
        name: "placeholder",
        synopsis: ["--thumbhash BASE64 | --blurhash STRING", "[--size WxH]", "--out FILE.png"],
        description: """
            Decodes a ThumbHash or a BlurHash and writes it as a PNG: a BlurHash
            at --size (32x32 by default), a ThumbHash at its own aspect ratio
            with the larger of W and H as its longest side (32 by default).
            """)
}
