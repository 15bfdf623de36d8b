import AttachmentKit
import Foundation

/// Figures for choosing parts: ``AttachmentResolver/resolve(_:)`` against the seed's
/// hand-written look-ups.
let resolutionFigures: [Figure] = [
    Figure(name: "resolve-message") {
        let sizeJSON = Data(#"{"width":3024,"height":4032,"orientation":3}"#.utf8)
        let parts: [any MessagePart] = [
            LocalPart(id: "text", mimeType: .textPlain, content: .data(Data("hi".utf8))),
            LocalPart(id: "full", mimeType: .imageJPEG, content: nil, transferStatus: .readyForDownload),
            LocalPart(id: "preview", mimeType: .imageJPEGPreview, content: .data(Data(count: 16))),
            LocalPart(id: "size", mimeType: .imageSize, content: .data(sizeJSON)),
        ]
        let resolver = AttachmentResolver()
        let iterations = 20_000
        let measured = Measure.medianSeconds {
            for _ in 0..<iterations { blackHole(resolver.resolve(parts)) }
        }
        // The seed: ATLMessagePartForMIMEType for each role, then parse the size JSON.
        let baseline = Measure.medianSeconds {
            for _ in 0..<iterations {
                func part(_ type: MIMEType) -> (any MessagePart)? { parts.first { $0.mimeType == type } }
                let full = part(.imageJPEG) ?? part(.imagePNG)
                let preview = part(.imageJPEGPreview) ?? full
                let size = (part(.imageSize)?.localContent).flatMap { content -> [String: Any]? in
                    guard case .data(let data) = content else { return nil }
                    return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
                }
                blackHole((full?.id, preview?.id, size?.count))
            }
        }
        let perCall = measured / Double(iterations) * 1e6
        return FigureResult(
            value: perCall, unit: "us/resolve", baseline: baseline / Double(iterations) * 1e6,
            target: .ratioAtMost(3))
    }
]
