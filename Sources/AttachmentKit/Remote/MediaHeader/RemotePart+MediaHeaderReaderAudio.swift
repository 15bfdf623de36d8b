import Foundation

extension RemotePart.MediaHeaderReader {
    /// The most bytes ``inspectAudio(_:headers:)`` fetches: 1 MiB.
    public static let maximumAudioByteCount = 1 << 20

    /// Reads the header of the remote audio file at `url` (Ogg Opus or Vorbis, MP3, M4A) with
    /// at most three ranged requests and ``maximumAudioByteCount`` bytes, through the same
    /// transport, redirect rules, validators and timeouts as ``inspect(_:headers:)``; the
    /// header's ``AudioHeader/inspectedByteCount`` is the bytes fetched.
    ///
    /// The first request asks for ``firstByteCount`` bytes, which tell the format. A file of at
    /// most ``maximumAudioByteCount`` bytes is then fetched whole in a second request and read
    /// exactly as ``AudioInspector`` reads it. A larger Ogg file is read at its ends: a second
    /// request fetches its last 64 KiB, whose last page gives the last granule position (its
    /// duration is `nil` when a chained stream begins in the middle); a larger MP3 without a
    /// VBR header is timed from its first frames and its length
    /// (``AudioHeader/isDurationEstimated``). An M4A is read as ``inspect(_:headers:)`` reads
    /// it.
    ///
    /// - Throws: ``RemotePart.MediaHeaderReader.Error``; ``RemotePart.MediaHeaderReader.Error/audioInspection(_:)`` for
    ///   bytes that are no audio file or a damaged one.
    public func inspectAudio(
        _ url: URL, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(RemotePart.MediaHeaderReader.Error) -> AudioHeader {
        var session = Session(reader: self, url: url, headers: headers, limit: Self.maximumAudioByteCount)
        let first = try await session.fetchBytes(from: 0, count: Int64(firstByteCount))
        let type = FileType(sniffing: first.bytes.prefix(FormatSniffer.examinedPrefixLength))
        let format: AudioHeader.Format
        switch type {
        case .isoMedia:
            let header = try await inspect(try session.piece(first, at: 0), &session)
            do { return try AudioHeader(isoMedia: header).reading(session.fetchedByteCount) } catch {
                throw .audioInspection(error)
            }
        case .ogg: format = .ogg
        case .mp3: format = .mp3
        default: throw .audioInspection(.notAudio(type))
        }
        let total = first.total
        var head = first.bytes
        if Int64(head.count) < total, total <= Int64(Self.maximumAudioByteCount) {
            head += try await session.fetchBytes(from: Int64(head.count), count: total - Int64(head.count)).bytes
        }
        let header: AudioHeader
        if Int64(head.count) >= total || format == .mp3 {
            header = try Self.read(format, head, fileSize: total)
        } else {
            let tailCount = min(Int64(OggReader.tailByteCount), total - Int64(head.count))
            let tail = try await session.fetchBytes(from: total - tailCount, count: tailCount).bytes
            header = try Self.readOgg(head: head, tail: tail)
        }
        return header.reading(session.fetchedByteCount)
    }

    /// The header of an Ogg or MP3 file whose first bytes (all of them, for an Ogg file) are
    /// `bytes`, of `fileSize` bytes in all.
    private static func read(
        _ format: AudioHeader.Format, _ bytes: Data, fileSize: Int64
    ) throws(RemotePart.MediaHeaderReader.Error) -> AudioHeader {
        try withReaders([bytes], format) { readers throws(AudioInspector.Error) in
            try AudioInspector.read(format, &readers[0], fileSize: Int(clamping: fileSize))
        }
    }

    /// The header of an Ogg file of which `head` and `tail` are the first and last bytes.
    private static func readOgg(head: Data, tail: Data) throws(RemotePart.MediaHeaderReader.Error) -> AudioHeader {
        try withReaders([head, tail], .ogg) { readers throws(AudioInspector.Error) in
            var collector = OggStreamCollector()
            try OggReader.walk(
                &readers[0], from: 0, upTo: readers[0].count, into: &collector, resynchronized: false,
                stoppingAtCut: true)
            try OggReader.readTail(&readers[1], from: 0, into: &collector)
            return try collector.header(byteCount: 0)
        }
    }

    /// `body` run with an audio reader over each of `buffers`, of `format`, within the default
    /// inspector's budgets.
    private static func withReaders(
        _ buffers: [Data], _ format: AudioHeader.Format,
        _ body: (inout [AudioByteReader]) throws(AudioInspector.Error) -> AudioHeader
    ) throws(RemotePart.MediaHeaderReader.Error) -> AudioHeader {
        let inspector = AudioInspector()
        let joined = buffers.reduce(Data(), +)
        let result = joined.withUnsafeBytes { raw in
            Result { () throws(AudioInspector.Error) -> AudioHeader in
                var start = 0
                var readers: [AudioByteReader] = []
                for buffer in buffers {
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[start..<start + buffer.count])
                    readers.append(
                        AudioByteReader(
                            bytes: bytes, format: format, limit: inspector.maximumByteCount,
                            readLimit: inspector.maximumReadCount))
                    start += buffer.count
                }
                return try body(&readers)
            }
        }
        do { return try result.get() } catch { throw .audioInspection(error) }
    }
}
