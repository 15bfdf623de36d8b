import Foundation
import Testing

@testable import AttachmentKit
@testable import AttachmentKitMatrix

/// Event contents read strictly: every problem a typed error naming its field.
@Suite(.inTurn)
struct MatrixMediaContentTests {
    static let key = "qcHVMSgYg-71CauWBezXI5qkaRb0LuIy-Wx5kIaHMIA"

    static func encryptedFile(url: String = "mxc://example.org/cipher") -> String {
        """
        {"v": "v2", "url": "\(url)", "iv": "X85+XgHN+HEAAAAAAAAAAA",
         "hashes": {"sha256": "5qG4fFnbbVdlAB1Q72JDKwCagV6Dbkx9uds4rSak37c"},
         "key": {"kty": "oct", "alg": "A256CTR", "ext": true, "key_ops": ["encrypt", "decrypt"], "k": "\(key)"}}
        """
    }

    @Test("an m.image with info, a thumbnail and a BlurHash is read and written back the same")
    func image() throws {
        let json = """
            {"msgtype": "m.image", "body": "A sunset", "filename": "sunset.jpg",
             "url": "mxc://example.org/JWEIFJgwEIhweiWJE",
             "info": {"w": 394, "h": 398, "mimetype": "image/jpeg", "size": 31037, "is_animated": false,
                      "xyz.amorgan.blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                      "thumbnail_url": "mxc://example.org/thumb", "thumbnail_info": {"w": 120, "h": 121}}}
            """
        let content = try MatrixMediaContent(json: Data(json.utf8))
        #expect(content.messageType == .image && content.displayedSize == PixelSize(width: 394, height: 398))
        #expect(content.caption == "A sunset" && content.displayedFileName == "sunset.jpg")
        #expect(content.blurHash?.string == "LEHV6nWB2yk8pyo0adR*.7kCMdnj" && content.isAnimated == false)
        #expect(content.thumbnail?.source == .plain(MatrixContentURI("mxc://example.org/thumb")!))
        #expect(try MatrixMediaContent(json: content.jsonData()) == content)
    }

    @Test("an encrypted m.video with a thumbnail_file, and an m.audio voice message")
    func encryptedAndVoice() throws {
        let video = """
            {"msgtype": "m.video", "body": "clip.mp4", "file": \(Self.encryptedFile()),
             "info": {"duration": 2140786, "w": 480, "h": 320, "mimetype": "video/mp4",
                      "thumbnail_file": \(Self.encryptedFile(url: "mxc://example.org/thumbcipher"))}}
            """
        let content = try MatrixMediaContent(json: Data(video.utf8))
        guard case .encrypted(_, let uri) = content.source, case .encrypted? = content.thumbnail?.source else {
            Issue.record("not encrypted: \(content)")
            return
        }
        #expect(uri.mediaID == "cipher" && content.duration == 2_140_786)
        #expect(try MatrixMediaContent(json: content.jsonData()) == content)
        let voice = """
            {"msgtype": "m.audio", "body": "Voice message", "url": "mxc://example.org/ogg",
             "org.matrix.msc1767.audio": {"duration": 2500, "waveform": [0, 512, 1024]},
             "org.matrix.msc3245.voice": {}}
            """
        let audio = try MatrixMediaContent(json: Data(voice.utf8))
        #expect(audio.voice == VoiceDetails(duration: 2.5, waveform: Waveform(levels: [0, 0.5, 1])))
        #expect(audio.isVoiceMessage && audio.voice?.waveform?.matrixLevels == [0, 512, 1024])
        #expect(try MatrixMediaContent(json: audio.jsonData()) == audio)
        let written = try JSONSerialization.jsonObject(with: audio.jsonData()) as? [String: Any]
        let fields = try #require(written?["org.matrix.msc1767.audio"] as? [String: Any])
        #expect(fields["duration"] as? Int == 2500 && fields["waveform"] as? [Int] == [0, 512, 1024])
        #expect(written?["org.matrix.msc3245.voice"] is [String: Any])
    }

