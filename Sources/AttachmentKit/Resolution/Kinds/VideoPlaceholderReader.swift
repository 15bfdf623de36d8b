import Foundation

/// Works out a video message's placeholder: the rule ``PlaceholderSize/VideoDetails`` documents. The size part's
/// size first; without one, the header of the video when it is local (``ISOMediaInspector``),
/// rotation applied; without either, the poster's header. The duration and rotation come from
/// the size part and the local header combined.
struct VideoPlaceholderReader {
    var inspector = ISOMediaInspector()

    /// Reads the placeholder of a video message from its size part's `metadata`, its `video`
    /// part and its `poster`.
    func read(
        metadata: ImageSizeMetadata?, video: (any MessagePart)?, poster: (any MessagePart)?
    ) -> PlaceholderSizeReader.Outcome {
        let header = video?.availableContent.flatMap { try? inspector.inspect($0) }
        let headerDetails = header.map(PlaceholderSize.VideoDetails.init(header:))
        var outcome = PlaceholderSizeReader().read(metadata: nil, preview: poster, original: nil)
        if let metadata {
            var size = PlaceholderSizeReader.placeholder(
                metadata: metadata,
                header: outcome.imageHeader.flatMap { header in poster.map { (header, $0.id) } },
                headerIsOriginal: false)
            size?.video = PlaceholderSize.VideoDetails(sizePartDuration: metadata.duration, header: headerDetails)
            outcome.placeholderSize = size
        } else if let video, let header, let size = Self.placeholder(from: header, of: video.id) {
            outcome.placeholderSize = size
        } else {
            // The poster's size; a header without a video track (audio only) still has a duration.
            outcome.placeholderSize?.video = headerDetails ?? PlaceholderSize.VideoDetails()
        }
        return outcome
    }

    /// The placeholder a video's header gives: its displayed size (rotation applied), its
    /// duration and rotation; `nil` for a file without a video track.
    static func placeholder(from header: ISOMediaHeader, of partID: PartID) -> PlaceholderSize? {
        guard let display = header.displayedSize, !display.isEmpty else { return nil }
        var size = PlaceholderSize(displayedSize: display, orientation: .up, source: .videoHeader(partID))
        size.video = PlaceholderSize.VideoDetails(header: header)
        return size
    }
}
