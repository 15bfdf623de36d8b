// Plug another HTTP client in through HTTPTransport: here an adapter for AsyncHTTPClient
// (swift-server/async-http-client), the client a server-side app uses for curl's speed on Linux.
// So that this compiles without the dependency, a stand-in below has the shape of the part of
// AsyncHTTPClient's API the adapter uses. With the package, delete the stand-in and
// `import AsyncHTTPClient`; create the client with redirects disallowed and decompression
// disabled (AttachmentKit follows redirects and checks byte counts itself), and turn each
// `ByteBuffer` chunk into `Data(buffer: chunk)`.
import AttachmentKit
import Foundation

// snippet.hide
// The stand-in: AsyncHTTPClient's HTTPClientRequest, HTTPClientResponse and HTTPClient.execute,
// serving one file from memory.
struct HTTPClientRequest: Sendable {
    var url: String
    var headers: [(name: String, value: String)] = []
}

struct HTTPClientResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: AsyncThrowingStream<[UInt8], any Error>
}

final class HTTPClient: Sendable {
    let file: [UInt8]
    init(serving file: [UInt8]) { self.file = file }

    func execute(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        let file = file
        let body = AsyncThrowingStream<[UInt8], any Error> { continuation in
            for start in stride(from: 0, to: file.count, by: 16_384) {
                continuation.yield(Array(file[start..<min(start + 16_384, file.count)]))
            }
            continuation.finish()
        }
        return HTTPClientResponse(status: 200, headers: [("Content-Length", "\(file.count)")], body: body)
    }
}
// snippet.show

/// An ``HTTPTransport`` over AsyncHTTPClient: the request's headers out, the response's status,
/// headers and body back, chunk by chunk.
struct AsyncHTTPClientTransport: HTTPTransport {
    let client: HTTPClient

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        for field in request.headers { outgoing.headers.append(field) }
        let response = try await client.execute(outgoing)
        let reader = BodyReader(response.body)
        return HTTPResponse(
            head: HTTPResponse.Head(
                statusCode: response.status, headers: HTTPHeaders(response.headers), url: request.url),
            body: HTTPResponse.Body(nextChunk: { try await reader.next() }))
    }
}

/// Reads a response body one chunk at a time for ``HTTPResponse/Body``, whose reader never asks
/// for a chunk before the last one arrived: that is what makes the `@unchecked Sendable` safe.
final class BodyReader: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<[UInt8], any Error>.Iterator

    init(_ body: AsyncThrowingStream<[UInt8], any Error>) { iterator = body.makeAsyncIterator() }

    func next() async throws -> Data? { try await iterator.next().map { Data($0) } }
}

// A download through it: the same checks, store and coordinator as with URLSession.
let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("PlugInAnHTTPClient-\(UUID().uuidString)", isDirectory: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = [UInt8](repeating: 7, count: 100_000)
let downloader = RemotePart.Downloader(transport: AsyncHTTPClientTransport(client: HTTPClient(serving: file)))
let part = RemotePart(
    id: "msg-1/file", url: URL(string: "https://example.com/file.bin")!, mimeType: .applicationOctetStream,
    downloader: downloader)
let coordinator = DownloadCoordinator(
    store: try FileContentStore(directory: folder, byteCapacity: 1 << 20))
let content = try await coordinator.content(for: part)
print("downloaded through the adapter: \(try content.bytes() == Data(file))")
