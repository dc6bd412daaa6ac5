import SpringKitReport

/// The cells of a run's frames as the studio sends them: columns the page reads as typed
/// arrays, without parsing. `bytes` is, little-endian and 4-byte aligned:
///
///     UInt32 frames, UInt32 cells (the total)
///     UInt32 × frames         how many cells each frame has
///     Float32 × 2 cells       x, y of each cell (its top-left corner, points)
///     Int32 × cells           its id
///     UInt32 × cells          its style: an index into `styles` (width, height, stretch, colour)
///
/// Positions are Float32 (within 1e-4 pt of the engine's up to 1,000 pt; the JSON form rounds
/// to 0.01 pt).
struct CellTable {
    private(set) var counts: [UInt32] = []
    private(set) var ids: [Int32] = []
    private(set) var xy: [Float] = []
    private(set) var style: [UInt32] = []
    var styles = StyleTable()

    /// Appends one frame's cells.
    /// - Complexity: O(cells), amortized.
    mutating func append(_ cells: [ReportData.Cell]) {
        counts.append(UInt32(cells.count))
        for cell in cells {
            ids.append(Int32(truncatingIfNeeded: cell.id))
            xy.append(Float(cell.x)); xy.append(Float(cell.y))
            style.append(UInt32(styles.index(of: cell)))
        }
    }

    /// The layout above.
    /// - Complexity: O(frames + cells).
    var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(8 + 4 * counts.count + 16 * ids.count)
        func put<T: FixedWidthInteger>(_ values: [T]) {
            for v in values { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        }
        put([UInt32(counts.count), UInt32(ids.count)])
        put(counts)
        put(xy.map(\.bitPattern))
        put(ids)
        put(style)
        return out
    }
}

/// The distinct cell styles in the order first met, and each one's index.
struct StyleTable {
    struct Key: Hashable { var width, height, stretch: UInt64; var color: UInt32 }
    private(set) var keys: [Key] = []
    private var index: [Key: Int] = [:]

    /// `cell`'s style index, adding its style if new.
    /// - Complexity: O(1), amortized.
    mutating func index(of cell: ReportData.Cell) -> Int {
        let key = Key(width: cell.width.bitPattern, height: cell.height.bitPattern, stretch: cell.stretch.bitPattern, color: cell.color)
        if let known = index[key] { return known }
        index[key] = keys.count
        keys.append(key)
        return keys.count - 1
    }
}
