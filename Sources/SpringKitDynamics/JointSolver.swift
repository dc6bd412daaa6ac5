import SpringKitMath
/// Springs that are not a lone anchored soft spring — item-to-item springs, rigid
/// springs (frequency 0), several springs on one item — solved as Box2D 2.3 solves
/// distance joints, written as Box2D v3 writes its solver: a step is a list of named stages,
///
///     integrateVelocities  gravity, forces, linear and angular damping
///     prepare              axis, softness (`SpringSoftness`: γ, bias), effective mass
///     warmStart            last step's impulses applied again
///     solveVelocities      `velocityIterations` Gauss-Seidel passes
///     integratePositions   p ← p + h v (at most `maximumTranslation` a step)
///     solvePositions       `positionIterations` passes of correction, rigid joints only
///     updateSleep          island rest timers and sleep
///
/// Impulses accumulate in the spring store as they are solved (Box2D 2.3's way), so there is
/// no separate store-impulses stage; there are no contacts, so no restitution stage.
///
/// Items sleep per **island**, as in Box2D 2.4 (`b2World::Solve`, `b2Island::Solve`): an
/// island is a set of items connected by item-to-item springs (an anchor is static ground
/// and joins nothing). Each step an island's rest timer grows by one step while every one of
/// its items moves at or under the rest speed and is reset otherwise (Box2D keeps a timer per
/// body and takes the island's minimum: the same count); once it reaches the rest time, and
/// the island's rigid springs were solved within the slop, the island sleeps: its items'
/// velocities are zeroed. Sleeping islands are skipped; waking an item wakes its island.
/// Islands do not share items or springs, so solving the awake ones in one pass gives the
/// same numbers as solving each on its own.
///
/// Springs attach at centers, so they put no torque on an item; an item with a body record
/// (`BodyStore`) still turns with its own angular velocity and torque, falls with the world's
/// gravity and takes its forces and damping. Scratch arrays are kept between steps, so a step
/// allocates nothing.
struct JointSolver {
    /// Dense spring indices solved here, and dense item indices they move.
    var springs: [Int32] = []
    var items: [Int32] = []
    /// The body record of each entry of `items` (−1: none, a plain point with the world's damping).
    private var itemBody: [Int] = []
    /// Island of each entry of `springs` and of `items`.
    private var springIsland: [Int32] = [], itemIsland: [Int32] = []
    /// Island of each dense item index (−1: not a joint item).
    private var islandOfItem: [Int32] = []
    private var islandAwake: [Bool] = []
    /// Consecutive steps every item of the island has spent at or under the rest speed.
    private var islandRestCount: [Double] = []
    /// Scratch per step: every item slow, rigid springs solved, largest position error.
    private var islandSlow: [Bool] = [], islandSolved: [Bool] = [], islandError: [Double] = []
    private var axisX: [Double] = [], axisY: [Double] = []
    private var mass: [Double] = [], bias: [Double] = [], gamma: [Double] = []
    /// Per step: the spring is outside the linear slop (a disengaged one applies nothing).
    private var engaged: [Bool] = []

    var isEmpty: Bool { springs.isEmpty }
    /// Number of islands (sets of items connected by item-to-item springs).
    var islandCount: Int { islandAwake.count }
    /// True while some island is awake.
    var isAwake: Bool { islandAwake.contains(true) }

    /// Takes the joint springs and items (dense indices, ascending) and
    /// finds the islands; every island starts awake with its rest timer at zero.
    /// - Complexity: O((springs + items) α(items)) plus O(the last joint item's index).
    mutating func reset(springs: [Int32], items: [Int32], itemSprings joints: SpringStore, bodyOfItem: [Int]) {
        self.springs = springs
        self.items = items
        itemBody = bodyOfItem
        // Union-find over the joint items, joined by springs between two items. Only joint
        // items are indexed (a spring between two items makes both joint items), so the
        // tables end at the last of them: a world of anchored springs alone allocates none.
        let extent = items.max().map { Int($0) + 1 } ?? 0
        var sets = DisjointSets(count: extent)   // indices that are not joint items stay alone
        for s in springs where joints.itemB[Int(s)] >= 0 {
            sets.union(Int(joints.itemA[Int(s)]), Int(joints.itemB[Int(s)]))
        }
        // Islands numbered in the order of their first item.
        islandOfItem = [Int32](repeating: -1, count: extent)
        var islandOfRoot = [Int32](repeating: -1, count: extent)
        var islands: Int32 = 0
        itemIsland = items.map { i in
            let r = sets.root(Int(i))
            if islandOfRoot[r] < 0 { islandOfRoot[r] = islands; islands += 1 }
            islandOfItem[Int(i)] = islandOfRoot[r]
            return islandOfRoot[r]
        }
        springIsland = springs.map { islandOfItem[Int(joints.itemA[Int($0)])] }
        let n = Int(islands)
        islandAwake = .init(repeating: true, count: n)
        islandRestCount = .init(repeating: 0, count: n)
        islandSlow = islandAwake; islandSolved = islandAwake
        islandError = islandRestCount
        let m = springs.count
        axisX = .init(repeating: 0, count: m); axisY = axisX
        mass = axisX; bias = axisX; gamma = axisX
        engaged = .init(repeating: false, count: m)
    }

