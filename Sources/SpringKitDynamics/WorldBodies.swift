import SpringKitSupport

/// Rigid-body state and the forces UIKit's item, gravity and push behaviours put on a body
/// (charon `UIDynamicAnimator.md` §2–§4). Units are the world's: points, seconds, radians,
/// and masses of density × width × height (`massUnitsPerKilogram` of them make UIKit's kilogram).
extension World {
    /// World mass units in one of UIKit's kilograms: Box2D's bodies are density × area in m²,
    /// and a square metre is 100 × 100 pt.
    public static let massUnitsPerKilogram = 10_000.0
    /// World force units (mass units · pt/s²) in one newton: 10⁴ mass units × 100 pt/m.
    public static let forceUnitsPerNewton = 1_000_000.0

    /// The material and damping of an item's body (`UIDynamicItemBehavior`'s properties).
    public struct BodyProperties: Equatable, Sendable {
        /// Linear damping, 1/s (Box2D's `linearDamping`). UIKit's default is 0.1.
        public var resistance: Double
        /// Angular damping, 1/s. UIKit's default is 0.1.
        public var angularResistance: Double
        public var elasticity: Double
        public var friction: Double
        /// Mass per area: the item's mass is density × width × height.
        public var density: Double
        /// For electric and magnetic fields.
        public var charge: Double
        public var allowsRotation: Bool
        /// A static body: it never moves and others see it as immovable.
        public var isAnchored: Bool

        public init(resistance: Double, angularResistance: Double, elasticity: Double, friction: Double,
                    density: Double, charge: Double, allowsRotation: Bool, isAnchored: Bool) {
            self.resistance = resistance; self.angularResistance = angularResistance
            self.elasticity = elasticity; self.friction = friction; self.density = density; self.charge = charge
            self.allowsRotation = allowsRotation; self.isAnchored = isAnchored
        }
    }

    /// The item's width and height, points (as made).
    public func size(_ id: ItemID) throws -> SIMD2<Double> {
        let i = try index(id)
        return SIMD2(2 * Double(items.halfSizes[i].x), 2 * Double(items.halfSizes[i].y))
    }

    /// The item's angle, radians (clockwise on screen, as UIKit's transform).
    public func angle(_ id: ItemID) throws -> Double {
        _ = try index(id)
        return bodyOfItem[id.rawValue].map { bodies.angle[$0] } ?? 0
    }

    /// Turns the item to `angle` and wakes it (and its island).
    public func setAngle(_ id: ItemID, _ angle: Double) throws {
        guard angle.isFinite else { throw DynamicsError.invalidParameter("angle must be finite, got \(angle)") }
        let i = try index(id)
        bodies.angle[try body(i)] = angle
        wake(i)
    }

    /// The item's angular velocity, radians/s.
    public func angularVelocity(_ id: ItemID) throws -> Double {
        _ = try index(id)
        return bodyOfItem[id.rawValue].map { bodies.angularVelocity[$0] } ?? 0
    }

    /// Sets the angular velocity; a non-zero one wakes the item (and its island).
    public func setAngularVelocity(_ id: ItemID, _ velocity: Double) throws {
        guard velocity.isFinite else { throw DynamicsError.invalidParameter("angular velocity must be finite, got \(velocity)") }
        let i = try index(id)
        if velocity == 0 && bodyOfItem[id.rawValue] == nil { return }
        let b = try body(i)
        guard !bodies.isStatic[b] else { return }
        bodies.angularVelocity[b] = velocity
        if velocity != 0 { wake(i) }
    }

    /// Whether the world's `gravity` acts on the item (UIKit: the item is in a gravity behaviour).
    public func isAffectedByGravity(_ id: ItemID) throws -> Bool {
        _ = try index(id)
        return bodyOfItem[id.rawValue].map { bodies.gravityScale[$0] != 0 } ?? false
    }

    /// Lets the world's gravity act on the item or not, and wakes it.
    public func setAffectedByGravity(_ id: ItemID, _ affected: Bool) throws {
        let i = try index(id)
        if !affected && bodyOfItem[id.rawValue] == nil { return }
        bodies.gravityScale[try body(i)] = affected ? 1 : 0
        wake(i)
    }

    /// Adds `force` (mass units · pt/s²; `forceUnitsPerNewton` per newton) at `offset` points
    /// from the item's center, in the world's axes, for every step of the next `advance`
    /// (UIKit clears forces once per animator step). Wakes the item.
    public func applyForce(_ id: ItemID, _ force: SIMD2<Double>, offset: SIMD2<Double> = .zero) throws {
        try requireFinite(force, "force"); try requireFinite(offset, "offset")
        let i = try index(id)
        let b = try body(i)
        guard !bodies.isStatic[b] else { return }
        bodies.forceX[b] += force.x; bodies.forceY[b] += force.y
        bodies.torque[b] += offset.x * force.y - offset.y * force.x
        wake(i)
    }

    /// Changes the item's velocity by `impulse` / mass and its angular velocity by
    /// (offset × impulse) / I (Box2D's `ApplyLinearImpulse`); wakes it.
    public func applyImpulse(_ id: ItemID, _ impulse: SIMD2<Double>, offset: SIMD2<Double> = .zero) throws {
        try requireFinite(impulse, "impulse"); try requireFinite(offset, "offset")
        let i = try index(id)
        let b = try body(i)
        guard !bodies.isStatic[b] else { return }
        items.vx[i] += items.inverseMass[i] * impulse.x
        items.vy[i] += items.inverseMass[i] * impulse.y
        bodies.angularVelocity[b] += bodies.inverseInertia[b] * (offset.x * impulse.y - offset.y * impulse.x)
        wake(i)
    }

