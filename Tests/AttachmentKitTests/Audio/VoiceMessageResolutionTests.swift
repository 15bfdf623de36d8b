import Foundation
import Testing

@testable import AttachmentKit

/// A voice message resolves to ``AttachmentResolver/Kind/audio`` with its duration and waveform from the
/// size part, at once or once the size part is fetched, before any audio byte.
@Suite("Voice messages: length and bars before the audio", SuiteTimeLimit.minutes(2), .inTurn)
struct VoiceMessageResolutionTests {
    static let details = VoiceDetails(duration: 4.4, waveform: Waveform(levels: [0, 0.5, 1]))

    @Test("the size part gives the duration and waveform at once; the audio is the full resolution")
    func localSizePart() throws {
        let parts: [any MessagePart] = [
            LocalPart(id: "voice", mimeType: .audioOgg, content: nil, transferStatus: .readyForDownload),
            LocalPart(id: "size", mimeType: .imageSize, content: .data(Self.details.sizePartJSON())),
        ]
        let resolution = AttachmentResolver().resolve(parts)
        #expect(resolution.kind == .audio)
        #expect(resolution.original?.id == "voice" && resolution.preview == nil)
        #expect(resolution.placeholderSize?.voice == Self.details)
        #expect(resolution.sizeMetadataError == nil)
    }

    @Test("the size part JSON: seconds and Element's 0…1024 levels, both ways; bad values are typed errors")
    func json() throws {
        let json = Self.details.sizePartJSON()
        #expect(String(decoding: json, as: UTF8.self) == #"{"duration":4.4,"waveform":[0,512,1024]}"#)
        #expect(try VoiceDetails(sizePartJSON: json) == Self.details)
        #expect(try VoiceDetails(sizePartJSON: Data(#"{"width":1,"height":1}"#.utf8)) == VoiceDetails())
        #expect(throws: ImageSizeMetadata.Error.tooLarge(key: "waveform", value: 2000)) {
            try VoiceDetails(sizePartJSON: Data(#"{"waveform":[1,2000]}"#.utf8))
        }
        #expect(throws: ImageSizeMetadata.Error.notPositive(key: "duration", value: -1)) {
            try VoiceDetails(sizePartJSON: Data(#"{"duration":-1}"#.utf8))
        }
        #expect(throws: ImageSizeMetadata.Error.notANumber(key: "waveform")) {
            try VoiceDetails(sizePartJSON: Data(#"{"waveform":[0.5]}"#.utf8))
        }
        #expect(throws: ImageSizeMetadata.Error.notAnObject) { try VoiceDetails(sizePartJSON: Data("[1]".utf8)) }
    }

    @Test("without a size part, the local audio's header gives the duration")
    func localAudio() throws {
        let ogg = OggPageWriter.opusStream(audioPages: 10)
        let parts: [any MessagePart] = [LocalPart(id: "voice", mimeType: .audioOgg, content: .data(Data(ogg)))]
        let resolution = AttachmentResolver().resolve(parts)
        #expect(resolution.kind == .audio)
        #expect(resolution.placeholderSize?.voice?.duration == (48_000 - 312) / 48_000.0)
        #expect(resolution.placeholderSize?.voice?.waveform == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a remote size part is fetched and its details arrive as the placeholder event")
    func fetchedSizePart() async throws {
        let sizeURL = try #require(URL(string: "http://voice.test/size.json"))
        let transport = InMemoryHTTPTransport(files: [sizeURL: Self.details.sizePartJSON()])
        let harness = try RemoteTestHarness(transport: transport)
        let size = harness.part(sizeURL, id: "size", mimeType: .imageSize)
        let parts: [any MessagePart] = [
            LocalPart(id: "voice", mimeType: .audioOgg, content: nil, transferStatus: .readyForDownload), size,
        ]
        #expect(AttachmentResolver().resolve(parts).placeholderSize == nil)
        var placeholder: PlaceholderSize?
        for await event in AttachmentResolver(downloads: harness.coordinator).events(for: parts) {
            if case .placeholder(let size) = event { placeholder = size }
        }
        #expect(placeholder?.voice == Self.details)
        #expect(transport.totalRequestCount == 1)
    }
}
