import Foundation

@testable import AttachmentKit

/// A message part that offers other renditions of its picture.
struct OfferingPart: MessagePart {
    let id: PartID
    let mimeType: MIMEType
    let transferStatus: TransferStatus
    let localContent: PartContent?
    let representations: [ImageRepresentation]

    init(
        _ id: PartID, mimeType: MIMEType = .imageJPEG, content: PartContent? = nil,
        representations: [ImageRepresentation]
    ) {
        self.id = id
        self.mimeType = mimeType
        self.transferStatus = content == nil ? .readyForDownload : .complete
        self.localContent = content
        self.representations = representations
    }
}

/// Renditions of one 4032 × 3024 photo for the representation tests.
enum RepresentationFixtures {
    static let original = PixelSize(width: 4032, height: 3024)
    static let previewSize = PixelSize(width: 512, height: 384)
    static let large = PixelSize(width: 1024, height: 768)
    static let extraLarge = PixelSize(width: 2048, height: 1536)

    /// A JPEG header of `size`, enough for the content check.
    static func jpeg(_ size: PixelSize) -> PartContent {
        .data(SyntheticImages.jpeg(width: Int(size.width), height: Int(size.height)))
    }

    /// A rendition downloaded by a scripted part named after its size.
    static func scripted(_ size: PixelSize, id: PartID? = nil) -> (ImageRepresentation, ScriptedPart) {
        let part = ScriptedPart(id ?? PartID("photo@\(Int(size.width))x\(Int(size.height))"))
        return (ImageRepresentation(pixelSize: size, part: part), part)
    }

    /// A rendition that is a placeholder part on the server.
    static func remote(_ size: PixelSize, id: PartID) -> ImageRepresentation {
        ImageRepresentation(pixelSize: size, part: PartFactory.remote(id, .imageJPEG))
    }
}
