import AttachmentKit
import Foundation

/// The crash test's content: "AKCT", then the key index, version and payload length (each a
/// little-endian UInt64), then a payload whose byte `i` is
/// `UInt8(truncatingIfNeeded: i &* 2_654_435_761 ^ version ^ key)`, so that a reader can tell
/// which version it holds and whether it is whole. `FileContentStoreCrashTests` checks content
/// by the same rule.
enum CrashContent {
    static let keyCount = 8

    static func key(_ index: Int) -> ContentKey {
        ContentKey(partID: PartID("crash-\(index)"))
    }

    static func bytes(key: Int, version: Int64, size: Int) -> Data {
        var bytes = Array("AKCT".utf8)
        for value in [UInt64(key), UInt64(bitPattern: version), UInt64(size)] {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        let header = bytes.count
        bytes += [UInt8](repeating: 0, count: size)
        let mix = UInt64(bitPattern: version) ^ UInt64(key)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<size {
                buffer[header + index] = UInt8(truncatingIfNeeded: UInt64(index) &* 2_654_435_761 ^ mix)
            }
        }
        return Data(bytes)
    }
}

/// A seeded linear congruential generator: the child's choices follow from its seed.
struct CrashRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11
    }
}
