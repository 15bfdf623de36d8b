/// The brands of an ISO base media file's `ftyp` box, and the image format they name.
struct HEIFBrands {
    /// The major brand, as text (`heic`, `avif`, `isom`…).
    let major: String
    /// The major brand followed by every compatible brand.
    let all: [String]

    private static let avifBrands: Set = ["avif", "avis"]
    private static let hevcBrands: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
    private static let genericBrands: Set = ["mif1", "msf1", "mif2", "miaf"]
    private static let sequenceBrands: Set = ["msf1", "hevc", "hevx", "hevm", "hevs", "avis"]

    /// Reads the brands from the start of a file whose first box is `ftyp`: the major brand at
    /// byte 8 and the compatible brands from byte 16 to the end of the box (or of `prefix`).
    init(ftypPrefix prefix: UnsafeRawBufferPointer) {
        // Clamped: a box size of 2^31 or more would trap where `Int` is 32 bits (watchOS).
        let boxSize = Int(clamping: MagicBytes(prefix).uint32BigEndian(at: 0) ?? 0)
        let end = min(prefix.count, boxSize >= 16 ? boxSize : prefix.count)
        var brands: [String] = []
        var offset = 8
        while offset + 4 <= end {
            if offset != 12 {
                let code = (0..<4).reduce(0) { $0 << 8 | Int(prefix[offset + $1]) }
                brands.append(FourCharacterCode.text(code))
            }
            offset += 4
        }
        major = brands.first ?? ""
        all = brands
    }

    /// The image format the brands name: AVIF when an AV1 brand is present, HEIC for an HEVC
    /// brand, HEIF for a generic image brand alone; `nil` for no image brand (a video).
    var format: ImageFormat? {
        if let format = Self.format(of: major) { return format }
        if all.contains(where: Self.avifBrands.contains) { return .avif }
        if all.contains(where: Self.hevcBrands.contains) { return .heic }
        if all.contains(where: Self.genericBrands.contains) { return .heif }
        return nil
    }

    /// Whether the brands name an image sequence (an animation) rather than a still image.
    var isImageSequence: Bool { all.contains(where: Self.sequenceBrands.contains) }

    private static func format(of brand: String) -> ImageFormat? {
        if avifBrands.contains(brand) { return .avif }
        if hevcBrands.contains(brand) { return .heic }
        return nil
    }
}