    /// One fixed step of the awake islands, in Box2D's stages. Returns whether some island
    /// is still awake.
    /// - Complexity: O(items + springs × (velocityIterations + positionIterations)).
    mutating func step(_ store: inout ItemStore, _ joints: inout SpringStore, _ bodies: inout BodyStore, forces: BodyForces,
                       configuration c: WorldConfiguration, restSteps: Double) throws -> Bool {
        if !isAwake { return false }
        let h = c.stepDuration
        try integrateVelocities(&store, &bodies, step: h, resistance: c.resistance, forces: forces)
        prepare(store, &joints, step: h, linearSlop: c.linearSlop)
        warmStart(&store, joints)
        for _ in 0..<c.velocityIterations { solveVelocities(&store, &joints) }
        integratePositions(&store, &bodies, step: h, maximumTranslation: c.maximumTranslation)
        solvePositions(&store, joints, configuration: c)
        return updateSleep(&store, &bodies, restSpeed: c.restSpeed, restSteps: restSteps)
    }

    // MARK: Stages of a step

    /// Integrate velocities: an item with a body record takes gravity, its force and its own
    /// damping, v ← (v + h (g·gravityScale + F/m)) / (1 + h · resistance), and turns,
    /// ω ← (ω + h τ/I) / (1 + h · angularResistance); any other item's velocity is scaled by
    /// 1 / (1 + h · resistance) with the world's resistance.
    private func integrateVelocities(_ store: inout ItemStore, _ bodies: inout BodyStore, step h: Double,
                                     resistance: Double, forces: BodyForces) throws {
        let keep = 1 / (1 + h * resistance)
        for (k, i32) in items.enumerated() where islandAwake[Int(itemIsland[k])] {
            let i = Int(i32), b = itemBody[k]
            guard b >= 0 else {
                if resistance > 0 { store.vx[i] *= keep; store.vy[i] *= keep }
                continue
            }
            if bodies.isStatic[b] { continue }
            let v = try forces.integrate(SIMD2(store.vx[i], store.vy[i]), body: b, item: i, store, bodies, h: h)
            let d = 1 / (1 + h * bodies.linearDamping[b])
            store.vx[i] = v.x * d; store.vy[i] = v.y * d
            let w = bodies.angularVelocity[b] + h * bodies.inverseInertia[b] * bodies.torque[b]
            bodies.angularVelocity[b] = w * (1 / (1 + h * bodies.angularDamping[b]))
        }
    }

    /// Prepare each awake spring for the step (Box2D's `InitVelocityConstraints`): its unit
    /// axis from item A to item B (or the anchor), its softness (`SpringSoftness`: γ and the
    /// bias of its length error) and its effective mass 1 / (1/m_A + 1/m_B + γ). A spring
    /// within the linear slop is disengaged: nothing on its axis, its impulse dropped.
    private mutating func prepare(_ store: ItemStore, _ joints: inout SpringStore, step h: Double, linearSlop: Double) {
        for (k, s32) in springs.enumerated() where islandAwake[Int(springIsland[k])] {
            let s = Int(s32), a = Int(joints.itemA[s]), b = Int(joints.itemB[s])
            let pa = SIMD2(store.px[a], store.py[a])
            let pb = b >= 0 ? SIMD2(store.px[b], store.py[b]) : SIMD2(joints.anchorX[s], joints.anchorY[s])
            var axis = pb - pa
            let distance = (axis * axis).sum().squareRoot()
            let inverseMassA = store.inverseMass[a], inverseMassB = b >= 0 ? store.inverseMass[b] : 0
            var inverseMass = inverseMassA + inverseMassB
            guard distance > linearSlop else {
                engaged[k] = false
                axisX[k] = 0; axisY[k] = 0; mass[k] = 0; bias[k] = 0; gamma[k] = 0
                joints.impulse[s] = 0
                continue
            }
            engaged[k] = true
            axis /= distance
            axisX[k] = axis.x; axisY[k] = axis.y
            let softness = SpringSoftness(frequency: joints.frequency[s], dampingRatio: joints.damping[s], step: h)
                .joint(effectiveMass: inverseMass > 0 ? 1 / inverseMass : 0)
            gamma[k] = softness.gamma
            bias[k] = softness.bias(positionError: distance - joints.length[s])
            inverseMass += softness.gamma   // + 0 when rigid: exact, inverse masses are ≥ +0
            mass[k] = inverseMass > 0 ? 1 / inverseMass : 0
        }
    }

