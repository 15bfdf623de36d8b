import Foundation
import Testing

@testable import AttachmentKit

/// The partial download's state file: version 2 keeps the source, version 1 files (from
/// before it) are still read, and anything damaged decodes to nothing.
@Suite(.inTurn)
struct PartialDownloadRecordTests {
    static func hasher() -> XXH64 {
        var hasher = XXH64()
        hasher.update(Data("kept bytes".utf8))
        return hasher
    }

    @Test("a record with its final URL and whole length decodes to the same values")
    func roundTrip() throws {
        let source = PartialDownloadSource(url: URL(string: "https://cdn.example.com/a/42.jpg"), totalByteCount: 9000)
        let record = PartialDownloadRecord(
            validator: .entityTag("\"v1\""), byteCount: 10, hasher: Self.hasher(), source: source)
        let decoded = try #require(PartialDownloadRecord(decoding: record.encoded))
        #expect(decoded.validator == .entityTag("\"v1\""))
        #expect(decoded.byteCount == 10)
        #expect(decoded.source == source)
        #expect(decoded.hasher.finalize() == Self.hasher().finalize())
        let unknown = PartialDownloadRecord(validator: nil, byteCount: 0, hasher: XXH64())
        #expect(PartialDownloadRecord(decoding: unknown.encoded)?.source == PartialDownloadSource())
    }

    @Test("a version 1 record (no URL, no length) is still read")
    func versionOne() throws {
        var bytes = Array("AKPD".utf8) + [1, 1, 0, 0]
        withUnsafeBytes(of: UInt64(10).bigEndian) { bytes.append(contentsOf: $0) }
        bytes += Self.hasher().serialized
        let tag = Array("\"v1\"".utf8)
        withUnsafeBytes(of: UInt32(tag.count).bigEndian) { bytes.append(contentsOf: $0) }
        bytes += tag
        withUnsafeBytes(of: XXH64.hash(bytes).bigEndian) { bytes.append(contentsOf: $0) }
        let decoded = try #require(PartialDownloadRecord(decoding: bytes))
        #expect(decoded.validator == .entityTag("\"v1\""))
        #expect(decoded.byteCount == 10)
        #expect(decoded.source == PartialDownloadSource())
    }

    @Test("every cut and every single-bit change of a record decodes to nothing")
    func damage() {
        let record = PartialDownloadRecord(
            validator: .lastModified("Tue, 01 Dec 2026 10:00:00 GMT"), byteCount: 10, hasher: Self.hasher(),
            source: PartialDownloadSource(url: URL(string: "https://example.com/x"), totalByteCount: 20))
        let bytes = record.encoded
        for count in 0..<bytes.count {
            #expect(PartialDownloadRecord(decoding: Array(bytes.prefix(count))) == nil, "cut to \(count)")
        }
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << bit
                #expect(PartialDownloadRecord(decoding: damaged) == nil, "byte \(index) bit \(bit)")
            }
        }
    }
}
