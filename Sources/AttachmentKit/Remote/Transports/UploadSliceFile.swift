import Foundation

/// A part of a file copied into a temporary file of its own, for transports that upload whole
/// files only (URLSession's `uploadTask(with:fromFile:)`): the rest of a file after the offset a
/// resumable upload resumes at. Copied in 1 MiB pieces; removed when released.
final class UploadSliceFile: Sendable {
    let url: URL

    /// Copies `length` bytes of `source` from `offset`.
    ///
    /// - Throws: A Foundation error when the source can't be read or the copy can't be written.
    init(copying source: URL, offset: Int64, length: Int64) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("AttachmentKit-upload-\(UUID().uuidString)", isDirectory: false)
        try Self.copy(source, offset: offset, length: length, to: url)
    }

    /// Whether `length` bytes from `offset` are the whole file at `url`, which can then be
    /// uploaded as it is.
    static func isWhole(_ url: URL, offset: Int64, length: Int64) -> Bool {
        offset == 0 && (try? PartContent.file(url).byteCount()) == length
    }

    /// Writes `length` bytes of `source` from `offset` into a new file at `destination`.
    ///
    /// - Throws: A Foundation or POSIX error when the source can't be read or the copy can't be
    ///   written.
    static func copy(_ source: URL, offset: Int64, length: Int64, to destination: URL) throws {
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        let copied = try FilePieces.read(source, from: offset, length: length) { piece in
            try output.write(contentsOf: UnsafeRawBufferPointer(piece))
        }
        guard copied == length else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSURLErrorKey: source]) }
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
