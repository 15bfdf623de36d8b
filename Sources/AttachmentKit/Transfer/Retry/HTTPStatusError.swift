import Foundation

/// A response whose HTTP status is not a success, thrown by transports (and chat-SDK
/// adapters) so that ``RetryPolicy`` can tell a passing server error from a final one.
public struct HTTPStatusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The status code, such as 404 or 503.
    public let statusCode: Int
    /// How long the server asked the client to wait before trying again (its `Retry-After`
    /// header), in seconds, when it said.
    public let retryAfter: Double?
    /// The URL that was requested, when known.
    public let url: URL?

    /// Creates an error for a response with `statusCode`.
    ///
    /// - Parameters:
    ///   - statusCode: The response's status code.
    ///   - retryAfter: The server's `Retry-After`, in seconds; negative or non-finite values
    ///     are ignored.
    ///   - url: The URL that was requested.
    public init(statusCode: Int, retryAfter: Double? = nil, url: URL? = nil) {
        self.statusCode = statusCode
        self.retryAfter = retryAfter.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.url = url
    }

    /// Creates an error for `statusCode` with the raw `Retry-After` header value, which may
    /// be a number of seconds or an HTTP date (measured from now).
    public init(statusCode: Int, retryAfterHeader: String?, url: URL? = nil) {
        self.init(statusCode: statusCode, retryAfterHeader: retryAfterHeader, url: url, clock: SystemTransferClock())
    }

    /// Creates an error for `statusCode` with the raw `Retry-After` header value, an HTTP date
    /// measured from `clock`'s ``TransferClock/date``.
    package init(statusCode: Int, retryAfterHeader: String?, url: URL? = nil, clock: any TransferClock) {
        self.init(
            statusCode: statusCode,
            retryAfter: retryAfterHeader.flatMap { Self.delay(fromRetryAfter: $0, now: clock.date) },
            url: url)
    }

    /// Whether the server failed (5xx) rather than the request.
    public var isServerError: Bool { (500...599).contains(statusCode) }

    /// Whether the server asked the client to slow down (429 Too Many Requests).
    public var isRateLimited: Bool { statusCode == 429 }

    public var description: String {
        var text = "HTTP status \(statusCode)"
        if let url { text += " for \(url.absoluteString)" }
        if let retryAfter { text += " (retry after \(retryAfter) s)" }
        return text
    }

    /// The delay a `Retry-After` value asks for: whole seconds (`120`) or an HTTP date
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`), from `now`. `nil` for anything else.
    static func delay(fromRetryAfter value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        // Int64, not Int: a delay of 2³¹ s or more is still a delay where `Int` is 32 bits.
        if let seconds = Int64(text) { return seconds >= 0 ? Double(seconds) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
