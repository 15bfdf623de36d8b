/// Reads a GIF's logical screen size, then walks its blocks to the second image descriptor to
/// tell whether it is animated and whether its first frame is interlaced.
///
/// Every block is skipped through its sub-block lengths. When the input or the read limit ends
/// after the first frame but before a second one is found, the GIF counts as animated when it
/// carries a looping extension (`NETSCAPE2.0` or `ANIMEXTS1.0`), which only animations have.
enum GIFHeaderParser {
    private static let loopingExtensions = ["NETSCAPE2.0", "ANIMEXTS1.0"].map { Array($0.utf8) }

    static func parse(_ reader: inout ByteReader) throws(ImageInspector.Error) -> HeaderFields {
        let screenWidth = try reader.uint16(at: 6, bigEndian: false)
        let screenHeight = try reader.uint16(at: 8, bigEndian: false)
        let screenFlags = try reader.uint8(at: 10)
        var offset = 13 + colorTableLength(flags: screenFlags)
        var walk = Walk()
        do throws(ImageInspector.Error) {
            while walk.frameCount < 2 {
                switch try reader.uint8(at: offset) {
                case 0x21:
                    if !walk.hasLoopingExtension {
                        walk.hasLoopingExtension = try isLoopingExtension(at: offset, &reader)
                    }
                    offset = try skipSubBlocks(from: offset + 2, &reader)
                case 0x2C:
                    offset = try imageDescriptor(at: offset, &walk, &reader)
                case 0x3B:
                    guard walk.frameCount > 0 else { throw .malformed(.gif, reason: "it ends before any frame") }
                    return try walk.fields(screenWidth: screenWidth, screenHeight: screenHeight)
                case let other:
                    throw .malformed(.gif, reason: "unknown block \(other) at byte \(offset)")
                }
            }
        } catch {
            // After the first frame, a cut-off walk still leaves a usable header.
            guard walk.frameCount > 0, !error.isFileFailure else { throw error }
        }
        return try walk.fields(screenWidth: screenWidth, screenHeight: screenHeight)
    }

    /// What the walk has seen.
    private struct Walk {
        var frameCount = 0
        var firstFrameWidth = 0
        var firstFrameHeight = 0
        var isInterlaced = false
        var hasLoopingExtension = false

        func fields(screenWidth: Int, screenHeight: Int) throws(ImageInspector.Error) -> HeaderFields {
            let useFrame = screenWidth == 0 || screenHeight == 0
            return try HeaderFields(
                pixelWidth: useFrame ? firstFrameWidth : screenWidth,
                pixelHeight: useFrame ? firstFrameHeight : screenHeight,
                isProgressive: isInterlaced, isAnimated: frameCount > 1 || hasLoopingExtension
            ).validated(.gif)
        }
    }

    /// Reads the image descriptor at `offset` and returns the offset after its image data.
    private static func imageDescriptor(
        at offset: Int, _ walk: inout Walk, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> Int {
        let flags = try reader.uint8(at: offset + 9)
        if walk.frameCount == 0 {
            walk.firstFrameWidth = try reader.uint16(at: offset + 5, bigEndian: false)
            walk.firstFrameHeight = try reader.uint16(at: offset + 7, bigEndian: false)
            walk.isInterlaced = flags & 0x40 != 0
        }
        walk.frameCount += 1
        guard walk.frameCount < 2 else { return offset }
        // Descriptor, local color table, LZW minimum code size, then the data sub-blocks.
        return try skipSubBlocks(from: offset + 10 + colorTableLength(flags: flags) + 1, &reader)
    }

    /// The length of the color table that `flags` (a screen or image descriptor's) announce.
    private static func colorTableLength(flags: Int) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << ((flags & 0x07) + 1)
    }

    /// Whether the extension at `offset` is an application extension that loops an animation.
    private static func isLoopingExtension(at offset: Int, _ reader: inout ByteReader) throws(ImageInspector.Error)
        -> Bool
    {
        guard try reader.uint8(at: offset + 1) == 0xFF, try reader.uint8(at: offset + 2) == 11 else { return false }
        for identifier in loopingExtensions {
            if try reader.bytes(at: offset + 3, equal: identifier) { return true }
        }
        return false
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
