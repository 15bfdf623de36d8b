/// The help of `attachmentkit resolve`: the command, its options and the format of its message
/// file.
enum ResolveHelp {
    static let command = CommandHelp(
        name: "resolve",
        synopsis: [
            "[MESSAGE.json]", "[--bounds WxH --screen-scale S [--zoom-policy P]]", "[--store DIR]",
            "[--timeout SECONDS]", "[--no-download]",
        ],
        description: """
            Prints which part of a message is the preview and which the
            original, the placeholder size, and what is local. With no file,
            resolves a sample photo message shipped with AttachmentKit; with no
            command at all, attachmentkit runs resolve.
            `attachmentkit help resolve` describes the message file's format.
            With --bounds (points, such as 375x667) and --screen-scale (such as 2),
            also prints the zoom viewport for the image, sized from its size part;
            --zoom-policy is fit (the default), fill or fixed limits MIN...MAX.
            Parts that are not local but name a URL (http, https or file) are
            downloaded first into the store (--store DIR; by default
            AttachmentKit/CLI in the user's cache directory), with a progress bar
            on a terminal; --timeout sets the idle timeout (30 s). Ctrl-C keeps
            the partial download, and the next run resumes it. --no-download only
            reports what is not local.
            A video message (video/mp4 or video/quicktime, with an image/jpeg+preview
            poster) prints the poster, the size, the duration and the rotation; its
            video is not downloaded: without a size part, its header is read with
            ranged requests. A file message (any other part) prints the file's name
            (the type's name parameter or the URL's last component), type and size.
            """)

    /// The text of `attachmentkit help resolve`.
    static var text: String { command.usage() + "\n\n" + command.description + "\n\n" + messageFormat }

    /// The format of the message file.
    private static let messageFormat = """
        MESSAGE.json is a regular file of at most 1 MiB holding one JSON object:

          { "name": "an optional label", "parts": [ PART, ... ] }

        Each PART is an object with these keys and no others (an unknown key is refused by
        name):

          mimeType   required: the part's media type, such as "image/jpeg+preview"
          id         the part's identity; "part-N" when missing (N counts from 1)
          status     awaitingUpload, uploading, readyForDownload, downloading or
                     complete (the default)
          byteCount  the content's size in bytes; the local content's when missing
          file       local content: a path, relative to the message file's folder
          url        where the content is downloaded from, into the store, before the
                     report (unless --no-download)
          data       local content inline, in base64
          encryptedFile
                     a Matrix EncryptedFile object (v2): the content at url (or at the
                     object's own url, when http, https or file) is its ciphertext. It is
                     hashed as it downloads and decrypted only once the SHA-256 matched;
                     the store keeps the plaintext alone. Needs url, not file or data.

        A part has at most one of file, url and data; with none it has no content.

        Example (Docs/Examples/photo-message.json in the AttachmentKit repository):

          { "parts": [
              { "id": "original", "mimeType": "image/jpeg", "status": "readyForDownload",
                "url": "https://example.com/photos/original.jpg" },
              { "id": "preview", "mimeType": "image/jpeg+preview", "file": "preview.jpg" },
              { "id": "size", "mimeType": "application/json+imageSize",
                "data": "eyJ3aWR0aCI6NDAzMiwiaGVpZ2h0IjozMDI0LCJvcmllbnRhdGlvbiI6M30=" } ] }
        """
}
