import AttachmentKit
import Foundation

/// How `attachmentkit inspect` reads ISO media: a local file whose first bytes are ISO media,
/// or an http(s) URL through ``RemoteMediaHeaderReader`` (plain http allowed, as `resolve`
/// allows it: a developer tool).
enum RemoteMediaInspection {
    /// The URL `argument` names when it is an http or https URL.
    static func url(_ argument: String) -> URL? {
        guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme)
        else { return nil }
        return url
    }

    /// The report of the remote file at `url`, or the error.
    static func report(_ path: String, _ url: URL) async -> Result<String, RemoteMediaHeaderReader.Error> {
        let reader = RemoteMediaHeaderReader(
            transport: URLSessionTransport(),
            configuration: RemotePart.Configuration(allowedSchemes: ["https", "http"]))
        do {
            let header = try await reader.inspect(url)
            return .success(MediaInspectionReport(path: path, header: header, fileSize: nil, isRemote: true).text)
        } catch {
            return .failure(error)
        }
    }

    /// The report of the local file at `url` when its first bytes are ISO media; `nil` for any
    /// other file (an image, or one that can't be read), which the image inspector reports.
    static func localMediaReport(_ path: String, _ url: URL) -> Result<String, ISOMediaInspector.Error>? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        let prefix = (try? handle.read(upToCount: 512)) ?? nil
        try? handle.close()
        guard let prefix, case .isoMedia = FileType(sniffing: prefix) else { return nil }
        do {
            let header = try ISOMediaInspector().inspect(fileAt: url)
            let size = try? PartContent.file(url).byteCount()
            return .success(MediaInspectionReport(path: path, header: header, fileSize: size, isRemote: false).text)
        } catch {
            return .failure(error)
        }
    }
}
