import Testing

@testable import AttachmentKit

@Suite("MIMEType", .inTurn)
struct MIMETypeTests {
    @Test("every Atlas constant has the type and subtype Atlas defined")
    func constants() throws {
        let expected: [(MIMEType, String)] = [
            (.textPlain, "text/plain"), (.imagePNG, "image/png"), (.imageHEIC, "image/heic"),
            (.imageGIF, "image/gif"), (.imageGIFPreview, "image/gif+preview"), (.imageJPEG, "image/jpeg"),
            (.imageJPEGPreview, "image/jpeg+preview"), (.imageSize, "application/json+imageSize"),
            (.videoMP4, "video/mp4"), (.videoQuickTime, "video/quicktime"),
            (.locationCoordinate, "location/coordinate"), (.textDate, "text/date"),
            (.applicationOctetStream, "application/octet-stream"),
        ]
        for (constant, text) in expected {
            #expect(constant.description == text)
            #expect(try MIMEType(text) == constant)
        }
    }

    @Test("type and subtype compare case-insensitively and keep their spelling")
    func caseInsensitive() throws {
        let upper = try MIMEType("IMAGE/JPEG")
        #expect(upper == .imageJPEG)
        #expect(upper.hashValue == MIMEType.imageJPEG.hashValue)
        #expect(upper.description == "IMAGE/JPEG")
        #expect(try MIMEType("application/JSON+IMAGESIZE") == .imageSize)
    }

    @Test("parameters are kept, unquoted, and take part in equality")
    func parameters() throws {
        let type = try MIMEType("application/vnd.layer.image+json; role=preview")
        #expect(type.type == "application")
        #expect(type.subtype == "vnd.layer.image+json")
        #expect(type.parameters == ["role": "preview"])
        #expect(try MIMEType("text/plain; Charset=\"utf-8\"").parameters == ["charset": "utf-8"])
        #expect(try MIMEType("text/plain; a=\"x\\\"y\"; b=2;").parameters == ["a": "x\"y", "b": "2"])
        #expect(try MIMEType("text/plain; charset=utf-8") != .textPlain)
        #expect(try MIMEType("text/plain; charset=utf-8").matches(.textPlain))
        #expect(!MIMEType.textPlain.matches(try MIMEType("text/plain; charset=utf-8")))
    }

    @Test(
        "malformed strings are rejected with the error that names the problem",
        arguments: [
            ("jpeg", MIMEType.Error.missingSlash("jpeg")),
            ("/", .emptyType("/")),
            ("/jpeg", .emptyType("/jpeg")),
            ("image/", .emptySubtype("image/")),
            ("", .empty),
            ("   ", .empty),
            ("image/jp\u{0}eg", .invalidCharacter("\u{0}", in: "image/jp\u{0}eg")),
            ("image/jpeg\n", .invalidCharacter("\n", in: "image/jpeg\n")),
            ("ima ge/jpeg", .invalidCharacter(" ", in: "ima ge/jpeg")),
            ("image/jp@eg", .invalidCharacter("@", in: "image/jp@eg")),
            ("image/jpeg/x", .invalidCharacter("/", in: "image/jpeg/x")),
            ("imagé/jpeg", .invalidCharacter("é", in: "imagé/jpeg")),
            ("text/plain; charset", .malformedParameter("charset")),
            ("text/plain; =x", .malformedParameter("=x")),
            ("text/plain; a=\"open", .malformedParameter("a")),
            ("text/plain; a=1 b=2", .malformedParameter("a")),
        ])
    func rejected(input: String, error: MIMEType.Error) {
        #expect(throws: error) { try MIMEType(input) }
    }

    @Test("strings over 255 bytes are rejected; 255 bytes are accepted")
    func length() throws {
        let longest = "image/" + String(repeating: "a", count: 249)
        #expect(try MIMEType(longest).subtype.count == 249)
        #expect(throws: MIMEType.Error.tooLong(byteCount: 256)) { try MIMEType(longest + "a") }
    }

    @Test("the preview variant is derived by rule, and undone by originalVariant")
    func previewVariant() throws {
        #expect(MIMEType.imageGIF.previewVariant == .imageGIFPreview)
        #expect(MIMEType.imageJPEG.previewVariant == .imageJPEGPreview)
        #expect(try MIMEType("image/webp").previewVariant == MIMEType("image/webp+preview"))
        #expect(MIMEType.imageJPEGPreview.previewVariant == .imageJPEGPreview)
        #expect(MIMEType.imageJPEGPreview.isPreview)
        #expect(!MIMEType.imageJPEG.isPreview)
        #expect(MIMEType.imageGIFPreview.originalVariant == .imageGIF)
        #expect(MIMEType.imagePNG.originalVariant == nil)
    }

    @Test("surrounding spaces are ignored")
    func spaces() throws {
        #expect(try MIMEType("  image/png  ") == .imagePNG)
        #expect(try MIMEType("image/png ;  a=b ").parameters == ["a": "b"])
    }
}
