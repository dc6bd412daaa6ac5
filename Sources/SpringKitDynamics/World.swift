import SpringKitMath
import SpringKitSupport

/// A world of dynamic items on springs: the physics world under a `UIDynamicAnimator`.
/// It advances in fixed steps (`advance(steps:)`, 1/120 s each by default) and knows
/// nothing of display frames: the animator above it (`DynamicAnimator` in SpringKitMotion)
/// turns display frames into steps with its accumulator, keeps the time in seconds and
/// rounds centers to the pixel grid.
///
/// Per fixed step: anchored soft springs advance in closed form (see
/// `AnchoredSpringStep`, or `ExactSpringStep` with the `exact` solver); every other
/// spring goes through the `JointSolver`. Items rest after `restTime` (counted as Box2D
/// counts it) at or under `restSpeed` — joint-solver items per island of items joined by
/// springs — and the world is paused while no item with a spring is awake. Changing an
/// item's position, a non-zero velocity or its spring's anchor wakes it (and its island);
/// adding, removing or re-parameterising any spring wakes every item. Rest state is current
/// whenever it is read.
///
/// Every item is a body. An item on no spring is a free body (`FreeBodyStep`): it moves with
/// its velocity, damping, gravity and forces until it sleeps. Items that rotate, fall, are
/// pushed, are static or damp at their own rate hold a body record (`BodyStore`), made the
/// first time such a property is set; an item without one behaves as a point on its springs.
/// Positions are reported unrounded.
///
/// Costs to know: a step while anything moves is linear in the items and springs
/// (`advance(steps:)`); adding, removing, switching or re-parameterising a spring is cheap
/// itself but makes the next step or `isResting` re-classify the whole world,
/// O((items + springs) α(items)); removing an item or listing an item's springs scans every
/// spring; waking a resting island of joint-solver items visits every joint-solver item.
public final class World {
    public let configuration: WorldConfiguration
    var items = ItemStore()
    var springs = SpringStore()
    private var joints = JointSolver()
    private var exactMatrices: [ExactStepMatrix] = []
    var bodies = BodyStore()
    /// The body record of each item that has one (lookups only: never iterated).
    var bodyOfItem: [Int32: Int] = [:]
    /// Free bodies awake after the last step or wake.
    var awakeFree = 0
    /// UIKit's iOS 9 attachments (pin, fixed, sliding, limit), in the order made.
    var jointRecords: [JointRecord] = []
    /// Whether the rigid solver has stepped the joints since `jointRecords`' models were
    /// taken from it (their impulses carry into the next classification): they are copied
    /// back by `syncJointModels` only when read or restructured, not every frame.
    var jointModelsStale = false
    var nextJointID: Int64 = 0
    /// Offsets of the springs whose ends sit off their items' centers (by spring identifier).
    var springOffsets: [Int32: (SIMD2<Double>, SIMD2<Double>)] = [:]
    /// The springs from `attach` that UIKit's rule makes revolute joints (rigid, no length, the
    /// anchor within 1 pt of the item's point when built: `decideSpringForm`), by spring
    /// identifier, with their impulses as last solved. Looked up, never iterated.
    var pinnedSprings: [Int32: RevoluteJoint] = [:]
    /// Rotating bodies and the attachments: in use while the world has a joint or an offset spring.
    var rigid = RigidSolver()
    var rigidAwake = false
    /// Item shapes, boundaries, filters and contacts (`WorldCollision`).
    var collision = CollisionStore()
    /// The fields acting in this world (at most 32; `addField`).
    var fields = FieldSet()
    /// The items each field holds, by field index.
    var fieldItems = [[ItemID]](repeating: [], count: FieldSet.capacity)
    /// Seconds of fixed steps asked for so far (summed step by step in `Double`, as UIKit's
    /// world time, which the fields read; steps asked of a paused world count too).
    public private(set) var elapsedTime = 0.0
    /// The world's gravity, points/s² (UIKit's gravity behaviour: magnitude 1 = 1000 pt/s²).
    /// It acts on the items whose gravity scale is 1 (`setAffectedByGravity`). Setting it
    /// wakes every body it acts on.
    public var gravity: SIMD2<Double> = .zero {
        didSet {
            guard gravity != oldValue else { return }
            for b in 0..<bodies.count where bodies.gravityScale[b] != 0 { wakeItem(raw: bodies.item[b]) }
        }
    }
    /// Set when springs or their parameters change: motions are recomputed before the next step.
    var needsClassification = false
    private var awakeAnchored = 0
    /// Every anchored fast-path spring has length 0 (the step then needs no square root).
    private var anchoredLengthsAreZero = true
    private var jointsAwake = false
    /// `exact` solver only: springs on each item (dense index), so a refused spring is found
    /// in O(1) at the call that adds it. Switched-off springs count.
    private var exactSpringCount: [UInt8] = []

