// Foundation for `String.contains(_:)` (the standard library's needs iOS 16).
import Foundation

/// Says what content that is no image looks like, from its first bytes: zeros, an HTML page,
/// SVG, a script, a PDF, other text, or unrecognised binary.
enum NonImageClassifier {
    /// Classifies `prefix`, the first bytes of the content.
    static func classify(_ prefix: UnsafeRawBufferPointer) -> ImageInspector.NonImageContent {
        if !prefix.isEmpty, prefix.allSatisfy({ $0 == 0 }) { return .zeros }
        if prefix.starts(with: Array("%PDF-".utf8)) { return .pdf }
        guard let text = leadingText(Array(prefix)[...]) else { return .unrecognized }
        let start = text.drop { $0.isWhitespace }.lowercased()
        if start.hasPrefix("#!") || start.hasPrefix("<?php") { return .script }
        if ["<!doctype html", "<html", "<head", "<body"].contains(where: start.hasPrefix) { return .html }
        if start.hasPrefix("<script") { return .script }
        if start.hasPrefix("<svg") || (start.hasPrefix("<?xml") && start.contains("<svg")) { return .svg }
        if start.hasPrefix("<?xml") || start.hasPrefix("<!doctype") {
            return start.contains("<html") ? .html : .xml
        }
        if start.contains("<html") { return .html }
        let scriptOpenings = [
            "function", "(function", "var ", "let ", "const ", "import ", "export ", "\"use strict\"",
            "'use strict'", "window.", "document.",
        ]
        if scriptOpenings.contains(where: start.hasPrefix) { return .script }
        return .text
    }

    /// The prefix as text when it is UTF-8 (a byte-order mark and a character cut at the end
    /// allowed) without control characters other than tab, line feed, carriage return and form
    /// feed; otherwise `nil`.
    private static func leadingText(_ prefix: ArraySlice<UInt8>) -> String? {
        var bytes = prefix
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        // Drop an incomplete UTF-8 sequence the prefix may have cut at its end.
        var end = bytes.endIndex
        var continuation = 0
        while end > bytes.startIndex, continuation < 3, bytes[end - 1] & 0xC0 == 0x80 {
            end -= 1
            continuation += 1
        }
        if end > bytes.startIndex, bytes[end - 1] >= 0xC0 { end -= 1 } else { end = bytes.endIndex }
        // Decoded, then checked to round-trip: invalid UTF-8 would come back with U+FFFD.
        let utf8 = bytes[bytes.startIndex..<end]
        let text = String(decoding: utf8, as: UTF8.self)
        guard text.utf8.elementsEqual(utf8) else { return nil }
        let allowedControls: Set<Unicode.Scalar> = ["\t", "\n", "\r", "\u{0C}"]
        let isText = text.unicodeScalars.allSatisfy { scalar in
            (scalar.value >= 0x20 && scalar.value != 0x7F) || allowedControls.contains(scalar)
        }
        return isText ? text : nil
    }
}
