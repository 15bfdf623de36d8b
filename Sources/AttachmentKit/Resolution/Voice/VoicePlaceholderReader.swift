import Foundation

/// Works out a voice message's placeholder: the rule ``VoiceDetails`` documents. The size part's
/// duration and waveform when it is local; without it, the duration from the header of the
/// audio when it is local (``AudioInspector``); without either, none (the size part is fetched).
enum VoicePlaceholderReader {
    /// The placeholder of a voice message with `sizePart` and `audio`.
    static func read(sizePart: (any MessagePart)?, audio: (any MessagePart)?) -> PlaceholderSizeReader.Outcome {
        var outcome = PlaceholderSizeReader.Outcome()
        if let sizePart, let content = sizePart.availableContent {
            do {
                outcome.placeholderSize = placeholder(try details(of: content))
                return outcome
            } catch {
                outcome.sizePartError = error
            }
        }
        if let content = audio?.availableContent, let header = try? AudioInspector().inspect(content) {
            outcome.placeholderSize = placeholder(VoiceDetails(duration: header.duration?.seconds))
        }
        return outcome
    }

    /// The details a size part's content gives.
    static func details(of content: PartContent) throws(ImageSizeMetadata.Error) -> VoiceDetails {
        let data: Data
        do {
            data = try content.bytes()
        } catch {
            throw .malformedJSON("\(error)")
        }
        return try VoiceDetails(sizePartJSON: data)
    }

    /// The placeholder of a voice message: no size, the details.
    static func placeholder(_ details: VoiceDetails) -> PlaceholderSize {
        var size = PlaceholderSize(displayedSize: .zero, orientation: .up, source: .sizeMetadata)
        size.voice = details
        return size
    }
}