    /// Fixed steps taken so far (the world's own clock: steps asked for while it is paused
    /// are not taken and not counted).
    public private(set) var stepCount = 0

    /// What the world's work and memory are charged to (nil: nothing is counted).
    /// Per fixed step it charges `unitsPerStep` + items + springs stepped, per item or
    /// spring added `unitsPerStep`, and reserves `bytesPerItem` / `bytesPerSpring` as they
    /// are added. (The animator charges its frames to the same budget through `charge`.)
    public var budget: ResourceBudget? { reservation.budget }
    private let reservation: BudgetReservation
    /// Bytes an item costs with its arrays' growth headroom (the reservation per item).
    public static let bytesPerItem = 256
    /// Bytes a spring costs with its arrays' growth headroom (the reservation per spring).
    public static let bytesPerSpring = 160
    /// Work units a fixed step costs besides its items and springs, and an item or spring
    /// added (a unit weighs about one Lua VM instruction).
    public static let unitsPerStep = 4

    public init(configuration: WorldConfiguration = WorldConfiguration(), budget: ResourceBudget? = nil) throws {
        try configuration.validate()
        self.configuration = configuration
        restSteps = configuration.restStepsAsBox2DCounts()
        reservation = BudgetReservation(budget)
    }

    /// Fixed steps at or under the rest speed before an item (or island) rests.
    public let restSteps: Double

    /// Charges `count` × `unitsEach` units of work that a caller (the animator, a scenario)
    /// does for this world.
    package func charge(_ count: Int, unitsEach: Int = 1) throws { try reservation.charge(count, unitsEach: unitsEach) }

    /// Reserves memory that a caller (a scenario) allocates for this world's lifetime.
    package func reserve(_ count: Int, bytesEach: Int) throws { try reservation.reserve(count, bytesEach: bytesEach) }

    // MARK: Items

    public var itemCount: Int { items.count }
    public var springCount: Int { springs.count }

    /// Adds an item. Its mass is density × width × height (1 when that is 0).
    @discardableResult
    public func addItem(center: SIMD2<Double>, size: SIMD2<Double> = SIMD2(1, 1), density: Double = 1,
                        velocity: SIMD2<Double> = .zero) throws -> ItemID {
        guard center.x.isFinite, center.y.isFinite, velocity.x.isFinite, velocity.y.isFinite else {
            throw DynamicsError.invalidParameter("item center and velocity must be finite")
        }
        guard size.x.isFinite, size.y.isFinite, size.x >= 0, size.y >= 0 else {
            throw DynamicsError.invalidParameter("item size must be finite and ≥ 0")
        }
        guard density.isFinite, density > 0 else {
            throw DynamicsError.invalidParameter("density must be a positive number, got \(NumberFormat.shortest(density))")
        }
        let mass = density * size.x * size.y
        try reservation.charge(World.unitsPerStep)
        try reservation.reserve(1, bytesEach: World.bytesPerItem)
        let id = ItemID(rawValue: items.append(center: center, velocity: velocity, mass: mass > 0 ? mass : 1, size: size))
        needsClassification = true   // a free body until a spring holds it
        return id
    }

    /// Removes an item and every spring attached to it.
    /// - Complexity: O(springs): every spring is scanned for the item's; the next step or rest
    ///   query then re-classifies the world.
    public func removeItem(_ id: ItemID) throws {
        let i = try index(id)
        let attached = (0..<springs.count).filter { Int(springs.itemA[$0]) == i || Int(springs.itemB[$0]) == i }
        for s in attached.reversed() {
            springOffsets.removeValue(forKey: springs.table.identifierAt[s])
            pinnedSprings.removeValue(forKey: springs.table.identifierAt[s])
            springs.remove(springs.table.identifierAt[s])
        }
        syncJointModels()
        jointRecords.removeAll { $0.itemA == id || $0.itemB == id }
        forgetFieldItem(id)
        collision.itemBounds.removeValue(forKey: id.rawValue)
        collision.itemFilter.removeValue(forKey: id.rawValue)
        if let b = bodyOfItem.removeValue(forKey: id.rawValue) {
            if let moved = bodies.swapRemove(at: b) { bodyOfItem[moved] = b }
        }
        let moved = items.remove(id.rawValue)
        if let from = moved.movedFrom { springs.itemMoved(from: from, to: moved.vacated) }
        if configuration.solver == .exact && i < exactSpringCount.count {
            // Mirror the item store's swap-remove.
            if let from = moved.movedFrom { exactSpringCount[moved.vacated] = from < exactSpringCount.count ? exactSpringCount[from] : 0 }
            exactSpringCount.removeLast(max(0, exactSpringCount.count - items.count))
        }
        needsClassification = true
    }

