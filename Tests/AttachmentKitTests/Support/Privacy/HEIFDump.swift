#if os(macOS) || os(Linux)
// Spawns heif-info: macOS and Linux only.
import Foundation

/// libheif's reading of a HEIF file's boxes (`heif-info -d`): the oracle for what stripping a
/// HEIC or an AVIF changed in its `meta` box.
struct HEIFDump {
    /// One `iloc` entry as libheif reads it.
    struct Location {
        let id: Int
        let constructionMethod: Int
        let baseOffset: Int
        /// The extents, `offset,length` as listed.
        let extents: [(offset: Int, length: Int)]
    }

    /// The dump's lines.
    let lines: [String]

    init(_ url: URL) throws {
        let text = String(decoding: try PrivacyTools.run("heif-info", ["-d", url.path]), as: UTF8.self)
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The item types, by item ID (`infe` boxes).
    var itemTypes: [Int: String] {
        var types: [Int: String] = [:]
        var current: Int?
        for line in lines {
            if let id = value(of: "| | item_ID: ", in: line) { current = Int(id) }
            if let type = value(of: "| | item_type: ", in: line), let id = current { types[id] = type }
        }
        return types
    }

    /// The `iloc` entries.
    var locations: [Location] {
        var result: [Location] = []
        var id: Int?
        var method = 0
        var base = 0
        for line in lines {
            if let value = value(of: "| item ID: ", in: line) { id = Int(value) }
            if let value = value(of: "|   construction method: ", in: line) { method = Int(value) ?? -1 }
            if let value = value(of: "|   base_offset: ", in: line) { base = Int(value) ?? -1 }
            if let value = value(of: "|   extents: ", in: line), let current = id {
                let extents = value.split(separator: " ").map { pair in
                    let numbers = pair.split(separator: ",").compactMap { Int($0) }
                    return (offset: numbers.dropLast().last ?? -1, length: numbers.last ?? -1)
                }
                result.append(Location(id: current, constructionMethod: method, baseOffset: base, extents: extents))
            }
        }
        return result
    }

    /// The dump without box sizes, blank lines and top-level `free` boxes, and without every
    /// line about the items in `removed`: their `iloc` entries, `infe` boxes, `iref` references
    /// and `ipma` associations. What stripping may change in the dump of a HEIF, nothing else.
    func lines(removing removed: Set<Int>) -> [String] {
        let kept = lines.filter { line in
            !line.contains("size: ") && !line.allSatisfy { $0 == "|" || $0 == " " } && line != "Box: free -----"
        }
        var result: [String] = []
        var infe: [String] = []
        var skippingPrefix: String?
        for line in kept {
            if !infe.isEmpty, line.hasPrefix("| | "), !line.hasPrefix("| | Box: "), !line.hasPrefix("| | | ") {
                infe.append(line)
                continue
            }
            if !describesItem(infe, in: removed) { result += infe }
            infe = []
            if line == "| | Box: infe -----" {
                infe = [line]
                continue
            }
            if let prefix = skippingPrefix, line.hasPrefix(prefix) { continue }
            skippingPrefix = nil
            if let id = value(of: "| item ID: ", in: line).flatMap({ Int($0) }), removed.contains(id) {
                skippingPrefix = "|   "
            } else if let id = value(of: "| | associations for item ID: ", in: line).flatMap({ Int($0) }),
                removed.contains(id)
            {
                skippingPrefix = "| | | "
            } else if !removed.contains(where: { line.contains(" from ID: \($0) to IDs:") }) {
                result.append(line)
            }
        }
        if !describesItem(infe, in: removed) { result += infe }
        return result
    }

    /// Whether an `infe` box's lines name one of `items`.
    private func describesItem(_ infe: [String], in items: Set<Int>) -> Bool {
        infe.contains { line in value(of: "| | item_ID: ", in: line).flatMap { Int($0) }.map(items.contains) ?? false }
    }

    /// The rest of `line` after `prefix`, trimmed, when it starts with it.
    private func value(of prefix: String, in line: String) -> String? {
        guard line.hasPrefix(prefix) else { return nil }
        return line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }
}
#endif
