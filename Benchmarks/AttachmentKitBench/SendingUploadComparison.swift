import AttachmentKit
import Foundation

/// 256 MiB uploaded from a file by AttachmentKit and by curl, in turn, the order rotating each
/// round so that both see the same machine load: with tus to the PyPI `resumable-upload`
/// server, and with a plain `PUT` to nginx's WebDAV module (a server written in C, which shows
/// how much of the tus time is the Python server's), and URLSession's own upload from a file
/// to the same nginx (the client AttachmentKit runs on, without AttachmentKit), and the same
/// requests (tus, and the `PUT`) streamed by bare URLSession. Measured once per run and shared
/// by the figures.
actor SendingUploadComparison {
    /// The seconds of each upload, seven of each.
    struct Times: Sendable {
        var oursTus: [Double] = []
        var curlTus: [Double] = []
        var oursPut: [Double] = []
        var curlPut: [Double] = []
        var bareURLSessionPut: [Double] = []
        var oursTusWithoutChecksums: [Double] = []
        var curlTusChunks: [Double] = []
        var bareStreamedTus: [Double] = []
        var bareStreamedTusChunks: [Double] = []
        var bareStreamedPut: [Double] = []
    }

    static let shared = SendingUploadComparison()
    static let megabytes = 256
    private var measurement: Task<Times, any Error>?

    /// The times, measured by the first caller.
    func times() async throws -> Times {
        if let measurement { return try await measurement.value }
        let measurement = Task { try await Self.measure() }
        self.measurement = measurement
        return try await measurement.value
    }

    /// MB/s of the file uploaded in the median of `seconds`.
    static func throughput(_ seconds: [Double]) -> Double { Double(megabytes) * 1.048576 / Measure.median(seconds) }

    private static func measure() async throws -> Times {
        let tus = try BenchTusServer()
        defer { tus.stop() }
        let nginx = try BenchNginx(extra: "location /put/ { dav_methods PUT; client_max_body_size 0; }")
        defer { nginx.stop() }
        let (folder, file) = try SendingBench.sparseFile(megabytes: megabytes)
        defer { try? FileManager.default.removeItem(at: folder) }
        let byteCount = Int64(megabytes) << 20
        try FileManager.default.createDirectory(
            at: nginx.root.appendingPathComponent("put"), withIntermediateDirectories: true)
        let putURL = nginx.url("put/upload.bin")
        let chunkFolder = folder.appendingPathComponent("chunks", isDirectory: true)
        try FileManager.default.createDirectory(at: chunkFolder, withIntermediateDirectories: true)
        let curlChunks = try SendingCurlChunks(file, in: chunkFolder)
        var times = Times()
        for round in 0..<7 {
            for kind in (0..<10).map({ ($0 + round) % 10 }) {
                switch kind {
                case 0: times.oursTus.append(try await SendingBench.upload(file, to: .tus(tus.endpoint)))
                case 1: times.curlTus.append(try SendingBench.curlTus(file, to: tus.endpoint, byteCount: byteCount))
                case 2: times.oursPut.append(try await SendingBench.upload(file, to: .put(putURL)))
                case 3: times.bareURLSessionPut.append(try await SendingBareUpload.put(file, to: putURL))
                case 4:
                    times.oursTusWithoutChecksums.append(
                        try await SendingBench.upload(file, to: .tus(tus.endpoint), checksums: false))
                case 5: times.curlTusChunks.append(try curlChunks.upload(to: tus.endpoint, byteCount: byteCount))
                case 6:
                    times.bareStreamedTus.append(
                        try await SendingBareStreamedUpload.whole(file, to: tus.endpoint, byteCount: byteCount))
                case 7:
                    times.bareStreamedTusChunks.append(
                        try await SendingBareStreamedUpload.chunked(curlChunks, to: tus.endpoint, byteCount: byteCount))
                case 8:
                    times.bareStreamedPut.append(
                        try await SendingBareStreamedUpload.put(file, to: putURL, byteCount: byteCount))
                default: times.curlPut.append(try SendingBench.curlPut(file, to: putURL))
                }
                tus.removeUploads()
                try? FileManager.default.removeItem(at: nginx.root.appendingPathComponent("put/upload.bin"))
            }
        }
        print(
            "upload-256mib\tours-tus \(times.oursTus)\tcurl-tus \(times.curlTus)\tours-put-nginx \(times.oursPut)"
                + "\tcurl-put-nginx \(times.curlPut)\tbare-urlsession-put-nginx \(times.bareURLSessionPut)"
                + "\tours-tus-without-checksums \(times.oursTusWithoutChecksums)\tcurl-tus-2mib-sha1 \(times.curlTusChunks)"
                + "\tbare-urlsession-streamed-tus \(times.bareStreamedTus)"
                + "\tbare-urlsession-streamed-tus-2mib-sha1 \(times.bareStreamedTusChunks)"
                + "\tbare-urlsession-streamed-put-nginx \(times.bareStreamedPut)"
        )
        return times
    }
}
