// The few Foundation names that the core's files mention, and the inspector their errors nest in,
// for `.ci/embedded32`, which builds those files (their `import Foundation` removed) with
// Embedded Swift, where there is no Foundation.
// None of these is reached by the parsers' arithmetic: they carry error payloads (URL), a
// computed size (CGSize), or the byte containers of convenience overloads (Data).

/// A URL, as ImageInspector.Error's file cases carry one (never made by the harness).
public struct URL: Hashable, Sendable {
    public var absoluteString: String
    public var path: String
}

/// The computed sizes of ImageHeader.
public struct CGSize {
    public init(width: Int, height: Int) {}
}

/// Seconds, as ImageHeader.Animation's delays are.
public typealias TimeInterval = Double

/// Bytes with contiguous storage, as XXH64's generic overloads take them.
protocol ContiguousBytes {
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R
}

extension Array: ContiguousBytes where Element == UInt8 {
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeBufferPointer { body(UnsafeRawBufferPointer($0)) }
    }
}

/// Bytes in memory, as the `Data` overloads of FormatSniffer and SHA256 take them.
struct Data: ContiguousBytes {
    var bytes: [UInt8]

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes(body)
    }
}

extension String {
    /// Foundation's substring search, which NonImageClassifier uses.
    func contains(_ other: String) -> Bool {
        let text = Array(utf8)
        let pattern = Array(other.utf8)
        guard pattern.count <= text.count else { return false }
        if pattern.isEmpty { return true }
        for start in 0...(text.count - pattern.count) where text[start..<start + pattern.count].elementsEqual(pattern) {
            return true
        }
        return false
    }
}

/// A stand-in for the file loader, which reads with `pread` through Foundation: the harness
/// inspects bytes in memory only, so ByteReader's file path is not built for 32 bits.
final class FileChunkLoader {
    var currentChunk: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: nil, count: 0) }
    var count: Int { 0 }
    var limit: Int { 0 }
    var loadedByteCount: Int { 0 }

    func load(at offset: Int, minimumCount: Int, format: ImageFormat?) throws(ImageInspector.Error)
        -> UnsafeRawBufferPointer
    {
        throw .truncated(format ?? .jpeg, offset: offset)
    }

    func load<Failure: ByteReadFailure>(
        at offset: Int, minimumCount: Int, subject: Failure.Subject?, failure: Failure.Type
    ) throws(Failure) -> UnsafeRawBufferPointer {
        throw .readLimitExceeded(subject, limit: 0)
    }
}

/// The inspector, whose errors the parsers throw (`ImageInspector.Error`): its file path reads
/// with Foundation and is not built here, so this stands in for the name the errors nest in.
public struct ImageInspector {}
