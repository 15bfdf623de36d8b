import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport: HTTPUploadTransport {
    /// Sends `request` with an upload task from its file (`uploadTask(with:fromFile:)`), or a data
    /// task when it has no body, and returns when its response head arrives.
    ///
    /// A body that is a part of its file (the rest after a resumable upload's offset) is first
    /// copied into a temporary file, since URLSession uploads whole files; the content is never
    /// held in memory. Body progress comes from `didSendBodyData`.
    ///
    /// On Linux the body is instead streamed from the file (the part it is, read as libcurl asks
    /// for it, without a copy) with its `Content-Length`, never chunked: FoundationNetworking's
    /// upload from a file pauses libcurl on every 16 KiB it reads and sends at a fraction of the
    /// speed.
    public func upload(_ request: HTTPUploadRequest, sentBytes: @escaping @Sendable (Int64) -> Void) async throws
        -> HTTPResponse
    {
        try Task.checkCancellation()
        let urlRequest = Self.urlRequest(for: request)
        switch request.body {
        case .none:
            return try await start(session.dataTask(with: urlRequest))
        case .file(let url, let offset, let length):
            #if canImport(FoundationNetworking)
            if length > 0 {
                return try await uploadStreamed(urlRequest, url, offset: offset, length: length, sentBytes: sentBytes)
            }
            #endif
            let slice =
                UploadSliceFile.isWhole(url, offset: offset, length: length)
                ? nil : try UploadSliceFile(copying: url, offset: offset, length: length)
            let task = session.uploadTask(with: urlRequest, fromFile: slice?.url ?? url)
            router.observeSentBytes(of: task.taskIdentifier) { sent in
                withExtendedLifetime(slice) { sentBytes(sent) }
            }
            return try await start(task)
        }
    }

    /// The URLSession request for `request`: its method, URL and header fields, no cache, and
    /// for a file body its `Content-Length` (the body itself is the upload task's file).
    static func urlRequest(for request: HTTPUploadRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        if case .file(_, _, let length) = request.body {
            urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
        }
        return urlRequest
    }
}
