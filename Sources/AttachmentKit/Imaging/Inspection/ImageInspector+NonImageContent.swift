extension ImageInspector {
    /// What a part's bytes look like when they are not an image in any format ``ImageFormat``
    /// names: the reason ``ImageInspector`` refuses to treat them as one.
    public enum NonImageContent: Sendable, Hashable, CustomStringConvertible {
        /// Every byte examined is zero (a file that was allocated but never written, for example).
        case zeros
        /// An HTML document, such as a server's error page saved in place of the image.
        case html
        /// An SVG document. It is a vector image that may carry script, not a raster image.
        case svg
        /// An XML document other than SVG or HTML.
        case xml
        /// A script: a `#!` line, PHP, or JavaScript.
        case script
        /// A PDF document.
        case pdf
        /// Other text (UTF-8 without control characters), such as JSON.
        case text
        /// An ISO base media file (the `ftyp` box) whose brands name no image format: a video, for
        /// example. The associated value is the major brand.
        case otherMedia(brand: String)
        /// Binary content of no format AttachmentKit recognises.
        case unrecognized

        public var description: String {
            switch self {
            case .zeros: "zero bytes"
            case .html: "an HTML document"
            case .svg: "an SVG document"
            case .xml: "an XML document"
            case .script: "a script"
            case .pdf: "a PDF document"
            case .text: "text"
            case .otherMedia(let brand): "an ISO media file of brand \"\(brand)\", not an image"
            case .unrecognized: "binary content of no known image format"
            }
        }
    }
}
