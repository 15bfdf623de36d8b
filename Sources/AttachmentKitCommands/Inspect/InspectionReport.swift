import AttachmentKit
import Foundation

/// The text `attachmentkit inspect` prints for one file.
struct InspectionReport {
    let source: InspectedSource
    let header: ImageHeader
    let declaredType: MIMEType?

    var text: String {
        let orientation = header.orientation
        var lines = [source.path]
        lines.append("  format: \(header.format) (\(header.format.mimeType))")
        lines.append("  stored size: \(header.pixelWidth) x \(header.pixelHeight)")
        lines.append("  orientation: \(orientation) (EXIF \(orientation.exifValue))")
        lines.append("  displayed size: \(header.displayedWidth) x \(header.displayedHeight)")
        lines.append("  progressive: \(header.isProgressive ? "yes" : "no")")
        lines.append("  animated: \(header.isAnimated ? "yes" : "no")")
        if let animation = header.animation { lines += AnimationReport(animation).lines }
        lines.append("  metadata: \(header.personalMetadata)")
        lines.append("  extension: \(extensionVerdict)")
        if let declaredType { lines.append("  declared type: \(verdict(on: declaredType))") }
        lines.append("  pixels: \(pixelVerdict)")
        lines.append(source.bytesLine(header.inspectedByteCount))
        return lines.joined(separator: "\n") + "\n"
    }

    private var extensionVerdict: String {
        let pathExtension = URL(fileURLWithPath: source.path).pathExtension
        guard !pathExtension.isEmpty else { return "none" }
        let fileExtension = "." + pathExtension
        if header.format.isDescribed(byFileExtension: fileExtension) { return "\(fileExtension) matches" }
        guard let named = ImageFormat(fileExtension: fileExtension) else {
            return "\(fileExtension) names no image format; the content is \(header.format)"
        }
        return "\(fileExtension) lies: it names \(named), the content is \(header.format)"
    }

    private func verdict(on declared: MIMEType) -> String {
        let image = ImageInspector.VerifiedImage(header: header, declaredType: declared)
        guard let corrected = image.correctedType else { return "\(declared) matches" }
        return "\(declared) lies: the content is \(corrected)"
    }

    private var pixelVerdict: String {
        let limit = ImageInspector.ContentPolicy.defaultMaximumPixelCount
        let frames = header.animation.map { " (\(header.pixelCount) x \($0.frameCount) frames)" } ?? ""
        let count = "\(header.totalPixelCount)\(frames)"
        guard header.totalPixelCount > limit else { return "\(count), within the \(limit) limit" }
        return "\(count), over the \(limit) limit: a possible decompression bomb"
    }
}
