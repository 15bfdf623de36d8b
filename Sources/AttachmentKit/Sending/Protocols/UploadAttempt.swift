import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one protocol driver needs for one attempt at an upload: the transport, the headers the
/// app adds, and where to report progress and the state worth keeping.
struct UploadAttempt: Sendable {
    let transport: any HTTPUploadTransport
    let configuration: UploadCoordinator.Configuration
    /// Records the state after each step the server confirmed (creation, an offset).
    let record: @Sendable (UploadCoordinator.PendingUpload) async throws -> Void
    /// Reports the bytes the server holds plus those in flight.
    let progress: @Sendable (Int64) -> Void

    /// Sends `request` with the app's headers and returns the response head, its body read (it is
    /// small for every request an upload makes) and dropped; fails with
    /// ``RemotePartError/timedOut(_:)`` (retryable) after ``UploadCoordinator/Configuration/idleTimeout``
    /// seconds without a byte sent or received.
    func send(_ request: HTTPUploadRequest, sentBytes: @escaping @Sendable (Int64) -> Void = { _ in }) async throws
        -> HTTPResponse.Head
    {
        var request = request
        for field in configuration.headers(request.url) { request.headers[field.name] = field.value }
        let transport = self.transport
        let prepared = request
        // The upload's own idle timeout: nothing sent and no answer for that long ends the attempt
        // (URLSession on Linux can leave an upload whose connection the server dropped hanging).
        do {
            return try await exchange(prepared, transport, sentBytes)
        } catch let error as URLError where error.code == .unknown || Self.isEmptyReply(error) {
            // libcurl's "Send failure: Broken pipe" (the server closed the connection mid-body)
            // arrives on Linux as an unknown URLError, and its "Empty reply from server" (closed
            // after the body went, before an answer) as a bad server response: both are a lost
            // connection, which is retried.
            throw URLError(.networkConnectionLost, userInfo: error.userInfo)
        }
    }

    /// Whether `error` is libcurl's "Empty reply from server" (Linux): the connection closed
    /// without a response.
    private static func isEmptyReply(_ error: URLError) -> Bool {
        guard error.code == .badServerResponse else { return false }
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        return (underlying?.localizedDescription ?? error.localizedDescription) == "Empty reply from server"
    }

    private func exchange(
        _ prepared: HTTPUploadRequest, _ transport: any HTTPUploadTransport,
        _ sentBytes: @escaping @Sendable (Int64) -> Void
    ) async throws -> HTTPResponse.Head {
        try await TransferWatchdog.run(
            idleTimeout: configuration.idleTimeout, totalTimeout: .infinity, clock: configuration.clock
        ) { watchdog in
            let response = try await transport.upload(prepared) { sent in
                watchdog.touch()
                sentBytes(sent)
            }
            watchdog.touch()
            var kept = 0
            for try await chunk in response.body {
                watchdog.touch()
                kept += chunk.count
                if kept > 1 << 20 {
                    response.body.cancel()
                    break
                }
            }
            return response.head
        }
    }

    /// The status error for an unexpected response.
    func statusError(_ head: HTTPResponse.Head) -> UploadError {
        .httpStatus(
            HTTPStatusError(
                statusCode: head.statusCode, retryAfterHeader: head.headers["Retry-After"], url: head.url,
                clock: configuration.clock))
    }

    /// Checks that the source file still has the size recorded.
    static func checkSource(_ pending: UploadCoordinator.PendingUpload) throws(UploadError) {
        let size = try? PartContent.file(pending.source).byteCount()
        guard size == pending.byteCount else {
            throw .sourceChanged(pending.source, expected: pending.byteCount, found: size)
        }
    }
}
