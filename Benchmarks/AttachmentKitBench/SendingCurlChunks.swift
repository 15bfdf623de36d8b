import Foundation

/// curl doing the tus requests AttachmentKit makes by default against a server that offers
/// `sha1`: 2 MiB `PATCH`es (AttachmentKit's chunk for a checksummed `PATCH`), each with its
/// `Upload-Checksum`, one after another on one connection. The baseline that keeps the server's
/// cost per `PATCH` on both sides.
struct SendingCurlChunks {
    static let chunkByteCount = 2 << 20
    /// The chunk files, in order, and their `sha1` headers.
    let chunks: [(file: URL, checksum: String)]
    private let folder: URL

    /// Splits `file` into chunk files in `folder` and computes their checksums (with Python's
    /// `hashlib`, outside any timing: curl computes none).
    init(_ file: URL, in folder: URL) throws {
        let script = """
            import base64, hashlib, os, sys
            source, folder, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
            with open(source, "rb") as f:
                index = 0
                while True:
                    data = f.read(size)
                    if not data:
                        break
                    path = os.path.join(folder, "chunk-%05d" % index)
                    open(path, "wb").write(data)
                    print(path, base64.b64encode(hashlib.sha1(data).digest()).decode())
                    index += 1
            """
        let text = try BenchProcess.output(
            "/usr/bin/env", ["python3", "-c", script, file.path, folder.path, String(Self.chunkByteCount)],
            failure: "could not split the file")
        chunks = text.split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            return (URL(fileURLWithPath: String(fields[0])), String(fields[1]))
        }
        self.folder = folder
    }

    /// The upload to `endpoint`: creation, then every chunk; returns the seconds.
    func upload(to endpoint: URL, byteCount: Int64) throws -> Double {
        let stopwatch = Stopwatch()
        let location = try SendingBench.curlCreate(endpoint, byteCount: byteCount)
        var config = ""
        for (index, chunk) in chunks.enumerated() {
            if index > 0 { config += "next\n" }
            config += """
                url = "\(location.absoluteString)"
                request = "PATCH"
                header = "Tus-Resumable: 1.0.0"
                header = "Upload-Offset: \(index * Self.chunkByteCount)"
                header = "Content-Type: application/offset+octet-stream"
                header = "Upload-Checksum: sha1 \(chunk.checksum)"
                header = "Expect:"
                data-binary = "@\(chunk.file.path)"
                output = "/dev/null"

                """
        }
        let configFile = folder.appendingPathComponent("curl.config")
        try Data(config.utf8).write(to: configFile)
        try runCurl(["-K", configFile.path])
        return stopwatch.seconds
    }
}
