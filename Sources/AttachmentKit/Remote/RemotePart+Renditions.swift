import Foundation

extension RemotePart {
    /// A rendition of this part's picture at another URL: the size a backend resizes to (Flickr's
    /// `FlickrPhotoFormatLarge`, a CDN's `?w=1024`, Matrix's thumbnail endpoint).
    ///
    /// The rendition is a ``RemotePart`` of its own with the same hooks and downloader, no
    /// declared length, digest or validator (those describe the original's bytes), and the
    /// identity `"<id>@<width>x<height>"`: distinct for every size and the same on every launch,
    /// so that the store keeps each rendition under its own key.
    ///
    /// ```swift
    /// var photo = RemotePart(id: "flickr/5310", url: originalURL, mimeType: .imageJPEG)
    /// photo.renditions = [
    ///     photo.rendition(url: largeURL, pixelSize: PixelSize(width: 1024, height: 768)),
    /// ]
    /// ```
    ///
    /// - Parameters:
    ///   - url: Where the rendition is.
    ///   - pixelSize: Its size in pixels, as displayed.
    ///   - mimeType: Its type; this part's unless given.
    public func rendition(url: URL, pixelSize: PixelSize, mimeType: MIMEType? = nil) -> Rendition {
        let size = "\(ViewportMath.text(pixelSize.width))x\(ViewportMath.text(pixelSize.height))"
        let part = RemotePart(
            id: PartID("\(id.rawValue)@\(size)"), url: url, mimeType: mimeType ?? self.mimeType, hooks: hooks,
            downloader: downloader)
        return Rendition(pixelSize: pixelSize, part: part)
    }
}
