import AttachmentKit
import Foundation

/// Encrypted attachments: decrypting 256 MiB file to file (hash, decrypt, rename, the whole of
/// `EncryptedAttachment.decrypt`) against `openssl enc -d -aes-256-ctr` on the same file with
/// AES-NI masked (`OPENSSL_ia32cap`), in alternation. Target: at least 0.15 of its throughput.
/// And the whole encrypted download from nginx (the ciphertext hashed and decrypted as it
/// arrives, into the store once the hash matched) against the same download of the plaintext
/// unencrypted, in alternation, on loopback and with nginx limited to a network's speed.
/// Target: at most 1.5 times its time.
let encryptionFigures: [Figure] = [
    Figure(name: "encryption-decrypt-256MiB") {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
            throw FigureSkipped(reason: "openssl is not installed")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-bench-encryption-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let size = 256 << 20
        let plain = directory.appendingPathComponent("plain")
        var random = SystemRandomNumberGenerator()
        var bytes = [UInt64](repeating: 0, count: size / 8)
        for index in bytes.indices { bytes[index] = random.next() }
        try bytes.withUnsafeBytes { try Data($0).write(to: plain) }
        bytes = []
        let cipher = directory.appendingPathComponent("cipher")
        let file = try EncryptedAttachment.encrypt(fileAt: plain, to: cipher)
        let (keyHex, ivHex) = try opensslParameters(file)
        let ours = directory.appendingPathComponent("ours")
        let theirs = directory.appendingPathComponent("theirs")
        var oursSeconds: [Double] = []
        var opensslSeconds: [Double] = []
        for _ in 0..<3 {
            oursSeconds.append(
                try Measure.medianSeconds(runs: 1) {
                    try EncryptedAttachment.decrypt(fileAt: cipher, to: ours, using: file)
                })
            opensslSeconds.append(
                try Measure.medianSeconds(runs: 1) {
                    try runOpenSSL([
                        "enc", "-d", "-aes-256-ctr", "-K", keyHex, "-iv", ivHex, "-in", cipher.path, "-out",
                        theirs.path,
                    ])
                })
        }
        let megabytes = Double(size) / 1e6
        return FigureResult(
            value: megabytes / Measure.median(oursSeconds), unit: "MB/s",
            baseline: megabytes / Measure.median(opensslSeconds), target: .ratioAtLeast(0.15))
    },
    Figure(name: "encryption-download-256MiB-vs-plain") {
        try await encryptedDownloadAgainstPlain(rate: nil, rounds: 5)
    },
    Figure(name: "encryption-download-256MiB-vs-plain-network-bound") {
        try await encryptedDownloadAgainstPlain(rate: networkBoundEncryptionRate, rounds: 3)
    },
]

/// nginx's `limit_rate` for the network-bound encrypted download: 40 MiB/s, a fast real
/// network's speed, below the portable AES's (about 80 MB/s here).
private let networkBoundEncryptionRate = "40m"

/// The whole download of a 256 MiB `EncryptedPart` from nginx (sending at most `rate` a second
/// when given) through a coordinator, against the same download of the plaintext as a
/// `RemotePart`, `rounds` of each in alternation: the medians, in ms.
private func encryptedDownloadAgainstPlain(rate: String?, rounds: Int) async throws -> FigureResult {
    let server = try BenchNginx(extra: rate.map { "limit_rate \($0);" } ?? "")
    defer { server.stop() }
    try server.serve(megabytes: 256, as: "plain.bin")
    let file = try EncryptedAttachment.encrypt(
        fileAt: server.root.appendingPathComponent("plain.bin"),
        to: server.root.appendingPathComponent("cipher.bin"))
    let downloader = RemoteBench.downloader()
    var encrypted: [Double] = []
    var plain: [Double] = []
    for round in 0..<rounds {
        for isEncrypted in round.isMultiple(of: 2) ? [true, false] : [false, true] {
            // A new id each time: every download starts from nothing.
            let part: any MessagePart =
                isEncrypted
                ? EncryptedPart(
                    ciphertext: RemotePart(
                        id: PartID("cipher-\(round)"), url: server.url("cipher.bin"),
                        mimeType: .applicationOctetStream, downloader: downloader),
                    encryptedFile: file, mimeType: .applicationOctetStream)
                : RemotePart(
                    id: PartID("plain-\(round)"), url: server.url("plain.bin"), mimeType: .applicationOctetStream,
                    downloader: downloader)
            let seconds = try await RemoteBench.download(part)
            if isEncrypted { encrypted.append(seconds) } else { plain.append(seconds) }
        }
    }
    print("encryption-download-256MiB\(rate.map { " at \($0)/s" } ?? "")\tencrypted \(encrypted)\tplain \(plain)")
    return FigureResult(
        value: Measure.median(encrypted) * 1000, unit: "ms", baseline: Measure.median(plain) * 1000,
        target: .ratioAtMost(1.5))
}

/// The key and IV of `file` in hexadecimal, read back from its JSON (the key is not public API).
private func opensslParameters(_ file: EncryptedFile) throws -> (key: String, iv: String) {
    struct Malformed: Error {}
    guard let object = try JSONSerialization.jsonObject(with: file.jsonData()) as? [String: Any],
        let key = (object["key"] as? [String: Any])?["k"] as? String, let iv = object["iv"] as? String
    else { throw Malformed() }
    func hex(_ base64: String) throws -> String {
        var text = base64.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        guard let data = Data(base64Encoded: text) else { throw Malformed() }
        return data.map { String(format: "%02x", $0) }.joined()
    }
    return (try hex(key), try hex(iv))
}

/// Runs `openssl` with `arguments` and AES-NI masked, and waits for it; throws when it fails.
private func runOpenSSL(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["OPENSSL_ia32cap": "~0x200000200000000"]) { $1 }
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw FigureSkipped(reason: "openssl failed: \(process.terminationStatus)")
    }
}
