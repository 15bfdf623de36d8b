/// Gathers the logical streams of an Ogg file page by page, grouped into links: the streams
/// whose beginning pages come together, played at the same time; a beginning page after other
/// pages starts the next link of a chained file (RFC 3533 §4).
struct OggStreamCollector {
    /// The links, in file order, each with its streams.
    private(set) var links: [[OggLogicalStream]] = []
    /// Whether the current link has had a page other than a beginning page.
    private var linkHasData = false
    /// Whether pages of a stream no beginning page introduced were found after resynchronising:
    /// a chained link the bytes read did not include.
    private(set) var missedLink = false

    /// Takes the next page; `resynchronized` for pages found by searching the end of the file.
    mutating func add(_ page: OggPage, resynchronized: Bool) throws(AudioInspector.Error) {
        if page.isBeginning {
            if resynchronized { return missedLink = true }
            try begin(page)
            return
        }
        linkHasData = true
        guard let link = links.indices.last, let index = links[link].firstIndex(where: { $0.serial == page.serial })
        else {
            if resynchronized { return missedLink = true }
            throw .malformed(.ogg, reason: "the page at byte \(page.offset) belongs to no stream that began")
        }
        try links[link][index].add(page, resynchronized: resynchronized)
    }

    private mutating func begin(_ page: OggPage) throws(AudioInspector.Error) {
        if links.isEmpty || linkHasData {
            links.append([])
            linkHasData = false
        }
        guard !links[links.count - 1].contains(where: { $0.serial == page.serial }) else {
            throw .malformed(.ogg, reason: "stream \(page.serial) begins twice (byte \(page.offset))")
        }
        guard !page.isContinuation, let first = page.packets.first, first.isComplete else {
            throw .malformed(.ogg, reason: "the beginning page at byte \(page.offset) has no whole first packet")
        }
        let codec = try OggCodec(identifying: page.bytes[first.start..<first.start + first.length])
        if codec.isTimedAudio, page.packets.count > 1 {
            throw .malformed(.ogg, reason: "the beginning page at byte \(page.offset) has more than one packet")
        }
        links[links.count - 1].append(OggLogicalStream(serial: page.serial, codec: codec))
    }

    /// The header the streams describe, `byteCount` bytes read; with `durationKnown` false
    /// (the middle of a large file was not read and a link may have been missed) no duration.
    func header(byteCount: Int) throws(AudioInspector.Error) -> AudioHeader {
        let audioLinks = links.map { $0.filter(\.codec.isTimedAudio) }.filter { !$0.isEmpty }
        guard let first = audioLinks.first?.first else {
            guard let stream = links.first?.first else { throw .malformed(.ogg, reason: "there is no Ogg page") }
            guard case .other(let name) = stream.codec else { throw .malformed(.ogg, reason: "no audio stream") }
            throw .unsupportedCodec(name)
        }
        var channels = 0
        var rate = 0
        var inputRate: Int?
        var codec = ""
        switch first.codec {
        case .opus(let channelCount, _, let input):
            (channels, rate, inputRate, codec) = (channelCount, 48_000, input > 0 ? input : nil, "Opus")
        case .vorbis(let channelCount, let sampleRate): (channels, rate, codec) = (channelCount, sampleRate, "Vorbis")
        case .other(let name): codec = name
        }
        return AudioHeader(
            format: .ogg, codec: codec, duration: missedLink ? nil : Self.duration(of: audioLinks),
            channelCount: channels, sampleRate: rate, inputSampleRate: inputRate, streamCount: audioLinks.count,
            encoder: first.encoder, inspectedByteCount: byteCount)
    }

    /// The sum over links of each link's longest stream: exact in the links' rate when they
    /// share one, in microseconds otherwise; `nil` when a link has no granule position.
    private static func duration(of links: [[OggLogicalStream]]) -> MediaDuration? {
        var parts: [(count: Int64, rate: Int)] = []
        for link in links {
            let timed = link.compactMap(\.samples)
            let seconds = { (samples: (count: Int64, rate: Int)) in Double(samples.count) / Double(samples.rate) }
            guard let longest = timed.max(by: { seconds($0) < seconds($1) }) else {
                return nil
            }
            parts.append(longest)
        }
        guard let rate = parts.first?.rate else { return nil }
        if parts.allSatisfy({ $0.rate == rate }) {
            return MediaDuration(value: saturatingSum(parts.map { UInt64($0.count) }), timescale: UInt32(rate))
        }
        let microseconds = parts.map { part in
            let (high, low) = UInt64(part.count).multipliedFullWidth(by: 1_000_000)
            let divisor = UInt64(part.rate)
            return high < divisor ? divisor.dividingFullWidth((high, low)).quotient : UInt64.max
        }
        return MediaDuration(value: saturatingSum(microseconds), timescale: 1_000_000)
    }

    /// The sum of `values`, `UInt64.max` when it overflows (hostile granule positions).
    private static func saturatingSum(_ values: [UInt64]) -> UInt64 {
        values.reduce(UInt64(0)) { sum, value in
            let (result, overflow) = sum.addingReportingOverflow(value)
            return overflow ? .max : result
        }
    }
}
