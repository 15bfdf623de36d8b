/// Reads a GIF's logical screen size, then walks its blocks to the trailer: the image
/// descriptors are the frames (the first one's interlace flag makes the image progressive),
/// each Graphic Control Extension gives the next frame's delay in centiseconds, and the first
/// looping extension (`NETSCAPE2.0` or `ANIMEXTS1.0`) gives the loop count.
///
/// Every block is skipped through its sub-block lengths; a GIF's frames have no overall length,
/// so the walk reads one length byte every 256 bytes of image data. When the input or the read
/// budget ends after the first frame, the header stands with the frames counted so far (see
/// ``AnimationWalk``); such a GIF counts as animated when it carries a looping extension,
/// which only animations have.
enum GIFHeaderParser {
    private static let loopingExtensions = ["NETSCAPE2.0", "ANIMEXTS1.0"].map { Array($0.utf8) }

    static func parse(_ reader: inout ByteReader) throws(ImageInspector.Error) -> HeaderFields {
        let screenWidth = try reader.uint16(at: 6, bigEndian: false)
        let screenHeight = try reader.uint16(at: 8, bigEndian: false)
        let screenFlags = try reader.uint8(at: 10)
        var blocks = Blocks(offset: 13 + colorTableLength(flags: screenFlags))
        var walk = AnimationWalk(loop: .unspecified)
        do throws(ImageInspector.Error) {
            // Up to the first frame, a failure fails the header.
            while walk.frameCount == 0 {
                guard try blocks.next(&walk, &reader) else {
                    throw .malformed(.gif, reason: "it ends before any frame")
                }
            }
        } catch {
            // A first frame whose image data is cut short still gives the size.
            guard walk.frameCount > 0, !error.isFileFailure else { throw error }
            return try blocks.fields(screenWidth, screenHeight, walk)
        }
        try walk.run { (walk) throws(ImageInspector.Error) in
            while try blocks.next(&walk, &reader) {}
        }
        return try blocks.fields(screenWidth, screenHeight, walk)
    }

    /// The walk over the blocks after the logical screen.
    private struct Blocks {
        var offset: Int
        var firstFrameWidth = 0
        var firstFrameHeight = 0
        var isInterlaced = false
        var hasLoopingExtension = false
        /// The delay the last Graphic Control Extension gave the next frame, in centiseconds.
        var pendingDelay = 0

        /// Reads the block at ``offset`` and moves past it; `false` at the trailer.
        mutating func next(_ walk: inout AnimationWalk, _ reader: inout ByteReader) throws(ImageInspector.Error)
            -> Bool
        {
            // One read for the block's first bytes: a whole Graphic Control Extension.
            let head = try reader.prefix(8, from: offset)
            guard let introducer = head.first else { throw .truncated(.gif, offset: offset) }
            switch introducer {
            case 0x21:
                try extensionBlock(head, &walk, &reader)
            case 0x2C:
                try imageDescriptor(&walk, &reader)
            case 0x3B:
                return false
            case let other:
                throw .malformed(.gif, reason: "unknown block \(other) at byte \(offset)")
            }
            return true
        }

        /// Reads the extension whose first bytes are `head`: a Graphic Control Extension's delay,
        /// a looping extension's count; then skips its sub-blocks.
        private mutating func extensionBlock(
            _ head: [UInt8], _ walk: inout AnimationWalk, _ reader: inout ByteReader
        ) throws(ImageInspector.Error) {
            let label = head.count > 1 ? head[1] : try UInt8(reader.uint8(at: offset + 1))
            if label == 0xF9, head.count == 8, head[2] == 4 {
                pendingDelay = Int(head[4]) | Int(head[5]) << 8
                if head[7] == 0 {
                    offset += 8
                    return
                }
            } else if label == 0xFF, !hasLoopingExtension, try isLoopingExtension(&reader) {
                hasLoopingExtension = true
                // The first sub-block after the identifier: 3, then 1 (the loop sub-block), then
                // the count, little-endian.
                let loop = try reader.prefix(4, from: offset + 14)
                if loop.count == 4, loop[0] >= 3, loop[1] == 1 {
                    let count = Int(loop[2]) | Int(loop[3]) << 8
                    walk.loop = count == 0 ? .infinite : .count(count)
                }
            }
            offset = try GIFHeaderParser.skipSubBlocks(from: offset + 2, &reader)
        }

        /// Whether the application extension at ``offset`` loops an animation.
        private func isLoopingExtension(_ reader: inout ByteReader) throws(ImageInspector.Error) -> Bool {
            guard try reader.uint8(at: offset + 2) == 11 else { return false }
            for identifier in GIFHeaderParser.loopingExtensions
            where try reader.bytes(at: offset + 3, equal: identifier) {
                return true
            }
            return false
        }

        /// Counts the frame whose image descriptor is at ``offset`` and skips its image data.
        private mutating func imageDescriptor(
            _ walk: inout AnimationWalk, _ reader: inout ByteReader
        ) throws(ImageInspector.Error) {
            let descriptor = try reader.prefix(10, from: offset)
            guard descriptor.count == 10 else { throw .truncated(.gif, offset: offset + descriptor.count) }
            if walk.frameCount == 0 {
                firstFrameWidth = Int(descriptor[5]) | Int(descriptor[6]) << 8
                firstFrameHeight = Int(descriptor[7]) | Int(descriptor[8]) << 8
                isInterlaced = descriptor[9] & 0x40 != 0
            }
            walk.addFrame(delay: Double(pendingDelay) / 100)
            pendingDelay = 0
            // Descriptor, local color table, LZW minimum code size, then the data sub-blocks.
            let dataStart = offset + 10 + GIFHeaderParser.colorTableLength(flags: Int(descriptor[9])) + 1
            offset = try GIFHeaderParser.skipSubBlocks(from: dataStart, &reader)
        }

        func fields(_ screenWidth: Int, _ screenHeight: Int, _ walk: AnimationWalk) throws(ImageInspector.Error)
            -> HeaderFields
        {
            let useFrame = screenWidth == 0 || screenHeight == 0
            let animation = walk.animation(claimsAnimation: hasLoopingExtension)
            var fields = try HeaderFields(
                pixelWidth: useFrame ? firstFrameWidth : screenWidth,
                pixelHeight: useFrame ? firstFrameHeight : screenHeight,
                isProgressive: isInterlaced, isAnimated: animation != nil
            ).validated(.gif)
            fields.animation = animation
            return fields
        }
    }

    /// The length of the color table that `flags` (a screen or image descriptor's) announce.
    private static func colorTableLength(flags: Int) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << ((flags & 0x07) + 1)
    }

    /// Skips the sub-blocks starting at `offset` and returns the offset after their terminator.
    private static func skipSubBlocks(from offset: Int, _ reader: inout ByteReader) throws(ImageInspector.Error)
        -> Int
    {
        var offset = offset
        while true {
            let length = try reader.uint8(at: offset)
            offset += 1 + length
            if length == 0 { return offset }
        }
    }
}
