import Foundation
import Testing

@testable import AttachmentKit

/// File messages through the public API: the file's name, type and byte count, the file
/// downloaded only on request and checked by ``FileType/verify(_:declaredType:)``.
@Suite("File messages", SuiteTimeLimit.minutes(2), .inTurn)
struct FileMessageTests {
    static let pdfBytes = Data("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n".utf8)
    static let text = PartFactory.local("text", .textPlain)

    static func pdf(_ content: Data, byteCount: Int64? = nil) throws -> ScriptedPart {
        ScriptedPart(
            "pdf", mimeType: try MIMEType(#"application/pdf; name="Q3 report.pdf""#),
            byteCount: byteCount ?? Int64(content.count),
            script: DownloadScript(automatic: .init(content: .data(content), steps: 1)))
    }

    @Test("a PDF beside the text is a file message: its name, type and byte count")
    func resolvesTheFile() throws {
        let resolution = AttachmentResolver().resolve([Self.text, try Self.pdf(Self.pdfBytes, byteCount: 48_213)])
        #expect(resolution.kind == .file)
        #expect(!resolution.isImageMessage)
        #expect(resolution.preview == nil)
        let file = try #require(resolution.original)
        #expect(file.id == "pdf")
        #expect(file.fileName == "Q3 report.pdf")
        #expect(file.mimeType.essence == "application/pdf")
        #expect(file.byteCount == 48_213)
        #expect(resolution.placeholderSize == nil)
    }

    @Test(
        "any type but text, a location, a date, a size part or a chain's type makes a file message",
        arguments: ["application/zip", "audio/flac", "application/octet-stream", "audio/wav"])
    func anyOtherType(_ type: String) throws {
        let part = PartFactory.remote("file", try MIMEType(type))
        #expect(AttachmentResolver().resolve([Self.text, part]).kind == .file)
        #expect(AttachmentResolver().resolve([Self.text, part]).original?.id == "file")
    }

    @Test("text alone, or text with a location, has no attachment")
    func noAttachment() {
        let parts: [any MessagePart] = [Self.text, PartFactory.local("where", .locationCoordinate)]
        let resolution = AttachmentResolver().resolve(parts)
        #expect(resolution.kind == nil)
        #expect(resolution.original == nil)
    }

    @Test("a part's fileName is its type's name parameter, nil without one")
    func fileNameDefault() throws {
        #expect(PartFactory.remote("a", try MIMEType("application/zip; name=photos.zip")).fileName == "photos.zip")
        #expect(PartFactory.remote("b", try MIMEType("application/zip")).fileName == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the file is not fetched unasked (nor by the sole-image rule); asked for, it is downloaded and checked")
    func downloadedOnRequest() async throws {
        let pdf = try Self.pdf(Self.pdfBytes)
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        #expect(await resolver.events(for: [Self.text, pdf]).collected().isEmpty)
        #expect(pdf.script.startedCount == 0)
        let events = await resolver.events(for: [Self.text, pdf], fetchingOriginal: true).collected()
        #expect(events.map(\.testDescription).filter { !$0.hasPrefix("progress") } == ["full pdf"])
        guard case .original(let content, _)? = events.last else { return }
        #expect(try content.bytes() == Self.pdfBytes)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a part declared a PDF that is an HTML page is refused, as images are")
    func htmlPDFRefused() async throws {
        let page = Data("<!doctype html>\n<html><head><title>404 Not Found</title></head></html>".utf8)
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [Self.text, try Self.pdf(page)], fetchingOriginal: true)
            .collected()
        #expect(events.map(\.testDescription).filter { !$0.hasPrefix("progress") } == ["failed original pdf"])
        guard case .failed(let failure)? = events.last,
            case .mismatch(let declared, let content)? = failure.reason as? FileType.VerificationError
        else {
            Issue.record("expected a FileType.VerificationError.mismatch, got \(events)")
            return
        }
        #expect(declared.essence == "application/pdf")
        #expect(content != .pdf)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a local file is checked too: a local 'PDF' that is a ZIP archive is refused")
    func localMismatchRefused() async throws {
        let zip = Data([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 26))
        let part = LocalPart(id: "pdf", mimeType: try MIMEType("application/pdf"), content: .data(zip))
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator())
        let events = await resolver.events(for: [part]).collected()
        #expect(events.map(\.testDescription) == ["failed original pdf"])
    }
}
