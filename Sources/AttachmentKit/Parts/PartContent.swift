import Foundation

/// The local content of a part: a file on disk (preferred, as in Atlas: it is not held in
/// memory) or inline bytes.
public enum PartContent: Sendable, Hashable {
    /// Content in a file, by its `file://` URL.
    case file(URL)
    /// Content held in memory.
    case data(Data)

    /// The content's bytes.
    ///
    /// A file is memory-mapped where Foundation considers that safe (a local volume), so a
    /// large original is paged in as it is read rather than copied. A mapped file must not be
    /// truncated in place while the data is alive; AttachmentKit's own stores never do that
    /// (they replace files by rename). On iOS, tvOS and watchOS a file whose data protection
    /// class makes it unreadable while the device is locked (`complete`, `completeUnlessOpen`)
    /// is read into memory instead: touching a mapped page after the device locked would crash
    /// the app.
    ///
    /// - Throws: ``PartContent/Error`` when the URL is not a file URL or the file can't be read.
    public func bytes() throws(PartContent.Error) -> Data {
        switch self {
        case .data(let data):
            return data
        case .file(let url):
            guard url.isFileURL else { throw .notAFileURL(url) }
            do {
                return try Data(contentsOf: url, options: Self.readingOptions(for: url))
            } catch {
                throw .unreadable(url, reason: PartContent.Error.reason(for: error))
            }
        }
    }

    /// The content's size in bytes, without reading a file's bytes.
    ///
    /// - Throws: ``PartContent/Error`` when the URL is not a file URL or the file can't be found.
    public func byteCount() throws(PartContent.Error) -> Int64 {
        switch self {
        case .data(let data):
            return Int64(data.count)
        case .file(let url):
            guard url.isFileURL else { throw .notAFileURL(url) }
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                guard let size = attributes[.size] as? NSNumber else {
                    throw PartContent.Error.unreadable(url, reason: "its size is not reported")
                }
                return size.int64Value
            } catch let error as PartContent.Error {
                throw error
            } catch {
                throw .unreadable(url, reason: PartContent.Error.reason(for: error))
            }
        }
    }

    /// The file URL, when the content is a file.
    public var fileURL: URL? {
        if case .file(let url) = self { return url }
        return nil
    }
}

extension PartContent {
    /// Why a part's content could not be read.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// ``PartContent/file(_:)`` was given a URL that does not name a local file.
        case notAFileURL(URL)
        /// The file could not be opened or read.
        case unreadable(URL, reason: String)

        public var description: String {
            switch self {
            case .notAFileURL(let url): "\(url.absoluteString) is not a file URL"
            case .unreadable(let url, let reason): "can't read \(url.path): \(reason)"
            }
        }

        static func reason(for error: any Swift.Error) -> String {
            let nsError = error as NSError
            if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
                return "no such file"
            }
            return nsError.localizedDescription
        }
    }
}

extension PartContent {
    /// How ``bytes()`` reads a file: mapped where that is safe, copied where the file may become
    /// unreadable while the data is still in use.
    static func readingOptions(for url: URL) -> Data.ReadingOptions {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // Files of these classes can't be read while the device is locked: a mapped page read
        // then raises SIGBUS. A file of the default class (`completeUntilFirstUserAuthentication`)
        // stays readable from the first unlock on, so mapping it is safe.
        let protection = try? url.resourceValues(forKeys: [.fileProtectionKey]).fileProtection
        if protection == .complete || protection == .completeUnlessOpen { return [] }
        #endif
        return .mappedIfSafe
    }
}
