import AttachmentKit
import Foundation

/// How `attachmentkit inspect` reads ISO media and audio: a local file whose first bytes are
/// ISO media, Ogg or MP3, or an http(s) URL through ``RemotePart/MediaHeaderReader`` (plain http
/// allowed, as `resolve` allows it: a developer tool).
enum RemoteMediaInspection {
    /// The URL `argument` names when it is an http or https URL.
    static func url(_ argument: String) -> URL? {
        guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme)
        else { return nil }
        return url
    }

    /// The extensions of URLs read as audio first (``RemotePart/MediaHeaderReader/inspectAudio(_:headers:)``);
    /// any other URL is read as ISO media first, and as audio when its bytes are Ogg or MP3.
    static let audioExtensions: Set<String> = ["ogg", "oga", "opus", "mp3", "m4a", "aac"]

    /// The report of the remote file at `url`, or the error.
    static func report(_ path: String, _ url: URL) async -> Result<String, RemotePart.MediaHeaderReader.Error> {
        let reader = RemotePart.MediaHeaderReader(
            transport: URLSessionTransport(),
            configuration: RemotePart.Configuration(allowedSchemes: ["https", "http"]))
        do {
            if audioExtensions.contains(url.pathExtension.lowercased()) {
                return .success(try await audio(url, reader))
            }
            let header = try await reader.inspect(url)
            let source = InspectedSource(path: path, fileSize: nil, isRemote: true)
            return .success(MediaInspectionReport(source: source, header: header).text)
        } catch .inspection(.notISOMedia(.ogg)), .inspection(.notISOMedia(.mp3)) {
            do { return .success(try await audio(url, reader)) } catch { return .failure(error) }
        } catch {
            return .failure(error)
        }
    }

    private static func audio(
        _ url: URL, _ reader: RemotePart.MediaHeaderReader
    ) async throws(RemotePart.MediaHeaderReader.Error) -> String {
        let header = try await reader.inspectAudio(url)
        let source = InspectedSource(path: url.absoluteString, fileSize: nil, isRemote: true)
        return AudioInspectionReport(source: source, header: header).text
    }

    /// The report of the local file at `url` when its first bytes are ISO media, Ogg or MP3;
    /// `nil` for any other file (an image, or one that can't be read), which the image inspector
    /// reports. An ISO media file with sound and no video gets the audio report.
    static func localMediaReport(_ path: String, _ url: URL) -> Result<String, any Error>? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        let prefix = (try? handle.read(upToCount: 512)) ?? nil
        try? handle.close()
        guard let prefix else { return nil }
        let size = try? PartContent.file(url).byteCount()
        let source = InspectedSource(path: path, fileSize: size, isRemote: false)
        switch FileType(sniffing: prefix) {
        case .ogg, .mp3:
            break
        case .isoMedia:
            do {
                let header = try ISOMediaInspector().inspect(fileAt: url)
                guard header.videoTrack == nil, header.tracks.contains(where: { $0.kind == .audio }) else {
                    return .success(MediaInspectionReport(source: source, header: header).text)
                }
            } catch {
                return .failure(error)
            }
        default:
            return nil
        }
        do {
            let header = try AudioInspector().inspect(fileAt: url)
            return .success(AudioInspectionReport(source: source, header: header).text)
        } catch {
            return .failure(error)
        }
    }
}