    @Test("a voice message's duration and bars, and an animated image, reach the resolver from the content")
    func voiceAndAnimationParts() throws {
        let client = MatrixMediaClient(homeserver: URL(string: "https://matrix.example.org")!, accessToken: "t")
        let voice = """
            {"msgtype": "m.audio", "body": "Voice message", "url": "mxc://example.org/ogg",
             "info": {"mimetype": "audio/ogg", "duration": 4000},
             "org.matrix.msc1767.audio": {"duration": 4420, "waveform": [0, 256, 1024, 3]},
             "org.matrix.msc3245.voice": {}}
            """
        let audio = AttachmentResolver(policy: .matrix).resolve(
            client.parts(for: try MatrixMediaContent(json: Data(voice.utf8))))
        #expect(audio.kind == .audio && audio.preview == nil)
        let details = try #require(audio.placeholderSize?.voice)
        #expect(details.duration == 4.42 && details.waveform?.matrixLevels == [0, 256, 1024, 3])
        let plainAudio =
            #"{"msgtype": "m.audio", "body": "a.mp3", "url": "mxc://a/b", "info": {"mimetype": "audio/mpeg", "duration": 1500}}"#
        let plain = AttachmentResolver(policy: .matrix).resolve(
            client.parts(for: try MatrixMediaContent(json: Data(plainAudio.utf8))))
        #expect(plain.kind == .audio && plain.placeholderSize?.voice == VoiceDetails(duration: 1.5))
        let gif = """
            {"msgtype": "m.image", "body": "a.gif", "url": "mxc://a/gif",
             "info": {"mimetype": "image/gif", "w": 64, "h": 48, "is_animated": true}}
            """
        let image = AttachmentResolver(policy: .matrix).resolve(
            client.parts(for: try MatrixMediaContent(json: Data(gif.utf8))))
        let sizePart = try #require(image.sizeMetadataPart?.availableContent)
        #expect(try ImageSizeMetadata(json: sizePart.bytes()).isAnimated)
        let still = gif.replacingOccurrences(of: "true", with: "false")
        let stillParts = client.parts(for: try MatrixMediaContent(json: Data(still.utf8)))
        let stillSize = try #require(AttachmentResolver(policy: .matrix).resolve(stillParts).sizeMetadataPart)
        #expect(try !ImageSizeMetadata(json: #require(stillSize.availableContent).bytes()).isAnimated)
    }

