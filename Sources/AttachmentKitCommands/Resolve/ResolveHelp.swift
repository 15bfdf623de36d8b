/// The text of `attachmentkit help resolve`: the command and the format of its message file.
enum ResolveHelp {
    static let text = """
        usage: attachmentkit resolve [MESSAGE.json] [--bounds WxH --screen-scale S [--zoom-policy P]]

        Prints which part of a message is the preview and which the full resolution, the
        placeholder size, and what is local. With no file, resolves a built-in sample.

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
          url        where the content is downloaded from (the command fetches nothing)
          data       local content inline, in base64

        A part has at most one of file, url and data; with none it has no content.

        Example (Docs/Examples/photo-message.json in the AttachmentKit repository):

          { "parts": [
              { "id": "original", "mimeType": "image/jpeg", "status": "readyForDownload",
                "url": "https://example.com/photos/original.jpg" },
              { "id": "preview", "mimeType": "image/jpeg+preview", "file": "preview.jpg" },
              { "id": "size", "mimeType": "application/json+imageSize",
                "data": "eyJ3aWR0aCI6NDAzMiwiaGVpZ2h0IjozMDI0LCJvcmllbnRhdGlvbiI6M30=" } ] }

        With --bounds (points, such as 375x667) and --screen-scale (such as 2), also prints the
        zoom viewport for the image; --zoom-policy is fit (the default), fill or fixed limits
        MIN...MAX.
        """
}
