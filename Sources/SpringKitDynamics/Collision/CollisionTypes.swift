/// An item's collision shape (`UIDynamicItem.collisionBoundsType` and `collisionBoundingPath`),
/// in item-local points around its center.
public enum CollisionBounds: Equatable, Sendable {
    /// The item's full-size box (what UIKit builds for every item: charon `UIDynamicAnimator.md` §2.3).
    case rectangle
    /// A circle of radius w/2 when the item is square, else the host's convex polygon of the
    /// ellipse (charon `UIFieldBehavior.md` §13 and M6).
    case ellipse
    /// A convex polygon through these points (already flattened): at least 3 points, not
    /// collinear, convex, at most 8 vertices after points within 0.25 pt are welded.
    case path([SIMD2<Double>])
}

/// Identifies one of a world's static boundaries (`World.addBoundary`); never reused.
public struct BoundaryID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: BoundaryID, b: BoundaryID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "boundary \(rawValue)" }
}

/// One side of a contact.
public enum CollisionParty: Equatable, Sendable {
    case item(ItemID)
    case boundary(BoundaryID)
}

/// A contact that began or ended (UIKit's `UICollisionBehaviorDelegate` calls): its two parties
/// and, for a began contact, the manifold point of the largest normal impulse over the sub-steps
/// until the events were taken (first on ties), in points; for an ended one, that point at the
/// contact's last solve.
public struct ContactEvent: Equatable, Sendable {
    public var began: Bool
    public var a: CollisionParty
    public var b: CollisionParty
    public var point: SIMD2<Double>

    public init(began: Bool, a: CollisionParty, b: CollisionParty, point: SIMD2<Double>) {
        self.began = began; self.a = a; self.b = b; self.point = point
    }
}

/// A static boundary as the world keeps it.
struct BoundaryRecord {
    let id: BoundaryID
    let points: [SIMD2<Double>]
    let loop: Bool
    var filter: ContactFilter
    let segments: [EdgeShape]
}

/// What the world keeps for collisions: each item's bounds and shape, filters, boundaries and
/// the contacts. Dictionaries here are looked up, never iterated.
struct CollisionStore {
    var itemBounds: [Int32: (bounds: CollisionBounds, shape: Shape)] = [:]
    var itemFilter: [Int32: ContactFilter] = [:]
    var boundaries: [BoundaryRecord] = []
    var nextBoundaryID: Int64 = 0
    var contacts = ContactManager()
    /// The last rectangle shape made, shared by the next item of the same size (10,000 equal
    /// boxes hold one vertex array instead of 10,000).
    var lastBox: (halfWidth: Double, halfHeight: Double, shape: Shape)?

    var isEmpty: Bool { itemBounds.isEmpty && boundaries.isEmpty }
    func filter(_ item: Int32) -> ContactFilter { itemFilter[item] ?? .default }

    /// UIKit's boundary fixtures (charon `UIDynamicAnimator.md` §7.4): friction 0.2, restitution 0.2.
    static let boundaryFriction = 0.2, boundaryRestitution = 0.2
}
