import Foundation

/// A plain `PUT` or `POST` of the whole file, for servers without a resumable protocol: every
/// attempt starts from byte zero.
enum PlainUpload {
    /// Sends the file; returns where it went (the response's `Location`, or the URL).
    static func run(_ pending: UploadCoordinator.PendingUpload, _ attempt: UploadAttempt) async throws -> URL {
        try UploadAttempt.checkSource(pending)
        var headers = HTTPHeaders()
        headers["Content-Type"] = pending.mimeType
        let request = HTTPUploadRequest(
            method: pending.destination.method == .post ? "POST" : "PUT", url: pending.destination.url,
            headers: headers, body: .file(pending.source, offset: 0, length: pending.byteCount))
        let head = try await attempt.send(request) { attempt.progress($0) }
        guard (200..<300).contains(head.statusCode) else { throw attempt.statusError(head) }
        let location = head.headers["Location"].flatMap { URL(string: $0, relativeTo: pending.destination.url) }
        return location?.absoluteURL ?? pending.destination.url
    }
}
