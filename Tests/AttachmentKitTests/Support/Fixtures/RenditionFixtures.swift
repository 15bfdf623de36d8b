import Foundation
import Testing

@testable import AttachmentKit

/// A message part that offers other renditions of its picture.
struct OfferingPart: MessagePart {
    let id: PartID
    let mimeType: MIMEType
    let transferStatus: TransferStatus
    let localContent: PartContent?
    let renditions: [Rendition]

    init(
        _ id: PartID, mimeType: MIMEType = .imageJPEG, content: PartContent? = nil,
        renditions: [Rendition]
    ) {
        self.id = id
        self.mimeType = mimeType
        self.transferStatus = content == nil ? .readyForDownload : .complete
        self.localContent = content
        self.renditions = renditions
    }
}

/// Renditions of one 4032 × 3024 photo for the rendition tests.
enum RenditionFixtures {
    static let original = PixelSize(width: 4032, height: 3024)
    static let previewSize = PixelSize(width: 512, height: 384)
    static let large = PixelSize(width: 1024, height: 768)
    static let extraLarge = PixelSize(width: 2048, height: 1536)

    /// A JPEG header of `size`, enough for the content check.
    static func jpeg(_ size: PixelSize) -> PartContent {
        .data(SyntheticImages.jpeg(width: Int(size.width), height: Int(size.height)))
    }

    /// A rendition downloaded by a scripted part named after its size.
    static func scripted(_ size: PixelSize, id: PartID? = nil) -> (Rendition, ScriptedPart) {
        let part = ScriptedPart(id ?? PartID("photo@\(Int(size.width))x\(Int(size.height))"))
        return (Rendition(pixelSize: size, part: part), part)
    }

    /// A rendition that is a placeholder part on the server.
    static func remote(_ size: PixelSize, id: PartID) -> Rendition {
        Rendition(pixelSize: size, part: PartFactory.remote(id, .imageJPEG))
    }
}

/// A photo message whose scripted original offers two scripted renditions, with a local preview
/// (64 × 48, from its header) and a size part (4032 × 3024): its chain is preview, 1024, 2048,
/// original.
struct RenditionMessage {
    typealias Fixtures = RenditionFixtures
    let large = Fixtures.scripted(Fixtures.large)
    let extraLarge = Fixtures.scripted(Fixtures.extraLarge)
    let original: ScriptedPart
    let parts: [any MessagePart]

    /// The device pixels that the 1024 rendition covers and the preview does not.
    static let largeCell = PixelSize(width: 900, height: 675)
    /// The device pixels that the 2048 rendition covers and the 1024 one does not.
    static let largerCell = PixelSize(width: 1800, height: 1350)
    /// The device pixels only the original covers.
    static let wholeScreen = PixelSize(width: 3000, height: 2250)
    /// The device pixels the 64 × 48 preview covers.
    static let tinyCell = PixelSize(width: 60, height: 45)

    init() {
        original = ScriptedPart("photo", renditions: [extraLarge.0, large.0])
        parts = [
            original, LoadingFixtures.localPreview(),
            PartFactory.size(#"{"width":4032,"height":3024,"orientation":0}"#),
        ]
    }

    /// Requires the choices the tests of this message wait on (``ResolverChoice``): the local
    /// preview shown, and for each cell size above the rendition that covers it, smallest first.
    /// A resolver that chose otherwise fails the test here, at once, instead of leaving it to wait
    /// for a download that never starts.
    func requireChain(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let choices = [
            (Self.tinyCell, PartID("preview")), (Self.largeCell, large.0.part.id),
            (Self.largerCell, extraLarge.0.part.id), (Self.wholeScreen, original.id),
        ]
        for (size, rendition) in choices {
            try ResolverChoice.require(
                parts, preview: "preview", original: original.id, rendition: rendition, for: size,
                sourceLocation: sourceLocation)
        }
    }

    /// How many downloads each of the original and the two renditions started.
    var startedCounts: (original: Int, large: Int, extraLarge: Int) {
        (original.script.startedCount, large.1.script.startedCount, extraLarge.1.script.startedCount)
    }
}
