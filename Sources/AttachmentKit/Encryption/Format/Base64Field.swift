import Foundation

/// The base64 forms an `EncryptedFile` holds: the spec says unpadded (and URL-safe for the
/// key), and real clients also write padding, so both are read; anything else is refused.
enum Base64Field {
    /// Decodes `text` in the standard alphabet, or with `urlSafe` in the URL-safe one (either
    /// alphabet is then accepted, as some clients write the key in the standard one), with or
    /// without `=` padding. `nil` for other characters, a misplaced `=` or a length no base64
    /// has.
    static func decode(_ text: String, urlSafe: Bool) -> [UInt8]? {
        var characters = Array(text.utf8)
        if urlSafe {
            for index in characters.indices {
                if characters[index] == UInt8(ascii: "-") {
                    characters[index] = UInt8(ascii: "+")
                } else if characters[index] == UInt8(ascii: "_") {
                    characters[index] = UInt8(ascii: "/")
                }
            }
        }
        let padding = characters.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        if padding > 0 {
            // Padded: the whole length must be a multiple of four, with at most two `=`.
            guard padding <= 2, characters.count % 4 == 0 else { return nil }
            characters.removeLast(padding)
        }
        guard characters.count % 4 != 1 else { return nil }
        characters.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - characters.count % 4) % 4))
        guard let data = Data(base64Encoded: Data(characters)) else { return nil }
        return Array(data)
    }

    /// `bytes` as unpadded base64, URL-safe with `urlSafe` (the forms the spec writes).
    static func encode(_ bytes: [UInt8], urlSafe: Bool) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        if urlSafe {
            text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        return text
    }
}
