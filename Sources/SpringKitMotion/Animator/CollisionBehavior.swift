import SpringKitDynamics
import SpringKitSupport

/// `UICollisionBehavior`: its items collide with each other and with its boundaries, as UIKit
/// builds it (charon `UIDynamicAnimator.md` §7, measured on the host):
///
/// - **Groups** (§7.1): association takes `g = ++counter` of the animator and dissociation
///   `--counter` (a counter, not an allocator); the behaviour's bits are `VID = 1 << (2g & 31)`
///   for its items and `BID = 1 << ((2g + 1) & 31)` for its boundaries, both 0 before
///   association. So add c1, add c2, remove c1, add c3 gives c3 c2's bits, and their items collide.
/// - **Masks** (§7.2), with `own` = BID for a boundary and VID for an item, `modeM` = VID (items),
///   BID (boundaries) or both (everything): on, `collision = (collision & ~both) | modeM`,
///   `category = (category & ~both) | own`; off, `collision &= ~both`, `category &= ~both`.
///   Overwritten, not OR-ed; another behaviour's bits on a shared item stay. The contact-test mask
///   is the collision mask. The world's filter (`World.setCollisionFilter`): a contact exists iff
///   `(catA & collB) || (catB & collA)`.
/// - **Boundaries** (§7.4, M2): a line is an edge; a path a chain loop (every path: UIKit closes
///   an open path too), flattened from its first subpath (`CollisionPath`). The implicit boundary
///   is the animator's reference bounds inset by `insets` and outset by 1 pt, rebuilt before the
///   next step when the reference bounds change. A second boundary under one identifier leaves
///   the old body in the world, colliding (measured); `removeBoundary` and
///   `removeAllBoundaries` keep the implicit one; setting the mode re-applies the masks.
/// - **Contacts** (§7.5): after the world's step and before any action, every collision behaviour
///   hears all began contacts, then all ended ones, of its own items with its items, its implicit
///   boundary (identifier nil) or its explicit boundaries; an item–item contact is heard by every
///   behaviour holding both, whatever its mode.
public final class CollisionBehavior: ItemListBehavior {
    /// `UICollisionBehaviorMode`.
    public enum Mode: String, Sendable, CaseIterable {
        case items, boundaries, everything
    }

    /// UIKit's `UIEdgeInsets`, points.
    public struct Insets: Equatable, Sendable {
        public var top, left, bottom, right: Double
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
        public static let zero = Insets()
    }

    /// What an explicit boundary was made from.
    public enum Shape: Equatable, Sendable {
        case line(from: SIMD2<Double>, to: SIMD2<Double>)
        case path([PathElement])
    }

    /// What one of the behaviour's items touched.
    public enum Other: Equatable, Sendable {
        case item(ItemID)
        /// A boundary: its identifier, nil for the implicit one (the reference bounds).
        case boundary(String?)
    }

    /// One contact as the behaviour's delegate hears it.
    public struct Contact: Equatable, Sendable {
        public var began: Bool
        public var item: ItemID
        public var other: Other
        public var point: SIMD2<Double>
    }

    public private(set) var mode: Mode
    /// UIKit's `translatesReferenceBoundsIntoBoundary`.
    public private(set) var translatesReferenceBoundsIntoBoundary = false
    public private(set) var insets = Insets.zero
    /// The delegate's began and ended calls (`collisionBehavior(_:beganContactFor:…)`).
    public var onContact: ((Contact) throws -> Void)?
    /// The group's bits (§7.1): 0 before association.
    public private(set) var itemBit: UInt32 = 0, boundaryBit: UInt32 = 0

    /// Explicit boundaries by identifier, in the order first added.
    private var shapes: [(identifier: String, shape: Shape)] = []
    /// The body of each identifier while associated.
    private var bodies: [String: BoundaryID] = [:]
    /// Bodies left behind by a second add under one identifier (still colliding, §7.4).
    private var orphans: [(identifier: String, body: BoundaryID)] = []
    /// The implicit boundary's body and rectangle while it exists.
    public private(set) var implicitBoundary: (body: BoundaryID, rect: Rect)?

    public init(items: [ItemID] = [], mode: Mode = .everything) {
        self.mode = mode
        super.init(items: items)
    }

    /// The explicit boundaries' identifiers, in the order first added (`boundaryIdentifiers`).
    public var boundaryIdentifiers: [String] { shapes.map(\.identifier) }

    /// The boundary under `identifier` (`boundaryWithIdentifier:`), nil when there is none.
    public func boundary(_ identifier: String) -> Shape? { shapes.first { $0.identifier == identifier }?.shape }

    /// The world body of the boundary under `identifier`, while associated.
    public func boundaryBody(_ identifier: String) -> BoundaryID? { bodies[identifier] }