    public func contains(_ id: ItemID) -> Bool { items.table.denseIndex(id.rawValue) != nil }

    public func position(_ id: ItemID) throws -> SIMD2<Double> { items.position(try index(id)) }
    public func velocity(_ id: ItemID) throws -> SIMD2<Double> { items.velocity(try index(id)) }
    /// The item's mass (density × width × height when added).
    public func mass(_ id: ItemID) throws -> Double { 1 / items.inverseMass[try index(id)] }

    /// Reserves room for `items` items and `springs` springs (avoids regrowth when building large worlds).
    /// With a `budget` that cannot hold them it reserves nothing: the additions themselves
    /// then stop at the memory cap, with its error.
    /// - Complexity: O(items + springs already in the world) when the arrays must grow (they are
    ///   copied), O(1) otherwise.
    public func reserveCapacity(items itemCount: Int, springs springCount: Int) {
        guard itemCount >= 0, springCount >= 0 else { return }
        if let budget {
            let (itemBytes, o1) = itemCount.multipliedReportingOverflow(by: World.bytesPerItem)
            let (springBytes, o2) = springCount.multipliedReportingOverflow(by: World.bytesPerSpring)
            let (total, o3) = itemBytes.addingReportingOverflow(springBytes)
            // A check only: the items and springs reserve their bytes as they are added.
            guard !(o1 || o2 || o3), (try? budget.reserve(bytes: total)) != nil else { return }
            budget.release(bytes: total)
        }
        items.reserveCapacity(itemCount)
        springs.reserveCapacity(springCount)
    }

    /// True while the item does not move: it rests, or it has no spring. Always current:
    /// after springs were added, removed or changed (which wakes every item) it says so at
    /// once, not from the next step.
    /// - Complexity: O((items + springs) α(items)) the first time after springs were added,
    ///   removed or changed (the world is re-classified); O(1) otherwise.
    public func isResting(_ id: ItemID) throws -> Bool {
        let i = try index(id)
        if needsClassification { try classify() }
        return items.isResting(i)
    }

    /// Moves the item to `p` and wakes it (and its island).
    /// - Complexity: O(joint-solver items) when it wakes a resting island of joint-solver items
    ///   (each of them is woken); O(1) otherwise.
    public func setPosition(_ id: ItemID, _ p: SIMD2<Double>) throws {
        guard p.x.isFinite, p.y.isFinite else { throw DynamicsError.invalidParameter("position must be finite") }
        let i = try index(id)
        items.px[i] = p.x; items.py[i] = p.y
        wake(i)
    }

    /// Sets the velocity; a non-zero velocity wakes the item (and its island), a zero one
    /// leaves a resting item resting (Box2D's `SetLinearVelocity`).
    /// - Complexity: O(joint-solver items) when it wakes a resting island of joint-solver items;
    ///   O(1) otherwise.
    public func setVelocity(_ id: ItemID, _ v: SIMD2<Double>) throws {
        guard v.x.isFinite, v.y.isFinite else { throw DynamicsError.invalidParameter("velocity must be finite") }
        let i = try index(id)
        items.vx[i] = v.x; items.vy[i] = v.y
        if v != .zero { wake(i) }
    }

    /// All item identifiers, in the order they were added (removed ones left out).
    /// - Complexity: O(items × log items) (sorted on each call).
    public var itemIDs: [ItemID] {
        items.table.identifierAt.map { ItemID(rawValue: $0) }.sorted()
    }

    // MARK: Springs

    /// Hangs `item` on a spring to a fixed point (`UIAttachmentBehavior(item:attachedToAnchor:)`).
    /// - Complexity: amortized O(1); the next step or `isResting` re-classifies the world,
    ///   O((items + springs) α(items)).
    @discardableResult
    public func attach(_ item: ItemID, to anchor: SIMD2<Double>, _ parameters: SpringParameters) throws -> SpringID {
        try parameters.validate()
        guard anchor.x.isFinite, anchor.y.isFinite else { throw DynamicsError.invalidParameter("anchor must be finite") }
        let a = try index(item)
        if configuration.solver == .exact {
            try requireExactStep(itemA: a, itemB: -1, parameters, spring: nil)
            exactSpringCount[a] += 1
        }
        try reservation.charge(World.unitsPerStep)
        try reservation.reserve(1, bytesEach: World.bytesPerSpring)
        let id = springs.append(itemA: Int32(a), itemB: -1, anchor: anchor, parameters: parameters)
        needsClassification = true
        try decideSpringForm(SpringID(rawValue: id))
        wake(a)
        return SpringID(rawValue: id)
    }

