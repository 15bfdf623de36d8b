import AttachmentKit
import Foundation

/// The uploads the sending figures time or watch: AttachmentKit's coordinator, and curl doing
/// the same requests.
enum SendingBench {
    /// A sparse file of `megabytes` MiB (reads as zeros, written in no time) in a new folder;
    /// the caller removes the folder.
    static func sparseFile(megabytes: Int) throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-bench-send-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(megabytes)m.bin")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(megabytes) << 20)
        try handle.close()
        return (folder, file)
    }

    /// The part the figures upload.
    static func part(_ file: URL) -> LocalPart {
        LocalPart(
            id: "bench/original", mimeType: .applicationOctetStream, content: .file(file),
            transferStatus: .awaitingUpload)
    }

    /// The coordinator the figures upload with: the defaults (with the tus server's `sha1`
    /// checksums, 2 MiB `PATCH`es), a journal when given.
    static func coordinator(journal: URL? = nil) throws -> UploadCoordinator {
        UploadCoordinator(
            journal: try journal.map { try UploadCoordinator.Journal(directory: $0) },
            configuration: UploadCoordinator.Configuration(idleTimeout: 30))
    }

    /// Uploads `file` to `destination` with a fresh coordinator (without checksums when
    /// `checksums` is `false`: tus then sends the file in one `PATCH`); returns the seconds.
    static func upload(_ file: URL, to destination: UploadCoordinator.Destination, checksums: Bool = true) async throws
        -> Double
    {
        let coordinator = UploadCoordinator(
            configuration: UploadCoordinator.Configuration(usesChecksums: checksums, idleTimeout: 30))
        let stopwatch = Stopwatch()
        _ = try await coordinator.upload(part(file), to: destination)
        return stopwatch.seconds
    }

    /// curl doing a tus upload of `file`: `POST` for the creation, one `PATCH -T` of the file;
    /// returns the seconds.
    static func curlTus(_ file: URL, to endpoint: URL, byteCount: Int64) throws -> Double {
        let stopwatch = Stopwatch()
        let location = try curlCreate(endpoint, byteCount: byteCount)
        try runCurl([
            "-o", "/dev/null", "-X", "PATCH", "-H", "Tus-Resumable: 1.0.0", "-H", "Upload-Offset: 0",
            "-H", "Content-Type: application/offset+octet-stream", "-T", file.path, location.absoluteString,
        ])
        return stopwatch.seconds
    }

    /// curl creating a tus upload of `byteCount` bytes at `endpoint`; the upload's URL.
    static func curlCreate(_ endpoint: URL, byteCount: Int64) throws -> URL {
        let created = try curlOutput([
            "-s", "-f", "-o", "/dev/null", "-D", "-", "-X", "POST", "-H", "Tus-Resumable: 1.0.0",
            "-H", "Upload-Length: \(byteCount)", endpoint.absoluteString,
        ])
        guard
            let line = created.components(separatedBy: "\r\n").first(where: { $0.lowercased().hasPrefix("location:") }),
            let location = URL(
                string: String(line.dropFirst("location:".count)).trimmingCharacters(in: .whitespaces),
                relativeTo: endpoint)
        else { throw FigureSkipped(reason: "the tus server gave curl no Location") }
        return location.absoluteURL
    }

    /// `curl -T` of `file` to `url` (a `PUT`); returns the seconds.
    static func curlPut(_ file: URL, to url: URL) throws -> Double {
        let stopwatch = Stopwatch()
        try runCurl(["-o", "/dev/null", "-T", file.path, url.absoluteString])
        return stopwatch.seconds
    }

    /// Runs curl with `arguments`; its standard output.
    private static func curlOutput(_ arguments: [String]) throws -> String {
        try BenchProcess.output("/usr/bin/curl", arguments, failure: "curl failed")
    }
}
