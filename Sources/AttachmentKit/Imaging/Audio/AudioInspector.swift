import Foundation

/// Reads an audio file's header (Ogg Opus, Ogg Vorbis, MP3, M4A): its format, codec, exact
/// duration, channels and sample rate, without decoding a sample.
///
/// ```swift
/// let header = try AudioInspector().inspect(fileAt: voiceNoteURL)
/// durationLabel.text = header.duration.map { "\($0.seconds) s" }
/// ```
///
/// The format is sniffed from the bytes, never taken from a declared type: an `audio/ogg` part
/// that holds an M4A is read as an M4A. Ogg pages are checked against their CRC-32 and timed by
/// their granule positions (RFC 7845 for Opus: pre-skip and start offset subtracted, chained
/// streams summed, pages with granule −1 skipped); an MP3 by its Xing, Info or VBRI header, or
/// by counting its frames (ID3v2 tags skipped); an M4A through ``ISOMediaInspector``. Like the
/// other inspectors it has a byte and a read budget, reads a file in pieces, and reports bad
/// input with an ``Error``, never a crash or a loop.
public struct AudioInspector: Sendable, Equatable {
    /// The default for ``maximumByteCount``: 4 MiB, so that a voice message of several minutes
    /// is walked whole.
    public static let defaultMaximumByteCount = 4 << 20

    /// The default for ``maximumReadCount``: 65,536.
    public static let defaultMaximumReadCount = 1 << 16

    /// The most bytes an inspection may examine (and read from a file). An Ogg file larger than
    /// half of it is read at its start and end only; an MP3 without a VBR header whose frames
    /// could not all be counted within it gets an estimated duration.
    public var maximumByteCount: Int

    /// The most reads an inspection may make: each Ogg page costs three, each MP3 frame one.
    public var maximumReadCount: Int

    /// Creates an inspector that reads at most `maximumByteCount` bytes, in at most
    /// `maximumReadCount` reads, per file.
    public init(
        maximumByteCount: Int = AudioInspector.defaultMaximumByteCount,
        maximumReadCount: Int = AudioInspector.defaultMaximumReadCount
    ) {
        self.maximumByteCount = maximumByteCount
        self.maximumReadCount = maximumReadCount
    }

    /// Reads the header of an audio file held in memory.
    ///
    /// - Throws: ``Error``: ``Error/empty`` for no bytes,
    ///   ``Error/notAudio(_:)`` for content of another type, or the error of a
    ///   damaged or hostile file.
    public func inspect(_ data: Data) throws(Error) -> AudioHeader {
        guard !data.isEmpty else { throw .empty }
        let type = FileType(sniffing: data.prefix(FormatSniffer.examinedPrefixLength))
        if case .isoMedia = type {
            return try isoMedia { (inspector) throws(ISOMediaInspector.Error) in try inspector.inspect(data) }
        }
        let (limit, readLimit) = (maximumByteCount, maximumReadCount)
        return try data.withUnsafeBytes { bytes in
            Result { () throws(Error) -> AudioHeader in
                let format = try Self.format(of: type)
                var reader = AudioByteReader(bytes: bytes, format: format, limit: limit, readLimit: readLimit)
                return try Self.read(format, &reader, fileSize: bytes.count)
            }
        }.get()
    }

    /// Reads the header of the audio file at `url`, in pieces (at most ``maximumByteCount``
    /// bytes).
    ///
    /// - Throws: ``Error``: as ``inspect(_:)-(Data)``, plus
    ///   ``Error/notAFileURL(_:)`` and ``Error/unreadable(_:reason:)``.
    public func inspect(fileAt url: URL) throws(Error) -> AudioHeader {
        let file = try FileChunkLoader(url: url, limit: maximumByteCount, failure: Error.self)
        guard file.count > 0 else { throw .empty }
        let first = try file.load(
            at: 0, minimumCount: min(file.count, FormatSniffer.examinedPrefixLength), subject: nil,
            failure: Error.self)
        let type = FileType(
            sniffing: UnsafeRawBufferPointer(rebasing: first.prefix(FormatSniffer.examinedPrefixLength)))
        if case .isoMedia = type {
            return try isoMedia { (inspector) throws(ISOMediaInspector.Error) in try inspector.inspect(fileAt: url) }
        }
        var reader = AudioByteReader(file: file, format: try Self.format(of: type), readLimit: maximumReadCount)
        return try Self.read(reader.format, &reader, fileSize: file.count)
    }

    /// Reads the header of a part's content: inline data, or a file read as
    /// ``inspect(fileAt:)`` does.
    ///
    /// - Throws: ``Error``, as ``inspect(_:)-(Data)`` and ``inspect(fileAt:)``.
    public func inspect(_ content: PartContent) throws(Error) -> AudioHeader {
        switch content {
        case .data(let data): try inspect(data)
        case .file(let url): try inspect(fileAt: url)
        }
    }

    /// The header of an Ogg or MP3 file the reader holds.
    static func read(
        _ format: AudioHeader.Format, _ reader: inout AudioByteReader, fileSize: Int
    ) throws(Error) -> AudioHeader {
        switch format {
        case .ogg: try OggReader.read(&reader)
        case .mp3: try MP3Reader.read(&reader, fileSize: fileSize)
        case .m4a: throw .notAudio(.isoMedia(.m4a))
        }
    }

    /// The format read with ``AudioByteReader`` for a sniffed type: Ogg or MP3.
    static func format(of type: FileType) throws(Error) -> AudioHeader.Format {
        switch type {
        case .ogg: .ogg
        case .mp3: .mp3
        default: throw .notAudio(type)
        }
    }

    /// The header of an ISO media file read by `read` with this inspector's budgets.
    private func isoMedia(
        _ read: (ISOMediaInspector) throws(ISOMediaInspector.Error) -> ISOMediaHeader
    ) throws(Error) -> AudioHeader {
        let inspector = ISOMediaInspector(maximumByteCount: maximumByteCount, maximumReadCount: maximumReadCount)
        do {
            return try AudioHeader(isoMedia: try read(inspector))
        } catch let error as Error {
            throw error
        } catch let error as ISOMediaInspector.Error {
            throw .isoMedia(error)
        } catch {
            throw .isoMedia(.malformed(.m4a, reason: "\(error)"))
        }
    }
}
