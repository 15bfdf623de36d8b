import Foundation

/// What a voice message shows before its audio arrives: its length and its bars.
///
/// The sender puts them in the message's size part (``MIMEType/imageSize``, the part a video's
/// size and duration travel in), as `{"duration": 4.4, "waveform": [0, 512, 1024, …]}`: the
/// duration in seconds, the waveform as Element's integers 0…1024
/// (``Waveform/matrixLevels``). The receiver's ``AttachmentResolver`` reads them into the
/// placeholder's ``PlaceholderSize/voice``, from the size part when it is local or once it is
/// fetched (size parts are fetched automatically), otherwise the duration from the header of
/// the local audio (``AudioInspector``).
public struct VoiceDetails: Sendable, Equatable {
    /// The duration in seconds, or `nil` when unknown.
    public var duration: Double?
    /// The waveform to draw, or `nil` when the sender sent none.
    public var waveform: Waveform?

    /// Creates the details.
    public init(duration: Double? = nil, waveform: Waveform? = nil) {
        self.duration = duration
        self.waveform = waveform
    }

    /// The content of a voice message's size part: `{"duration":…,"waveform":[…]}`, with the
    /// keys that have a value.
    public func sizePartJSON() -> Data {
        var fields: [String] = []
        if let duration, duration.isFinite { fields.append("\"duration\":\(duration)") }
        if let waveform {
            fields.append("\"waveform\":[\(waveform.matrixLevels.map(String.init).joined(separator: ","))]")
        }
        return Data("{\(fields.joined(separator: ","))}".utf8)
    }

    /// Reads a voice message's size part: `duration` (seconds, finite, not negative) and
    /// `waveform` (integers 0…1024); other keys (`width`, `height`…) are ignored.
    ///
    /// - Throws: ``ImageSizeMetadata/Error``: ``ImageSizeMetadata/Error/malformedJSON(_:)`` or
    ///   ``ImageSizeMetadata/Error/notAnObject`` for JSON that is no object,
    ///   ``ImageSizeMetadata/Error/notANumber(key:)``, ``ImageSizeMetadata/Error/notFinite(key:)``
    ///   or ``ImageSizeMetadata/Error/notPositive(key:value:)`` for a bad `duration`;
    ///   ``ImageSizeMetadata/Error/notANumber(key:)``, ``ImageSizeMetadata/Error/notPositive(key:value:)``
    ///   or ``ImageSizeMetadata/Error/tooLarge(key:value:)`` for a `waveform` that is not an
    ///   array of integers 0…1024.
    public init(sizePartJSON json: Data) throws(ImageSizeMetadata.Error) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: json)
        } catch {
            throw .malformedJSON(error.localizedDescription)
        }
        guard let fields = object as? [String: Any] else { throw .notAnObject }
        if let value = fields["duration"], !(value is NSNull) {
            guard let number = value as? NSNumber, !(value is Bool) else { throw .notANumber(key: "duration") }
            let seconds = number.doubleValue
            guard seconds.isFinite else { throw .notFinite(key: "duration") }
            guard seconds >= 0 else { throw .notPositive(key: "duration", value: seconds) }
            duration = seconds
        }
        if let value = fields["waveform"], !(value is NSNull) {
            guard let numbers = value as? [NSNumber], numbers.allSatisfy({ $0.doubleValue.rounded() == $0.doubleValue })
            else { throw .notANumber(key: "waveform") }
            let levels = numbers.map(\.doubleValue)
            if let low = levels.first(where: { $0 < 0 }) { throw .notPositive(key: "waveform", value: low) }
            if let high = levels.first(where: { $0 > Double(Waveform.matrixMaximum) }) {
                throw .tooLarge(key: "waveform", value: high)
            }
            waveform = Waveform(levels: levels.map { $0 / Double(Waveform.matrixMaximum) })
        }
    }
}
