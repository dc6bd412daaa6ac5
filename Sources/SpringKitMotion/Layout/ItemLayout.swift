import SpringKitDynamics

/// A layout of `count` items that can say which ones a rect shows: what the culler and the
/// Lua `flow_layout` / `grid_layout` classes work on. Indices count from 0 here (Lua shows them from 1).
public protocol ItemLayout {
    var count: Int { get }
    func frame(_ index: Int) -> Rect
    /// Size of all the items laid out.
    var contentSize: SIMD2<Double> { get }
    /// Indices of the items whose frames intersect `rect`, ascending.
    /// - Complexity: O(visible) for `GridItems`, O(log items + visible) for `FlowLayout`.
    func indices(intersecting rect: Rect) -> [Int]
    /// At least as many as `indices(intersecting:)` returns, found without listing them
    /// (to check the memory a result needs before making it).
    /// - Complexity: less than `indices(intersecting:)`, as no array is made: constant for
    ///   `GridItems`, O(log items + visible) for `FlowLayout`.
    func indexCountBound(intersecting rect: Rect) -> Int
    /// The index whose frame's center is nearest to `point` (nil when there are no items).
    func nearestIndex(to point: SIMD2<Double>) -> Int?
}

extension FlowLayout: ItemLayout {
    public var count: Int { itemCount }

    /// - Complexity: O(log N + visible).
    public func indices(intersecting rect: Rect) -> [Int] { Array(indices(in: rect)) }

    /// The number of items `rect` shows (the range `indices(in:)` finds, without its array).
    /// - Complexity: O(log items + visible).
    public func indexCountBound(intersecting rect: Rect) -> Int { indices(in: rect).count }

    /// The line whose center is nearest `point.y`. - Complexity: O(1).
    public func nearestIndex(to point: SIMD2<Double>) -> Int? {
        guard itemCount > 0 else { return nil }
        let line = ((point.y - insets[0] - itemSize.y / 2) / pitch).rounded()
        return Int(min(max(line.isFinite ? line : 0, 0), Double(itemCount - 1)))
    }
}

/// A `GridLayout` holding `count` items.
public struct GridItems: ItemLayout, Equatable, Sendable {
    public var grid: GridLayout
    public var count: Int

    public init(grid: GridLayout, count: Int) throws {
        guard count >= 0 else { throw MotionError.invalidParameter("item count must be ≥ 0") }
        self.grid = grid
        self.count = count
    }

    public func frame(_ index: Int) -> Rect { grid.frame(index) }
    public var contentSize: SIMD2<Double> { grid.contentSize(count: count) }

    private var rows: Int { (count + grid.columns - 1) / grid.columns }
    private var pitch: SIMD2<Double> { grid.itemSize + grid.spacing }

    /// The cells a range of coordinates touches along one axis: frames start at `origin + k·pitch`
    /// and are `size` long. - Complexity: O(1).
    private static func span(_ low: Double, _ high: Double, origin: Double, size: Double, pitch: Double, count: Int) -> ClosedRange<Int>? {
        guard count > 0, high > low else { return nil }
        // First k with origin + k·pitch + size > low; last k with origin + k·pitch < high.
        var first = Int(max(-1, min(Double(count), ((low - origin - size) / pitch).rounded(.down))))
        while first < count && origin + Double(first) * pitch + size <= low { first += 1 }
        while first > 0 && origin + Double(first - 1) * pitch + size > low { first -= 1 }
        var last = Int(max(-1, min(Double(count), ((high - origin) / pitch).rounded(.up))))
        while last >= 0 && origin + Double(last) * pitch >= high { last -= 1 }
        while last + 1 < count && origin + Double(last + 1) * pitch < high { last += 1 }
        first = max(first, 0)
        last = min(last, count - 1)
        return first <= last ? first...last : nil
    }

    /// The columns and rows `rect` touches.
    private func spans(_ rect: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite, rect.maxY.isFinite,
              let columns = Self.span(rect.minX, rect.maxX, origin: grid.origin.x, size: grid.itemSize.x, pitch: pitch.x, count: grid.columns),
              let rowSpan = Self.span(rect.minY, rect.maxY, origin: grid.origin.y, size: grid.itemSize.y, pitch: pitch.y, count: rows)
        else { return nil }
        return (columns, rowSpan)
    }

    public func indexCountBound(intersecting rect: Rect) -> Int {
        guard let (columns, rows) = spans(rect) else { return 0 }
        let (cells, overflow) = columns.count.multipliedReportingOverflow(by: rows.count)
        return overflow ? Int.max : min(cells, count)
    }

    /// - Complexity: O(visible).
    public func indices(intersecting rect: Rect) -> [Int] {
        guard let (columns, rowSpan) = spans(rect) else { return [] }
        var result: [Int] = []
        for row in rowSpan {
            for column in columns {
                let index = row * grid.columns + column
                if index < count { result.append(index) }
            }
        }
        return result
    }

    /// - Complexity: O(1).
    public func nearestIndex(to point: SIMD2<Double>) -> Int? {
        guard count > 0 else { return nil }
        func nearest(_ value: Double, _ origin: Double, _ size: Double, _ pitch: Double, _ n: Int) -> Int {
            let k = ((value - origin - size / 2) / pitch).rounded()
            return Int(min(max(k.isFinite ? k : 0, 0), Double(n - 1)))
        }
        let row = nearest(point.y, grid.origin.y, grid.itemSize.y, pitch.y, rows)
        let lastRowColumns = count - (rows - 1) * grid.columns
        let column = nearest(point.x, grid.origin.x, grid.itemSize.x, pitch.x, row == rows - 1 ? lastRowColumns : grid.columns)
        return row * grid.columns + column
    }
}
