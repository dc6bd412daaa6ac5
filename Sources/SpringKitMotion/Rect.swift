/// A rectangle in points (origin top-left, y down).
public struct Rect: Equatable, Sendable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var minY: Double { y }
    public var maxY: Double { y + height }
    public var minX: Double { x }
    public var maxX: Double { x + width }
    public var center: SIMD2<Double> { SIMD2(x + width / 2, y + height / 2) }
    /// Grown by `d` on every side (`insetBy(dx: −d, dy: −d)`).
    public func outset(by d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
