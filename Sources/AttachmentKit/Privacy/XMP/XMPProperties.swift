/// Finds the personal properties of an XMP packet (RDF/XML in UTF-8) and the bytes that hold each
/// whole: an attribute (`exif:GPSLatitude="48,51.0N"`, from its name to its closing quote) or a
/// property element (`<dc:creator>…</dc:creator>`, from `<` to the end tag's `>`). Overwritten
/// with spaces, those bytes leave a packet of the same length that is still well-formed XML, with
/// every other property as it was.
///
/// A property is personal by its local name, whatever its namespace prefix: a name starting with
/// `GPS` or `Gps` (but `GPSVersionID`) is ``PersonalMetadata/gps``; the names of serial numbers,
/// owners and authors are ``PersonalMetadata/identifyingFields``.
enum XMPProperties {
    /// One personal property and the bytes that hold it.
    struct Property: Equatable {
        let kind: PersonalMetadata
        let range: Range<Int>
    }

    /// Local names of identifying properties (`aux:SerialNumber`, `exifEX:BodySerialNumber`,
    /// `dc:creator`…).
    static let identifyingNames: Set<String> = [
        "SerialNumber", "BodySerialNumber", "LensSerialNumber", "CameraSerialNumber", "CameraOwnerName", "OwnerName",
        "Artist", "ImageUniqueID", "UserComment", "creator", "Author",
    ]

    /// The kind of a property named `localName`, or `nil` for one that is not personal.
    static func kind(ofLocalName localName: Substring) -> PersonalMetadata? {
        if localName.hasPrefix("GPS") || localName.hasPrefix("Gps") {
            return localName == "GPSVersionID" ? nil : .gps
        }
        return identifyingNames.contains(String(localName)) ? .identifyingFields : nil
    }

    /// The personal properties of `text`, in order, or `nil` when the text isn't XML this reader
    /// can follow to its end (UTF-16, a tag cut short, a property element never closed).
    static func personalProperties(in text: [UInt8]) -> [Property]? {
        var scanner = Scanner(text: text)
        return scanner.run()
    }

    /// Whether `text` mentions GPS anywhere: the kinds to assume of a packet that can't be read.
    static func mentionsGPS(_ text: [UInt8]) -> Bool {
        let needle = Array(":GPS".utf8)
        guard text.count >= needle.count else { return false }
        return (0...(text.count - needle.count)).contains { start in
            text[start] == needle[0] && Array(text[start..<start + needle.count]) == needle
        }
    }

    /// A forward pass over the tags of the text.
    private struct Scanner {
        let text: [UInt8]
        var index = 0
        var depth = 0
        var properties: [Property] = []
        /// The personal property element being skipped over: where it starts, at which depth.
        var open: (start: Int, depth: Int, kind: PersonalMetadata)?

        init(text: [UInt8]) {
            // A NUL terminator some writers add ends the text; a NUL inside it is not UTF-8 XML.
            var end = text.count
            while end > 0, text[end - 1] == 0 { end -= 1 }
            self.text = Array(text[..<end])
        }

        mutating func run() -> [Property]? {
            guard !text.contains(0) else { return nil }
            while let tag = find([0x3C], from: index) {
                guard step(at: tag) else { return nil }
            }
            return open == nil ? properties : nil
        }

        /// Reads the markup at `start` (a `<`) and moves past it; `false` when it is cut short.
        private mutating func step(at start: Int) -> Bool {
            for (opening, closing) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")]
            where starts(with: opening, at: start) {
                guard let end = find(Array(closing.utf8), from: start + opening.utf8.count) else { return false }
                index = end + closing.utf8.count
                return true
            }
            if starts(with: "</", at: start) {
                guard let end = find([0x3E], from: start + 2) else { return false }
                depth -= 1
                if let element = open, element.depth == depth {
                    properties.append(Property(kind: element.kind, range: element.start..<end + 1))
                    open = nil
                }
                index = end + 1
                return true
            }
            return startTag(at: start)
        }

        /// Reads a start tag or an empty-element tag: its name, then each attribute.
        private mutating func startTag(at start: Int) -> Bool {
            var cursor = start + 1
            while cursor < text.count, !isNameEnd(text[cursor]) { cursor += 1 }
            let elementKind = open == nil ? kind(of: (start + 1)..<cursor) : nil
            while true {
                while cursor < text.count, isSpace(text[cursor]) { cursor += 1 }
                guard cursor < text.count else { return false }
                if text[cursor] == 0x3E || starts(with: "/>", at: cursor) {
                    let isEmpty = text[cursor] == 0x2F
                    let end = cursor + (isEmpty ? 1 : 0)
                    if let elementKind {
                        if isEmpty {
                            properties.append(Property(kind: elementKind, range: start..<end + 1))
                        } else {
                            open = (start, depth, elementKind)
                        }
                    }
                    if !isEmpty { depth += 1 }
                    index = end + 1
                    return true
                }
                let nameStart = cursor
                while cursor < text.count, !isNameEnd(text[cursor]), text[cursor] != 0x3D { cursor += 1 }
                let name = nameStart..<cursor
                while cursor < text.count, isSpace(text[cursor]) { cursor += 1 }
                guard cursor < text.count, text[cursor] == 0x3D else { return false }
                cursor += 1
                while cursor < text.count, isSpace(text[cursor]) { cursor += 1 }
                guard cursor < text.count, text[cursor] == 0x22 || text[cursor] == 0x27,
                    let close = find([text[cursor]], from: cursor + 1)
                else { return false }
                if open == nil, elementKind == nil, let kind = kind(of: name) {
                    properties.append(Property(kind: kind, range: nameStart..<close + 1))
                }
                cursor = close + 1
            }
        }

        private func kind(of name: Range<Int>) -> PersonalMetadata? {
            let qualified = String(decoding: text[name], as: UTF8.self)
            let local = qualified.split(separator: ":", omittingEmptySubsequences: false).last ?? Substring(qualified)
            return XMPProperties.kind(ofLocalName: local)
        }

        private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        private func isNameEnd(_ byte: UInt8) -> Bool { isSpace(byte) || byte == 0x2F || byte == 0x3E }

        private func starts(with prefix: String, at start: Int) -> Bool {
            let bytes = Array(prefix.utf8)
            return start + bytes.count <= text.count && Array(text[start..<start + bytes.count]) == bytes
        }

        /// The first position at or after `start` where `needle` begins.
        private func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard needle.count > 0, start <= text.count - needle.count else { return nil }
            var position = start
            while position <= text.count - needle.count {
                if text[position] == needle[0],
                    needle.count == 1 || Array(text[position..<position + needle.count]) == needle
                {
                    return position
                }
                position += 1
            }
            return nil
        }
    }
}
