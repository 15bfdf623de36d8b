import Foundation
import Testing

@testable import AttachmentKit

/// A file part's bytes must be what its declared type says, for the types `FileType` knows:
/// a "PDF" that is an HTML page is refused, as an "image" that is one is.
@Suite("File content verification", .inTurn)
struct FileContentVerificationTests {
    private let html = Data("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>".utf8)

    @Test(
        "an HTML page declared as a PDF, a ZIP, an MP3 or a video is refused",
        arguments: [
            "application/pdf", "application/zip", "application/epub+zip", "audio/mpeg", "video/mp4", "image/jpeg",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ])
    func htmlRefused(_ declared: String) throws {
        let type = try MIMEType(declared)
        #expect(throws: FileType.VerificationError.mismatch(declaredType: type, content: .other(.html))) {
            try FileType.verify(.data(html), declaredType: type)
        }
    }

    @Test("content of the declared kind passes; an undeclared kind accepts anything")
    func accepted() throws {
        let pdf = Data("%PDF-1.7\n".utf8)
        #expect(try FileType.verify(.data(pdf), declaredType: MIMEType("application/pdf")) == .pdf)
        let zip = Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 26))
        #expect(try FileType.verify(.data(zip), declaredType: MIMEType("application/epub+zip")) == .zip)
        #expect(try FileType.verify(.data(html), declaredType: .applicationOctetStream) == .other(.html))
        let movie = SyntheticMovies.movie()
        #expect(try FileType.verify(.data(movie), declaredType: .videoQuickTime) == .isoMedia(.mp4))
        #expect(
            throws: FileType.VerificationError.mismatch(declaredType: .applicationPDFForTests, content: .isoMedia(.mp4))
        ) {
            try FileType.verify(.data(movie), declaredType: .applicationPDFForTests)
        }
    }

    @Test("empty content and an unreadable file are typed errors")
    func emptyAndUnreadable() {
        #expect(throws: FileType.VerificationError.empty) {
            try FileType.verify(.data(Data()), declaredType: .videoMP4)
        }
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID()).pdf")
        #expect(throws: FileType.VerificationError.self) {
            try FileType.verify(.file(missing), declaredType: .videoMP4)
        }
    }
}

extension MIMEType {
    fileprivate static let applicationPDFForTests = MIMEType.pdfForTests()
    private static func pdfForTests() -> MIMEType { (try? MIMEType("application/pdf")) ?? .applicationOctetStream }
}
