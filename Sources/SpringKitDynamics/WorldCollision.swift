import SpringKitSupport

/// Collisions (UIKit's `UICollisionBehavior` and `collisionBoundsType`): item shapes, static
/// boundaries, the contact filter and the contact events. A world with any shape or boundary
/// steps every item that has a shape through the rigid solver (`RigidSolver`), which finds
/// contacts each step (`ContactManager`), solves them with the joints (`ContactConstraint`) and
/// keeps fast items from passing through static shapes (`TimeOfImpact`). Masses stay the
/// item's (density × width × height); shapes give geometry only.
extension World {
    /// The largest coordinate magnitude a path or boundary point may have, points.
    public static let maximumCoordinate = 1e6
    /// The most points a path or a boundary may have.
    public static let maximumShapePoints = 4096

    /// Gives `item` a collision shape (nil: none). A path must make a convex polygon by Box2D's
    /// `b2PolygonShape::Set` rules (weld tolerance 0.5 × linear slop, at least 3 points not
    /// collinear, at most 8 vertices); a concave path is refused. Wakes the item.
    /// - Complexity: O(n²) for a path of n points; the next step re-classifies the world.
    public func setCollisionBounds(_ item: ItemID, _ bounds: CollisionBounds?) throws {
        let i = try index(item)
        guard let bounds else {
            if collision.itemBounds.removeValue(forKey: item.rawValue) != nil { needsClassification = true }
            return
        }
        let w = 2 * Double(items.halfSizes[i].x), h = 2 * Double(items.halfSizes[i].y)
        let shape: Shape
        switch bounds {
        case .rectangle:
            guard w > 0, h > 0 else { throw DynamicsError.invalidParameter("\(item) has size \(NumberFormat.shortest(w)) × \(NumberFormat.shortest(h)): a rectangle needs a positive width and height") }
            if let last = collision.lastBox, last.halfWidth == w / 2, last.halfHeight == h / 2 {
                shape = last.shape
            } else {
                shape = .polygon(.box(halfWidth: w / 2, halfHeight: h / 2))
                collision.lastBox = (w / 2, h / 2, shape)
            }
        case .ellipse:
            guard w > 0, h > 0 else { throw DynamicsError.invalidParameter("\(item) has size \(NumberFormat.shortest(w)) × \(NumberFormat.shortest(h)): an ellipse needs a positive width and height") }
            if w == h {
                shape = .circle(CircleShape(center: .zero, radius: w / 2))
            } else {
                switch PolygonShape.hull(of: EllipseOutline.vertices(width: w, height: h), weldTolerance: 0, maximumVertices: 255) {
                case .success(let p): shape = .polygon(p)
                case .failure(let e): throw DynamicsError.invalidParameter("the ellipse of \(item) (\(NumberFormat.shortest(w)) × \(NumberFormat.shortest(h))) \(e)")
                }
            }
        case .path(let points):
            try requirePoints(points, "collision path")
            switch PolygonShape.hull(of: points, weldTolerance: 0.5 * configuration.linearSlop, maximumVertices: PolygonShape.maximumPathVertices) {
            case .success(let p): shape = .polygon(p)
            case .failure(let e): throw DynamicsError.invalidParameter("collision path \(e)")
            }
        }
        try charge(World.unitsPerStep)
        collision.itemBounds[item.rawValue] = (bounds, shape)
        needsClassification = true
    }

    /// The item's collision bounds (nil: it has no shape).
    /// - Complexity: O(1).
    public func collisionBounds(_ item: ItemID) throws -> CollisionBounds? {
        _ = try index(item)
        return collision.itemBounds[item.rawValue]?.bounds
    }

    /// Sets the item's category and collision mask (SpriteKit's semantics, see `ContactFilter`;
    /// by default both are all ones). Wakes the item.
    /// - Complexity: O(1); the next step re-classifies the world.
    public func setCollisionFilter(_ item: ItemID, category: UInt32, mask: UInt32) throws {
        _ = try index(item)
        collision.itemFilter[item.rawValue] = ContactFilter(category: category, mask: mask)
        needsClassification = true
    }

    /// The item's category and collision mask.
    /// - Complexity: O(1).
    public func collisionFilter(_ item: ItemID) throws -> (category: UInt32, mask: UInt32) {
        _ = try index(item)
        let f = collision.filter(item.rawValue)
        return (f.category, f.mask)
    }

