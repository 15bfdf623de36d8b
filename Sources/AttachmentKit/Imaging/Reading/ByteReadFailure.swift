import Foundation

/// The errors a ``BoundedByteReader`` and a ``FileChunkLoader`` throw, so that the image
/// inspector and the ISO media inspector share one bounds-checked, budgeted reader and each
/// still throws its own typed error naming its own format.
///
/// ``ImageInspector/Error`` and ``ISOMediaInspector/Error`` conform with enum cases of the same
/// names.
protocol ByteReadFailure: Error {
    /// What the errors name: the format being read.
    associatedtype Subject

    /// A field at `offset` is beyond the last byte.
    static func truncated(_ subject: Subject, offset: Int) -> Self
    /// A length, size or count is larger than the structure that holds it.
    static func oversizedField(_ subject: Subject, field: String, value: UInt64) -> Self
    /// A field holds a value the format forbids.
    static func malformed(_ subject: Subject, reason: String) -> Self
    /// The bytes needed passed the byte budget.
    static func readLimitExceeded(_ subject: Subject?, limit: Int) -> Self
    /// The reads needed passed the read budget.
    static func readCountExceeded(_ subject: Subject, limit: Int) -> Self
    /// The URL names no local file.
    static func notAFileURL(_ url: URL) -> Self
    /// The file could not be opened or read.
    static func unreadable(_ url: URL, reason: String) -> Self
}

extension ImageInspector.Error: ByteReadFailure {}
