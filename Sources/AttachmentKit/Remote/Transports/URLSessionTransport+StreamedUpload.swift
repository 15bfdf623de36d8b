#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

extension URLSessionTransport {
    /// Linux: sends `length` bytes of the file at `url` from `offset` as a streamed body with the
    /// request's `Content-Length`, and returns when the response head arrives.
    ///
    /// FoundationNetworking gives libcurl no length for a streamed body, and libcurl then sends it
    /// chunked (next to the `Content-Length`, which servers refuse) unless the request has a
    /// `Transfer-Encoding` field of its own; one whose value is only whitespace is not sent at
    /// all. So the body goes as it would from a file, with its length and no chunking, but read
    /// with `pread` as libcurl asks for it instead of through FoundationNetworking's `DispatchIO`
    /// reader, which pauses the transfer on each 16 KiB. The stream ends after `length` bytes and
    /// fails if the file ends sooner. A data task with a body stream (rather than
    /// `uploadTask(withStreamedRequest:)`) makes FoundationNetworking turn off `Expect:
    /// 100-continue`, as for an upload from a file.
    func uploadStreamed(
        _ request: URLRequest, _ url: URL, offset: Int64, length: Int64,
        sentBytes: @escaping @Sendable (Int64) -> Void
    ) async throws -> HTTPResponse {
        var request = request
        request.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
        request.httpBodyStream = try FileSliceInputStream(url, offset: offset, length: length)
        let task = session.dataTask(with: request)
        router.observeSentBytes(of: task.taskIdentifier, sentBytes)
        router.provideBodyStreams(of: task.taskIdentifier) {
            try? FileSliceInputStream(url, offset: offset, length: length)
        }
        return try await start(task)
    }
}
#endif
