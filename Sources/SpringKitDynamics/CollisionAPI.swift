// PLACEHOLDER — to be replaced by branch `collision` at merge, and then deleted.
//
// This file holds only the declarations of the engine's collision API (shapes, boundaries,
// filters, contacts) that branch `collision` is writing, with storage-only bodies, so that the
// UIKit and Lua half (CollisionBehavior, the `w:collision` binding) compiles and its tests of
// masks, boundaries and parsing run before the engine lands. It simulates nothing: bounds,
// filters and boundaries are only stored (in a side table per world, since an extension cannot
// hold stored properties), no contact ever exists, `takeContactEvents()` answers [] and
// `contactPoints()` answers []. Do not put physics here.
import Foundation
import SpringKitSupport

/// An item's collision shape (UIKit's `collisionBoundsType`): its bounds rectangle, the ellipse
/// inscribed in them, or a convex polygon in item-local points (curves already flattened).
public enum CollisionBounds: Equatable, Sendable {
    case rectangle
    case ellipse
    case path([SIMD2<Double>])
}

/// Identifies a boundary of a `World`; stays valid until the boundary is removed.
public struct BoundaryID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: BoundaryID, b: BoundaryID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "boundary \(rawValue)" }
}

/// One side of a contact: an item or a boundary.
public enum CollisionParty: Equatable, Sendable {
    case item(ItemID)
    case boundary(BoundaryID)
}

/// A contact that began or ended during the last steps, at `point` (points).
public struct ContactEvent: Equatable, Sendable {
    public var began: Bool
    public var a: CollisionParty
    public var b: CollisionParty
    public var point: SIMD2<Double>
    public init(began: Bool, a: CollisionParty, b: CollisionParty, point: SIMD2<Double>) {
        self.began = began; self.a = a; self.b = b; self.point = point
    }
}

/// The placeholder's storage for one world.
private final class PlaceholderCollisionState {
    weak var world: World?
    var bounds: [ItemID: CollisionBounds] = [:]
    var filters: [ItemID: (category: UInt32, mask: UInt32)] = [:]
    var boundaries: [BoundaryID: (points: [SIMD2<Double>], loop: Bool, category: UInt32, mask: UInt32)] = [:]
    var nextBoundary: Int64 = 0
    init(world: World) { self.world = world }
}

private let placeholderLock = NSLock()
private nonisolated(unsafe) var placeholderStates: [ObjectIdentifier: PlaceholderCollisionState] = [:]

extension World {
    /// The placeholder's state of this world (a stale entry of a freed world is replaced).
    private func placeholderState<T>(_ body: (PlaceholderCollisionState) throws -> T) rethrows -> T {
        placeholderLock.lock()
        defer { placeholderLock.unlock() }
        let key = ObjectIdentifier(self)
        if let state = placeholderStates[key], state.world === self { return try body(state) }
        placeholderStates = placeholderStates.filter { $0.value.world != nil }
        let state = PlaceholderCollisionState(world: self)
        placeholderStates[key] = state
        return try body(state)
    }

    public func setCollisionBounds(_ item: ItemID, _ bounds: CollisionBounds?) throws {
        _ = try position(item)
        placeholderState { $0.bounds[item] = bounds }
    }

    public func collisionBounds(_ item: ItemID) throws -> CollisionBounds? {
        _ = try position(item)
        return placeholderState { $0.bounds[item] }
    }

    public func setCollisionFilter(_ item: ItemID, category: UInt32, mask: UInt32) throws {
        _ = try position(item)
        placeholderState { $0.filters[item] = (category, mask) }
    }

    public func addBoundary(_ points: [SIMD2<Double>], loop: Bool, category: UInt32, mask: UInt32) throws -> BoundaryID {
        guard points.count >= 2, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw DynamicsError.invalidParameter("a boundary needs at least 2 finite points")
        }
        return placeholderState { state in
            state.nextBoundary += 1
            let id = BoundaryID(rawValue: state.nextBoundary)
            state.boundaries[id] = (points, loop, category, mask)
            return id
        }
    }

    public func removeBoundary(_ id: BoundaryID) throws {
        try placeholderState { state in
            guard state.boundaries.removeValue(forKey: id) != nil else { throw DynamicsError.invalidParameter("no \(id) in this world") }
        }
    }

    public func setBoundaryFilter(_ id: BoundaryID, category: UInt32, mask: UInt32) throws {
        try placeholderState { state in
            guard state.boundaries[id] != nil else { throw DynamicsError.invalidParameter("no \(id) in this world") }
            state.boundaries[id]!.category = category
            state.boundaries[id]!.mask = mask
        }
    }

    public var boundaryIDs: [BoundaryID] { placeholderState { $0.boundaries.keys.sorted() } }

    public func boundaryPoints(_ id: BoundaryID) throws -> (points: [SIMD2<Double>], loop: Bool) {
        try placeholderState { state in
            guard let b = state.boundaries[id] else { throw DynamicsError.invalidParameter("no \(id) in this world") }
            return (b.points, b.loop)
        }
    }

    public func takeContactEvents() -> [ContactEvent] { [] }

    public func contactPoints() -> [SIMD2<Double>] { [] }

}
