import Foundation

/// Writes a copy of a file with edits applied, streamed in bounded pieces: the stretches between
/// edits are copied with ``FilePieces`` (one reused buffer), each edit's replacement written in
/// its range's place. The copy goes to a temporary file beside the output, renamed over it when
/// complete, so that a failure leaves no output and a reader never sees half of one.
enum SplicedCopy {
    /// The size of the pieces copied.
    static let pieceSize = 1 << 20

    /// Writes `output`: the `byteCount` bytes of `input` with `edits` (sorted, not overlapping)
    /// applied.
    ///
    /// - Throws: ``MetadataStripper/Error/unreadable(_:reason:)`` when the input can't be read
    ///   or is shorter than `byteCount`, ``MetadataStripper/Error/cannotWrite(_:reason:)``.
    static func write(
        from input: URL, byteCount: Int, edits: [ByteEdit], to output: URL
    ) throws(MetadataStripper.Error) {
        let source = open(input.path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw .unreadable(input, reason: String(cString: strerror(errno))) }
        defer { close(source) }
        let temporary = output.deletingLastPathComponent().appendingPathComponent(
            ".\(output.lastPathComponent).\(UUID().uuidString).partial")
        let destination = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard destination >= 0 else { throw .cannotWrite(output, reason: String(cString: strerror(errno))) }
        var written = false
        defer {
            close(destination)
            if !written { unlink(temporary.path) }
        }
        let copier = Copier(source: source, destination: destination, input: input, output: output)
        var cursor = 0
        for edit in edits {
            try copier.copy(cursor..<edit.range.lowerBound)
            switch edit.replacement {
            case .bytes(let bytes): try copier.append(bytes)
            case .zeros(let count): try copier.writeZeros(count)
            }
            cursor = edit.range.upperBound
        }
        try copier.copy(cursor..<byteCount)
        guard rename(temporary.path, output.path) == 0 else {
            throw .cannotWrite(output, reason: String(cString: strerror(errno)))
        }
        written = true
    }

    /// Copies ranges of the source and writes bytes to the destination.
    private struct Copier {
        let source: Int32
        let destination: Int32
        let input: URL
        let output: URL

        /// Copies the input bytes in `range`.
        func copy(_ range: Range<Int>) throws(MetadataStripper.Error) {
            guard !range.isEmpty else { return }
            var failure: MetadataStripper.Error?
            let copied: Int64
            do {
                copied = try FilePieces.read(
                    source, from: Int64(range.lowerBound), length: Int64(range.count), pieceSize: SplicedCopy.pieceSize
                ) { piece in
                    do throws(MetadataStripper.Error) {
                        try append(UnsafeRawBufferPointer(piece))
                    } catch {
                        failure = error
                        throw error
                    }
                }
            } catch {
                if let failure { throw failure }
                throw .unreadable(input, reason: "\(error)")
            }
            guard copied == Int64(range.count) else {
                throw .unreadable(
                    input, reason: "it ended at byte \(Int64(range.lowerBound) + copied) while being copied")
            }
        }

        /// Writes `count` zero bytes.
        func writeZeros(_ count: Int) throws(MetadataStripper.Error) {
            let zeros = [UInt8](repeating: 0, count: min(count, 1 << 16))
            var remaining = count
            while remaining > 0 {
                let piece = min(remaining, zeros.count)
                try append(Array(zeros[..<piece]))
                remaining -= piece
            }
        }

        /// Writes `bytes`.
        func append(_ bytes: [UInt8]) throws(MetadataStripper.Error) {
            let result = bytes.withUnsafeBytes { piece in
                Result { () throws(MetadataStripper.Error) in try append(piece) }
            }
            try result.get()
        }

        /// Writes all of `bytes`, again after a short write or a signal.
        func append(_ bytes: UnsafeRawBufferPointer) throws(MetadataStripper.Error) {
            var done = 0
            while done < bytes.count {
                let result = writeSome(destination, bytes.baseAddress! + done, bytes.count - done)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw .cannotWrite(output, reason: String(cString: strerror(errno)))
                }
                done += result
            }
        }
    }
}

/// One `write(2)` (at file scope, where no method of the same name hides it).
private func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
