import SpringKitDynamics

/// A grid of equal items, filled row by row: `columns` per row, `spacing` between
/// items and rows, the grid's top-left at `origin`.
public struct GridLayout: Equatable, Sendable {
    public var columns: Int
    public var itemSize: SIMD2<Double>
    public var spacing: Double
    public var origin: SIMD2<Double>

    public init(columns: Int, itemSize: SIMD2<Double>, spacing: Double = 0, origin: SIMD2<Double> = .zero) throws {
        guard columns > 0 else { throw MotionError.invalidParameter("columns must be > 0, got \(columns)") }
        guard itemSize.x > 0, itemSize.y > 0, itemSize.x.isFinite, itemSize.y.isFinite else {
            throw MotionError.invalidParameter("item size must be positive and finite")
        }
        guard spacing.isFinite, spacing >= 0 else { throw MotionError.invalidParameter("spacing must be ≥ 0") }
        self.columns = columns
        self.itemSize = itemSize
        self.spacing = spacing
        self.origin = origin
    }

    public func frame(_ index: Int) -> Rect {
        let column = index % columns, row = index / columns
        return Rect(x: origin.x + Double(column) * (itemSize.x + spacing), y: origin.y + Double(row) * (itemSize.y + spacing),
                    width: itemSize.x, height: itemSize.y)
    }

    public func center(_ index: Int) -> SIMD2<Double> { frame(index).center }

    /// Size of `count` items laid out.
    public func contentSize(count: Int) -> SIMD2<Double> {
        let rows = (count + columns - 1) / columns
        return SIMD2(Double(columns) * itemSize.x + Double(columns - 1) * spacing,
                     rows == 0 ? 0 : Double(rows) * itemSize.y + Double(rows - 1) * spacing)
    }
}
