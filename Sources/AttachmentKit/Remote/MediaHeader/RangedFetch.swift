import Foundation

/// One ranged `GET` of a remote file, through the downloads' redirect rules, transport and
/// timeouts: the bytes of the range and what the response said of the whole file.
struct RangedFetch: Sendable {
    /// The bytes received, exactly the range asked for (or up to the end of the file).
    let bytes: Data
    /// The whole file's length, from `Content-Range`.
    let total: Int64
    /// The strong `ETag` or the `Last-Modified` of the response, for `If-Range`.
    let validator: String?

    /// Fetches `bytes=first-last` of `url`; with `validator`, only if the file is unchanged.
    static func fetch(
        _ url: URL, first: Int64, last: Int64, validator: String?, headers: HTTPHeaders, follower: RedirectFollower,
        clock: any TransferClock
    ) async throws(RemotePart.MediaHeaderReader.Error) -> RangedFetch {
        var ranged = headers
        ranged["Range"] = "bytes=\(first)-\(last)"
        ranged["Accept-Encoding"] = "identity"
        if let validator { ranged["If-Range"] = validator }
        let requestHeaders = ranged
        let configuration = follower.configuration
        do {
            return try await TransferWatchdog.run(
                idleTimeout: configuration.idleTimeout, totalTimeout: configuration.totalTimeout, clock: clock
            ) { watchdog in
                let response = try await follower.send(url, headers: requestHeaders) { watchdog.touch() }
                let head = response.head
                guard head.statusCode == 206 else {
                    response.body.cancel()
                    if head.statusCode == 200, validator != nil {
                        throw RemotePart.MediaHeaderReader.Error.changedWhileReading
                    }
                    throw RemotePart.MediaHeaderReader.Error.rangesNotSupported(statusCode: head.statusCode)
                }
                let value = head.headers["Content-Range"]
                guard let range = value.flatMap(ContentRange.init), let sent = range.range, let total = range.total,
                    sent.lowerBound == first, sent.upperBound <= last, head.hasIdentityEncoding
                else {
                    response.body.cancel()
                    throw RemotePart.MediaHeaderReader.Error.invalidContentRange(value)
                }
                // At most the range asked for is kept: the count comes from the request, not the file.
                let expected = Int(sent.upperBound - sent.lowerBound + 1)
                var bytes = Data()
                for try await chunk in response.body {
                    watchdog.touch()
                    guard chunk.count <= expected - bytes.count else {
                        response.body.cancel()
                        throw RemotePartError.overlong(
                            received: Int64(bytes.count + chunk.count), expected: Int64(expected))
                    }
                    bytes.append(chunk)
                }
                guard bytes.count == expected else {
                    throw RemotePartError.truncated(received: Int64(bytes.count), expected: Int64(expected))
                }
                return RangedFetch(bytes: bytes, total: total, validator: validator ?? Self.validator(of: head))
            }
        } catch let error as RemotePart.MediaHeaderReader.Error {
            throw error
        } catch let error as RemotePartError {
            throw .transfer(error)
        } catch {
            throw .transfer(.connectionFailed(reason: String(describing: error), receivedBytes: 0))
        }
    }

    /// A validator `If-Range` may carry: a strong `ETag`, else `Last-Modified`.
    private static func validator(of head: HTTPResponse.Head) -> String? {
        if let tag = head.headers["ETag"]?.trimmingCharacters(in: .whitespaces), tag.hasPrefix("\"") { return tag }
        return head.headers["Last-Modified"]
    }
}
