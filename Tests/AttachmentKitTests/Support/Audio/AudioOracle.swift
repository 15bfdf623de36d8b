import Foundation

#if os(macOS) || os(Linux)
/// What outside implementations read from an audio file: `ffprobe` (format duration, frames
/// counted, stream fields), `opusinfo` (playback length of each stream, truncated to the
/// millisecond), `mutagen` when installed, and the granule arithmetic of RFC 7845 done in Python
/// independently of the inspector ((last granule − pre-skip) / 48,000 per stream, summed).
struct AudioOracle: Decodable {
    let ffprobeDuration: Double?
    let ffprobeFrames: Int?
    let sampleRate: Int
    let channels: Int
    let codec: String
    let granuleSeconds: Double?
    let opusinfoSeconds: Double?
    let mutagenSeconds: Double?

    private static let script = #"""
        import json, re, struct, subprocess, sys
        path = sys.argv[1]
        probe = json.loads(subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_entries",
            "format=duration:stream=codec_name,sample_rate,channels,nb_read_frames", "-of", "json", path],
            capture_output=True, check=True).stdout)
        stream = probe["streams"][0]
        result = {"ffprobeDuration": float(probe["format"]["duration"]) if "duration" in probe["format"] else None,
            "ffprobeFrames": int(stream["nb_read_frames"]) if "nb_read_frames" in stream else None,
            "sampleRate": int(stream["sample_rate"]), "channels": int(stream["channels"]),
            "codec": stream["codec_name"], "granuleSeconds": None, "opusinfoSeconds": None, "mutagenSeconds": None}
        data = open(path, "rb").read()
        if data[:4] == b"OggS" and b"OpusHead" in data[:200]:
            streams, offset = {}, 0
            while offset + 27 <= len(data):
                granule, serial = struct.unpack_from("<qI", data, offset + 6)
                count = data[offset + 26]
                lacing = data[offset + 27:offset + 27 + count]
                body = offset + 27 + count
                if data[offset + 5] & 2:
                    streams[serial] = {"preskip": struct.unpack_from("<H", data, body + 10)[0], "last": None}
                elif granule != -1:
                    streams[serial]["last"] = granule
                offset = body + sum(lacing)
            result["granuleSeconds"] = sum(max(0, s["last"] - s["preskip"]) for s in streams.values()) / 48000
            info = subprocess.run(["opusinfo", path], capture_output=True, text=True).stdout
            lengths = re.findall(r"Playback length: (\d+)m:([\d.]+)s", info)
            result["opusinfoSeconds"] = sum(int(m) * 60 + float(s) for m, s in lengths)
        try:
            import mutagen
            result["mutagenSeconds"] = mutagen.File(path).info.length
        except Exception:
            pass
        print(json.dumps(result))
        """#

    init(_ url: URL) async throws {
        let outcome = try await ExternalTool.run("python3", ["-c", Self.script, url.path])
        guard outcome.status == 0 else { throw ISOMediaCorpus.CorpusError.toolFailed(outcome.errorText, status: 1) }
        self = try JSONDecoder().decode(AudioOracle.self, from: outcome.output)
    }
}
#endif
