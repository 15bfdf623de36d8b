import Foundation

/// Sends a request and follows its redirects itself, with its own limit, dropping
/// `Authorization` (and `Cookie`) once a hop leaves the first URL's origin.
///
/// URLSession on Linux forwards every header to any host on a redirect, while Apple
/// platforms strip some; following redirects here makes both behave the same.
struct RedirectFollower: Sendable {
    let transport: any HTTPTransport
    let fileTransport: any HTTPTransport
    let configuration: RemotePart.Configuration

    private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Sends a `GET` for `url` with `headers` and returns the first response that is not a
    /// redirect.
    ///
    /// - Throws: ``RemotePartError`` for a scheme not allowed (a redirect may only lead to
    ///   `http` or `https`), too many redirects, or a redirect without a `Location`;
    ///   ``RemotePartError/connectionFailed(reason:receivedBytes:)`` when the transport failed;
    ///   `CancellationError`.
    func send(_ url: URL, headers: HTTPHeaders, onResponse: () -> Void) async throws -> HTTPResponse {
        var current = url
        var headers = headers
        var hops = 0
        let origin = HostConcurrencyLimiter.origin(of: url)
        while true {
            try check(current, isRedirect: hops > 0)
            let response: HTTPResponse
            do {
                let transport = current.isFileURL ? fileTransport : transport
                response = try await transport.send(HTTPRequest(url: current, headers: headers))
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as RemotePartError {
                throw error
            } catch {
                try Task.checkCancellation()
                throw RemotePartError.connectionFailed(reason: String(describing: error), receivedBytes: 0)
            }
            onResponse()
            guard Self.redirectStatuses.contains(response.head.statusCode) else { return response }
            response.body.cancel()
            guard hops < configuration.maximumRedirects else {
                throw RemotePartError.tooManyRedirects(limit: configuration.maximumRedirects)
            }
            guard let location = response.head.headers["Location"]?.trimmingCharacters(in: .whitespaces),
                let next = URL(string: location, relativeTo: current)?.absoluteURL, next.scheme != nil
            else { throw RemotePartError.invalidRedirect(statusCode: response.head.statusCode) }
            hops += 1
            if HostConcurrencyLimiter.origin(of: next) != origin {
                headers["Authorization"] = nil
                headers["Cookie"] = nil
            }
            current = next
        }
    }

    private func check(_ url: URL, isRedirect: Bool) throws {
        let scheme = url.scheme?.lowercased() ?? ""
        guard configuration.allowedSchemes.contains(scheme), !isRedirect || scheme == "http" || scheme == "https"
        else { throw RemotePartError.schemeNotAllowed(url) }
    }
}
