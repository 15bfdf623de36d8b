extension RemotePart {
    /// What identifies the version of a resource that a partial download holds part of, so that
    /// the rest is requested only if the resource hasn't changed (HTTP `If-Range`).
    public enum Validator: Sendable, Hashable, CustomStringConvertible {
        /// The response's `ETag` header value, quotes included (`"abc"` or `W/"abc"`).
        case entityTag(String)
        /// The response's `Last-Modified` header value.
        case lastModified(String)

        /// The validator of a response: its entity tag if that is strong, else its last-modified
        /// date; `nil` when it has neither (the download can't be resumed safely).
        ///
        /// A weak entity tag (`W/"…"`) can't be used to resume: `If-Range` needs a strong one.
        public init?(entityTag: String?, lastModified: String?) {
            if let entityTag, !entityTag.isEmpty, !entityTag.hasPrefix("W/") {
                self = .entityTag(entityTag)
            } else if let lastModified, !lastModified.isEmpty {
                self = .lastModified(lastModified)
            } else {
                return nil
            }
        }

        /// The value to send as the `If-Range` header when asking for the rest; `nil` for a weak
        /// entity tag.
        var ifRangeValue: String? {
            switch self {
            case .entityTag(let tag): tag.hasPrefix("W/") ? nil : tag
            case .lastModified(let date): date
            }
        }

        public var description: String {
            switch self {
            case .entityTag(let tag): "ETag \(tag)"
            case .lastModified(let date): "Last-Modified \(date)"
            }
        }
    }
}
