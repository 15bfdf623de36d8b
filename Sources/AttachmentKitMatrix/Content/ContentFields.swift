import AttachmentKit
import Foundation

/// The fields of one JSON object of an event content, read by type with the path of each field
/// in the errors: the strict reading ``MatrixMediaContent/init(json:)`` does.
struct ContentFields {
    typealias Failure = MatrixMediaContent.Error

    let fields: [String: JSONValue]
    /// The object's own path followed by a dot (`info.`), or empty at the top.
    let prefix: String

    init(_ fields: [String: JSONValue], path: String = "") {
        self.fields = fields
        prefix = path.isEmpty ? "" : path + "."
    }

    func path(_ name: String) -> String { prefix + name }

    /// Whether `name` is present (a `null` counts as absent).
    func has(_ name: String) -> Bool {
        if case nil = fields[name] { return false }
        if case .null? = fields[name] { return false }
        return true
    }

    func string(_ name: String) throws(Failure) -> String? {
        switch fields[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw .wrongType(field: path(name), expected: "a string")
        }
    }

    func requiredString(_ name: String) throws(Failure) -> String {
        guard let text = try string(name) else { throw .missingField(path(name)) }
        return text
    }

    /// An integer at least `minimum` (an integral number such as `394.0` counts).
    func integer(_ name: String, minimum: Int64 = 0) throws(Failure) -> Int64? {
        let value: Int64
        switch fields[name] {
        case nil, .null?: return nil
        case .integer(let integer)?: value = integer
        case .number(let number)?:
            guard let exact = Int64(exactly: number) else {
                throw .wrongType(field: path(name), expected: "an integer")
            }
            value = exact
        default: throw .wrongType(field: path(name), expected: "an integer")
        }
        guard value >= minimum else { throw .outOfRange(field: path(name), value: value) }
        return value
    }

    /// A pixel dimension: an integer from 1 to 65,535 (``ImageSizeMetadata/maximumDimension``).
    func dimension(_ name: String) throws(Failure) -> Int? {
        guard let value = try integer(name, minimum: 1) else { return nil }
        guard Double(value) <= ImageSizeMetadata.maximumDimension else {
            throw .outOfRange(field: path(name), value: value)
        }
        return Int(truncatingIfNeeded: value)  // from 1 to 65,535
    }

    /// `w` × `h`, each checked as ``dimension(_:)``; `nil` unless both are present.
    func displayedSize() throws(Failure) -> PixelSize? {
        let width = try dimension("w")
        let height = try dimension("h")
        guard let width, let height else { return nil }
        return PixelSize(width: CGFloat(width), height: CGFloat(height))
    }

    /// `size` in whole pixels, each side rounded and from 1 to 65,535; `nil` when a side is not.
    static func dimensions(of size: PixelSize) -> (Int, Int)? {
        let (width, height) = (size.width.rounded(), size.height.rounded())
        let range = CGFloat(1)...CGFloat(ImageSizeMetadata.maximumDimension)
        guard range.contains(width), range.contains(height), let wide = Int(exactly: width),
            let high = Int(exactly: height)
        else { return nil }
        return (wide, high)
    }

    func bool(_ name: String) throws(Failure) -> Bool? {
        switch fields[name] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        default: throw .wrongType(field: path(name), expected: "true or false")
        }
    }

    func object(_ name: String) throws(Failure) -> ContentFields? {
        switch fields[name] {
        case nil, .null?: return nil
        case .object(let object)?: return ContentFields(object, path: path(name))
        default: throw .wrongType(field: path(name), expected: "an object")
        }
    }

    func mimeType(_ name: String) throws(Failure) -> MIMEType? {
        guard let text = try string(name) else { return nil }
        do {
            return try MIMEType(text)
        } catch {
            throw .invalidMediaType(field: path(name), error)
        }
    }

    func contentURI(_ name: String) throws(Failure) -> MatrixContentURI? {
        guard let text = try string(name) else { return nil }
        guard let uri = MatrixContentURI(text) else { throw .invalidContentURI(field: path(name), value: text) }
        return uri
    }

    /// An `EncryptedFile` object whose `url` is a content URI.
    func encryptedFile(_ name: String) throws(Failure) -> (EncryptedFile, MatrixContentURI)? {
        guard let object = try object(name) else { return nil }
        let file: EncryptedFile
        do {
            file = try EncryptedFile(json: JSONValue.object(object.fields).data)
        } catch {
            throw .invalidEncryptedFile(field: path(name), error)
        }
        guard let uri = try object.contentURI("url") else { throw .missingField(object.path("url")) }
        return (file, uri)
    }

    /// The source named by `plain` (a content URI) or `encrypted` (an `EncryptedFile`), never both.
    func source(plain: String, encrypted: String) throws(Failure) -> MatrixMediaContent.Source? {
        let uri = try contentURI(plain)
        let file = try encryptedFile(encrypted)
        if uri != nil, file != nil { throw .conflictingFields(path(plain), path(encrypted)) }
        if let uri { return .plain(uri) }
        return file.map { .encrypted($0.0, $0.1) }
    }

    func blurHash(_ name: String) throws(Failure) -> BlurHash? {
        guard let text = try string(name) else { return nil }
        do {
            return try BlurHash(text)
        } catch {
            throw .invalidBlurHash(field: path(name), error)
        }
    }

    /// An array of integers.
    func integers(_ name: String) throws(Failure) -> [Int]? {
        switch fields[name] {
        case nil, .null?: return nil
        case .array(let elements)?:
            // A loop, not `map`: the SDKs' `map` rethrows `any Error`, not the typed error.
            var integers: [Int] = []
            for element in elements {
                let integer: Int? =
                    switch element {
                    case .integer(let value): Int(exactly: value)
                    case .number(let value): Int(exactly: value)
                    default: nil
                    }
                guard let integer else { throw .wrongType(field: path(name), expected: "an array of integers") }
                integers.append(integer)
            }
            return integers
        default: throw .wrongType(field: path(name), expected: "an array of integers")
        }
    }
}
