// Read a video's duration, display size and rotation from its header without decoding it,
// from a local file and from a URL with at most three ranged requests; tell a video from an
// image, a PDF or an archive by its first bytes.
import AttachmentKit
import Foundation

let path = CommandLine.arguments.dropFirst().first ?? "clip.mp4"
let url = URL(fileURLWithPath: path)

do {
    let header = try ISOMediaInspector().inspect(fileAt: url)
    print(header.format, header.duration?.description ?? "unknown duration")  // MP4 12.345 s
    if let size = header.displayedSize {
        // A phone's portrait video is stored landscape and turned by its matrix: the displayed
        // size has the turn applied, so the bubble is laid out portrait.
        print("displayed:", size, "rotation:", header.rotation)  // 1080 x 1920 px, 90°
    }
    for track in header.tracks { print(track.kind, track.codec ?? "?") }  // video avc1, audio mp4a
    print("fast start:", header.isFastStart)
} catch {
    print(error)  // for example: MP4 header is truncated: a box or field at byte 4096 runs past the end
}

// What a file is, from its first bytes: an image, ISO media, PDF, ZIP, MP3 or something else.
if let prefix = try? FileHandle(forReadingFrom: url).read(upToCount: 512) {
    print(FileType(sniffing: prefix))  // a MP4 file
}

/// The placeholder size of a remote video, read from its header (64 KiB, and the end of the file
/// when its `moov` box is there), never from its media.
func placeholderSize(of remote: URL) async throws -> PixelSize? {
    let reader = RemotePart.MediaHeaderReader(transport: URLSessionTransport())
    return try await reader.inspect(remote).displayedSize
}
