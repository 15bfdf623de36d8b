import Foundation

@testable import AttachmentKit

/// A transport that records the requests it passes on to another.
final class CountingTransport: HTTPTransport {
    let requests = LockedState<[HTTPRequest]>([])
    private let transport: any HTTPTransport

    init(_ transport: any HTTPTransport) { self.transport = transport }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        return try await transport.send(request)
    }
}
