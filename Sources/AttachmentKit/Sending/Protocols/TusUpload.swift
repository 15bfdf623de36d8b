import Foundation

/// A tus 1.0.0 upload (https://tus.io/protocols/resumable-upload): `OPTIONS` for the server's
/// limits, creation by `POST`, `HEAD` for the offset, `PATCH` from it with `Upload-Offset`,
/// the checksum extension where offered (`sha256`, else `sha1`), and `DELETE` to terminate.
///
/// Every step the server confirms (the upload's URL, each offset) is recorded before the next,
/// so an attempt, a retry or a relaunch goes on from what the server holds. A `409` is answered
/// by asking the offset again; an offset that can't be true fails the attempt (the next one
/// asks again); a last `HEAD` checks that the server still has every byte before the upload
/// counts as done. A recorded upload the server no longer has (`404`, `410`) is created again
/// and sent from zero, once an attempt.
enum TusUpload {
    static let version = "1.0.0"
    /// The most `409` or `460` answers in a row before an attempt gives up.
    static let maximumRefusals = 3
    /// The most bytes a `PATCH` with a checksum carries when no chunk limit is configured: a server
    /// keeps nothing of a checksummed `PATCH` cut off by a lost connection or a killed process, so
    /// what such a cut costs is bounded by one chunk (under 1 % of a 256 MiB file).
    static let checksummedChunkByteCount: Int64 = 2 << 20

    /// Sends what the server lacks; returns the upload URL.
    static func run(_ initial: UploadCoordinator.PendingUpload, _ attempt: UploadAttempt) async throws -> URL {
        var pending = initial
        try UploadAttempt.checkSource(pending)
        // A server without OPTIONS (or that refuses it) is asked nothing more of its limits.
        let capabilities = (try? await options(pending.destination.url, attempt)) ?? TusServerCapabilities()
        var uploadURL: URL
        if let recorded = pending.uploadURL {
            uploadURL = recorded
        } else {
            uploadURL = try await createAndRecord(&pending, capabilities, attempt)
        }
        let checksums = attempt.configuration.usesChecksums ? capabilities : nil
        // A recorded upload the server no longer has (expired, or removed while the app was not
        // running) is created again from zero, once an attempt.
        var mayCreateAgain = initial.uploadURL != nil
        var offset: Int64
        do {
            offset = try await serverOffset(uploadURL, pending, attempt)
        } catch let error as UploadError where mayCreateAgain && error.isGoneFromServer {
            mayCreateAgain = false
            uploadURL = try await createAndRecord(&pending, capabilities, attempt)
            offset = 0
        }
        var refusals = 0
        // The checksum of the chunk after the one in flight, computed while it is sent.
        var nextChecksum: ChunkChecksum?
        defer { nextChecksum?.cancel() }
        while true {
            if offset != pending.confirmedOffset {
                pending.confirmedOffset = offset
                try await attempt.record(pending)
            }
            attempt.progress(offset)
            if offset == pending.byteCount {
                // The server may have lost what it acknowledged last: it must still hold it all.
                let held = try await serverOffset(uploadURL, pending, attempt)
                guard held == pending.byteCount else {
                    pending.confirmedOffset = held
                    try await attempt.record(pending)
                    throw UploadError.incomplete(uploadURL, offset: held, byteCount: pending.byteCount)
                }
                return uploadURL
            }
            let outcome: PatchOutcome
            do {
                outcome = try await patch(uploadURL, from: offset, pending, checksums, &nextChecksum, attempt)
            } catch let error as UploadError where mayCreateAgain && error.isGoneFromServer {
                mayCreateAgain = false
                uploadURL = try await createAndRecord(&pending, capabilities, attempt)
                offset = 0
                continue
            }
            switch outcome {
            case .accepted(let next):
                offset = next
                refusals = 0
            case .conflict:
                refusals += 1
                guard refusals < maximumRefusals else {
                    throw UploadError.offsetMismatch(uploadURL, attempts: refusals)
                }
                offset = try await serverOffset(uploadURL, pending, attempt)
            case .checksumRefused:
                refusals += 1
                guard refusals < maximumRefusals else { throw UploadError.checksumMismatch(uploadURL) }
            }
        }
    }

    /// Stops the upload on the server (the termination extension); errors are ignored.
    static func terminate(_ uploadURL: URL, _ attempt: UploadAttempt) async {
        _ = try? await attempt.send(HTTPUploadRequest(method: "DELETE", url: uploadURL, headers: tusHeaders()))
    }

    private static func options(_ endpoint: URL, _ attempt: UploadAttempt) async throws -> TusServerCapabilities {
        let head = try await attempt.send(HTTPUploadRequest(method: "OPTIONS", url: endpoint))
        guard (200..<300).contains(head.statusCode) else { throw attempt.statusError(head) }
        return TusServerCapabilities(head)
    }

    /// Creates the upload on the server (after the preflight against its `Tus-Max-Size`) and
    /// records its URL at offset 0 before any byte is sent.
    private static func createAndRecord(
        _ pending: inout UploadCoordinator.PendingUpload, _ capabilities: TusServerCapabilities,
        _ attempt: UploadAttempt
    ) async throws -> URL {
        if let limit = capabilities.maximumSize, pending.byteCount > limit {
            throw UploadError.tooLarge(pending.partID, byteCount: pending.byteCount, limit: limit)
        }
        let uploadURL = try await create(pending, attempt)
        pending.uploadURL = uploadURL
        pending.confirmedOffset = 0
        try await attempt.record(pending)
        return uploadURL
    }

