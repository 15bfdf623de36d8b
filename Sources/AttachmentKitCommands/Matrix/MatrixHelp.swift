/// The help of `attachmentkit matrix send` and `attachmentkit matrix resolve`.
enum MatrixHelp {
    static let send = CommandHelp(
        name: "matrix send", synopsis: ["FILE", "--homeserver URL", "--token TOKEN", "[--encrypt]"],
        description: """
            Composes FILE (an image with its Exif thumbnail as the thumbnail,
            any other file as it is), uploads it and its thumbnail to the
            homeserver's media repository (/_matrix/media/v3/upload) and prints
            the m.room.message event content: msgtype from the sniffed type,
            body, filename, url or file, info. --encrypt encrypts each file
            (AES-256-CTR, a fresh key each) and prints file and thumbnail_file:
            send that content only inside an encrypted event. A file over the
            server's m.upload.size fails before any byte is sent. Exit 0 when
            everything is up, 1 when an upload failed, 2 for bad input.
            """)

    static let resolve = CommandHelp(
        name: "matrix resolve",
        synopsis: [
            "CONTENT.json", "--homeserver URL", "--token TOKEN", "--store DIR", "[--bounds WxH]", "[--timeout SECONDS]",
        ],
        description: """
            Resolves an m.image, m.video, m.audio or m.file event content as
            resolve does a message, downloading through the authenticated media
            endpoints (/_matrix/client/v1/media/...) into the store: the
            thumbnail and the original (a video's poster only), an encrypted
            file decrypted once its hash matched. With --bounds (pixels, such
            as 320x240), only the smallest rendition that covers them: a server
            thumbnail when one does, without a download of the original.
            --timeout sets the idle timeout (30 s). A refused token exits 1 and
            stores nothing; a malformed content exits 2.
            """)
}