    /// Warm start: apply each engaged spring's impulse of the last step again.
    private func warmStart(_ store: inout ItemStore, _ joints: SpringStore) {
        for (k, s32) in springs.enumerated() where islandAwake[Int(springIsland[k])] && engaged[k] {
            let s = Int(s32)
            applyImpulse(joints.impulse[s], k: k, a: Int(joints.itemA[s]), b: Int(joints.itemB[s]), &store)
        }
    }

    /// One Gauss-Seidel pass over the awake springs' velocity constraints
    /// (Box2D's `SolveVelocityConstraints`): λ = −m (Ċ + bias + γ Λ), accumulated into the
    /// spring's impulse Λ (which is what the next step warm-starts with) and applied at once.
    private func solveVelocities(_ store: inout ItemStore, _ joints: inout SpringStore) {
        for (k, s32) in springs.enumerated() where islandAwake[Int(springIsland[k])] {
            let s = Int(s32), a = Int(joints.itemA[s]), b = Int(joints.itemB[s])
            let vb = b >= 0 ? SIMD2(store.vx[b], store.vy[b]) : .zero
            let relative = vb - SIMD2(store.vx[a], store.vy[a])
            let cdot = relative.x * axisX[k] + relative.y * axisY[k]
            let impulse = -mass[k] * (cdot + bias[k] + gamma[k] * joints.impulse[s])
            joints.impulse[s] += impulse
            applyImpulse(impulse, k: k, a: a, b: b, &store)
        }
    }

    /// Integrate positions: p ← p + h v for every awake item, after scaling a velocity that
    /// would move the item farther than `maximumTranslation` in this step down to it
    /// (Box2D's `b2_maxTranslation` in `b2Island::Solve`).
    private func integratePositions(_ store: inout ItemStore, _ bodies: inout BodyStore, step h: Double, maximumTranslation: Double) {
        let limitSquared = maximumTranslation * maximumTranslation
        for (k, i32) in items.enumerated() where islandAwake[Int(itemIsland[k])] {
            let i = Int(i32)
            if itemBody[k] >= 0 {
                let b = itemBody[k]
                var w = bodies.angularVelocity[b]
                if abs(h * w) > FreeBodyStep.maximumRotation { w *= FreeBodyStep.maximumRotation / abs(h * w) }
                bodies.angularVelocity[b] = w
                bodies.angle[b] += h * w
            }
            let tx = h * store.vx[i], ty = h * store.vy[i]
            let squared = tx * tx + ty * ty
            if squared > limitSquared {
                let ratio = maximumTranslation / squared.squareRoot()
                store.vx[i] *= ratio; store.vy[i] *= ratio
            }
            store.px[i] += h * store.vx[i]
            store.py[i] += h * store.vy[i]
        }
    }

