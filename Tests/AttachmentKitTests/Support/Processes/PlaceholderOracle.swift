#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation

/// The PyPI reference implementations of the placeholder hashes, driven in one `python3` run
/// per batch: `blurhash` 1.1.5 (a port of the Swift reference) and `thumbhash-python` 1.0.1
/// (installed by `.ci/install-tools`).
///
/// `thumbhash-python` follows evanw/thumbhash except in two places, both corrected here so that
/// the comparison is with the published algorithm: it sizes the output from the luminance
/// counts after they are raised to 3 (a 4:1 image decodes at 32 × 14, not 32 × 9), so the
/// driver sizes it by `thumbHashToApproximateAspectRatio`; and it rounds each byte where the
/// reference truncates (a difference of at most 1, inside the tolerance).
enum PlaceholderOracle {
    /// One request; the answer is a JSON object with the same `op`.
    enum Request {
        case thumbHashDecode(bytes: [UInt8], longestSide: Int)
        case thumbHashEncode(width: Int, height: Int, rgba: [UInt8])
        case blurHashDecode(String, width: Int, height: Int, punch: Double = 1)
        case blurHashEncode(width: Int, height: Int, rgba: [UInt8], componentsX: Int, componentsY: Int)
        /// What the hash's header says: alpha, the approximate aspect ratio, and the average colour
        /// by the published `thumbHashToAverageRGBA` (from the reference's own header decode).
        case thumbHashHeader(bytes: [UInt8])
        /// The component counts (the reference's `components`) and the DC term's sRGB bytes.
        case blurHashHeader(String)

        var json: [String: Any] {
            switch self {
            case .thumbHashDecode(let bytes, let side): ["op": "th_decode", "hash": bytes.map(Int.init), "side": side]
            case .thumbHashEncode(let width, let height, let rgba):
                ["op": "th_encode", "w": width, "h": height, "rgba": rgba.map(Int.init)]
            case .blurHashDecode(let hash, let width, let height, let punch):
                ["op": "bh_decode", "hash": hash, "w": width, "h": height, "punch": punch]
            case .blurHashEncode(let width, let height, let rgba, let x, let y):
                ["op": "bh_encode", "w": width, "h": height, "rgba": rgba.map(Int.init), "cx": x, "cy": y]
            case .thumbHashHeader(let bytes): ["op": "th_header", "hash": bytes.map(Int.init)]
            case .blurHashHeader(let hash): ["op": "bh_header", "hash": hash]
            }
        }
    }

    /// An answer: a decoded image (`width`, `height`, RGBA, alpha 255 for BlurHash) or a hash.
    struct Answer {
        var width = 0
        var height = 0
        var rgba: [UInt8] = []
        var thumbHash: [UInt8] = []
        var blurHash = ""
        var hasAlpha = false
        var aspectRatio = 0.0
        /// Red, green, blue, alpha in 0–1 (ThumbHash), or the DC term's red, green, blue bytes (BlurHash).
        var average: [Double] = []
        var components = (x: 0, y: 0)
    }

    enum OracleError: Error { case failed(String), malformed }

    /// Runs every request in one process, answers in order.
    static func run(_ requests: [Request]) async throws -> [Answer] {
        let input = try JSONSerialization.data(withJSONObject: requests.map(\.json))
        let outcome = try await ExternalTool.run("python3", ["-c", script], input: input)
        guard outcome.status == 0 else { throw OracleError.failed(outcome.errorText) }
        guard let list = try JSONSerialization.jsonObject(with: outcome.output) as? [[String: Any]] else {
            throw OracleError.malformed
        }
        return list.map { item in
            var answer = Answer()
            answer.width = item["w"] as? Int ?? 0
            answer.height = item["h"] as? Int ?? 0
            answer.rgba = (item["rgba"] as? [Int] ?? []).map { UInt8($0) }
            answer.thumbHash = (item["th"] as? [Int] ?? []).map { UInt8($0) }
            answer.blurHash = item["bh"] as? String ?? ""
            answer.hasAlpha = item["alpha"] as? Bool ?? false
            answer.aspectRatio = item["ratio"] as? Double ?? 0
            answer.average = (item["avg"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
            answer.components = (item["cx"] as? Int ?? 0, item["cy"] as? Int ?? 0)
            return answer
        }
    }

    private static let script = """
        import json, math, sys
        import blurhash
        from thumbhash.hash import Hash
        from thumbhash import decode as thd
        from thumbhash.encode import rgba_to_thumbhash

        def js_ratio(h):
            alpha = h[2] & 0x80
            landscape = h[4] & 0x80
            lx = (5 if alpha else 7) if landscape else h[3] & 7
            ly = h[3] & 7 if landscape else (5 if alpha else 7)
            return lx / ly

        def js_round(x):
            return math.floor(x + 0.5)

        out = []
        for r in json.load(sys.stdin):
            op = r["op"]
            if op == "th_decode":
                h = bytes(r["hash"])
                ratio = js_ratio(h)
                side = r["side"]
                size = (side, max(1, js_round(side / ratio))) if ratio > 1 else (max(1, js_round(side * ratio)), side)
                Hash.size = lambda self, base, size=size: size
                w, hh, rgba = thd.thumbhash_to_rgba(h, side)
                out.append({"w": w, "h": hh, "rgba": rgba})
            elif op == "th_encode":
                out.append({"th": list(rgba_to_thumbhash(r["w"], r["h"], r["rgba"]))})
            elif op == "th_header":
                h = bytes(r["hash"])
                d = Hash.decode(h, 1.0)
                b = d.l_dc - 2 / 3 * d.p_dc
                red = (3 * d.l_dc - b + d.q_dc) / 2
                green = red - d.q_dc
                clamp = lambda x: max(0.0, min(1.0, x))
                out.append({"alpha": d.has_alpha, "ratio": js_ratio(h),
                            "avg": [clamp(red), clamp(green), clamp(b), d.a_dc if d.has_alpha else 1.0]})
            elif op == "bh_header":
                import blurhash.blurhash as bhm
                cx, cy = blurhash.components(r["hash"])
                dc = bhm.base83_decode(r["hash"][2:6])
                out.append({"cx": cx, "cy": cy, "avg": [dc >> 16, (dc >> 8) & 255, dc & 255]})
            elif op == "bh_decode":
                rows = blurhash.decode(r["hash"], r["w"], r["h"], punch=r.get("punch", 1.0))
                rgba = []
                for row in rows:
                    for p in row:
                        rgba += [p[0], p[1], p[2], 255]
                out.append({"w": r["w"], "h": r["h"], "rgba": rgba})
            elif op == "bh_encode":
                w, px = r["w"], r["rgba"]
                image = [[px[(y * w + x) * 4:(y * w + x) * 4 + 3] for x in range(w)] for y in range(r["h"])]
                out.append({"bh": blurhash.encode(image, r["cx"], r["cy"])})
        json.dump(out, sys.stdout)
        """
}
#endif
