#if os(macOS) || os(Linux)
import AttachmentKitMatrix
import Foundation

@testable import AttachmentKit

/// The files the Matrix round trips send, made in the test: a sideways photo with an Exif
/// thumbnail and GPS (ImageMagick and exiftool), a video turned a quarter and an M4A (ISO media
/// built here), and a PDF.
enum MatrixFixture: String, CaseIterable, Sendable, CustomStringConvertible {
    case photo, video, audio, pdf

    var description: String { rawValue }

    /// The photo is 640 × 480 stored, orientation 6: shown 480 × 640.
    static let photoDisplayed = (width: 480, height: 640)

    /// Writes the file into `folder` and composes it as the app would.
    func compose(in folder: StorageTemporaryDirectory) async throws -> AttachmentComposer.OutgoingAttachment {
        let composer = AttachmentComposer(previewSource: .embeddedThumbnail)
        switch self {
        case .photo:
            let url = try await SendingFixtures.jpeg(
                in: folder, name: "photo.jpg", width: 640, height: 480, exifOrientation: 6, thumbnail: true)
            try await SendingFixtures.run(
                "exiftool",
                [
                    "-overwrite_original", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945",
                    "-GPSLongitudeRef=E", url.path,
                ])
            return try composer.compose(imageAt: url, into: folder.appending("outbox"), id: "photo")
        case .video:
            let movie = SyntheticMovies.movie(
                tracks: [SyntheticMovies.videoTrack(width: 640, height: 360, matrix: SyntheticMovies.clockwise90)])
            return try file(movie, named: "clip.mp4", type: "video/mp4", in: folder, composer: composer)
        case .audio:
            let sound = SyntheticMovies.trak([
                SyntheticMovies.tkhd(width: 0, height: 0),
                SyntheticImages.box(
                    "mdia",
                    SyntheticMovies.mdhd() + SyntheticMovies.hdlr("soun")
                        + SyntheticImages.box("minf", SyntheticImages.box("stbl", SyntheticMovies.stsd("mp4a")))),
            ])
            let m4a = SyntheticMovies.movie(tracks: [sound], brand: "M4A ")
            return try file(m4a, named: "voice.m4a", type: "audio/mp4", in: folder, composer: composer)
        case .pdf:
            let pdf = Data("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
            return try file(pdf, named: "report.pdf", type: "application/pdf", in: folder, composer: composer)
        }
    }

    /// The message type the content must have.
    var messageType: MatrixMediaContent.MessageType {
        switch self {
        case .photo: .image
        case .video: .video
        case .audio: .audio
        case .pdf: .file
        }
    }

    private func file(
        _ bytes: Data, named name: String, type: String, in folder: StorageTemporaryDirectory,
        composer: AttachmentComposer
    ) throws -> AttachmentComposer.OutgoingAttachment {
        let url = folder.appending(name)
        try bytes.write(to: url)
        return try composer.composeFile(at: url, mimeType: try MIMEType(type), id: rawValue)
    }
}
#endif