    private static func create(_ pending: UploadCoordinator.PendingUpload, _ attempt: UploadAttempt) async throws -> URL
    {
        var headers = tusHeaders()
        headers["Upload-Length"] = String(pending.byteCount)
        headers["Upload-Metadata"] =
            "filetype \(Data(pending.mimeType.utf8).base64EncodedString()),"
            + "filename \(Data(pending.source.lastPathComponent.utf8).base64EncodedString())"
        let head = try await attempt.send(
            HTTPUploadRequest(method: "POST", url: pending.destination.url, headers: headers))
        switch head.statusCode {
        case 201, 200:
            guard let location = head.headers["Location"],
                let url = URL(string: location, relativeTo: pending.destination.url)?.absoluteURL
            else { throw UploadError.missingLocation(pending.destination.url) }
            return url
        case 413:
            throw UploadError.tooLarge(
                pending.partID, byteCount: pending.byteCount,
                limit: head.headers["Tus-Max-Size"].flatMap { Int64($0) } ?? pending.byteCount - 1)
        case 412:
            throw UploadError.unsupportedProtocolVersion(head.headers["Tus-Version"])
        default:
            throw attempt.statusError(head)
        }
    }

    /// The offset the server holds (`HEAD`), checked against the file's size.
    static func serverOffset(_ uploadURL: URL, _ pending: UploadCoordinator.PendingUpload, _ attempt: UploadAttempt)
        async throws
        -> Int64
    {
        let head = try await attempt.send(HTTPUploadRequest(method: "HEAD", url: uploadURL, headers: tusHeaders()))
        guard (200..<300).contains(head.statusCode) else {
            if head.statusCode == 412 { throw UploadError.unsupportedProtocolVersion(head.headers["Tus-Version"]) }
            throw attempt.statusError(head)
        }
        let offset = try offsetHeader(head, uploadURL)
        guard offset <= pending.byteCount else {
            throw UploadError.offsetOutOfRange(uploadURL, offset: offset, byteCount: pending.byteCount)
        }
        return offset
    }

    private enum PatchOutcome {
        case accepted(Int64)
        case conflict
        case checksumRefused
    }

    private static func patch(
        _ uploadURL: URL, from offset: Int64, _ pending: UploadCoordinator.PendingUpload,
        _ capabilities: TusServerCapabilities?,
        _ nextChecksum: inout ChunkChecksum?, _ attempt: UploadAttempt
    ) async throws -> PatchOutcome {
        let checksum = capabilities.flatMap(UploadChecksum.preferred(by:))
        let limit = chunkLimit(attempt.configuration, checksummed: checksum != nil)
        let length = min(pending.byteCount - offset, limit)
        var headers = tusHeaders()
        headers["Content-Type"] = "application/offset+octet-stream"
        headers["Upload-Offset"] = String(offset)
        if let checksum {
            let prepared = nextChecksum.flatMap { $0.covers(offset, length) ? $0 : nil }
            if prepared == nil { nextChecksum?.cancel() }
            let current = prepared ?? ChunkChecksum(checksum, of: pending.source, offset: offset, length: length)
            headers["Upload-Checksum"] = try await current.header
            let following = offset + length
            nextChecksum =
                following < pending.byteCount
                ? ChunkChecksum(
                    checksum, of: pending.source, offset: following, length: min(pending.byteCount - following, limit))
                : nil
        }
        let body = HTTPUploadRequest.Body.file(pending.source, offset: offset, length: length)
        let head = try await attempt.send(
            HTTPUploadRequest(method: "PATCH", url: uploadURL, headers: headers, body: body)
        ) { sent in attempt.progress(offset + min(sent, length)) }
        switch head.statusCode {
        case 200..<300:
            let next = try offsetHeader(head, uploadURL)
            guard next > offset, next <= offset + length else {
                throw UploadError.offsetOutOfRange(uploadURL, offset: next, byteCount: pending.byteCount)
            }
            return .accepted(next)
        case 409: return .conflict
        case 460: return .checksumRefused
        case 412: throw UploadError.unsupportedProtocolVersion(head.headers["Tus-Version"])
        default: throw attempt.statusError(head)
        }
    }

    /// The most bytes one `PATCH` carries: the configured limit, else the rest of the file, or
    /// ``checksummedChunkByteCount`` when the `PATCH` carries a checksum.
    static func chunkLimit(_ configuration: UploadCoordinator.Configuration, checksummed: Bool) -> Int64 {
        configuration.maximumChunkByteCount ?? (checksummed ? checksummedChunkByteCount : Int64.max)
    }

    private static func offsetHeader(_ head: HTTPResponse.Head, _ uploadURL: URL) throws -> Int64 {
        guard let text = head.headers["Upload-Offset"], let offset = Int64(text.trimmingCharacters(in: .whitespaces)),
            offset >= 0
        else { throw UploadError.missingOffset(uploadURL) }
        return offset
    }

    static func tusHeaders() -> HTTPHeaders { ["Tus-Resumable": version] }
}
