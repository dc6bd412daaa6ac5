import SpringKitDynamics

/// The gallery's flow layout: items fill lines left to right in equal cells, the selected
/// item is enlarged (`selectedSize`), a line ends when the next item does not fit, items
/// are centred vertically in their line, and lines are `spacing` apart.
public struct GalleryLayout: Equatable, Sendable {
    public var width: Double
    public var itemSize: SIMD2<Double>
    public var selectedSize: SIMD2<Double>
    public var spacing: Double
    public var inset: Double

    public init(width: Double, columns: Int, spacing: Double, inset: Double, selectedScale: Double) throws {
        guard columns > 0, width.isFinite, width > 0, spacing >= 0, inset >= 0, selectedScale >= 1 else {
            throw MotionError.invalidParameter("gallery layout needs columns > 0, width > 0, spacing and inset ≥ 0, selected scale ≥ 1")
        }
        let side = (width - 2 * inset - Double(columns - 1) * spacing) / Double(columns)
        guard side > 0 else { throw MotionError.invalidParameter("the cells do not fit the width") }
        self.width = width
        self.itemSize = SIMD2(side, side)
        let big = min(side * selectedScale, width - 2 * inset)
        self.selectedSize = SIMD2(big, big)
        self.spacing = spacing
        self.inset = inset
    }

    /// Frames of `count` items in display order, with `selected` enlarged; and the content height.
    /// - Complexity: O(count).
    public func frames(count: Int, selected: Int?) -> (frames: [Rect], height: Double) {
        var frames: [Rect] = []
        frames.reserveCapacity(count)
        var lineStart = 0
        var x = inset, y = inset, lineHeight = 0.0
        func closeLine(_ end: Int) {
            for k in lineStart..<end {
                frames[k].y = y + (lineHeight - frames[k].height) / 2
            }
        }
        for index in 0..<count {
            let size = index == selected ? selectedSize : itemSize
            if x > inset && x + size.x > width - inset + 1e-9 {
                closeLine(index)
                y += lineHeight + spacing
                x = inset
                lineHeight = 0
                lineStart = index
            }
            frames.append(Rect(x: x, y: y, width: size.x, height: size.y))
            x += size.x + spacing
            lineHeight = max(lineHeight, size.y)
        }
        closeLine(count)
        let height = count == 0 ? 2 * inset : y + lineHeight + inset
        return (frames, height)
    }

    /// The index whose frame contains `point`, else the nearest frame's index.
    /// - Complexity: O(frames) (a linear scan).
    public static func index(at point: SIMD2<Double>, in frames: [Rect]) -> Int? {
        var best: (index: Int, distance: Double)?
        for (k, f) in frames.enumerated() {
            if point.x >= f.minX && point.x < f.maxX && point.y >= f.minY && point.y < f.maxY { return k }
            let d = point - f.center
            let distance = (d * d).sum()
            if best == nil || distance < best!.distance { best = (k, distance) }
        }
        return best?.index
    }
}
