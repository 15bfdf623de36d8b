#if os(macOS) || os(Linux)
@testable import AttachmentKitCommands
@testable import AttachmentKitMatrix
import Foundation
import Testing

@testable import AttachmentKit

/// A voice message and an animated GIF through Synapse: what issue 36 and 37 added to the core
/// (`VoiceDetails`, `Waveform`, `ImageSizeMetadata.isAnimated`) reaches the receiver through the
/// event content as Element writes it.
extension MatrixSynapseTests {
    /// Alice's voice message: `speech-opusenc.opus` of the audio corpus (espeak-ng, opusenc), with
    /// the waveform of the WAV it was encoded from in its size part, as an app composes it.
    static func voiceMessage(in folder: StorageTemporaryDirectory) async throws -> (
        AttachmentComposer.OutgoingAttachment, Waveform
    ) {
        let corpus = try await AudioCorpus.shared()
        let url = folder.appending("voice.ogg")
        try FileManager.default.copyItem(at: corpus.url("speech-opusenc.opus"), to: url)
        let wav = try WAVFile(Data(contentsOf: corpus.url("speech.wav")))
        let waveform = Waveform(samples: wav.samples, channelCount: wav.channelCount, barCount: 64)
        let composed = try AttachmentComposer().composeFile(at: url, mimeType: .audioOgg, id: "voice")
        let sizePart = LocalPart(
            id: "voice/size", mimeType: .imageSize, content: .data(VoiceDetails(waveform: waveform).sizePartJSON()))
        let attachment = AttachmentComposer.OutgoingAttachment(
            original: composed.original, preview: nil, sizePart: sizePart, header: nil)
        return (attachment, waveform)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a voice message: duration and bars in Element's fields, shown by the receiver before the audio",
        .enabled(if: AudioCorpus.isAvailable, "espeak-ng, sox, opus-tools or ffmpeg missing: run .ci/install-tools"),
        .timeLimit(.minutes(3)), arguments: [false, true])
    func voiceMessage(encrypted: Bool) async throws {
        let synapse = try SynapseSuite.running()
        let folder = try StorageTemporaryDirectory("matrix-voice")
        let (attachment, waveform) = try await Self.voiceMessage(in: folder)
        let header = try AudioInspector().inspect(fileAt: try #require(attachment.original.localContent?.fileURL))
        let milliseconds = Int(try #require(header.duration).milliseconds)
        let sent = try await Self.client(synapse, token: synapse.alice).send(attachment, encrypted: encrypted)
        #expect(sent.messageType == .audio && sent.mimeType == .audioOgg && sent.isVoiceMessage)
        #expect(sent.duration == Int64(milliseconds))

        let raw = try await synapse.contentAsBob(of: synapse.post(sent.jsonData()))
        let event = try #require(try JSONSerialization.jsonObject(with: raw) as? [String: Any])
        let audio = try #require(event["org.matrix.msc1767.audio"] as? [String: Any], "Element's voice fields")
        #expect(audio["duration"] as? Int == milliseconds)
        #expect(audio["waveform"] as? [Int] == waveform.matrixLevels)
        #expect((audio["waveform"] as? [Int])?.max() == Waveform.matrixMaximum, "the loudest bar is 1024")
        #expect(event["org.matrix.msc3245.voice"] is [String: Any])

        let received = try MatrixMediaContent(json: raw)
        #expect(received == sent)
        let parts = Self.client(synapse, token: synapse.bob).parts(for: received)
        let resolution = AttachmentResolver(policy: .matrix).resolve(parts)
        #expect(resolution.kind == .audio)
        let voice = try #require(resolution.placeholderSize?.voice, "the placeholder before any download")
        #expect(voice.waveform?.matrixLevels == waveform.matrixLevels)
        #expect(voice.duration == Double(milliseconds) / 1000)
        let original = try #require(resolution.original)
        let content = try await DownloadCoordinator().content(for: original)
        #expect(try content.bytes() == (try attachment.original.availableContent!.bytes()))
        #expect(try AudioInspector().inspect(content).duration == header.duration)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an animated GIF goes as it is with is_animated, and is shown animated: no still server thumbnail",
        .timeLimit(.minutes(3)))
    func animatedImage() async throws {
        let synapse = try SynapseSuite.running()
        let folder = try StorageTemporaryDirectory("matrix-animated")
        let url = folder.appending("loop.gif")
        try SyntheticImages.animatedGIF(width: 400, height: 300, delays: [10, 20, 30]).write(to: url)
        let attachment = try AttachmentComposer(previewSource: .none).compose(
            imageAt: url, into: folder.appending("outbox"), id: "gif")
        let sent = try await Self.client(synapse, token: synapse.alice).send(attachment)
        #expect(sent.isAnimated == true && sent.mimeType == .imageGIF)
        let raw = try await synapse.contentAsBob(of: synapse.post(sent.jsonData()))
        let info = try #require(
            (try JSONSerialization.jsonObject(with: raw) as? [String: Any])?["info"] as? [String: Any])
        #expect(info["is_animated"] as? Bool == true)
        let received = try MatrixMediaContent(json: raw)
        let resolution = AttachmentResolver(policy: .matrix).resolve(
            Self.client(synapse, token: synapse.bob).parts(for: received))
        let sizePart = try #require(resolution.sizeMetadataPart?.availableContent)
        #expect(try ImageSizeMetadata(json: sizePart.bytes()).isAnimated)
        let original = try #require(resolution.original)
        #expect(
            resolution.renditions.allSatisfy { $0.part.id == original.id },
            "the original only, a server thumbnail is a still: \(resolution.renditions)")
        let content = try await DownloadCoordinator().content(for: original)
        #expect(try content.bytes() == Data(contentsOf: url))
        #expect(try ImageInspector().inspect(content).animation?.frameCount == 3)
    }
}
#endif
