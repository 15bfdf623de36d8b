import Foundation

/// Where a progressive JPEG becomes displayable, found from its markers as its bytes arrive,
/// without decoding a pixel or reading a byte twice.
///
/// Feed it the file's bytes in order with ``append(_:)``, in chunks of any size. It walks the
/// segments by their lengths (so the markers inside an APPn segment, an Exif thumbnail's
/// among them, are never taken for the image's), reads the first frame header (every SOFn
/// type), and scans each scan's entropy-coded data for its end, stepping over stuffed bytes
/// (`FF 00`) and restart markers (`FF D0`–`FF D7`).
///
/// Each entry of ``displayablePrefixLengths`` ends one complete scan: that many bytes of the
/// file plus an EOI marker (`FF D9`) decode, as far as those scans go (the last entry is
/// the whole file but its EOI). A baseline or other sequential frame reports no prefixes: the
/// index stops at its frame header, and the rest of the bytes cost nothing.
package struct JPEGScanIndex: Sendable {
    /// The bytes given so far.
    package private(set) var byteCount = 0
    /// Whether the frame is progressive (SOF2, SOF6, SOF10, SOF14); `nil` until its header arrives.
    package private(set) var isProgressive: Bool?
    /// The frame header's marker code (`0xC0`–`0xCF`); `nil` until it arrives.
    package private(set) var frameMarker: Int?
    /// The frame's width in pixels; `nil` until its header arrives.
    package private(set) var pixelWidth: Int?
    /// The frame's height in pixels; `nil` until its header arrives.
    package private(set) var pixelHeight: Int?
    /// The length of each prefix that ends after a complete scan, in increasing order.
    package private(set) var displayablePrefixLengths: [Int] = []
    /// Why the index stopped early, if it did.
    package private(set) var failure: JPEGScanIndexError?

    private var state = State.startOfImage(seen: 0)
    /// The segment being read: its marker, its offset, and its first bytes (length and, for
    /// the frame header, the size fields).
    private var marker = 0
    private var markerOffset = 0
    private var field = 0
    private var fieldCount = 0

    private enum State: Sendable {
        case startOfImage(seen: Int)
        /// Between segments: anything until `FF`.
        case betweenSegments
        /// After `FF` (at `markerOffset`): fill bytes or the marker code.
        case markerCode
        /// Reading a segment's two length bytes.
        case segmentLength
        /// Reading the frame header's precision, height and width (5 bytes); `remaining` after.
        case frameFields(remaining: Int)
        /// Skipping `remaining` bytes of a segment; a scan's entropy-coded data follows when `thenScan`.
        case skipping(remaining: Int, thenScan: Bool)
        /// In a scan's entropy-coded data.
        case entropyCoded
        /// After an `FF` (at `markerOffset`) inside entropy-coded data.
        case entropyMarker
        /// EOI, a sequential frame or a failure: nothing more is read.
        case finished
    }

    /// An empty index.
    package init() {}

    /// Indexes a whole file in memory.
    package init(_ data: Data) {
        append(data)
    }

    /// Whether the index needs no more bytes: EOI came, the frame is sequential, or it failed.
    package var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// Reads the next bytes of the file; returns how many new prefixes they completed.
    @discardableResult
    package mutating func append(_ data: Data) -> Int {
        data.withUnsafeBytes { append(bytes: $0) }
    }

    /// Reads the next bytes of the file; returns how many new prefixes they completed.
    @discardableResult
    package mutating func append(bytes: UnsafeRawBufferPointer) -> Int {
        let before = displayablePrefixLengths.count
        var index = 0
        let count = bytes.count
        while index < count {
            if case .finished = state { break }
            if case .entropyCoded = state {
                // Most of a file: find the next FF at memchr's speed.
                let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
                guard let found = memchr(rest.baseAddress!, 0xFF, rest.count) else {
                    index = count
                    break
                }
                index += rest.baseAddress!.distance(to: UnsafeRawPointer(found))
                markerOffset = byteCount + index
                state = .entropyMarker
                index += 1
                continue
            }
            if case .skipping(let remaining, let thenScan) = state {
                let step = min(remaining, count - index)
                index += step
                state =
                    remaining == step
                    ? (thenScan ? .entropyCoded : .betweenSegments)
                    : .skipping(
                        remaining: remaining - step, thenScan: thenScan)
                continue
            }
            step(bytes[index], at: byteCount + index)
            index += 1
        }
        byteCount += count
        return displayablePrefixLengths.count - before
    }

    /// Reads one byte at `offset` of the file in every state but the two bulk ones.
    private mutating func step(_ byte: UInt8, at offset: Int) {
        switch state {
        case .startOfImage(let seen):
            guard byte == (seen == 0 ? 0xFF : 0xD8) else { return fail(.notJPEG) }
            state = seen == 0 ? .startOfImage(seen: 1) : .betweenSegments
        case .betweenSegments:
            if byte == 0xFF {
                markerOffset = offset
                state = .markerCode
            }
        case .markerCode:
            readMarker(byte)
        case .segmentLength:
            field = field << 8 | Int(byte)
            fieldCount += 1
            guard fieldCount == 2 else { return }
            startSegment(length: field)
        case .frameFields(let remaining):
            field = field << 8 | Int(byte)
            fieldCount += 1
            guard fieldCount == 5 else { return }
            let height = (field >> 16) & 0xFFFF
            let width = field & 0xFFFF
            guard width > 0, height > 0 else { return fail(.emptyFrame(offset: markerOffset)) }
            pixelWidth = width
            pixelHeight = height
            frameMarker = marker
            let progressive = JPEGHeaderParser.isProgressiveFrame(marker)
            isProgressive = progressive
            // A sequential frame has nothing to report: stop here.
            state = progressive ? .skipping(remaining: remaining, thenScan: false) : .finished
        case .entropyMarker:
            switch byte {
            case 0x00, 0xD0...0xD7: state = .entropyCoded
            case 0xFF: break
            default:
                // Any other marker ends the scan: the prefix before it is displayable.
                displayablePrefixLengths.append(markerOffset)
                readMarker(byte)
            }
        case .skipping, .entropyCoded, .finished:
            break
        }
    }

    /// Reads the code of the marker that started at `markerOffset`.
    private mutating func readMarker(_ code: UInt8) {
        switch code {
        case 0xFF:
            // A fill byte: the marker starts at the last FF.
            break
        case 0x00, 0x01, 0xD0...0xD8:
            state = .betweenSegments
        case 0xD9:
            state = .finished
        default:
            marker = Int(code)
            field = 0
            fieldCount = 0
            state = .segmentLength
        }
    }

    /// Starts the payload of the segment whose length field just ended.
    private mutating func startSegment(length: Int) {
        guard length >= 2 else {
            return fail(.invalidSegmentLength(marker: marker, length: length, offset: markerOffset))
        }
        let payload = length - 2
        if marker == 0xDA {
            guard isProgressive != nil else { return fail(.scanBeforeFrame(offset: markerOffset)) }
            state = payload == 0 ? .entropyCoded : .skipping(remaining: payload, thenScan: true)
        } else if frameMarker == nil, JPEGHeaderParser.isStartOfFrame(marker) {
            guard payload >= 6 else { return fail(.frameHeaderTooShort(offset: markerOffset)) }
            field = 0
            fieldCount = 0
            state = .frameFields(remaining: payload - 5)
        } else {
            state = payload == 0 ? .betweenSegments : .skipping(remaining: payload, thenScan: false)
        }
    }

    private mutating func fail(_ error: JPEGScanIndexError) {
        failure = error
        state = .finished
    }
}