    /// Every boundary body this behaviour has in the world (implicit, explicit, left behind).
    public var boundaryBodies: [BoundaryID] {
        (implicitBoundary.map { [$0.body] } ?? []) + shapes.compactMap { bodies[$0.identifier] } + orphans.map(\.body)
    }

    // MARK: Settings

    /// `collisionMode`: re-applies the masks of the items and boundaries at once.
    public func setMode(_ new: Mode) throws {
        mode = new
        guard let animator else { return }
        for item in items where animator.world.contains(item) { try applyMasks(item, on: true, animator) }
        for body in boundaryBodies { try animator.world.setBoundaryFilter(body, category: boundaryBit, mask: modeMask) }
    }

    /// `translatesReferenceBoundsIntoBoundary = on`: the insets go back to 0 (measured, §7.4).
    public func setTranslatesReferenceBoundsIntoBoundary(_ on: Bool) throws {
        translatesReferenceBoundsIntoBoundary = on
        insets = .zero
        if let animator { try rebuildImplicitBoundary(animator) }
    }

    /// `setTranslatesReferenceBoundsIntoBoundaryWithInsets:`.
    public func setTranslatesReferenceBoundsIntoBoundary(insets new: Insets) throws {
        for v in [new.top, new.left, new.bottom, new.right] where !(v.isFinite && abs(v) <= CollisionPath.coordinateLimit) {
            throw MotionError.invalidParameter("insets must be finite and within ±\(NumberFormat.shortest(CollisionPath.coordinateLimit)) pt, got \(NumberFormat.shortest(v))")
        }
        translatesReferenceBoundsIntoBoundary = true
        insets = new
        if let animator { try rebuildImplicitBoundary(animator) }
    }

    /// The implicit boundary's rectangle for `bounds` (§7.4): `UIEdgeInsetsInsetRect` outset by 1 pt.
    public static func implicitRect(_ bounds: Rect, insets: Insets) -> Rect {
        Rect(x: bounds.x + insets.left, y: bounds.y + insets.top,
             width: bounds.width - insets.left - insets.right, height: bounds.height - insets.top - insets.bottom).outset(by: 1)
    }

    // MARK: Explicit boundaries

    /// `addBoundaryWithIdentifier:fromPoint:toPoint:` (an edge). A second add under one
    /// identifier replaces the shape but leaves the old body in the world, colliding (§7.4).
    /// A line of no length is refused (UIKit's is unmeasured).
    public func addBoundary(_ identifier: String, from: SIMD2<Double>, to: SIMD2<Double>) throws {
        _ = try CollisionPath.flatten([.move(from), .line(to)], world: nil)
        guard from != to else { throw MotionError.invalidParameter(CollisionPath.invalidBoundaryReason + " (a line of no length)") }
        try add(identifier, .line(from: from, to: to))
    }

    /// `addBoundaryWithIdentifier:forPath:` (a chain loop). A path UIKit cannot use is refused
    /// with its reason (M2), here at the add even outside an animator (UIKit: at the add when
    /// associated, else at `addBehavior`).
    public func addBoundary(_ identifier: String, path: [PathElement]) throws {
        if animator == nil { _ = try CollisionPath.boundaryLoop(path, world: nil) }   // else checked as its body is made
        try add(identifier, .path(path))
    }

    private func add(_ identifier: String, _ shape: Shape) throws {
        if let animator {
            let body = try makeBody(shape, animator)
            if let old = bodies[identifier] { orphans.append((identifier, old)) }
            bodies[identifier] = body
        }
        if let k = shapes.firstIndex(where: { $0.identifier == identifier }) { shapes[k].shape = shape } else { shapes.append((identifier, shape)) }
    }

    /// `removeBoundaryWithIdentifier:` (nothing when there is none; a body left behind by a
    /// second add stays).
    public func removeBoundary(_ identifier: String) throws {
        shapes.removeAll { $0.identifier == identifier }
        if let body = bodies.removeValue(forKey: identifier), let animator { try animator.world.removeBoundary(body) }
    }

    /// `removeAllBoundaries`: every explicit boundary; the implicit one stays.
    public func removeAllBoundaries() throws {
        for identifier in boundaryIdentifiers { try removeBoundary(identifier) }
    }

    // MARK: Association

    /// UIKit refuses an item of no width or height when it makes its body (§2.2).
    private static func checkSize(_ item: ItemID, _ world: World) throws {
        let size = try world.size(item)
        guard size.x > 0, size.y > 0 else {
            throw MotionError.invalidParameter("Invalid size {\(NumberFormat.shortest(size.x)), \(NumberFormat.shortest(size.y))} for \(item) in Dynamics")
        }
    }

    public override func addItem(_ item: ItemID) throws {
        if let animator, !items.contains(item) { try Self.checkSize(item, animator.world) }
        try super.addItem(item)
    }

