/// The solver for rotating bodies and UIKit's iOS 9 attachments, in Box2D's named stages
/// (`b2Island::Solve`), over the items its constraints join:
///
///     integrateVelocities  gravity, forces, fields, damping (`BodyForces`)
///     prepare              each constraint's axes, masses and softness, warm started
///     solveVelocities      `velocityIterations` Gauss-Seidel passes
///     integratePositions   at most 200 pt and a quarter turn a step
///     solvePositions       up to `positionIterations` passes, until every constraint is within slop
///     updateSleep          per island: 61 steps at ≤ 1 pt/s and ≤ 2°/s with positions solved
///
/// Its constraints are the world's joints (`JointModel`: pin, fixed, sliding, limit) and, while
/// it is in use, every spring that is not on the anchored fast path, as a distance joint whose
/// anchors may sit off the item's center and turn with it. A constraint to a fixed point has
/// the world (−1) as one end. The world uses it when it has a joint or a spring with an offset;
/// springs alone keep the translational `JointSolver`.
struct RigidSolver {
    /// Dense item index and body record of each solver body.
    private(set) var bodyItem: [Int] = [], bodyRecord: [Int] = []
    /// The springs solved here (dense spring indices) and their constraints.
    private var springIndex: [Int] = []
    private var constraints: [JointModel] = []
    /// How many of `constraints` are springs (they come first); the rest are the world's joints.
    private var springCount = 0
    /// Island of each solver body and each constraint.
    private var bodyIsland: [Int] = [], constraintIsland: [Int] = []
    private var islandAwake: [Bool] = [], islandRest: [Double] = [], islandSlow: [Bool] = [], islandSolved: [Bool] = []
    private var bodies = SolverBodies()

    var isAwake: Bool { islandAwake.contains(true) }
    var isEmpty: Bool { constraints.isEmpty }

    /// Takes the bodies and constraints: `springs` (dense spring indices) as distance joints
    /// with `offsets`, and `joints` with their ends given as dense item indices (−1: the world).
    /// Every island starts awake.
    /// - Complexity: O((bodies + constraints) α(bodies)).
    mutating func reset(bodyItems: [Int], bodyRecords: [Int], springs: [Int], _ store: SpringStore,
                        offsets: (Int) -> (SIMD2<Double>, SIMD2<Double>), joints: [(JointModel, Int, Int)]) {
        bodyItem = bodyItems; bodyRecord = bodyRecords
        var solverIndex: [Int: Int] = [:]
        for (k, i) in bodyItems.enumerated() { solverIndex[i] = k }
        func index(_ item: Int) -> Int { item < 0 ? -1 : solverIndex[item]! }
        springIndex = springs
        constraints = springs.map { s in
            let (offsetA, offsetB) = offsets(s)
            let b = Int(store.itemB[s])
            // A spring to a fixed point: the world is end B, its anchor the point.
            var joint = DistanceJoint(a: index(Int(store.itemA[s])), b: b < 0 ? -1 : index(b), localAnchorA: offsetA,
                                      localAnchorB: b < 0 ? SIMD2(store.anchorX[s], store.anchorY[s]) : offsetB,
                                      length: store.length[s], frequency: store.frequency[s], dampingRatio: store.damping[s])
            joint.impulse = store.impulse[s]
            return .distance(joint)
        }
        springCount = springs.count
        for (model, a, b) in joints {
            var m = model
            m.setEnds(index(a), index(b))
            constraints.append(m)
        }
        findIslands()
    }