    /// What a body of the item has when nothing set its properties: UIKit's defaults, the
    /// world's resistance and the density the item was made with. (Unknown items: density 1.)
    public func defaultBodyProperties(_ id: ItemID) -> BodyProperties {
        let density = bodyOfItem[id.rawValue].map { bodies.initialDensity[$0] }
            ?? items.table.denseIndex(id.rawValue).map { self.density($0) } ?? 1
        return BodyProperties(resistance: configuration.resistance, angularResistance: BodyStore.defaultAngularDamping,
                              elasticity: BodyStore.defaultElasticity, friction: BodyStore.defaultFriction,
                              density: density, charge: 0, allowsRotation: true, isAnchored: false)
    }

    /// The item's body properties (`defaultBodyProperties` where none was set).
    public func bodyProperties(_ id: ItemID) throws -> BodyProperties {
        _ = try index(id)
        guard let b = bodyOfItem[id.rawValue] else { return defaultBodyProperties(id) }
        return BodyProperties(resistance: bodies.linearDamping[b], angularResistance: bodies.angularDamping[b],
                              elasticity: bodies.elasticity[b], friction: bodies.friction[b], density: bodies.density[b],
                              charge: bodies.charge[b], allowsRotation: bodies.allowsRotation[b], isAnchored: bodies.isStatic[b])
    }

    /// Sets the item's body properties and wakes it. A new density changes the mass and the
    /// rotational inertia; anchoring makes the body static (velocities zeroed); unanchoring
    /// makes it dynamic again at rest, as UIKit does.
    public func setBodyProperties(_ id: ItemID, _ p: BodyProperties) throws {
        let i = try index(id)
        try validate(p)
        let b = try body(i)
        bodies.linearDamping[b] = p.resistance; bodies.angularDamping[b] = p.angularResistance
        bodies.elasticity[b] = p.elasticity; bodies.friction[b] = p.friction; bodies.charge[b] = p.charge
        let w = 2 * Double(items.halfSizes[i].x), h = 2 * Double(items.halfSizes[i].y)
        let area = w * h, mass = area > 0 ? p.density * area : 1
        if p.density != bodies.density[b] {
            bodies.density[b] = p.density
            bodies.inertia[b] = mass * (w * w + h * h) / 12
            if !bodies.isStatic[b] { items.inverseMass[i] = 1 / mass }
        }
        bodies.allowsRotation[b] = p.allowsRotation
        if p.isAnchored != bodies.isStatic[b] {
            bodies.isStatic[b] = p.isAnchored
            items.vx[i] = 0; items.vy[i] = 0; bodies.angularVelocity[b] = 0
            items.inverseMass[i] = p.isAnchored ? 0 : 1 / mass
            needsClassification = true
        }
        bodies.inverseInertia[b] = bodies.allowsRotation[b] && !bodies.isStatic[b] && bodies.inertia[b] > 0 ? 1 / bodies.inertia[b] : 0
        wake(i)
    }

    // MARK: Internals

    /// The body record of dense item `i`, made with UIKit's defaults when it has none (the
    /// item then leaves the anchored-spring fast path at the next step).
    /// - Complexity: amortized O(1).
    func body(_ i: Int) throws -> Int {
        let raw = items.table.identifierAt[i]
        if let b = bodyOfItem[raw] { return b }
        try charge(World.unitsPerStep)
        let b = bodies.append(item: raw, inertia: items.boxInertia(i), linearDamping: configuration.resistance, density: density(i))
        bodyOfItem[raw] = b
        if items.motion[i] != ItemMotion.free.rawValue { needsClassification = true }
        if items.motion[i] == ItemMotion.free.rawValue && items.sleeping[i] != 0 { bodies.restCount[b] = -1 }
        return b
    }

    /// Gives every free item (no spring) a body record and wakes it; counts the awake ones.
    /// Called when the world is classified.
    /// - Complexity: O(items).
    func classifyFreeBodies() throws {
        awakeFree = 0
        for i in 0..<items.count where items.motion[i] == ItemMotion.free.rawValue {
            let b = try body(i)
            if bodies.isStatic[b] {
                FreeBodyStep.sleep(b, i, &items, &bodies)
            } else {
                bodies.restCount[b] = 0
                items.sleeping[i] = 0
                awakeFree += 1
            }
        }
    }

    /// Wakes the item whose identifier's raw value is `raw`, if it is in the world.
    func wakeItem(raw: Int32) {
        if let i = items.table.denseIndex(raw) { wake(i) }
    }

    /// The density item `i` was made with: its mass over its area (1 for a zero-area item).
    private func density(_ i: Int) -> Double {
        let area = 4 * Double(items.halfSizes[i].x) * Double(items.halfSizes[i].y)
        return area > 0 && items.inverseMass[i] > 0 ? 1 / items.inverseMass[i] / area : 1
    }

    private func validate(_ p: BodyProperties) throws {
        let h = configuration.stepDuration
        for (name, value) in [("resistance", p.resistance), ("angular resistance", p.angularResistance)] {
            guard value.isFinite, 1 + h * value > 0 else {
                throw DynamicsError.invalidParameter("\(name) must be finite and above \(NumberFormat.shortest(-1 / h)), got \(NumberFormat.shortest(value))")
            }
        }
        for (name, value) in [("elasticity", p.elasticity), ("friction", p.friction), ("charge", p.charge)] where !value.isFinite {
            throw DynamicsError.invalidParameter("\(name) must be finite, got \(value)")
        }
        guard p.density.isFinite, p.density > 0 else {
            throw DynamicsError.invalidParameter("density must be a positive number, got \(NumberFormat.shortest(p.density))")
        }
    }

    private func requireFinite(_ v: SIMD2<Double>, _ name: String) throws {
        guard v.x.isFinite, v.y.isFinite else { throw DynamicsError.invalidParameter("\(name) must be finite") }
    }
}
