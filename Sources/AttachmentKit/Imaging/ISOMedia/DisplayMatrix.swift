/// A `tkhd` or `mvhd` transformation matrix (ISO/IEC 14496-12 §8.2.2, §8.3.2): nine 32-bit
/// values `a b u c d v x y w`, row by row, where `a b c d x y` are 16.16 fixed point and the
/// last column `u v w` is 2.30 fixed point (unity is `0x40000000`, not `0x10000`).
struct DisplayMatrix: Equatable {
    /// The nine values, row by row, each within `Int32` as read and within ±2^49 after
    /// ``then(_:)`` (a product of two `Int32` values shifted right by at least 16, three summed).
    let values: [Int64]

    /// The unity matrix, which files without a transform carry.
    static let identity = DisplayMatrix(values: [0x1_0000, 0, 0, 0, 0x1_0000, 0, 0, 0, 0x4000_0000])

    /// The binary point of each column: 16.16, 16.16 and 2.30.
    private static let fractionBits: [Int64] = [16, 16, 30]

    /// Reads the matrix at `offset`.
    static func read(
        at offset: Int, _ reader: inout BoundedByteReader<ISOMediaInspector.Error>
    ) throws(ISOMediaInspector.Error) -> DisplayMatrix {
        var values: [Int64] = []
        values.reserveCapacity(9)
        for index in 0..<9 {
            let raw = try reader.unsigned(at: offset + 4 * index, byteCount: 4, bigEndian: true)
            values.append(Int64(Int32(truncatingIfNeeded: raw)))
        }
        return DisplayMatrix(values: values)
    }

    /// This matrix followed by `movie`'s, as a track's matrix is applied before the movie's
    /// (the order FFmpeg's `mov_read_tkhd` uses): `self × movie` in row-vector form, each
    /// product shifted by the binary point of the column it came from.
    ///
    /// Both operands must be read from a file (entries within `Int32`): then no product or sum
    /// can overflow 64 bits.
    func then(_ movie: DisplayMatrix) -> DisplayMatrix {
        var result: [Int64] = []
        result.reserveCapacity(9)
        for row in 0..<3 {
            for column in 0..<3 {
                var sum: Int64 = 0
                for inner in 0..<3 {
                    // |Int32 × Int32| < 2^62; shifted by ≥ 16 it is < 2^46, and three sum below 2^48.
                    sum += (values[3 * row + inner] * movie.values[3 * inner + column]) >> Self.fractionBits[inner]
                }
                result.append(sum)
            }
        }
        return DisplayMatrix(values: result)
    }

    /// The quarter turn the matrix makes, or ``ISOMediaHeader/Rotation/notAxisAligned``.
    var rotation: ISOMediaHeader.Rotation {
        let (a, b, c, d) = (values[0], values[1], values[3], values[4])
        guard values[2] == 0, values[5] == 0 else { return .notAxisAligned }
        switch (a.signum(), b.signum(), c.signum(), d.signum()) {
        case (1, 0, 0, 1): return .none
        case (0, 1, -1, 0): return .clockwise90
        case (-1, 0, 0, -1): return .clockwise180
        case (0, -1, 1, 0): return .clockwise270
        default: return .notAxisAligned
        }
    }

    /// The size of a `width` × `height` frame (16.16 fixed point, as `tkhd` stores them) after
    /// the matrix: the bounding box of the transformed frame, rounded to whole pixels; `nil`
    /// when it does not fit in 64-bit arithmetic or in `Int`.
    func displaySize(width: UInt32, height: UInt32) -> (width: Int, height: Int)? {
        let (a, b, c, d) = (values[0].magnitude, values[1].magnitude, values[3].magnitude, values[4].magnitude)
        guard let displayWidth = Self.pixels(a, UInt64(width), c, UInt64(height)),
            let displayHeight = Self.pixels(b, UInt64(width), d, UInt64(height))
        else { return nil }
        return (displayWidth, displayHeight)
    }

    /// `(first × firstLength + second × secondLength) / 2^32` rounded, with every step checked:
    /// 16.16 matrix entries times 16.16 lengths.
    private static func pixels(_ first: UInt64, _ firstLength: UInt64, _ second: UInt64, _ secondLength: UInt64) -> Int?
    {
        let (one, overflowOne) = first.multipliedReportingOverflow(by: firstLength)
        let (two, overflowTwo) = second.multipliedReportingOverflow(by: secondLength)
        let (sum, overflowSum) = one.addingReportingOverflow(two)
        let (rounded, overflowRound) = sum.addingReportingOverflow(1 << 31)
        guard !overflowOne, !overflowTwo, !overflowSum, !overflowRound else { return nil }
        return Int(exactly: rounded >> 32)
    }
}