    /// Islands: bodies joined by constraints between two bodies (the world joins nothing).
    private mutating func findIslands() {
        var parent = Array(0..<bodyItem.count)
        func root(_ i: Int) -> Int {
            var r = i
            while parent[r] != r { r = parent[r] }
            var j = i
            while parent[j] != r { let next = parent[j]; parent[j] = r; j = next }
            return r
        }
        for c in constraints {
            let (a, b) = c.ends
            guard a >= 0, b >= 0 else { continue }
            let ra = root(a), rb = root(b)
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        }
        var islandOfRoot: [Int: Int] = [:]
        bodyIsland = bodyItem.indices.map { k in
            let r = root(k)
            if let island = islandOfRoot[r] { return island }
            islandOfRoot[r] = islandOfRoot.count
            return islandOfRoot.count - 1
        }
        constraintIsland = constraints.map { c in
            let (a, b) = c.ends
            return a >= 0 ? bodyIsland[a] : b >= 0 ? bodyIsland[b] : 0
        }
        let n = islandOfRoot.count
        islandAwake = .init(repeating: true, count: n); islandRest = .init(repeating: 0, count: n)
        islandSlow = islandAwake; islandSolved = islandAwake
    }

    /// Wakes every island holding one of `items` (dense indices) and restarts its timer.
    mutating func wake(item: Int, _ store: inout ItemStore) {
        guard let k = bodyItem.firstIndex(of: item) else { return }
        let island = bodyIsland[k]
        islandRest[island] = 0
        guard !islandAwake[island] else { return }
        islandAwake[island] = true
        for (j, i) in bodyItem.enumerated() where bodyIsland[j] == island { store.sleeping[i] = 0 }
    }

    /// Wakes every island.
    mutating func wakeAll(_ store: inout ItemStore) {
        for island in islandAwake.indices { islandAwake[island] = true; islandRest[island] = 0 }
        for i in bodyItem { store.sleeping[i] = 0 }
    }

    /// Moves the fixed point of spring `s` (a dense spring index) if it is solved here.
    mutating func setAnchor(spring s: Int, _ anchor: SIMD2<Double>) {
        guard let k = springIndex.firstIndex(of: s), case .distance(var joint) = constraints[k], joint.b < 0 else { return }
        joint.localAnchorB = anchor
        constraints[k] = .distance(joint)
    }

    /// The world's joints as solved (their impulses carried to the next step), in order.
    var jointModels: ArraySlice<JointModel> { constraints[springCount...] }

    /// One step of the awake islands; returns whether some island is still awake.
    /// - Complexity: O(bodies + constraints × (velocityIterations + positionIterations)).
    mutating func step(_ items: inout ItemStore, _ springs: inout SpringStore, _ records: inout BodyStore, forces: BodyForces,
                       configuration c: WorldConfiguration, restSteps: Double) throws -> Bool {
        guard isAwake else { return false }
        let h = c.stepDuration
        let ctx = JointStepContext(h: h, linearSlop: c.linearSlop, maximumLinearCorrection: c.maximumLinearCorrection)
        try gather(items, records, forces: forces, h: h)
        for k in constraints.indices where islandAwake[constraintIsland[k]] { constraints[k].prepare(&bodies, ctx) }
        for _ in 0..<c.velocityIterations {
            for k in constraints.indices where islandAwake[constraintIsland[k]] { constraints[k].solveVelocity(&bodies, ctx) }
        }
        integratePositions(h: h, maximumTranslation: c.maximumTranslation)
        solvePositions(ctx, iterations: c.positionIterations)
        scatter(&items, &records)
        for (k, s) in springIndex.enumerated() { if case .distance(let j) = constraints[k] { springs.impulse[s] = j.impulse } }
        return updateSleep(&items, &records, restSpeed: c.restSpeed, restSteps: restSteps)
    }

    // MARK: Stages

    /// Copies the awake bodies in and integrates their velocities.
    private mutating func gather(_ items: ItemStore, _ records: BodyStore, forces: BodyForces, h: Double) throws {
        bodies.removeAll()
        for (k, i) in bodyItem.enumerated() {
            let b = bodyRecord[k]
            var v = items.velocity(i), w = records.angularVelocity[b]
            if islandAwake[bodyIsland[k]] && !records.isStatic[b] {
                v = try forces.integrate(v, body: b, item: i, items, records, h: h) * (1 / (1 + h * records.linearDamping[b]))
                w = (w + h * records.inverseInertia[b] * records.torque[b]) * (1 / (1 + h * records.angularDamping[b]))
            }
            bodies.append(c: items.position(i), angle: records.angle[b], v: v, w: w,
                          inverseMass: items.inverseMass[i], inverseInertia: records.inverseInertia[b])
        }
    }

