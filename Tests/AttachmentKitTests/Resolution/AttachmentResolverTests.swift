import AttachmentKit
import Foundation
import Testing

@Suite("AttachmentResolver: choosing preview and full resolution", .inTurn)
struct AttachmentResolverTests {
    private let resolver = AttachmentResolver()
    private typealias Make = PartFactory

    private func roles(_ parts: [any MessagePart]) -> (preview: PartID?, full: PartID?) {
        let resolution = resolver.resolve(parts)
        return (resolution.preview?.id, resolution.original?.id)
    }

    @Test("Atlas's photo: the JPEG preview is the preview and the JPEG the original")
    func atlasPhoto() {
        let parts: [any MessagePart] = [
            Make.local("full", .imageJPEG), Make.local("preview", .imageJPEGPreview),
            Make.size(#"{"width":3000,"height":4000}"#),
        ]
        #expect(roles(parts) == ("preview", "full"))
    }

    @Test("parts in any order give the same roles")
    func order() {
        let parts: [any MessagePart] = [
            Make.size(#"{"width":3000,"height":4000}"#), Make.local("text", .textPlain),
            Make.local("preview", .imageJPEGPreview), Make.local("full", .imageJPEG),
        ]
        for rotation in 0..<parts.count {
            let rotated = Array(parts[rotation...] + parts[..<rotation])
            #expect(roles(rotated) == ("preview", "full"))
            #expect(roles(rotated.reversed()) == ("preview", "full"))
        }
    }

    @Test("without a preview part the JPEG serves both roles")
    func jpegOnly() {
        let resolution = resolver.resolve([Make.local("full", .imageJPEG)])
        #expect(resolution.preview?.id == "full")
        #expect(resolution.original?.id == "full")
        #expect(resolution.usesOnePartForBothRoles)
    }

    @Test("a PNG original is found when there is no JPEG; the JPEG preview still wins the preview")
    func pngOriginal() {
        #expect(roles([Make.local("png", .imagePNG)]) == ("png", "png"))
        #expect(roles([Make.local("png", .imagePNG), Make.local("pv", .imageJPEGPreview)]) == ("pv", "png"))
    }

    @Test("JPEG beats PNG in both chains when both are present")
    func jpegBeforePNG() {
        #expect(roles([Make.local("png", .imagePNG), Make.local("jpg", .imageJPEG)]) == ("jpg", "jpg"))
    }

    @Test("a GIF message uses the GIF chain")
    func gif() {
        #expect(roles([Make.local("gif", .imageGIF), Make.local("gp", .imageGIFPreview)]) == ("gp", "gif"))
        #expect(roles([Make.local("gif", .imageGIF)]) == ("gif", "gif"))
    }

    @Test("HEIC is recognised as an image, with a JPEG preview when there is one")
    func heic() {
        #expect(roles([Make.local("heic", .imageHEIC)]) == ("heic", "heic"))
        #expect(roles([Make.local("heic", .imageHEIC), Make.local("pv", .imageJPEGPreview)]) == ("pv", "heic"))
    }

    @Test("a message with only a preview shows it and has no full resolution")
    func previewOnly() {
        let resolution = resolver.resolve([Make.local("pv", .imageJPEGPreview)])
        #expect(resolution.isImageMessage)
        #expect(resolution.preview?.id == "pv")
        #expect(resolution.original == nil)
    }

    @Test("duplicate types: the first part in the message wins")
    func duplicates() {
        let parts: [any MessagePart] = [
            Make.local("pv1", .imageJPEGPreview), Make.local("full1", .imageJPEG),
            Make.local("full2", .imageJPEG), Make.local("pv2", .imageJPEGPreview),
        ]
        #expect(roles(parts) == ("pv1", "full1"))
    }

    @Test("empty messages, text messages, videos and unknown types are not image messages")
    func notImages() throws {
        let cases: [([any MessagePart], AttachmentResolver.Kind?)] = [
            ([], nil), ([Make.local("t", .textPlain)], nil),
            ([Make.local("v", .videoMP4), Make.local("l", .locationCoordinate)], .video),
            ([Make.local("x", try MIMEType("image/x-unknown"))], .file), ([Make.size(#"{"width":1,"height":1}"#)], nil),
        ]
        for (parts, kind) in cases {
            let resolution = resolver.resolve(parts)
            #expect(!resolution.isImageMessage)
            #expect(!resolver.isImageMessage(parts))
            #expect(resolution.kind == kind)
            #expect(resolution.preview == nil)
            #expect((resolution.original == nil) == (kind == nil))
        }
    }

    @Test("MIME types in other cases and with parameters still match the chains")
    func caseAndParameters() throws {
        let parts: [any MessagePart] = [
            Make.local("full", try MIMEType("IMAGE/JPEG")),
            Make.local("preview", try MIMEType("image/JPEG+Preview; quality=low")),
        ]
        #expect(roles(parts) == ("preview", "full"))
    }

    @Test("an app's own chain is followed in its order")
    func customChain() throws {
        let webp = try MIMEType("image/webp")
        let policy = AttachmentResolver.Policy(chains: [.single(webp)] + AttachmentResolver.Policy.default.chains)
        let parts: [any MessagePart] = [
            Make.local("jpg", .imageJPEG), Make.local("webp", webp), Make.local("wp", webp.previewVariant),
        ]
        let resolution = AttachmentResolver(policy: policy).resolve(parts)
        #expect(resolution.preview?.id == "wp")
        #expect(resolution.original?.id == "webp")
        #expect(
            AttachmentResolver(policy: AttachmentResolver.Policy(chains: [])).resolve(parts).isImageMessage == false)
    }
}
