/// Names a collision shape across steps: an item's (by its identifier) or one segment of a
/// boundary (by the boundary's identifier and the segment's index). Items sort before boundaries.
struct ShapeKey: Hashable, Comparable {
    let raw: Int64
    static func item(_ id: Int32) -> ShapeKey { ShapeKey(raw: Int64(id)) }
    static func boundary(_ id: Int64, segment: Int) -> ShapeKey { ShapeKey(raw: Int64.max - (id << 24 | Int64(segment))) }
    static func < (a: ShapeKey, b: ShapeKey) -> Bool { a.raw < b.raw }
    var isItem: Bool { raw <= Int64(Int32.max) }
    var party: CollisionParty {
        isItem ? .item(ItemID(rawValue: Int32(raw))) : .boundary(BoundaryID(rawValue: (Int64.max - raw) >> 24))
    }
}

/// One shape as the step sees it: where it is, which solver body carries it (−1: a boundary,
/// which sits at the origin), its filter and material.
struct ShapeProxy {
    var key: ShapeKey
    var body: Int
    var shape: Shape
    var transform: Transform
    var filter: ContactFilter
    var isStatic: Bool
    var isAwake: Bool
    var friction: Double
    var restitution: Double
    var aabb: AABB
}
