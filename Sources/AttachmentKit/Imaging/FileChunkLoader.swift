import Foundation

/// Reads a file in chunks with `FileHandle`, never the whole of it: it counts every byte it
/// reads and refuses to read more than a limit.
///
/// Used by one inspection at a time, on the caller's thread; it is not shared. It owns the
/// memory of the chunk it read last, which ``ByteReader`` reads until the next load.
final class FileChunkLoader {
    /// How many bytes one read asks for by default: enough for a whole header in most files.
    static let defaultChunkSize = 8 * 1024

    let url: URL
    /// How many bytes one read asks for, unless the caller needs more or the limit allows less.
    let chunkSize: Int
    /// The file's length in bytes when it was opened (a file that shrinks later is reported
    /// truncated when a read comes short).
    let count: Int
    /// The most bytes this loader may read in all.
    let limit: Int
    /// The bytes read so far.
    private(set) var loadedByteCount = 0
    private let handle: FileHandle
    /// The memory that holds the last chunk read, reused (and grown) by each load.
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// The last chunk read, in `buffer`; valid until the next load.
    private(set) var currentChunk = UnsafeRawBufferPointer(start: nil, count: 0)

    /// Opens `url` for reading.
    ///
    /// - Throws: ``ImageInspectionError/notAFileURL(_:)`` or ``ImageInspectionError/unreadable(_:reason:)``.
    init(url: URL, limit: Int, chunkSize: Int = FileChunkLoader.defaultChunkSize) throws(ImageInspectionError) {
        guard url.isFileURL else { throw .notAFileURL(url) }
        self.url = url
        self.limit = limit
        self.chunkSize = max(1, chunkSize)
        // Opened without blocking (a FIFO would otherwise wait for a writer), then only a
        // regular file is read: a folder or a device has no image bytes.
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(url, reason: Self.describe(errno: errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unreadable(url, reason: "it is not a regular file")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        count = Int(status.st_size)
    }

    private static func describe(errno code: Int32) -> String {
        code == ENOENT ? "no such file" : String(cString: strerror(code))
    }

    deinit {
        buffer.deallocate()
    }

    /// Reads at least `minimumCount` bytes at `offset` (a whole chunk when the file and the
    /// limit allow), which the caller has checked lie inside the file.
    ///
    /// - Throws: ``ImageInspectionError/readLimitExceeded(_:limit:)`` when the read would pass
    ///   the limit, ``ImageInspectionError/truncated(_:offset:)`` when the file has shrunk, or
    ///   ``ImageInspectionError/unreadable(_:reason:)``.
    @discardableResult
    func load(
        at offset: Int, minimumCount: Int, format: ImageFormat?
    ) throws(ImageInspectionError) -> UnsafeRawBufferPointer {
        let allowed = limit - loadedByteCount
        guard minimumCount <= allowed else { throw .readLimitExceeded(format, limit: limit) }
        let wanted = min(max(minimumCount, chunkSize), count - offset, allowed)
        let data: Data
        do {
            try handle.seek(toOffset: UInt64(offset))
            data = try handle.read(upToCount: wanted) ?? Data()
        } catch {
            throw .unreadable(url, reason: PartContentError.reason(for: error))
        }
        loadedByteCount += data.count
        guard data.count >= minimumCount else {
            guard let format else { throw .unreadable(url, reason: "it ended while being read") }
            throw .truncated(format, offset: offset + data.count)
        }
        if buffer.count < data.count {
            buffer.deallocate()
            buffer = .allocate(byteCount: data.count, alignment: 1)
        }
        data.copyBytes(to: buffer)
        currentChunk = UnsafeRawBufferPointer(rebasing: buffer[0..<data.count])
        return currentChunk
    }
}