    override func associate(with animator: DynamicAnimator) throws {
        for item in items { try Self.checkSize(item, animator.world) }
        animator.collisionGroupCounter += 1
        let g = UInt32(truncatingIfNeeded: animator.collisionGroupCounter)
        itemBit = 1 << ((2 &* g) & 31)
        boundaryBit = 1 << ((2 &* g &+ 1) & 31)
        do {
            try super.associate(with: animator)
            try rebuildImplicitBoundary(animator)
            for (identifier, shape) in shapes { bodies[identifier] = try makeBody(shape, animator) }
        } catch {
            try? dissociate(from: animator)
            throw error
        }
    }

    override func dissociate(from animator: DynamicAnimator) throws {
        defer {
            animator.collisionGroupCounter -= 1
            itemBit = 0; boundaryBit = 0
            bodies = [:]; orphans = []; implicitBoundary = nil
        }
        try super.dissociate(from: animator)
        let world = animator.world
        for body in boundaryBodies where world.boundaryIDs.contains(body) { try world.removeBoundary(body) }
    }

    override func itemAdded(_ item: ItemID, _ animator: DynamicAnimator) throws { try applyMasks(item, on: true, animator) }

    override func itemRemoved(_ item: ItemID, _ animator: DynamicAnimator) throws { try applyMasks(item, on: false, animator) }

    // MARK: Masks and bodies

    /// `modeM` of §7.2.
    public var modeMask: UInt32 {
        switch mode {
        case .items: return itemBit
        case .boundaries: return boundaryBit
        case .everything: return itemBit | boundaryBit
        }
    }

    /// §7.2 on an item's shared masks (kept by the animator, pushed to the world).
    private func applyMasks(_ item: ItemID, on: Bool, _ animator: DynamicAnimator) throws {
        let both = itemBit | boundaryBit
        var filter = animator.collisionFilter(item)
        let collision = filter.collision & ~both
        if on {
            // Every UIKit body has its fixture from the start (§2.2): an item given no bounds
            // collides as its rectangle.
            if try animator.world.collisionBounds(item) == nil { try animator.world.setCollisionBounds(item, .rectangle) }
            filter = (category: (filter.category & ~both) | itemBit, collision: collision | modeMask)
        } else {
            filter = (category: filter.category & ~both, collision: collision)
        }
        try animator.setCollisionFilter(item, filter)
    }

    private func makeBody(_ shape: Shape, _ animator: DynamicAnimator) throws -> BoundaryID {
        let world = animator.world
        switch shape {
        case .line(let from, let to):
            return try world.addBoundary([from, to], loop: false, category: boundaryBit, mask: modeMask)
        case .path(let elements):
            let chain = try CollisionPath.boundaryLoop(elements, world: world)
            return try world.addBoundary(chain.points, loop: chain.loop, category: boundaryBit, mask: modeMask)
        }
    }

    /// Removes the implicit boundary and makes it again from the animator's reference bounds
    /// (none without them or while the flag is off).
    func rebuildImplicitBoundary(_ animator: DynamicAnimator) throws {
        if let old = implicitBoundary {
            implicitBoundary = nil
            try animator.world.removeBoundary(old.body)
        }
        guard translatesReferenceBoundsIntoBoundary, let bounds = animator.referenceBounds else { return }
        let r = Self.implicitRect(bounds, insets: insets)
        let corners = [SIMD2(r.minX, r.minY), SIMD2(r.maxX, r.minY), SIMD2(r.maxX, r.maxY), SIMD2(r.minX, r.maxY)]
        let chain = try CollisionPath.boundaryLoop([.move(corners[0]), .line(corners[1]), .line(corners[2]), .line(corners[3]), .close],
                                                   world: animator.world)
        let body = try animator.world.addBoundary(chain.points, loop: chain.loop, category: boundaryBit, mask: modeMask)
        implicitBoundary = (body, r)
    }

    // MARK: Contacts

    /// The contacts of `events` this behaviour reports (§7.5), began or ended as `began` says.
    func contacts(in events: [ContactEvent], began: Bool) -> [Contact] {
        guard !events.isEmpty else { return [] }
        let mine = Set(items)
        var named: [BoundaryID: String?] = [:]
        if let implicit = implicitBoundary { named[implicit.body] = .some(nil) }
        for (identifier, body) in bodies { named[body] = .some(identifier) }
        for (identifier, body) in orphans { named[body] = .some(identifier) }
        var result: [Contact] = []
        for e in events where e.began == began {
            switch (e.a, e.b) {
            case (.item(let a), .item(let b)) where mine.contains(a) && mine.contains(b):
                result.append(Contact(began: began, item: a, other: .item(b), point: e.point))
            case (.item(let a), .boundary(let b)), (.boundary(let b), .item(let a)):
                if mine.contains(a), let identifier = named[b] {
                    result.append(Contact(began: began, item: a, other: .boundary(identifier), point: e.point))
                }
            default: break
            }
        }
        return result
    }
}
