import AttachmentKit
import Foundation

/// The package's SHA-256 (the partial downloads' resume check, the encrypted attachments' hash,
/// tus checksums where the server offers `sha256`) and SHA-1 (tus's required checksum) over
/// 64 MiB in memory, against `openssl dgst` on the same bytes in a file (in the page cache) with
/// the SHA extensions masked (`OPENSSL_ia32cap`): OpenSSL's assembly for the CPUs that lack them,
/// which is what AttachmentKit's portable Swift can be held to. Alternating, five of each.
/// Target: at least half its throughput.
let hashingFigures: [Figure] = [
    Figure(name: "hashing-sha256-64MiB-vs-openssl") {
        try hashingAgainstOpenSSL(algorithm: "sha256", PackageDigests.sha256)
    },
    Figure(name: "hashing-sha1-64MiB-vs-openssl") {
        try hashingAgainstOpenSSL(algorithm: "sha1", PackageDigests.sha1)
    },
]

private func hashingAgainstOpenSSL(
    algorithm: String, _ digest: (UnsafeRawBufferPointer) -> [UInt8]
) throws -> FigureResult {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
        throw FigureSkipped(reason: "openssl is not installed")
    }
    let size = 64 << 20
    var random = SystemRandomNumberGenerator()
    let words = (0..<size / 8).map { _ in random.next() }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("attachmentkit-bench-hash-\(UUID())")
    try words.withUnsafeBytes { try Data($0).write(to: file) }
    defer { try? FileManager.default.removeItem(at: file) }
    var oursSeconds: [Double] = []
    var opensslSeconds: [Double] = []
    var ourHex = ""
    for _ in 0..<5 {
        oursSeconds.append(
            Measure.medianSeconds(runs: 1) {
                ourHex = words.withUnsafeBytes { digest($0) }.map { String(format: "%02x", $0) }.joined()
            })
        var theirHex = ""
        opensslSeconds.append(
            try Measure.medianSeconds(runs: 1) { theirHex = try opensslDigest(algorithm, of: file) })
        // A fast wrong digest is no figure.
        guard theirHex == ourHex else { throw FigureSkipped(reason: "\(algorithm) differs from openssl's") }
    }
    let megabytes = Double(size) / 1e6
    return FigureResult(
        value: megabytes / Measure.median(oursSeconds), unit: "MB/s",
        baseline: megabytes / Measure.median(opensslSeconds), target: .ratioAtLeast(0.5))
}

/// `openssl dgst -<algorithm> -r FILE` with the SHA extensions masked; the digest's hex.
private func opensslDigest(_ algorithm: String, of file: URL) throws -> String {
    let text = try BenchProcess.output(
        "/usr/bin/openssl", ["dgst", "-\(algorithm)", "-r", file.path],
        environment: ["OPENSSL_ia32cap": ":~0x20000000"], failure: "openssl failed")
    return String(text.prefix { $0 != " " })
}
