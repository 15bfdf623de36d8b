import Foundation

/// The transport for `file://` URLs: answers like a server that supports ranges, with a
/// strong entity tag made of the file's identity, size and modification time, so that a
/// download from a file resumes and notices a replaced file as an HTTP one does.
struct FileURLTransport: HTTPTransport {
    /// The size of each body chunk.
    static let chunkSize = 256 << 10

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let url = request.url
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.int64Value,
            let handle = FileHandle(forReadingAtPath: url.path)
        else {
            return HTTPResponse(head: HTTPResponse.Head(statusCode: 404, headers: [:], url: url), body: .empty)
        }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        let tag = "\"\(inode)-\(size)-\(Int64(modified * 1e6))\""
        var headers: HTTPHeaders = ["ETag": tag, "Accept-Ranges": "bytes"]
        var start: Int64 = 0
        var status = 200
        if let offset = Self.rangeStart(request.headers["Range"]),
            request.headers["If-Range"].map({ $0 == tag }) ?? true
        {
            guard offset < size else {
                try? handle.close()
                headers["Content-Range"] = "bytes */\(size)"
                return HTTPResponse(head: HTTPResponse.Head(statusCode: 416, headers: headers, url: url), body: .empty)
            }
            start = offset
            status = 206
            headers["Content-Range"] = "bytes \(offset)-\(size - 1)/\(size)"
        }
        headers["Content-Length"] = String(size - start)
        let reader = FileChunkReader(handle: handle, start: start)
        let body = HTTPResponse.Body(nextChunk: { try reader.next() }, cancel: { reader.close() })
        return HTTPResponse(head: HTTPResponse.Head(statusCode: status, headers: headers, url: url), body: body)
    }

    /// `N` of `bytes=N-`; `nil` for anything else.
    private static func rangeStart(_ value: String?) -> Int64? {
        guard let value, value.hasPrefix("bytes="), value.hasSuffix("-") else { return nil }
        return Int64(value.dropFirst("bytes=".count).dropLast()).flatMap { $0 >= 0 ? $0 : nil }
    }
}

/// Reads a file in chunks for ``FileURLTransport``, with `pread` (``FilePieces``): on Linux
/// `FileHandle.read(upToCount:)` makes a system call per 4 KiB.
private final class FileChunkReader: Sendable {
    private let state: LockedState<(handle: FileHandle?, offset: Int64)>

    init(handle: FileHandle, start: Int64) {
        state = LockedState((handle, start))
    }

    func next() throws -> Data? {
        try Task.checkCancellation()
        return try state.withLock { state -> Data? in
            guard let file = state.handle else { throw CancellationError() }
            let data = try FilePieces.data(file.fileDescriptor, from: state.offset, upTo: FileURLTransport.chunkSize)
            if data.isEmpty {
                try? file.close()
                state.handle = nil
                return nil
            }
            state.offset += Int64(data.count)
            return data
        }
    }

    func close() {
        state.withLock { state in
            try? state.handle?.close()
            state.handle = nil
        }
    }
}
