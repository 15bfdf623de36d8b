#if canImport(FoundationNetworking)
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `length` bytes of a file from `offset`, as the `InputStream` a streamed request body reads
/// (Linux only): read with `pread` as libcurl asks for them, never copied or held whole.
///
/// The stream ends after exactly `length` bytes; a file that ends sooner is an error (the request
/// fails rather than sending less than its `Content-Length`). Used from one thread at a time,
/// FoundationNetworking's work queue, as every `InputStream`.
final class FileSliceInputStream: InputStream {
    private let descriptor: Int32
    private let url: URL
    private var offset: Int64
    private var remaining: Int64
    private var status: Stream.Status = .notOpen
    private var error: (any Error)?

    /// Opens the file at `url` for `length` bytes from `offset`.
    ///
    /// - Throws: `CocoaError(.fileReadNoSuchFile)` or another file error when it can't be opened.
    init(_ url: URL, offset: Int64, length: Int64) throws {
        let descriptor = url.withUnsafeFileSystemRepresentation { path in path.map(openForReading) ?? -1 }
        guard descriptor >= 0 else {
            let code: CocoaError.Code = errno == ENOENT ? .fileReadNoSuchFile : .fileReadUnknown
            throw CocoaError(code, userInfo: [NSURLErrorKey: url])
        }
        self.descriptor = descriptor
        self.url = url
        self.offset = offset
        self.remaining = length
        super.init(data: Data())
    }

    deinit { closeDescriptor(descriptor) }

    override func open() {
        if status == .notOpen { status = .open }
    }

    override func close() {
        if status != .error { status = .closed }
    }

    override var streamStatus: Stream.Status { status }

    override var streamError: (any Error)? { error }

    override var hasBytesAvailable: Bool { status == .open && remaining > 0 }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard status == .open else { return status == .atEnd ? 0 : -1 }
        guard remaining > 0 else {
            status = .atEnd
            return 0
        }
        let wanted = UnsafeMutableRawBufferPointer(start: buffer, count: Int(min(Int64(maxLength), remaining)))
        guard let count = try? FilePieces.readSome(descriptor, into: wanted, at: offset), count > 0 else {
            // The file ended before `length` bytes, or can't be read: fail, never send less.
            status = .error
            error = CocoaError(.fileReadCorruptFile, userInfo: [NSURLErrorKey: url])
            return -1
        }
        offset += Int64(count)
        remaining -= Int64(count)
        return count
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool { false }

    override func property(forKey key: Stream.PropertyKey) -> AnyObject? { nil }

    override func setProperty(_ property: AnyObject?, forKey key: Stream.PropertyKey) -> Bool { false }

    override func schedule(in aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}

    override func remove(from aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}
}

/// The C library's `open(path, O_RDONLY)` (inside the stream, `open` is the stream's own).
private func openForReading(_ path: UnsafePointer<CChar>) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

/// The C library's `close`.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
#endif