    /// Adds a static boundary: two points and `loop` false make one two-sided edge, anything
    /// else a chain through the points (`loop` closes it), two-sided as UIKit's. Friction 0.2,
    /// restitution 0.2 (UIKit's fixtures). Consecutive points closer than 0.25 pt are merged.
    /// - Complexity: O(points); the next step re-classifies the world.
    public func addBoundary(_ points: [SIMD2<Double>], loop: Bool, category: UInt32, mask: UInt32) throws -> BoundaryID {
        try requirePoints(points, "boundary")
        let weld = 0.5 * configuration.linearSlop
        var kept: [SIMD2<Double>] = []
        for p in points where kept.last.map({ Vec2.length(p - $0) >= weld }) ?? true { kept.append(p) }
        if loop, kept.count > 2, let first = kept.first, let last = kept.last, Vec2.length(last - first) < weld { kept.removeLast() }
        guard kept.count >= 2 else {
            throw DynamicsError.invalidParameter("a boundary needs at least 2 distinct points (0.25 pt apart), got \(kept.count)")
        }
        guard !loop || kept.count >= 3 else { throw DynamicsError.invalidParameter("a boundary loop needs at least 3 distinct points, got \(kept.count)") }
        try charge(World.unitsPerStep)
        let id = BoundaryID(rawValue: collision.nextBoundaryID)
        collision.nextBoundaryID += 1
        collision.boundaries.append(BoundaryRecord(id: id, points: kept, loop: loop, filter: ContactFilter(category: category, mask: mask),
                                                   segments: EdgeShape.segments(kept, loop: loop)))
        needsClassification = true
        return id
    }

    /// Removes a boundary (its touching contacts end at the next step).
    /// - Complexity: O(boundaries); the next step re-classifies the world.
    public func removeBoundary(_ id: BoundaryID) throws {
        collision.boundaries.remove(at: try boundaryIndex(id))
        needsClassification = true
    }

    /// Sets a boundary's category and collision mask.
    /// - Complexity: O(boundaries); the next step re-classifies the world.
    public func setBoundaryFilter(_ id: BoundaryID, category: UInt32, mask: UInt32) throws {
        collision.boundaries[try boundaryIndex(id)].filter = ContactFilter(category: category, mask: mask)
        needsClassification = true
    }

    /// Every boundary, in the order added.
    /// - Complexity: O(boundaries).
    public var boundaryIDs: [BoundaryID] { collision.boundaries.map(\.id) }

    /// A boundary's points (as kept, after merging close ones) and whether it is a loop.
    /// - Complexity: O(boundaries + points).
    public func boundaryPoints(_ id: BoundaryID) throws -> (points: [SIMD2<Double>], loop: Bool) {
        let b = collision.boundaries[try boundaryIndex(id)]
        return (b.points, b.loop)
    }

    /// The contact events since the last call, in the order recorded (began events carry the
    /// point of their largest normal impulse so far).
    /// - Complexity: O(events + contacts).
    public func takeContactEvents() -> [ContactEvent] { collision.contacts.takeEvents() }

    /// The points of every touching contact's manifold as last computed (world points, midway
    /// between the surfaces), in contact order: for drawing.
    /// - Complexity: O(contacts).
    public func contactPoints() -> [SIMD2<Double>] {
        var result: [SIMD2<Double>] = []
        for (k, c) in collision.contacts.contacts.enumerated() where c.isTouching {
            guard let a = shapePlacement(c.keyA), let b = shapePlacement(c.keyB) else { continue }
            result.append(contentsOf: WorldManifold(collision.contacts.touch(k).manifold, a.1, a.0.radius, b.1, b.0.radius).points)
        }
        return result
    }

    // MARK: Internals

    /// The shape of `key` and where it is now (nil for a shape that is gone).
    private func shapePlacement(_ key: ShapeKey) -> (Shape, Transform)? {
        switch key.party {
        case .item(let id):
            guard let i = items.table.denseIndex(id.rawValue), let s = collision.itemBounds[id.rawValue] else { return nil }
            return (s.shape, Transform(p: items.position(i), angle: bodyOfItem[id.rawValue].map { bodies.angle[$0] } ?? 0))
        case .boundary(let id):
            guard let b = collision.boundaries.first(where: { $0.id == id }) else { return nil }
            let segment = Int((Int64.max - key.raw) & 0xFFFFFF)
            return segment < b.segments.count ? (.edge(b.segments[segment]), Transform(p: .zero, angle: 0)) : nil
        }
    }

    private func boundaryIndex(_ id: BoundaryID) throws -> Int {
        guard let k = collision.boundaries.firstIndex(where: { $0.id == id }) else { throw DynamicsError.invalidParameter("no \(id) in this world") }
        return k
    }

    private func requirePoints(_ points: [SIMD2<Double>], _ name: String) throws {
        guard points.count <= World.maximumShapePoints else {
            throw DynamicsError.invalidParameter("a \(name) may have at most \(World.maximumShapePoints) points, got \(points.count)")
        }
        for (k, p) in points.enumerated() where !(p.x.isFinite && p.y.isFinite && abs(p.x) <= World.maximumCoordinate && abs(p.y) <= World.maximumCoordinate) {
            throw DynamicsError.invalidParameter("\(name) point \(k + 1) must be finite and within ±1e6 points, got (\(NumberFormat.shortest(p.x)), \(NumberFormat.shortest(p.y)))")
        }
    }
}
