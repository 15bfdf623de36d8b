import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads sent by URLSession with no AttachmentKit, each body streamed from its file by
/// Foundation's own `InputStream(url:)` with its `Content-Length` (on Linux the fastest way
/// FoundationNetworking sends a file: its `uploadTask(fromFile:)` is the slower one): the client
/// AttachmentKit runs on, doing the same requests as curl and AttachmentKit in the same run.
enum SendingBareStreamedUpload {
    /// A `PUT` of `file` to `url`; the seconds.
    static func put(_ file: URL, to url: URL, byteCount: Int64) async throws -> Double {
        try await timed { session in
            let status = try await session.send("PUT", url, headers: [:], body: file, length: byteCount)
            guard (200..<300).contains(status) else {
                throw FigureSkipped(reason: "the bare streamed PUT got \(status)")
            }
        }
    }

    /// A tus upload of `file` in one `PATCH` to an upload curl creates at `endpoint`; the seconds.
    static func whole(_ file: URL, to endpoint: URL, byteCount: Int64) async throws -> Double {
        try await timed { session in
            let location = try SendingBench.curlCreate(endpoint, byteCount: byteCount)
            try await session.patch(location, body: file, length: byteCount, offset: 0, checksum: nil)
        }
    }

    /// The same upload as `chunks`' curl: one checksummed `PATCH` per chunk file, in order, on one
    /// session; the seconds.
    static func chunked(_ chunks: SendingCurlChunks, to endpoint: URL, byteCount: Int64) async throws -> Double {
        try await timed { session in
            let location = try SendingBench.curlCreate(endpoint, byteCount: byteCount)
            var offset: Int64 = 0
            for chunk in chunks.chunks {
                let length = Int64(
                    try FileManager.default.attributesOfItem(atPath: chunk.file.path)[.size] as? Int ?? 0)
                try await session.patch(
                    location, body: chunk.file, length: length, offset: offset, checksum: chunk.checksum)
                offset += length
            }
        }
    }

    /// The seconds `requests` takes with a new session, closed after.
    private static func timed(_ requests: (Session) async throws -> Void) async throws -> Double {
        let stopwatch = Stopwatch()
        let session = Session()
        defer { session.close() }
        try await requests(session)
        return stopwatch.seconds
    }

    /// One session, its tasks one after another.
    private final class Session {
        private let delegate = CompletionDelegate()
        private let session: URLSession

        init() { session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil) }

        func close() { session.finishTasksAndInvalidate() }

        /// A tus `PATCH` at `offset` whose body is the file `body` (`length` bytes).
        func patch(_ url: URL, body: URL, length: Int64, offset: Int64, checksum: String?) async throws {
            var headers = [
                "Tus-Resumable": "1.0.0", "Upload-Offset": String(offset),
                "Content-Type": "application/offset+octet-stream",
            ]
            if let checksum { headers["Upload-Checksum"] = "sha1 \(checksum)" }
            let status = try await send("PATCH", url, headers: headers, body: body, length: length)
            guard status == 204 else { throw FigureSkipped(reason: "the bare streamed PATCH got \(status)") }
        }

        /// A request whose body is the file `body` (`length` bytes); the response's status.
        func send(_ method: String, _ url: URL, headers: [String: String], body: URL, length: Int64) async throws
            -> Int
        {
            var request = URLRequest(url: url)
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            request.setValue(String(length), forHTTPHeaderField: "Content-Length")
            // Without a field of its own, libcurl sends a stream chunked beside the Content-Length;
            // a value of only whitespace is not sent.
            request.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
            request.httpBodyStream = InputStream(url: body)
            let delegate = self.delegate
            let session = self.session
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
                delegate.completion.withLock { $0 = continuation }
                session.dataTask(with: request).resume()
            }
        }
    }
}
