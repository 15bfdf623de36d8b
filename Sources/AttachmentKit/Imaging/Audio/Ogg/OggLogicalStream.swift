/// What the pages of one Ogg logical stream have said so far.
struct OggLogicalStream {
    let serial: UInt32
    let codec: OggCodec
    /// Packets that ended so far, headers included.
    var packetCount = 1
    /// The last granule position of a page that ended a packet.
    var lastGranule: Int64?
    /// The granule position of the first audio sample (RFC 7845 §4.5): the first audio page's
    /// granule minus the samples its packets hold; `nil` until that page is read.
    var startGranule: Int64?
    /// The encoder, from the comment header.
    var encoder: String?

    init(serial: UInt32, codec: OggCodec) {
        self.serial = serial
        self.codec = codec
    }

    /// The stream's playable samples and their rate: (last granule − pre-skip − start) at
    /// 48 kHz for Opus, the last granule at the stream's rate for Vorbis; `nil` when no page
    /// gave a granule position or the codec is not timed.
    var samples: (count: Int64, rate: Int)? {
        guard let lastGranule else { return nil }
        switch codec {
        case .opus(_, let preSkip, _):
            let (skipped, overflow) = Int64(preSkip).addingReportingOverflow(startGranule ?? 0)
            return (overflow ? 0 : max(0, lastGranule - skipped), 48_000)
        case .vorbis(_, let rate): return (lastGranule, rate)
        case .other: return nil
        }
    }

    /// Takes a page of this stream, other than its beginning page. With `resynchronized`, the
    /// page was found by searching the end of the file: its packets are not counted, only its
    /// granule position.
    mutating func add(_ page: OggPage, resynchronized: Bool) throws(AudioInspector.Error) {
        var audioSamples: Int? = resynchronized ? nil : 0
        if !resynchronized {
            for (index, packet) in page.packets.enumerated() where packet.isComplete {
                let bytes = page.bytes[packet.start..<packet.start + packet.length]
                let continued = index == 0 && page.isContinuation
                packetCount += 1
                if packetCount == 2, !continued { encoder = OggCodec.vendor(ofCommentPacket: bytes) }
                guard packetCount > codec.headerPacketCount, case .opus = codec, let counted = audioSamples else {
                    continue
                }
                audioSamples = continued ? nil : OggCodec.opusSampleCount(ofPacket: bytes).map { counted + $0 }
            }
        }
        // Header pages carry granule 0; only a page that ends an audio packet times the stream.
        guard page.granule != OggPage.noGranule, resynchronized || packetCount > codec.headerPacketCount else { return }
        guard page.granule >= 0 else {
            throw .malformed(.ogg, reason: "the page at byte \(page.offset) has granule position \(page.granule)")
        }
        if let lastGranule, page.granule < lastGranule {
            throw .malformed(
                .ogg,
                reason:
                    "the granule position goes backwards at byte \(page.offset) (\(page.granule) after \(lastGranule))"
            )
        }
        lastGranule = page.granule
        if startGranule == nil, packetCount > codec.headerPacketCount, !resynchronized {
            startGranule = audioSamples.map { max(0, page.granule - Int64($0)) } ?? 0
        }
    }
}
