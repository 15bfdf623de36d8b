import Foundation

/// Reads a message file for `attachmentkit resolve`, refusing what is not a regular file, or is
/// larger than a message can be, before reading a byte of it.
enum MessageFileReader {
    /// The largest message file read: a message lists parts and may inline a few small ones
    /// (a size part, a thumbnail) in base64; 1 MiB is far beyond any real one.
    static let maximumByteCount = 1 << 20

    /// The file's bytes.
    ///
    /// - Throws: ``CommandError/unreadableFile(_:reason:)`` naming the file and the problem: it
    ///   does not exist, is a directory or a device, is larger than ``maximumByteCount``, or
    ///   could not be opened or read.
    static func read(_ url: URL, limit: Int = maximumByteCount) throws(CommandError) -> Data {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        } catch {
            throw .unreadableFile(
                path, reason: FileManager.default.fileExists(atPath: path) ? "it can't be examined" : "no such file")
        }
        let type = attributes[.type] as? FileAttributeType
        guard type == .typeRegular else { throw .unreadableFile(path, reason: Self.describe(type)) }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limit else { throw .unreadableFile(path, reason: Self.tooLarge(size, limit: limit)) }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadableFile(path, reason: Self.openFailure(error))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // One byte more than the limit, in case the file grew since it was examined.
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .unreadableFile(path, reason: "reading failed (\(Self.openFailure(error)))")
        }
        guard data.count <= limit else { throw .unreadableFile(path, reason: Self.tooLarge(data.count, limit: limit)) }
        return data
    }

    private static func describe(_ type: FileAttributeType?) -> String {
        switch type {
        case .typeDirectory?: "it is a directory, not a message file"
        case .typeCharacterSpecial?: "it is a character device, not a regular file"
        case .typeBlockSpecial?: "it is a block device, not a regular file"
        case .typeSocket?: "it is a socket, not a regular file"
        default: "it is not a regular file"
        }
    }

    private static func tooLarge(_ size: Int, limit: Int) -> String {
        "it has \(size) bytes; a message file may have at most \(limit)"
    }

    private static func openFailure(_ error: any Error) -> String {
        let code = (error as NSError).code
        if code == NSFileReadNoPermissionError || code == Int(EACCES) { return "permission denied" }
        return "it can't be opened (error \(code))"
    }
}
