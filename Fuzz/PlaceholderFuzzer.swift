// libFuzzer entry point over the placeholder hash decoders and the JPEG scan index, built by
// `FUZZ_HARNESS=placeholders .ci/fuzz` with the library's Placeholders and Imaging sources.
// Not part of the Swift package.
//
// Each input is read as a ThumbHash (bytes and base64 text), as a BlurHash, and as a JPEG
// given to the scan index whole and in chunks; the harness traps (a finding) when a decoded
// image breaks its invariants or the chunked index disagrees with the whole one.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func placeholderFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    if let hash = try? ThumbHash(bytes: bytes) { check(try? hash.image(longestSide: 1 + Int(bytes[0]) % 64)) }
    if let hash = try? ThumbHash(base64: text) { check(try? hash.image()) }
    if let hash = try? BlurHash(text) { check(try? hash.image(width: 1 + count % 40, height: 1 + count % 23)) }

    let data = Data(bytes)
    let whole = JPEGScanIndex(data)
    var chunked = JPEGScanIndex()
    let step = 1 + (bytes.first.map(Int.init) ?? 0) % 97
    var offset = 0
    while offset < data.count {
        chunked.append(data[offset..<min(data.count, offset + step)])
        offset += step
    }
    guard whole.displayablePrefixLengths == chunked.displayablePrefixLengths, whole.failure == chunked.failure else {
        fatalError("whole and chunked scan indexes differ")
    }
    let ends = whole.displayablePrefixLengths
    guard zip(ends, ends.dropFirst()).allSatisfy({ $0 < $1 }), ends.allSatisfy({ $0 > 0 && $0 <= count }) else {
        fatalError("scan ends out of order or outside the input: \(ends)")
    }
    return 0
}

/// Traps unless the image is `width * height * 4` bytes within the size limit.
private func check(_ image: PlaceholderImage?) {
    guard let image else { fatalError("a valid hash failed to decode at a valid size") }
    guard (1...PlaceholderImage.maximumDimension).contains(image.width),
        (1...PlaceholderImage.maximumDimension).contains(image.height),
        image.rgba.count == image.width * image.height * 4
    else { fatalError("placeholder of \(image.width) x \(image.height) with \(image.rgba.count) bytes") }
}