    /// Joins two items with a spring (`UIAttachmentBehavior(item:attachedTo:)`).
    /// - Complexity: amortized O(1); the next step or `isResting` re-classifies the world,
    ///   O((items + springs) α(items)).
    @discardableResult
    public func connect(_ itemA: ItemID, _ itemB: ItemID, _ parameters: SpringParameters) throws -> SpringID {
        try parameters.validate()
        let a = try index(itemA), b = try index(itemB)
        guard a != b else { throw DynamicsError.invalidParameter("a spring needs two different items") }
        if configuration.solver == .exact {
            try requireExactStep(itemA: a, itemB: b, parameters, spring: nil)
        }
        try reservation.charge(World.unitsPerStep)
        try reservation.reserve(1, bytesEach: World.bytesPerSpring)
        let id = springs.append(itemA: Int32(a), itemB: Int32(b), anchor: .zero, parameters: parameters)
        needsClassification = true
        wake(a); wake(b)
        return SpringID(rawValue: id)
    }

    /// Removes a spring and wakes its items.
    /// - Complexity: O(joint-solver items) when it wakes a resting island of joint-solver items,
    ///   O(1) otherwise; the next step or `isResting` re-classifies the world,
    ///   O((items + springs) α(items)).
    public func removeSpring(_ id: SpringID) throws {
        let s = try springIndex(id)
        wake(Int(springs.itemA[s]))
        if springs.itemB[s] >= 0 { wake(Int(springs.itemB[s])) }
        if configuration.solver == .exact, Int(springs.itemA[s]) < exactSpringCount.count, exactSpringCount[Int(springs.itemA[s])] > 0 {
            exactSpringCount[Int(springs.itemA[s])] -= 1
        }
        springOffsets.removeValue(forKey: id.rawValue)
        pinnedSprings.removeValue(forKey: id.rawValue)
        springs.remove(id.rawValue)
        needsClassification = true
    }

    public func contains(_ id: SpringID) -> Bool { springs.table.denseIndex(id.rawValue) != nil }

    /// The fixed point a spring from `attach` hangs on. A spring between two items has
    /// none: that throws `DynamicsError.noAnchor`.
    public func anchor(_ id: SpringID) throws -> SIMD2<Double> {
        let s = try springIndex(id)
        guard springs.itemB[s] < 0 else { throw DynamicsError.noAnchor(id) }
        return SIMD2(springs.anchorX[s], springs.anchorY[s])
    }

    /// Moves the fixed point of a spring from `attach` (throws `DynamicsError.noAnchor` for a
    /// spring between two items) and wakes its item.
    /// - Complexity: O(joint-solver items) when it wakes a resting island of joint-solver items;
    ///   O(1) otherwise.
    public func setAnchor(_ id: SpringID, _ anchor: SIMD2<Double>) throws {
        guard anchor.x.isFinite, anchor.y.isFinite else { throw DynamicsError.invalidParameter("anchor must be finite") }
        let s = try springIndex(id)
        guard springs.itemB[s] < 0 else { throw DynamicsError.noAnchor(id) }
        springs.anchorX[s] = anchor.x; springs.anchorY[s] = anchor.y
        pinnedSprings[id.rawValue]?.localAnchorB = anchor
        if usesRigidSolver && !needsClassification { rigid.setAnchor(spring: s, anchor) }
        let a = Int(springs.itemA[s])
        if items.motion[a] == ItemMotion.anchored.rawValue && !needsClassification {
            items.anchorX[a] = anchor.x; items.anchorY[a] = anchor.y
        }
        wake(a)
    }

    public func parameters(_ id: SpringID) throws -> SpringParameters { springs.parameters(try springIndex(id)) }

    /// Changes a spring's length, damping and frequency, and wakes every item. A length or a
    /// frequency from or to 0 rebuilds the joint as UIKit does (charon §6.3): a spring to an
    /// anchor may become a revolute joint or stop being one (`decideSpringForm`).
    /// - Complexity: amortized O(1); the next step or `isResting` re-classifies the world,
    ///   O((items + springs) α(items)).
    public func setParameters(_ id: SpringID, _ parameters: SpringParameters) throws {
        try parameters.validate()
        let s = try springIndex(id)
        if configuration.solver == .exact {
            try requireExactStep(itemA: Int(springs.itemA[s]), itemB: Int(springs.itemB[s]), parameters, spring: s)
        }
        let rebuilds = (springs.length[s] == 0) != (parameters.length == 0) || (springs.frequency[s] == 0) != (parameters.frequency == 0)
        springs.length[s] = parameters.length
        springs.damping[s] = parameters.damping
        springs.frequency[s] = parameters.frequency
        needsClassification = true
        if rebuilds { try decideSpringForm(id) }
        wake(Int(springs.itemA[s]))
        if springs.itemB[s] >= 0 { wake(Int(springs.itemB[s])) }
    }

