import Foundation

extension RemotePart.Validator {
    /// The strong validator of a response, if it has one, for `If-Range`:
    ///
    /// - an `ETag` that is not weak (`W/"…"`);
    /// - otherwise a `Last-Modified` date at least one second before the response's `Date`
    ///   (RFC 9110 §8.8.2.2: a date only as recent as the response may hide a second change
    ///   within the same second), both valid HTTP dates.
    ///
    /// A response with another `Content-Encoding` than identity has none: its bytes are not
    /// the resource's.
    init?(strongValidatorOf head: HTTPResponse.Head) {
        guard head.hasIdentityEncoding else { return nil }
        if let tag = head.headers["ETag"]?.trimmingCharacters(in: .whitespaces), !tag.isEmpty {
            guard !tag.hasPrefix("W/") else { return nil }
            self = .entityTag(tag)
            return
        }
        guard let modifiedText = head.headers["Last-Modified"]?.trimmingCharacters(in: .whitespaces),
            let dateText = head.headers["Date"], let modified = Self.httpDate(modifiedText),
            let date = Self.httpDate(dateText), date.timeIntervalSince(modified) >= 1
        else { return nil }
        self = .lastModified(modifiedText)
    }

    /// Whether a response names the same version: its strong validator, when it sends one,
    /// equals this one.
    func isCompatible(with head: HTTPResponse.Head) -> Bool {
        switch self {
        case .entityTag(let tag):
            guard let other = head.headers["ETag"]?.trimmingCharacters(in: .whitespaces) else { return true }
            return other == tag
        case .lastModified(let date):
            guard head.headers["ETag"] == nil,
                let other = head.headers["Last-Modified"]?.trimmingCharacters(in: .whitespaces)
            else { return head.headers["ETag"] == nil }
            return other == date
        }
    }

    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }
}