    /// Position correction, rigid joints only (soft joints have none; Box2D 2.3's
    /// `SolvePositionConstraints`, where v3 has its relax stage): up to `positionIterations`
    /// passes, each correction clamped to `maximumLinearCorrection`. Each island stops at the
    /// first pass whose errors are all within the slop: then it counts as solved (Box2D's
    /// `positionSolved`; with no passes nothing is solved and nothing sleeps).
    private mutating func solvePositions(_ store: inout ItemStore, _ joints: SpringStore, configuration c: WorldConfiguration) {
        for island in islandSolved.indices { islandSolved[island] = false }
        for _ in 0..<c.positionIterations {
            for island in islandError.indices { islandError[island] = 0 }
            for (k, s32) in springs.enumerated() where joints.frequency[Int(s32)] == 0 {
                let island = Int(springIsland[k])
                guard islandAwake[island] && !islandSolved[island] else { continue }
                let s = Int(s32), a = Int(joints.itemA[s]), b = Int(joints.itemB[s])
                let pa = SIMD2(store.px[a], store.py[a])
                let pb = b >= 0 ? SIMD2(store.px[b], store.py[b]) : SIMD2(joints.anchorX[s], joints.anchorY[s])
                var axis = pb - pa
                let distance = (axis * axis).sum().squareRoot()
                guard distance > 0 else { continue }
                axis /= distance
                let error = min(max(distance - joints.length[s], -c.maximumLinearCorrection), c.maximumLinearCorrection)
                islandError[island] = max(islandError[island], abs(error))
                let inverseMassA = store.inverseMass[a], inverseMassB = b >= 0 ? store.inverseMass[b] : 0
                let inverseMass = inverseMassA + inverseMassB
                guard inverseMass > 0 else { continue }
                let impulse = -error / inverseMass
                store.px[a] -= inverseMassA * impulse * axis.x
                store.py[a] -= inverseMassA * impulse * axis.y
                if b >= 0 {
                    store.px[b] += inverseMassB * impulse * axis.x
                    store.py[b] += inverseMassB * impulse * axis.y
                }
            }
            var allSolved = true
            for island in islandError.indices where !islandSolved[island] {
                if islandError[island] < c.linearSlop { islandSolved[island] = true } else { allSolved = false }
            }
            if allSolved { break }
        }
    }

    /// Sleep, per island: the rest timer grows while every item is at or under the rest
    /// speed and restarts otherwise; the island sleeps (velocities zeroed) once the timer
    /// reaches `restSteps` with its rigid springs solved. Returns whether some island is awake.
    private mutating func updateSleep(_ store: inout ItemStore, _ bodies: inout BodyStore, restSpeed: Double, restSteps: Double) -> Bool {
        let restSpeedSquared = restSpeed * restSpeed
        let angularSquared = FreeBodyStep.angularRestSpeed * FreeBodyStep.angularRestSpeed
        for island in islandSlow.indices { islandSlow[island] = true }
        for (k, i32) in items.enumerated() {
            let i = Int(i32)
            if store.vx[i] * store.vx[i] + store.vy[i] * store.vy[i] > restSpeedSquared { islandSlow[Int(itemIsland[k])] = false }
            let b = itemBody[k]
            if b >= 0 && bodies.angularVelocity[b] * bodies.angularVelocity[b] > angularSquared { islandSlow[Int(itemIsland[k])] = false }
        }
        var awake = false
        for island in islandAwake.indices where islandAwake[island] {
            islandRestCount[island] = islandSlow[island] ? islandRestCount[island] + 1 : 0
            if islandRestCount[island] >= restSteps && islandSolved[island] {
                islandAwake[island] = false
                islandRestCount[island] = 0
            } else {
                awake = true
            }
        }
        for (k, i32) in items.enumerated() where !islandAwake[Int(itemIsland[k])] && store.sleeping[Int(i32)] == 0 {
            let i = Int(i32)
            store.vx[i] = 0; store.vy[i] = 0
            if itemBody[k] >= 0 { bodies.angularVelocity[itemBody[k]] = 0 }
            store.sleeping[i] = 1
        }
        return awake
    }

    /// Wakes every island (after the springs changed).
    /// - Complexity: O(islands + items).
    mutating func wakeAll(_ store: inout ItemStore) {
        for island in islandAwake.indices { islandAwake[island] = true; islandRestCount[island] = 0 }
        for i in items { store.sleeping[Int(i)] = 0 }
    }

    /// Wakes the island of dense item `item` (a change to the item, its velocity or one of
    /// its springs) and restarts its rest timer.
    /// - Complexity: O(items) when the island was asleep, else O(1).
    mutating func wake(item: Int, _ store: inout ItemStore) {
        guard item < islandOfItem.count else { return }
        let island = Int(islandOfItem[item])
        guard island >= 0 else { return }
        islandRestCount[island] = 0
        guard !islandAwake[island] else { return }
        islandAwake[island] = true
        for (k, i) in items.enumerated() where itemIsland[k] == island { store.sleeping[Int(i)] = 0 }
    }

    private func applyImpulse(_ impulse: Double, k: Int, a: Int, b: Int, _ store: inout ItemStore) {
        let px = impulse * axisX[k], py = impulse * axisY[k]
        store.vx[a] -= store.inverseMass[a] * px
        store.vy[a] -= store.inverseMass[a] * py
        if b >= 0 {
            store.vx[b] += store.inverseMass[b] * px
            store.vy[b] += store.inverseMass[b] * py
        }
    }
}