    @Test(
        "each problem is a typed error naming the field",
        arguments: [
            (#"[1]"#, MatrixMediaContent.Error.notAJSONObject),
            (#"{"body": "x", "url": "mxc://a/b"}"#, .missingField("msgtype")),
            (#"{"msgtype": "m.text", "body": "x"}"#, .unsupportedMessageType("m.text")),
            (#"{"msgtype": "m.file", "body": 3, "url": "mxc://a/b"}"#, .wrongType(field: "body", expected: "a string")),
            (#"{"msgtype": "m.file", "body": "x"}"#, .missingSource),
            (
                #"{"msgtype": "m.file", "body": "x", "url": "https://a/b"}"#,
                .invalidContentURI(field: "url", value: "https://a/b")
            ),
            (
                #"{"msgtype": "m.file", "body": "x", "url": "mxc://a/../b"}"#,
                .invalidContentURI(field: "url", value: "mxc://a/../b")
            ),
            (
                #"{"msgtype": "m.file", "body": "x", "url": "mxc://a/b", "info": {"w": 12.5}}"#,
                .wrongType(field: "info.w", expected: "an integer")
            ),
            (
                #"{"msgtype": "m.file", "body": "x", "url": "mxc://a/b", "info": {"h": 0}}"#,
                .outOfRange(field: "info.h", value: 0)
            ),
            (
                #"{"msgtype": "m.file", "body": "x", "url": "mxc://a/b", "info": {"size": -1}}"#,
                .outOfRange(field: "info.size", value: -1)
            ),
            (
                #"{"msgtype": "m.file", "body": "x", "url": "mxc://a/b", "info": {"size": true}}"#,
                .wrongType(field: "info.size", expected: "an integer")
            ),
            (
                #"{"msgtype": "m.audio", "body": "x", "url": "mxc://a/b", "org.matrix.msc1767.audio": {"waveform": [0, 1025]}}"#,
                .outOfRange(field: "org.matrix.msc1767.audio.waveform[1]", value: 1025)
            ),
            (
                #"{"msgtype": "m.audio", "body": "x", "url": "mxc://a/b", "org.matrix.msc1767.audio": {"waveform": [-1]}}"#,
                .outOfRange(field: "org.matrix.msc1767.audio.waveform[0]", value: -1)
            ),
            (
                #"{"msgtype": "m.audio", "body": "x", "url": "mxc://a/b", "org.matrix.msc1767.audio": {"duration": 1.5}}"#,
                .wrongType(field: "org.matrix.msc1767.audio.duration", expected: "an integer")
            ),
            (
                #"{"msgtype": "m.file", "body": "x", "url": "mxc://a/b", "info": {"is_animated": 1}}"#,
                .wrongType(field: "info.is_animated", expected: "true or false")
            ),
            (
                #"{"msgtype": "m.image", "body": "x", "url": "mxc://a/b", "info": {"thumbnail_url": "mxc://a/c", "thumbnail_info": {"w": "1"}}}"#,
                .wrongType(field: "info.thumbnail_info.w", expected: "an integer")
            ),
        ])
    func refused(json: String, expected: MatrixMediaContent.Error) {
        #expect(throws: expected) { try MatrixMediaContent(json: Data(json.utf8)) }
    }

    @Test("url and file together, an EncryptedFile refused by its field, a bad BlurHash and media type")
    func refusedByName() {
        let both = #"{"msgtype": "m.file", "body": "x", "url": "mxc://a/b", "file": \#(Self.encryptedFile())}"#
        #expect(throws: MatrixMediaContent.Error.conflictingFields("url", "file")) {
            try MatrixMediaContent(json: Data(both.utf8))
        }
        let v1 = Self.encryptedFile().replacingOccurrences(of: "\"v2\"", with: "\"v1\"")
        #expect(throws: MatrixMediaContent.Error.invalidEncryptedFile(field: "file", .unsupportedVersion("v1"))) {
            try MatrixMediaContent(json: Data(#"{"msgtype": "m.file", "body": "x", "file": \#(v1)}"#.utf8))
        }
        let blur = #"{"msgtype": "m.image", "body": "x", "url": "mxc://a/b", "info": {"xyz.amorgan.blurhash": "!"}}"#
        #expect {
            try MatrixMediaContent(json: Data(blur.utf8))
        } throws: { error in
            if case .invalidBlurHash(let field, _)? = error as? MatrixMediaContent.Error {
                return field == "info.xyz.amorgan.blurhash"
            }
            return false
        }
        let type = #"{"msgtype": "m.image", "body": "x", "url": "mxc://a/b", "info": {"mimetype": "jpeg"}}"#
        #expect {
            try MatrixMediaContent(json: Data(type.utf8))
        } throws: { error in
            if case .invalidMediaType(let field, _)? = error as? MatrixMediaContent.Error {
                return field == "info.mimetype"
            }
            return false
        }
        #expect(throws: MatrixMediaContent.Error.notAJSONObject) {
            try MatrixMediaContent(json: Data(repeating: 0x20, count: MatrixMediaContent.maximumByteCount + 1))
        }
    }

    @Test("content URIs: host names, ports, IPv6; nothing that reaches another path")
    func contentURIs() {
        for good in ["mxc://example.org/abc_-09", "mxc://localhost:8448/x", "mxc://[::1]:8008/x", "mxc://1.2.3.4/x"] {
            #expect(MatrixContentURI(good)?.description == good)
        }
        for bad in [
            "mxc://example.org/", "mxc:///x", "mxc://a/b/c", "mxc://a/b?c", "mxc://a b/c", "mxc://a:99999999/c",
            "mxc://a/%2e%2e", "http://a/b", "mxc://[zz]/x", "mxc://a/é",
        ] {
            #expect(MatrixContentURI(bad) == nil, "\(bad)")
        }
        let client = MatrixMediaClient(homeserver: URL(string: "https://hs.example/base")!, accessToken: "t")
        #expect(
            client.downloadURL(for: MatrixContentURI("mxc://[::1]:8008/x")!).absoluteString
                == "https://hs.example/base/_matrix/client/v1/media/download/%5B::1%5D:8008/x")
    }

    @Test("renditions are sized as Synapse scales: its aspect(), never larger than the original")
    func scaledSizes() {
        let box = PixelSize(width: 320, height: 240)
        #expect(MatrixMediaClient.scaled(width: 1200, height: 900, into: box) == (320, 240))
        #expect(MatrixMediaClient.scaled(width: 480, height: 640, into: box) == (180, 240))
        #expect(MatrixMediaClient.scaled(width: 1000, height: 10, into: box) == (320, 3))
        #expect(MatrixMediaClient.scaled(width: 100, height: 50, into: box) == (100, 50))
    }

    @Test("sizes in whole pixels: a lone w is no size, a fractional size is written rounded, any box is 1…65,535")
    func wholePixels() throws {
        let lone = #"{"msgtype": "m.image", "body": "x", "url": "mxc://a/b", "info": {"w": 12}}"#
        #expect(try MatrixMediaContent(json: Data(lone.utf8)).displayedSize == nil)
        var content = MatrixMediaContent(messageType: .image, body: "x", source: .plain(MatrixContentURI("mxc://a/b")!))
        content.displayedSize = PixelSize(width: 99.6, height: 0.4)
        #expect(try MatrixMediaContent(json: content.jsonData()).displayedSize == nil, "a side under 1 is not written")
        content.displayedSize = PixelSize(width: 99.6, height: 50.2)
        #expect(try MatrixMediaContent(json: content.jsonData()).displayedSize == PixelSize(width: 100, height: 50))
        let client = MatrixMediaClient(
            homeserver: URL(string: "https://hs.example")!, accessToken: "t",
            thumbnailSizes: [PixelSize(width: .infinity, height: 1e12), PixelSize(width: 0.2, height: 96.5)])
        #expect(client.thumbnailSizes == [PixelSize(width: 1, height: 97), PixelSize(width: 1, height: 65_535)])
        let url = client.thumbnailURL(for: MatrixContentURI("mxc://a/b")!, size: PixelSize(width: .nan, height: 1e300))
        #expect(url.query == "width=1&height=65535&method=scale")
    }
}
