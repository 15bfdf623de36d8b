// Entry points that main.c calls: the core of AttachmentKit (the image parsers over an in-memory
// ByteReader, the LRU index, SHA-256 and XXH64) built with Embedded Swift, where `Int` is
// 32 bits for i686 as on Apple Watch's arm64_32. A trap anywhere ends the process, and main.c
// names the input it was reading.

/// Inspects `count` bytes at `start` as ImageInspector does for data in memory, and writes the
/// outcome to `out`: [format index + 1 or 0, width, height, orientation raw value, progressive,
/// animated, inspected bytes, personal metadata found] on success. Returns 0 on success, or the error's case number.
@_cdecl("ak_inspect")
public func inspect(_ start: UnsafePointer<UInt8>?, _ count: Int, _ out: UnsafeMutablePointer<Int64>) -> Int32 {
    guard let start, count > 0 else { return 1 }
    let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: count)
    do throws(ImageInspector.Error) {
        let header = try ImageHeaderParsing.header(of: bytes, limit: 1 << 20, readLimit: 1 << 14)
        let formatIndex = ImageFormat.allCases.firstIndex(of: header.format) ?? -1
        let values: [Int64] = [
            Int64(formatIndex + 1), Int64(header.pixelWidth), Int64(header.pixelHeight),
            Int64(header.orientation.rawValue), header.isProgressive ? 1 : 0, header.isAnimated ? 1 : 0,
            Int64(header.inspectedByteCount), Int64(header.personalMetadata.rawValue),
        ]
        for (index, value) in values.enumerated() { out[index] = value }
        // What ImageHeader promises (as the fuzzer checks it): both dimensions positive.
        if header.pixelWidth <= 0 || header.pixelHeight <= 0 { return 100 }
        _ = header.pixelCount
        return 0
    } catch {
        out[0] = 0
        switch error {
        case .empty: return 1
        case .notAnImage: return 2
        case .truncated: return 3
        case .oversizedField: return 4
        case .loop: return 5
        case .malformed: return 6
        case .unsupported: return 7
        case .readLimitExceeded: return 8
        case .readCountExceeded: return 9
        case .notAFileURL, .unreadable: return 10
        }
    }
}

/// Writes the SHA-256 digest (32 bytes) and the XXH64 checksum (8 bytes, big-endian) of
/// `count` bytes at `start` to `out`, each computed in one call and again in uneven pieces
/// (which must agree).
@_cdecl("ak_hash")
public func hash(_ start: UnsafePointer<UInt8>?, _ count: Int, _ out: UnsafeMutablePointer<UInt8>) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: start.map { UnsafeRawPointer($0) }, count: count)
    var sha = SHA256()
    var xxh = XXH64()
    var offset = 0
    var piece = 1
    while offset < count {
        let end = min(count, offset + piece)
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<end])
        sha.update(slice)
        xxh.update(slice)
        offset = end
        piece = piece * 3 + 1
    }
    let digest = sha.finalize()
    let checksum = xxh.finalize()
    guard digest == SHA256.hash(Array(bytes)), checksum == XXH64.hash(bytes) else { return 1 }
    for (index, byte) in digest.bytes.enumerated() { out[index] = byte }
    for index in 0..<8 { out[32 + index] = UInt8(truncatingIfNeeded: checksum >> (56 - 8 * UInt64(index))) }
    return 0
}

/// A key whose index hash is chosen: the LRU check gives most keys a hash of 2³¹ or more,
/// which is negative as a 32-bit `Int`.
struct ChosenHashKey: LRUIndexKey {
    let id: UInt32
    var indexHash: Int { Int(truncatingIfNeeded: id &* 0x9E37_79B1 | 0x8000_0000) }
}

/// Runs LRUIndex through inserts, lookups, updates, removals and evictions with keys whose
/// hashes are at or above 2³¹ (chosen keys, SHA-256 digests and prehashed strings), checked
/// against a plain model. Returns 0, or the number of the first check that failed.
@_cdecl("ak_lru_check")
public func lruCheck() -> Int32 {
    var chosen = LRUIndex<ChosenHashKey, UInt32>()
    var highHashes = 0
    for id in UInt32(0)..<3000 {
        let key = ChosenHashKey(id: id)
        if UInt32(truncatingIfNeeded: key.indexHash) >= 0x8000_0000 { highHashes += 1 }
        chosen.set(id, cost: Int64(id), for: key)
    }
    guard highHashes == 3000, chosen.count == 3000 else { return 1 }
    for id in UInt32(0)..<3000 where chosen.use(ChosenHashKey(id: id)) != id { return 2 }
    for id in stride(from: UInt32(0), to: 3000, by: 3) where chosen.remove(ChosenHashKey(id: id)) != id { return 3 }
    guard chosen.count == 2000 else { return 4 }
    for id in UInt32(0)..<3000 {
        let expected: UInt32? = id % 3 == 0 ? nil : id
        guard chosen.peek(ChosenHashKey(id: id)) == expected else { return 5 }
    }
    // Least recently used first: the survivors in the order they were used.
    var evicted: [UInt32] = []
    while let entry = chosen.removeLeastRecentlyUsed() { evicted.append(entry.value) }
    guard evicted == (UInt32(0)..<3000).filter({ $0 % 3 != 0 }), chosen.count == 0 else { return 6 }

    var digests = LRUIndex<SHA256Digest, Int>()
    var digestHigh = 0
    for index in 0..<2000 {
        let digest = SHA256.hash(Array("key \(index)".utf8))
        if UInt32(truncatingIfNeeded: digest.indexHash) >= 0x8000_0000 { digestHigh += 1 }
        digests.set(index, cost: 1, for: digest)
    }
    guard digestHigh > 500 else { return 7 }
    for index in 0..<2000 where digests.use(SHA256.hash(Array("key \(index)".utf8))) != index { return 8 }

    var names = LRUIndex<PrehashedKey<String>, Int>()
    for index in 0..<2000 { names.set(index, cost: 1, for: PrehashedKey("name \(index)")) }
    for index in 0..<2000 where names.remove(PrehashedKey("name \(index)")) != index { return 9 }
    guard names.count == 0 else { return 10 }
    return 0
}

/// `MemoryLayout<Int>.size`, so that the run can say it really had a 32-bit `Int`.
@_cdecl("ak_int_size")
public func intSize() -> Int32 { Int32(MemoryLayout<Int>.size) }