    /// Switches a spring off (it stays, keeps its parameters and anchor, and applies no force:
    /// unlike `frequency = 0`, which is rigid) or back on. Wakes its items.
    /// - Complexity: constant itself; when it changes the state, the next step or `isResting`
    ///   re-classifies the world, O((items + springs) α(items)).
    public func setEnabled(_ id: SpringID, _ enabled: Bool) throws {
        let s = try springIndex(id)
        guard springs.enabled[s] != enabled else { return }
        springs.enabled[s] = enabled
        springs.impulse[s] = 0
        if var pin = pinnedSprings[id.rawValue] {   // a pinned spring restarts its impulses too
            pin.impulse = .zero; pin.motorImpulse = 0; pin.lowerImpulse = 0; pin.upperImpulse = 0
            pinnedSprings[id.rawValue] = pin
        }
        needsClassification = true
        wake(Int(springs.itemA[s]))
        if springs.itemB[s] >= 0 { wake(Int(springs.itemB[s])) }
    }

    /// False once `setEnabled(id, false)` switched the spring off.
    public func isEnabled(_ id: SpringID) throws -> Bool { springs.enabled[try springIndex(id)] }

    /// All spring identifiers, in the order they were added (removed ones left out).
    /// - Complexity: O(springs × log springs) (sorted on each call).
    public var springIDs: [SpringID] {
        springs.table.identifierAt.map { SpringID(rawValue: $0) }.sorted()
    }

    /// The item a spring holds, and the second item (nil when it hangs on an anchor).
    public func items(of id: SpringID) throws -> (ItemID, ItemID?) {
        let s = try springIndex(id)
        let a = ItemID(rawValue: items.table.identifierAt[Int(springs.itemA[s])])
        let b = springs.itemB[s] < 0 ? nil : ItemID(rawValue: items.table.identifierAt[Int(springs.itemB[s])])
        return (a, b)
    }

    /// How far a spring is pulled: its item's position minus the anchor (or minus the second item's position).
    public func displacement(_ id: SpringID) throws -> SIMD2<Double> {
        let s = try springIndex(id)
        let a = items.position(Int(springs.itemA[s]))
        let b = springs.itemB[s] < 0 ? SIMD2(springs.anchorX[s], springs.anchorY[s]) : items.position(Int(springs.itemB[s]))
        return a - b
    }

    /// The springs attached to an item, in the order they were added.
    /// - Complexity: O(springs): every spring is scanned.
    public func springs(of item: ItemID) throws -> [SpringID] {
        let i = Int32(try index(item))
        return (0..<springs.count).filter { springs.itemA[$0] == i || springs.itemB[$0] == i }
            .map { SpringID(rawValue: springs.table.identifierAt[$0]) }.sorted()
    }

    // MARK: Stepping

    /// True while nothing moves: every item with a spring rests, or there are no springs.
    /// Stepping a paused world takes no step (`stepCount` stays; an animator's time goes on).
    public var isPaused: Bool {
        if needsClassification { return items.count == 0 }
        return awakeAnchored == 0 && !jointsAwake && awakeFree == 0 && !rigidAwake
    }

