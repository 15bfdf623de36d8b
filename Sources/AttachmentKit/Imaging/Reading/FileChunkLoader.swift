import Foundation

/// Reads a file in pieces with `pread`, never the whole of it: small reads where the parser
/// jumps, growing reads where it reads on, and never more than a limit in all.
///
/// The first read takes ``firstReadSize`` bytes, which hold the whole header of most files.
/// A read that lands far from the last one (the parser jumped over a segment, a chunk or image
/// data) takes ``jumpReadSize`` bytes: what a segment or chunk header needs, with a little to
/// spare, so that skipping costs one small read and nothing for the bytes skipped. A read that
/// continues the last one (it starts inside it, or at most ``jumpReadSize`` bytes after its
/// end) takes twice as many bytes as that one did, up to the chunk size, so that a parser
/// walking forward through many small structures makes few reads.
///
/// Used by one inspection at a time, on the caller's thread; it is not shared. It owns the
/// memory of the piece it read last, which ``ByteReader`` reads until the next load.
final class FileChunkLoader {
    /// How many bytes the first read asks for: enough for the whole header of most files.
    static let firstReadSize = 8 * 1024
    /// How many bytes a read after a jump asks for: a segment, chunk or box header and the
    /// first fields of its payload.
    static let jumpReadSize = 256
    /// The largest read, and the default chunk size.
    static let defaultChunkSize = 64 * 1024

    let url: URL
    /// The most bytes one read asks for, unless the caller needs more.
    let chunkSize: Int
    /// The file's length in bytes when it was opened, at most `Int.max` (a file that shrinks
    /// later is reported truncated when a read comes short).
    let count: Int
    /// The most bytes this loader may read in all.
    let limit: Int
    /// The bytes read so far.
    private(set) var loadedByteCount = 0
    /// The reads made so far.
    private(set) var loadCount = 0
    private let handle: FileHandle
    /// The memory that holds the last piece read, reused (and grown) by each load.
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// The last piece read, in `buffer`; valid until the next load.
    private(set) var currentChunk = UnsafeRawBufferPointer(start: nil, count: 0)
    /// Where the last piece read starts in the file.
    private var currentOffset = 0

    /// Opens `url` for reading.
    ///
    /// - Throws: ``ImageInspector/Error/notAFileURL(_:)`` or ``ImageInspector/Error/unreadable(_:reason:)``.
    convenience init(
        url: URL, limit: Int, chunkSize: Int = FileChunkLoader.defaultChunkSize
    ) throws(ImageInspector.Error) {
        try self.init(url: url, limit: limit, chunkSize: chunkSize, failure: ImageInspector.Error.self)
    }

    /// Opens `url` for reading, reporting failures as `Failure`.
    init<Failure: ByteReadFailure>(
        url: URL, limit: Int, chunkSize: Int = FileChunkLoader.defaultChunkSize, failure: Failure.Type
    ) throws(Failure) {
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
        // Clamped where `Int` is 32 bits (watchOS): a header lies in the first bytes, and an
        // offset past `Int.max` could not be read there anyway.
        count = Int(clamping: status.st_size)
    }

    private static func describe(errno code: Int32) -> String {
        code == ENOENT ? "no such file" : String(cString: strerror(code))
    }

    deinit {
        buffer.deallocate()
    }

    /// Reads at least `minimumCount` bytes at `offset`, which the caller has checked lie
    /// inside the file, and more as the read pattern suggests (see the type's overview) when
    /// the file and the limit allow.
    ///
    /// - Throws: ``ImageInspector/Error/readLimitExceeded(_:limit:)`` when the bytes needed
    ///   would pass the limit, ``ImageInspector/Error/truncated(_:offset:)`` when the file has
    ///   shrunk, or ``ImageInspector/Error/unreadable(_:reason:)``.
    @discardableResult
    func load(
        at offset: Int, minimumCount: Int, format: ImageFormat?
    ) throws(ImageInspector.Error) -> UnsafeRawBufferPointer {
        try load(at: offset, minimumCount: minimumCount, subject: format, failure: ImageInspector.Error.self)
    }

    /// Reads as ``load(at:minimumCount:format:)`` does, reporting failures as `Failure`.
    @discardableResult
    func load<Failure: ByteReadFailure>(
        at offset: Int, minimumCount: Int, subject format: Failure.Subject?, failure: Failure.Type
    ) throws(Failure) -> UnsafeRawBufferPointer {
        let allowed = limit - loadedByteCount
        guard minimumCount <= allowed else { throw .readLimitExceeded(format, limit: limit) }
        let wanted = min(max(minimumCount, min(readSize(at: offset), chunkSize)), count - offset, allowed)
        if buffer.count < wanted {
            buffer.deallocate()
            buffer = .allocate(byteCount: max(wanted, min(chunkSize, Self.firstReadSize)), alignment: 1)
        }
        let received = try read(wanted, at: offset, failure: Failure.self)
        loadedByteCount += received
        loadCount += 1
        guard received >= minimumCount else {
            currentChunk = UnsafeRawBufferPointer(start: nil, count: 0)
            guard let format else { throw .unreadable(url, reason: "it ended while being read") }
            throw .truncated(format, offset: offset + received)
        }
        currentChunk = UnsafeRawBufferPointer(rebasing: buffer[0..<received])
        currentOffset = offset
        return currentChunk
    }

    /// How many bytes to ask for at `offset`: the first read's size, twice the last read's
    /// when `offset` continues it (starts inside it, or at most ``jumpReadSize`` bytes after
    /// its end), and ``jumpReadSize`` after a jump.
    private func readSize(at offset: Int) -> Int {
        guard loadCount > 0 else { return Self.firstReadSize }
        let last = currentChunk.count
        let continues = offset >= currentOffset && offset - currentOffset <= last + Self.jumpReadSize
        return continues ? max(2 * last, Self.jumpReadSize) : Self.jumpReadSize
    }

    /// Reads up to `length` bytes at `offset` into `buffer`, retrying short reads, and returns
    /// how many came (fewer at the end of the file).
    private func read<Failure: ByteReadFailure>(
        _ length: Int, at offset: Int, failure: Failure.Type
    ) throws(Failure) -> Int {
        let descriptor = handle.fileDescriptor
        var received = 0
        while received < length {
            let result: Int
            do {
                result = try FilePieces.readSome(
                    descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[received..<length]),
                    at: Int64(offset + received))
            } catch {
                throw .unreadable(url, reason: String(cString: strerror(error.code.rawValue)))
            }
            if result == 0 { break }
            received += result
        }
        return received
    }
}
