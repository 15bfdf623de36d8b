import Foundation

/// The `Upload-Checksum` header of one chunk of a file, computed in a task of its own: a tus
/// upload starts the next chunk's while the `PATCH` in flight is sent, so that hashing and
/// sending overlap instead of taking turns.
struct ChunkChecksum: Sendable {
    let offset: Int64
    let length: Int64
    private let task: Task<String, any Error>

    /// Starts computing `checksum` of `length` bytes of `source` from `offset`.
    init(_ checksum: UploadChecksum, of source: URL, offset: Int64, length: Int64) {
        self.offset = offset
        self.length = length
        task = Task { try checksum.header(of: source, offset, length) }
    }

    /// The header's value, once computed.
    var header: String {
        get async throws { try await task.value }
    }

    /// Whether this is the checksum of `length` bytes from `offset`.
    func covers(_ offset: Int64, _ length: Int64) -> Bool { self.offset == offset && self.length == length }

    /// Stops waiting for it (a chunk that will not be sent).
    func cancel() { task.cancel() }
}
