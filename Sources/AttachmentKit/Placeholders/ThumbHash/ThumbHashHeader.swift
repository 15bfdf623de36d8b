/// The fields of a ThumbHash's header (evanw/thumbhash, `js/thumbhash.js`): a 24-bit block
/// (luminance, yellow–blue and red–green constants, the luminance scale and the alpha flag),
/// a 16-bit block (the luminance count along the short side, the colour scales and the
/// landscape flag), and a byte of alpha constant and scale when the image has alpha.
struct ThumbHashHeader {
    /// The luminance coefficient count along the long side: 7, or 5 with alpha.
    let longSideCount: Int
    let hasAlpha: Bool
    let isLandscape: Bool
    /// The luminance count along the short side as written, 1 to `longSideCount`.
    let shortSideCount: Int
    let luminanceConstant: Double
    let yellowBlueConstant: Double
    let redGreenConstant: Double
    let luminanceScale: Double
    let yellowBlueScale: Double
    let redGreenScale: Double
    let alphaConstant: Double
    let alphaScale: Double

    /// Reads and checks the header of `bytes`, and that `bytes` is exactly as long as the
    /// coefficients the header announces.
    init(_ bytes: [UInt8]) throws(ThumbHash.Error) {
        guard bytes.count >= 5 else { throw .tooShort(byteCount: bytes.count, minimum: 5) }
        let header24 = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16
        let header16 = Int(bytes[3]) | Int(bytes[4]) << 8
        hasAlpha = header24 >> 23 != 0
        guard !hasAlpha || bytes.count >= 6 else { throw .tooShort(byteCount: bytes.count, minimum: 6) }
        isLandscape = header16 >> 15 != 0
        longSideCount = hasAlpha ? 5 : 7
        shortSideCount = header16 & 7
        guard (1...longSideCount).contains(shortSideCount) else {
            throw .invalidLuminanceCount(shortSideCount, maximum: longSideCount)
        }
        luminanceConstant = Double(header24 & 63) / 63
        yellowBlueConstant = Double((header24 >> 6) & 63) / 31.5 - 1
        redGreenConstant = Double((header24 >> 12) & 63) / 31.5 - 1
        luminanceScale = Double((header24 >> 18) & 31) / 31
        yellowBlueScale = Double((header16 >> 3) & 63) / 63
        redGreenScale = Double((header16 >> 9) & 63) / 63
        alphaConstant = hasAlpha ? Double(bytes[5] & 15) / 15 : 1
        alphaScale = hasAlpha ? Double(bytes[5] >> 4) / 15 : 0
        let expected = acStart + (coefficientCount + 1) / 2
        guard bytes.count == expected else { throw .wrongLength(byteCount: bytes.count, expected: expected) }
    }

    /// The luminance coefficient grid, at least 3 × 3.
    var luminanceColumns: Int { max(3, isLandscape ? longSideCount : shortSideCount) }
    var luminanceRows: Int { max(3, isLandscape ? shortSideCount : longSideCount) }

    /// Width over height as recorded: the two counts before they are raised to 3.
    var approximateAspectRatio: Double {
        isLandscape
            ? Double(longSideCount) / Double(shortSideCount) : Double(shortSideCount) / Double(longSideCount)
    }

    /// The offset of the first 4-bit coefficient.
    var acStart: Int { hasAlpha ? 6 : 5 }

    /// The 4-bit coefficients the hash holds: luminance, yellow–blue, red–green, alpha.
    var coefficientCount: Int {
        ThumbHashTriangle(columns: luminanceColumns, rows: luminanceRows).count + 2 * ThumbHashTriangle.colour.count
            + (hasAlpha ? ThumbHashTriangle.alpha.count : 0)
    }

    /// The average colour: the constants converted from LPQ to RGB.
    var averageColor: PlaceholderImage.Color {
        let blue = luminanceConstant - 2.0 / 3.0 * yellowBlueConstant
        let red = (3 * luminanceConstant - blue + redGreenConstant) / 2
        return PlaceholderImage.Color(red: red, green: red - redGreenConstant, blue: blue, alpha: alphaConstant)
    }
}
