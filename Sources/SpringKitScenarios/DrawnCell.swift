/// A cell as a report draws it: its frame in content coordinates, the stretch of its
/// curved top edge (0: a plain rectangle, see `RubberCellShape`) and its colour.
public struct DrawnCell: Sendable, Equatable {
    public var id: Int
    public var x, y, width, height: Double
    /// Stretch of the bezier top edge (0: flat); see `RubberCellShape`.
    public var stretch: Double
    /// `0xRRGGBB`.
    public var color: UInt32
    public init(id: Int, x: Double, y: Double, width: Double, height: Double, stretch: Double, color: UInt32) {
        self.id = id; self.x = x; self.y = y; self.width = width; self.height = height
        self.stretch = stretch; self.color = color
    }
}
