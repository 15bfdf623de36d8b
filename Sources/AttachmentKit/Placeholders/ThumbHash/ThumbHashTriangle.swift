/// The cosine terms a ThumbHash keeps for one channel of `columns` × `rows`: those with
/// `cx * rows < columns * (rows - cy)`, a triangle in the low frequencies, in the order the
/// format stores them (row by row, the constant term first).
struct ThumbHashTriangle {
    /// The terms of the yellow–blue and red–green channels.
    static let colour = ThumbHashTriangle(columns: 3, rows: 3)
    /// The terms of the alpha channel.
    static let alpha = ThumbHashTriangle(columns: 5, rows: 5)

    let columns: Int
    let rows: Int

    /// Calls `body` with the column and row of each term, in order, the constant one first.
    func forEachTerm(_ body: (_ cx: Int, _ cy: Int) -> Void) {
        for cy in 0..<rows {
            var cx = 0
            while cx * rows < columns * (rows - cy) {
                body(cx, cy)
                cx += 1
            }
        }
    }

    /// The terms, the constant one first, as (column, row).
    var terms: [(cx: Int, cy: Int)] {
        var result: [(cx: Int, cy: Int)] = []
        forEachTerm { result.append(($0, $1)) }
        return result
    }

    /// The count of varying terms (all but the constant one).
    var count: Int {
        var total = 0
        for cy in 0..<rows { total += (columns * (rows - cy) + rows - 1) / rows }
        return total - 1
    }
}