    /// Takes `steps` fixed steps of `configuration.stepDuration` now (nothing while the world
    /// is paused). `DynamicAnimator` calls this once per display frame with the steps its
    /// accumulator holds.
    /// - Complexity: O(steps × (items + springs)) while awake, plus O(items + springs) once
    ///   after springs were added, removed or changed; O(1) while paused.
    public func advance(steps: Int) throws {
        guard steps > 0 else { return }
        defer { for _ in 0..<steps { elapsedTime += configuration.stepDuration } }
        if needsClassification { try classify() }
        if isPaused { bodies.clearForces(); return }
        defer { bodies.clearForces() }
        try reservation.charge(steps, unitsEach: World.unitsPerStep + items.count + springs.count)
        let c = configuration
        switch c.solver {
        case .uikit:
            awakeAnchored = awakeAnchored == 0 ? 0 : AnchoredSpringStep.advance(
                &items, steps: steps, h: c.stepDuration, slop: c.linearSlop, resistance: c.resistance,
                maximumTranslation: c.maximumTranslation,
                restSpeed: c.restSpeed, restStepsToSleep: restSteps, zeroLength: anchoredLengthsAreZero,
                threads: c.threads, minimumPerThread: c.minimumItemsPerThread, kernel: c.kernel)
        case .exact:
            awakeAnchored = awakeAnchored == 0 ? 0 : ExactSpringStep.advance(
                &items, matrices: exactMatrices, steps: steps, restSpeed: c.restSpeed, restStepsToSleep: restSteps)
        }
        var forces = BodyForces(gravity: gravity, fields: fields, time: elapsedTime)
        var times: [Double] = []
        if jointsAwake || awakeFree > 0 || rigidAwake {
            times.reserveCapacity(steps)
            var t = elapsedTime
            for _ in 0..<steps { t += c.stepDuration; times.append(t) }
        }
        if jointsAwake {
            for t in times where jointsAwake {
                forces.time = t
                jointsAwake = try joints.step(&items, &springs, &bodies, forces: forces, configuration: c, restSteps: restSteps)
            }
        }
        if rigidAwake {
            // Marked before stepping: a step that throws part way still leaves the joints as
            // the solver holds them to be copied back.
            jointModelsStale = !jointRecords.isEmpty
            defer {
                if !pinnedSprings.isEmpty {
                    rigid.forEachPinnedSpring { s, joint in pinnedSprings[springs.table.identifierAt[s]] = joint }
                }
            }
            for t in times where rigidAwake {
                forces.time = t
                rigidAwake = try rigid.step(&items, &springs, &bodies, &collision, forces: forces, configuration: c, restSteps: restSteps)
            }
        }
        if awakeFree > 0 {
            awakeFree = try FreeBodyStep.advance(&items, &bodies, FreeBodyStep.Constants(
                step: c.stepDuration, restSpeed: c.restSpeed, restSteps: restSteps, maximumTranslation: c.maximumTranslation),
                forces: forces, times: times)
        }
        stepCount += steps
    }

    // MARK: Internals

    func index(_ id: ItemID) throws -> Int {
        guard let i = items.table.denseIndex(id.rawValue) else { throw DynamicsError.unknownItem(id) }
        return i
    }

    private func springIndex(_ id: SpringID) throws -> Int {
        guard let s = springs.table.denseIndex(id.rawValue) else { throw DynamicsError.unknownSpring(id) }
        return s
    }

    /// Throws unless the `exact` solver can step a spring from dense item `a` (to `b`, or to
    /// an anchor when `b` is −1) with `parameters`; `spring` is the dense index of the spring
    /// being changed (nil when adding one). Called where a world would become invalid.
    /// - Complexity: O(1) amortised.
    private func requireExactStep(itemA a: Int, itemB b: Int, _ parameters: SpringParameters, spring: Int?) throws {
        if exactSpringCount.count < items.count {
            exactSpringCount.append(contentsOf: repeatElement(0, count: items.count - exactSpringCount.count))
        }
        let others = Int(exactSpringCount[a]) - (spring == nil ? 0 : 1)
        let reason = b >= 0 ? "it joins two items"
            : others > 0 ? "its item has \(others + 1) springs"
            : parameters.frequency == 0 ? "it is rigid (frequency 0)"
            : parameters.length != 0 ? "its length is \(NumberFormat.shortest(parameters.length)), not 0"
            : nil
        if let reason {
            let name = spring.map { "spring \(springs.table.identifierAt[$0])" } ?? "this spring"
            throw DynamicsError.unsupportedByExactSolver("\(name) is not a zero-length spring from one item to an anchor (\(reason))")
        }
    }

    func wake(_ i: Int) {
        if needsClassification { return }
        switch ItemMotion(rawValue: items.motion[i]) {
        case .anchored?:
            if items.anchoredRest[i] < 0 { awakeAnchored += 1 }
            items.anchoredRest[i] = 0
        case .joint? where usesRigidSolver:
            rigid.wake(item: i, &items)
            rigidAwake = true
        case .joint?:
            joints.wake(item: i, &items)
            jointsAwake = true
        case .free?:
            guard let b = bodyOfItem[items.table.identifierAt[i]], !bodies.isStatic[b] else { break }
            if bodies.restCount[b] < 0 { awakeFree += 1 }
            bodies.restCount[b] = 0
            items.sleeping[i] = 0
        case nil: break
        }
    }