    private mutating func integratePositions(h: Double, maximumTranslation: Double) {
        for k in 0..<bodies.count where islandAwake[bodyIsland[k]] {
            var v = SIMD2(bodies.vx[k], bodies.vy[k]), w = bodies.w[k]
            let squared = h * h * (v * v).sum()
            if squared > maximumTranslation * maximumTranslation { v *= maximumTranslation / squared.squareRoot() }
            if abs(h * w) > FreeBodyStep.maximumRotation { w *= FreeBodyStep.maximumRotation / abs(h * w) }
            bodies.vx[k] = v.x; bodies.vy[k] = v.y; bodies.w[k] = w
            bodies.cx[k] += h * v.x; bodies.cy[k] += h * v.y; bodies.angle[k] += h * w
        }
    }

    /// Position passes; an island is solved once every one of its constraints is within slop
    /// in one pass (Box2D's `positionSolved`), and takes no further passes.
    private mutating func solvePositions(_ ctx: JointStepContext, iterations: Int) {
        for island in islandSolved.indices { islandSolved[island] = false }
        for _ in 0..<iterations {
            var ok = [Bool](repeating: true, count: islandSolved.count)
            for k in constraints.indices where islandAwake[constraintIsland[k]] && !islandSolved[constraintIsland[k]] {
                if !constraints[k].solvePosition(&bodies, ctx) { ok[constraintIsland[k]] = false }
            }
            var all = true
            for island in ok.indices where !islandSolved[island] && islandAwake[island] {
                if ok[island] { islandSolved[island] = true } else { all = false }
            }
            if all { break }
        }
    }

    /// Copies the awake bodies back.
    private func scatter(_ items: inout ItemStore, _ records: inout BodyStore) {
        for (k, i) in bodyItem.enumerated() where islandAwake[bodyIsland[k]] && !records.isStatic[bodyRecord[k]] {
            items.px[i] = bodies.cx[k]; items.py[i] = bodies.cy[k]
            items.vx[i] = bodies.vx[k]; items.vy[i] = bodies.vy[k]
            records.angle[bodyRecord[k]] = bodies.angle[k]
            records.angularVelocity[bodyRecord[k]] = bodies.w[k]
        }
    }

    private mutating func updateSleep(_ items: inout ItemStore, _ records: inout BodyStore, restSpeed: Double, restSteps: Double) -> Bool {
        for island in islandSlow.indices { islandSlow[island] = true }
        let angular = FreeBodyStep.angularRestSpeed * FreeBodyStep.angularRestSpeed
        for (k, i) in bodyItem.enumerated() where !records.isStatic[bodyRecord[k]] {
            let v = items.velocity(i), w = records.angularVelocity[bodyRecord[k]]
            if (v * v).sum() > restSpeed * restSpeed || w * w > angular { islandSlow[bodyIsland[k]] = false }
        }
        var awake = false
        for island in islandAwake.indices where islandAwake[island] {
            islandRest[island] = islandSlow[island] ? islandRest[island] + 1 : 0
            if islandRest[island] >= restSteps && islandSolved[island] {
                islandAwake[island] = false
                islandRest[island] = 0
                for (k, i) in bodyItem.enumerated() where bodyIsland[k] == island {
                    items.vx[i] = 0; items.vy[i] = 0
                    records.angularVelocity[bodyRecord[k]] = 0
                    items.sleeping[i] = 1
                }
            } else {
                awake = true
            }
        }
        return awake
    }
}
