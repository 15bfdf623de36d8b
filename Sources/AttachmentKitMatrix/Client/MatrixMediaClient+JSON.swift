import AttachmentKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension MatrixMediaClient {
    /// The largest JSON answer read: the endpoints asked answer in a few hundred bytes.
    static let maximumJSONByteCount = 1 << 20

    /// GETs `url` through the downloader's transport, with the token when `authorized`, and
    /// parses the JSON answer; within the downloader's idle timeout.
    ///
    /// - Throws: ``Error``: a refusal by its status and Matrix `errcode`, no answer, or an
    ///   answer that is not JSON.
    func getJSON(_ url: URL, authorized: Bool = true) async throws(Error) -> JSONValue {
        var headers = authorized ? authorization(for: url) : HTTPHeaders()
        headers["Accept"] = "application/json"
        let request = HTTPRequest(url: url, headers: headers)
        let transport = downloader.transport
        let timeout = downloader.configuration.idleTimeout
        let result: (HTTPResponse.Head, Data)
        do {
            result = try await Self.withTimeout(seconds: timeout) {
                let response = try await transport.send(request)
                var body = Data()
                for try await chunk in response.body {
                    body.append(chunk)
                    if body.count > Self.maximumJSONByteCount {
                        response.body.cancel()
                        break
                    }
                }
                return (response.head, body)
            }
        } catch {
            throw .connectionFailed(url, reason: "\(error)")
        }
        let (head, body) = result
        guard (200..<300).contains(head.statusCode) else {
            let delay = HTTPStatusError(statusCode: head.statusCode, retryAfterHeader: head.headers["Retry-After"])
            throw Error.refusal(url, statusCode: head.statusCode, body: body, retryAfter: delay.retryAfter)
        }
        guard body.count <= Self.maximumJSONByteCount, let value = JSONValue.parse(body) else {
            throw .malformedResponse(url, reason: "not JSON (\(body.count) bytes)")
        }
        return value
    }

    /// Runs `operation`, cancelling it and failing with `URLError(.timedOut)` after `seconds`.
    static func withTimeout<Value: Sendable>(
        seconds: Double, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0.01, seconds) * 1_000_000_000))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw URLError(.timedOut) }
            return value
        }
    }
}