    /// Gives the springs off the fast path (and the attachments, with their items' dense ends)
    /// to the rigid solver when the world has an attachment or an offset spring, else to the
    /// translational joint solver.
    /// - Complexity: O((joint items + springs + joints) α(items)).
    private func resetSolvers(springs jointSprings: [Int32], ends jointEnds: [(Int, Int)]) throws {
        let jointItems = (0..<items.count).filter { items.motion[$0] == ItemMotion.joint.rawValue }.map { Int32($0) }
        if usesRigidSolver {
            // Every joint item rotates: each gets a body record.
            let records = try jointItems.map { try body(Int($0)) }
            let offsets = springOffsets, pins = pinnedSprings
            rigid.reset(bodyItems: jointItems.map { Int($0) }, bodyRecords: records, springs: jointSprings.map { Int($0) }, springs,
                        offsets: { [springs] s in offsets[springs.table.identifierAt[s]] ?? (.zero, .zero) },
                        pins: { [springs] s in pins[springs.table.identifierAt[s]] },
                        joints: zip(syncedJointRecords(), jointEnds).map { ($0.model, $1.0, $1.1) },
                        shapes: jointItems.map { i -> (Shape, ContactFilter)? in
                            let raw = items.table.identifierAt[Int(i)]
                            return collision.itemBounds[raw].map { ($0.shape, collision.filter(raw)) }
                        }, boundaries: collision.boundaries)
            rigid.wakeAll(&items)
            rigidAwake = rigid.isAwake
            joints.reset(springs: [], items: [], itemSprings: springs, bodyOfItem: [])
        } else {
            rigid = RigidSolver()
            rigidAwake = false
            joints.reset(springs: jointSprings, items: jointItems, itemSprings: springs,
                         bodyOfItem: jointItems.map { bodyOfItem[items.table.identifierAt[Int($0)]] ?? -1 })
        }
    }

    /// Decides each item's motion from its springs and refreshes the fast path's caches
    /// (each spring's `SpringSoftness` gives its coefficients or exact matrix).
    /// - Complexity: O((items + springs) α(items)), the joint solver's islands included.
    private func classify() throws {
        let n = items.count
        let (springCount, jointEnds) = try springsPerItem()
        // Adding, removing or changing a spring wakes every item: rest timers restart.
        for i in 0..<n {
            items.motion[i] = springCount[i] == 0 ? ItemMotion.free.rawValue : ItemMotion.joint.rawValue
            items.anchoredRest[i] = -1
        }
        anchoredLengthsAreZero = true
        var jointSprings: [Int32] = []
        let h = configuration.stepDuration
        if configuration.solver == .exact && exactMatrices.count != n {
            exactMatrices = .init(repeating: ExactStepMatrix(damping: 0, frequency: 0, step: h), count: n)
        }
        for s in 0..<springs.count where springs.enabled[s] {
            let a = Int(springs.itemA[s])
            let softness = SpringSoftness(frequency: springs.frequency[s], dampingRatio: springs.damping[s], step: h)
            // An item with a body record (it rotates, falls, is pushed, ...) is not a plain point
            // on a spring: it goes to the joint solver.
            let lone = springs.itemB[s] < 0 && springCount[a] == 1 && !softness.isRigid
                && bodyOfItem[items.table.identifierAt[a]] == nil && springOffsets[springs.table.identifierAt[s]] == nil
            if configuration.solver == .exact {
                try requireExactClassification(spring: s, lone: lone, springsOnItem: springCount[a])
                exactMatrices[a] = ExactStepMatrix(softness)
            }
            if lone {
                placeOnFastPath(item: a, spring: s, softness)
            } else {
                jointSprings.append(Int32(s))
            }
        }
        try classifyFreeBodies()
        try resetSolvers(springs: jointSprings, ends: jointEnds)
        awakeAnchored = (0..<n).reduce(0) { $0 + (items.anchoredRest[$1] >= 0 ? 1 : 0) }
        joints.wakeAll(&items)
        jointsAwake = joints.isAwake
        needsClassification = false
    }

    /// Springs per item, saturating (only 0, 1 and more matter to `classify`): a byte per item;
    /// an attachment's items and an item with a collision shape count as many (they are never
    /// on the fast path). Also the attachments' ends as dense item indices (−1: the world).
    /// - Complexity: O(items + springs + joints).
    private func springsPerItem() throws -> (counts: [UInt8], jointEnds: [(Int, Int)]) {
        var springCount = [UInt8](repeating: 0, count: items.count)
        func count(_ item: Int32) { if springCount[Int(item)] < .max { springCount[Int(item)] += 1 } }
        for s in 0..<springs.count where springs.enabled[s] {
            count(springs.itemA[s])
            if springs.itemB[s] >= 0 { count(springs.itemB[s]) }
        }
        let jointEnds = try jointRecords.map { r -> (Int, Int) in
            let (a, b) = r.solverEnds
            return (try a.map(index) ?? -1, try b.map(index) ?? -1)
        }
        for (a, b) in jointEnds {
            if a >= 0 { springCount[a] = .max }
            if b >= 0 { springCount[b] = .max }
        }
        if !collision.itemBounds.isEmpty {
            for i in 0..<items.count where collision.itemBounds[items.table.identifierAt[i]] != nil { springCount[i] = .max }
        }
        return (springCount, jointEnds)
    }

