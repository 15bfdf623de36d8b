/// The inner loop both decoders share: one row's pixels from the row's sum per column term
/// and each column's cosines, the pixels in mirrored pairs.
///
/// A column's cosines and those of its mirror are equal for even terms and opposite for odd
/// ones (`cos(π · i − θ) = (−1)ⁱ · cos θ`), so one pass over the terms gives both pixels: the
/// even terms' sum plus the odd terms', and minus it. BlurHash's columns `x` and `width − x`
/// mirror each other (`cos(π · i · x / width)`); ThumbHash's `x` and `width − 1 − x`
/// (`cos(π / width · (x + 0.5) · i)`).
enum MirroredRow {
    /// Calls `pixel` once for each column of a row `width` wide, with the column and its value:
    /// the sum over `count` terms of `terms[i]` times the column's cosine `i`, the columns'
    /// cosines read from `cosines` (`count` a column, `width` columns).
    @inline(__always)
    static func forEachPixel(
        width: Int, halfOffset: Bool, terms: UnsafeMutableBufferPointer<SIMD4<Float>>, count: Int,
        cosines: UnsafeBufferPointer<SIMD4<Float>>, _ pixel: (_ x: Int, _ value: SIMD4<Float>) -> Void
    ) {
        guard let cosines = cosines.baseAddress, let terms = terms.baseAddress else { return }
        let mirrorBase = halfOffset ? width - 1 : width
        for x in 0...(mirrorBase / 2) {
            let basis = cosines + x &* count
            var even = SIMD4<Float>.zero
            var odd = SIMD4<Float>.zero
            var i = 0
            while i &+ 1 < count {
                even += terms[i] * basis[i]
                odd += terms[i &+ 1] * basis[i &+ 1]
                i &+= 2
            }
            if i < count { even += terms[i] * basis[i] }
            pixel(x, even + odd)
            let mirror = mirrorBase - x
            if mirror < width, mirror != x { pixel(mirror, even - odd) }
        }
    }
}
