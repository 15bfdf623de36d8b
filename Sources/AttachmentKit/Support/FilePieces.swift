import Foundation

/// Reads a stretch of a file in pieces with `pread`, into one buffer reused for every piece.
///
/// What hashing, encrypting, decrypting or copying a file reads with, and a `file://` download,
/// instead of `FileHandle.read(upToCount:)`, which on Linux reads 4 KiB per system call and grows
/// a new `Data` for every piece: 8,227 `read` calls for 32 MiB, and at 470 MB/s slower than the
/// SHA-1 that hashes what it reads. ``readSome(_:into:at:)``, its one `pread`, is also the image
/// inspector's and the streamed upload body's.
enum FilePieces {
    /// The size of a piece unless the caller asks for another.
    static let defaultPieceSize = 1 << 20

    /// Calls `body` with the bytes of the file open at `descriptor` from `offset`, in order, in
    /// pieces of at most `pieceSize` bytes, until `length` bytes have come or, when `length` is
    /// `nil`, the file ends. `body` may change the piece in place; it is valid only during the
    /// call. Returns how many bytes came: fewer than `length` when the file ends sooner.
    ///
    /// - Throws: A `POSIXError` when a read fails, or what `body` throws.
    @discardableResult
    static func read(
        _ descriptor: Int32, from offset: Int64 = 0, length: Int64? = nil, pieceSize: Int = defaultPieceSize,
        _ body: (UnsafeMutableRawBufferPointer) throws -> Void
    ) throws -> Int64 {
        let size = max(1, length.map { Int(clamping: min($0, Int64(pieceSize))) } ?? pieceSize)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var done: Int64 = 0
        while length.map({ done < $0 }) ?? true {
            let wanted = length.map { Int(min($0 - done, Int64(size))) } ?? size
            let piece = UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])
            let count = try readSome(descriptor, into: piece, at: offset + done)
            if count == 0 { break }
            try body(UnsafeMutableRawBufferPointer(rebasing: piece[..<count]))
            done += Int64(count)
        }
        return done
    }

    /// One `pread` of up to `buffer.count` bytes of the file open at `descriptor` from `offset`,
    /// again when a signal interrupts it; how many came (fewer at the end of the file, 0 past it).
    ///
    /// - Throws: The `POSIXError` of a failed read.
    static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64)
        throws(POSIXError) -> Int
    {
        while true {
            let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count >= 0 { return count }
            if errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    /// Up to `count` bytes of the file open at `descriptor` from `offset`: fewer when the file
    /// ends sooner, none at its end.
    ///
    /// - Throws: A `POSIXError` when a read fails.
    static func data(_ descriptor: Int32, from offset: Int64, upTo count: Int) throws -> Data {
        var data = Data(capacity: count)
        try read(descriptor, from: offset, length: Int64(count), pieceSize: count) { piece in
            data.append(contentsOf: UnsafeRawBufferPointer(piece))
        }
        return data
    }

    /// ``read(_:from:length:pieceSize:_:)`` of the file at `url`.
    ///
    /// - Throws: A `POSIXError` when the file can't be opened or read, or what `body` throws.
    @discardableResult
    static func read(
        _ url: URL, from offset: Int64 = 0, length: Int64? = nil, pieceSize: Int = defaultPieceSize,
        _ body: (UnsafeMutableRawBufferPointer) throws -> Void
    ) throws -> Int64 {
        let descriptor = try url.withUnsafeFileSystemRepresentation { path in
            guard let path else { throw POSIXError(.EINVAL) }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return descriptor
        }
        defer { close(descriptor) }
        return try read(descriptor, from: offset, length: length, pieceSize: pieceSize, body)
    }
}
