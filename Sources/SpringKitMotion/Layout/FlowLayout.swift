import SpringKitSupport
import SpringKitDynamics

/// A vertical `UICollectionViewFlowLayout` with one item per line: equal item sizes,
/// line spacing (negative overlaps the items), section insets, items centred across.
/// Frames are computed, not stored, so a layout of a million items costs no memory and
/// the items in a rect are found by binary search: O(log N + visible).
public struct FlowLayout: Equatable, Sendable {
    public var itemCount: Int
    public var itemSize: SIMD2<Double>
    public var lineSpacing: Double
    /// top, left, bottom, right
    public var insets: SIMD4<Double>
    /// The collection view's width (items are centred in it).
    public var width: Double

    public init(itemCount: Int, itemSize: SIMD2<Double>, lineSpacing: Double, width: Double,
                insets: SIMD4<Double> = .zero) throws {
        guard itemCount >= 0 else { throw MotionError.invalidParameter("item count must be ≥ 0") }
        guard itemSize.x > 0, itemSize.y > 0, itemSize.x.isFinite, itemSize.y.isFinite else {
            throw MotionError.invalidParameter("item size must be positive")
        }
        guard lineSpacing.isFinite, itemSize.y + lineSpacing > 0 else {
            throw MotionError.invalidParameter("item height + line spacing must be positive (got \(NumberFormat.shortest(itemSize.y)) + \(NumberFormat.shortest(lineSpacing)))")
        }
        self.itemCount = itemCount
        self.itemSize = itemSize
        self.lineSpacing = lineSpacing
        self.width = width
        self.insets = insets
    }

    /// Distance between consecutive items' tops.
    public var pitch: Double { itemSize.y + lineSpacing }

    public var contentSize: SIMD2<Double> {
        let lines = itemCount == 0 ? 0 : Double(itemCount) * itemSize.y + Double(itemCount - 1) * lineSpacing
        return SIMD2(width, insets[0] + lines + insets[2])
    }

    public func frame(_ index: Int) -> Rect {
        let available = width - insets[1] - insets[3]
        return Rect(x: insets[1] + (available - itemSize.x) / 2, y: insets[0] + Double(index) * pitch,
                    width: itemSize.x, height: itemSize.y)
    }

    /// Indices of the items whose frames intersect `rect`, in order (a contiguous range).
    /// - Complexity: O(log items + visible).
    public func indices(in rect: Rect) -> Range<Int> {
        guard itemCount > 0, rect.height > 0 else { return 0..<0 }
        // First item whose bottom is below the rect's top (bottoms increase with the index).
        var low = 0, high = itemCount
        while low < high {
            let mid = (low + high) / 2
            if frame(mid).maxY > rect.minY { high = mid } else { low = mid + 1 }
        }
        var end = low
        while end < itemCount && frame(end).minY < rect.maxY { end += 1 }
        let first = frame(0)
        guard first.minX < rect.maxX && rect.minX < first.maxX else { return low..<low }
        return low..<end
    }
}