    /// Throws unless the `exact` solver can step spring `s` (dense): no resistance, and a
    /// zero-length spring from one item (`lone`: its only spring, soft, no offset, no body) to
    /// an anchor; the error names the first reason it cannot.
    private func requireExactClassification(spring s: Int, lone: Bool, springsOnItem: UInt8) throws {
        guard configuration.resistance == 0 else {
            throw DynamicsError.unsupportedByExactSolver("resistance \(NumberFormat.shortest(configuration.resistance)) is not a spring (set it to 0)")
        }
        guard lone && springs.length[s] == 0 else {
            let id = springs.table.identifierAt[s]
            let p = springs.parameters(s)
            let reason = springs.itemB[s] >= 0 ? "it joins two items"
                : springsOnItem > 1 ? "its item has \(springs.enabledCount(touching: springs.itemA[s])) springs"
                : p.frequency == 0 ? "it is rigid (frequency 0)"
                : "its length is \(NumberFormat.shortest(p.length)), not 0"
            throw DynamicsError.unsupportedByExactSolver("spring \(id) is not a zero-length spring from one item to an anchor (\(reason))")
        }
    }

    /// Puts item `a` on the anchored fast path with spring `s` (dense): awake, its anchor and
    /// its step coefficients cached beside it.
    private func placeOnFastPath(item a: Int, spring s: Int, _ softness: SpringSoftness) {
        items.motion[a] = ItemMotion.anchored.rawValue
        items.anchoredRest[a] = 0
        items.anchorX[a] = springs.anchorX[s]
        items.anchorY[a] = springs.anchorY[s]
        let k = AnchoredSpringStep.Coefficients(softness, length: springs.length[s])
        items.dampingMinusOne[a] = k.dampingMinusOne
        items.stiffness[a] = k.stiffness
        items.stiffnessLength[a] = k.stiffnessLength
        if springs.length[s] != 0 { anchoredLengthsAreZero = false }
    }
}

extension World {
    /// Bytes held by the items' and springs' arrays (capacity, not count), for benchmarks: all
    /// a world of anchored springs holds (bodies, joints, fields and contacts are not counted).
    public var memoryFootprint: Int {
        func bytes<T>(_ a: [T]) -> Int { a.capacity * MemoryLayout<T>.stride }
        func bytes(_ a: AlignedDoubleArray) -> Int { a.capacity * MemoryLayout<Double>.stride }
        let i = items, s = springs
        var total = bytes(i.px) + bytes(i.py) + bytes(i.vx) + bytes(i.vy)
        total += bytes(i.inverseMass) + i.halfSizes.bytes + bytes(i.motion) + bytes(i.sleeping) + bytes(i.anchoredRest)
        total += bytes(i.anchorX) + bytes(i.anchorY) + bytes(i.dampingMinusOne) + bytes(i.stiffness) + bytes(i.stiffnessLength)
        total += bytes(i.table.denseIndexOf) + bytes(i.table.identifierAt)
        total += bytes(s.itemA) + bytes(s.itemB) + bytes(s.anchorX) + bytes(s.anchorY)
        total += bytes(s.length) + bytes(s.damping) + bytes(s.frequency) + bytes(s.impulse) + bytes(s.enabled)
        total += bytes(s.table.denseIndexOf) + bytes(s.table.identifierAt)
        return total
    }
}

extension World {
    /// Threads the next `uikit` step of the anchored springs runs on: `configuration.threads`
    /// (0: one per active processor), fewer for small worlds, 1 under 49,152 items.
    /// The `exact` solver and the joint solver always run on the caller's thread.
    public var anchoredStepThreads: Int {
        configuration.solver == .uikit ? AnchoredSpringStep.threadCount(count: items.count, threads: configuration.threads,
                                                                                       minimumPerThread: configuration.minimumItemsPerThread) : 1
    }

    /// The instruction set of the anchored-spring kernel ("avx512", "avx2", "baseline"): the
    /// fastest this CPU runs, or the one the environment variable `SPRINGKIT_KERNEL` forces.
    /// Chosen once per process; every variant gives the same bits.
    public static var kernelName: String { AnchoredSpringStep.kernelName }

    /// Why `SPRINGKIT_KERNEL` was not followed (an unknown name, or a variant this machine
    /// cannot run), as one line; nil when it is unset, `auto` or followed. The kernel then
    /// runs the fastest variant; `simrun` refuses to start with this line.
    public static var kernelSwitchProblem: String? { SpringKernelVariant.selection.problem }
}
