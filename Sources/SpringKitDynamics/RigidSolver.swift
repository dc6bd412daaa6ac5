/// The solver for rotating bodies and UIKit's iOS 9 attachments, in Box2D's named stages
/// (`b2Island::Solve`), over the items its constraints join:
///
///     collide              the contacts of the bodies with shapes (`ContactManager`)
///     islands              bodies joined by constraints and touching contacts, woken together
///     integrateVelocities  gravity, forces, fields, damping (`BodyForces`)
///     prepare              contacts (warm started), then each constraint's axes, masses and
///                          softness, warm started
///     solveVelocities      `velocityIterations` Gauss-Seidel passes: joints, then contacts
///     integratePositions   at most 200 pt and a quarter turn a step
///     solvePositions       up to `positionIterations` passes (contacts, then joints), until
///                          every constraint is within slop
///     timeOfImpact         fast bodies stopped at static shapes (`TimeOfImpact`)
///     updateSleep          per island: 61 steps at ≤ 1 pt/s and ≤ 2°/s with positions solved
///
/// Its constraints (`JointTable`) are the world's joints (`JointModel`: pin, fixed, sliding, limit) and, while
/// it is in use, every spring that is not on the anchored fast path, as a distance joint whose
/// anchors may sit off the item's center and turn with it, or as a revolute joint for a rigid
/// attachment on its anchor (UIKit's rule, `World.decideSpringForm`). A constraint to a fixed
/// point has the world (−1) as one end. The world uses it when it has a joint, a spring with an
/// offset, a spring pinned on its anchor or a collision shape; springs alone keep the
/// translational `JointSolver`. Islands are found
/// again every step, as `b2World::Solve` finds them: a sleeping body touched by an awake one
/// wakes with it; static bodies and boundaries join no island through a contact.
struct RigidSolver {
    /// Dense item index and body record of each solver body.
    private(set) var bodyItem: [Int] = [], bodyRecord: [Int] = []
    /// The springs solved here (dense spring indices) and their constraints.
    private var springIndex: [Int] = []
    private var constraints = JointTable()
    /// The constraints of the awake islands this step, in the order of solving.
    private var awakeConstraints: [JointTable.Entry] = []
    /// The `islandAwake` that `awakeConstraints` was listed for, while the islands are the
    /// constraints' alone (nil: list them again).
    private var awakeListedFor: [Bool]?
    /// How many of `constraints` are springs (they come first); the rest are the world's joints.
    private var springCount = 0
    /// Each solver body's awake flag and steps at rest (Box2D's per-body `sleepTime`).
    private var bodyAwake: [Bool] = [], bodyRest: [Double] = []
    /// Island of each solver body and each constraint, found each step.
    private var bodyIsland: [Int] = [], constraintIsland: [Int] = []
    /// How many islands `bodyIsland` numbers, and whether they are the constraints' alone
    /// (numbered without contacts since the last `reset`).
    private var islandCount = 0, constraintIslandsKnown = false
    private var islandAwake: [Bool] = [], islandSolved: [Bool] = []
    private var bodies = SolverBodies()
    /// Collision shape and filter of each solver body (nil: none), and the boundaries.
    private var bodyShape: [(Shape, ContactFilter)?] = []
    private var boundaries: [BoundaryRecord] = []
    private var hasShapes = false
    /// Pairs of solver bodies a joint keeps from colliding (UIKit's attachments do not collide
    /// their bodies; springs between two items do): looked up, never iterated.
    private var connected: Set<Int> = []
    /// Body poses at the start of the step (for the time of impact).
    private var startX: [Double] = [], startY: [Double] = [], startAngle: [Double] = []

    var isAwake: Bool { bodyAwake.contains(true) }
    var isEmpty: Bool { constraints.isEmpty && !hasShapes }

    /// Takes the bodies and constraints: `springs` (dense spring indices) as distance joints
    /// with `offsets`, or as the revolute joint `pins` gives for a spring pinned on its anchor
    /// (its end A set to the item, end B the world), and `joints` with their ends given as dense item indices (−1: the world);
    /// `shapes` per body and the world's `boundaries`. Every body starts awake.
    /// - Complexity: O((bodies + constraints) α(bodies)).
    mutating func reset(bodyItems: [Int], bodyRecords: [Int], springs: [Int], _ store: SpringStore,
                        offsets: (Int) -> (SIMD2<Double>, SIMD2<Double>), pins: (Int) -> RevoluteJoint?,
                        joints: [(JointModel, Int, Int)],
                        shapes: [(Shape, ContactFilter)?] = [], boundaries: [BoundaryRecord] = []) {
        bodyItem = bodyItems; bodyRecord = bodyRecords
        var solverIndex: [Int: Int] = [:]
        for (k, i) in bodyItems.enumerated() { solverIndex[i] = k }
        func index(_ item: Int) -> Int { item < 0 ? -1 : solverIndex[item]! }
        springIndex = springs
        constraints = JointTable()
        for s in springs {
            if var pin = pins(s) {
                pin.a = index(Int(store.itemA[s])); pin.b = -1
                constraints.append(.revolute(pin))
                continue
            }
            let (offsetA, offsetB) = offsets(s)
            let b = Int(store.itemB[s])
            // A spring to a fixed point: the world is end B, its anchor the point.
            var joint = DistanceJoint(a: index(Int(store.itemA[s])), b: b < 0 ? -1 : index(b), localAnchorA: offsetA,
                                      localAnchorB: b < 0 ? SIMD2(store.anchorX[s], store.anchorY[s]) : offsetB,
                                      length: store.length[s], frequency: store.frequency[s], dampingRatio: store.damping[s])
            joint.impulse = store.impulse[s]
            constraints.append(.distance(joint))
        }
        springCount = springs.count
        connected = []
        for (model, a, b) in joints {
            var m = model
            m.setEnds(index(a), index(b))
            constraints.append(m)
            let (x, y) = m.ends
            if x >= 0 && y >= 0 { connected.insert(min(x, y) * bodyItems.count + max(x, y)) }
        }
        bodyShape = shapes.count == bodyItems.count ? shapes : .init(repeating: nil, count: bodyItems.count)
        self.boundaries = boundaries
        hasShapes = bodyShape.contains { $0 != nil } || !boundaries.isEmpty
        bodyAwake = .init(repeating: true, count: bodyItems.count)
        bodyRest = .init(repeating: 0, count: bodyItems.count)
        constraintIslandsKnown = false
        awakeListedFor = nil
        findIslands(contacts: nil)
    }

    /// Islands: bodies joined by constraints between two bodies (the world joins nothing) and
    /// by solved contacts between two bodies that are not static. An island with an awake body
    /// is awake, and every body in it is woken. Without contacts the islands are the
    /// constraints' alone, which change only in `reset`: numbered once, then kept.
    private mutating func findIslands(contacts: ContactManager?, proxies: [ShapeProxy] = [], items: UnsafeMutablePointer<ItemStore>? = nil, records: BodyStore? = nil) {
        if contacts != nil || !constraintIslandsKnown {
            numberIslands(contacts: contacts, proxies: proxies, records: records)
            constraintIslandsKnown = contacts == nil
        }
        islandAwake = .init(repeating: false, count: max(islandCount, 1))
        for k in bodyItem.indices where bodyAwake[k] { islandAwake[bodyIsland[k]] = true }
        for k in bodyItem.indices where islandAwake[bodyIsland[k]] && !bodyAwake[k] {
            bodyAwake[k] = true; bodyRest[k] = 0
            items?.pointee.sleeping[bodyItem[k]] = 0
        }
        islandSolved = .init(repeating: false, count: islandAwake.count)
    }

    /// Each body's and each constraint's island, numbered in the order of their least bodies.
    /// - Complexity: O((bodies + constraints + contacts) α(bodies)).
    private mutating func numberIslands(contacts: ContactManager?, proxies: [ShapeProxy], records: BodyStore?) {
        var sets = DisjointSets(count: bodyItem.count)
        for k in constraints.indices {
            let (a, b) = constraints.ends(k)
            guard a >= 0, b >= 0 else { continue }
            sets.union(a, b)
        }
        if let contacts, let records {
            for k in contacts.contacts.indices where contacts.contacts[k].isSolved {
                let a = proxies[contacts.contacts[k].proxyA].body, b = proxies[contacts.contacts[k].proxyB].body
                guard a >= 0, b >= 0, !records.isStatic[bodyRecord[a]], !records.isStatic[bodyRecord[b]] else { continue }
                sets.union(a, b)
            }
        }
        var islandOfRoot = [Int](repeating: -1, count: bodyItem.count)
        var n = 0
        bodyIsland.removeAll(keepingCapacity: true)
        for k in bodyItem.indices {
            let r = sets.root(k)
            if islandOfRoot[r] < 0 { islandOfRoot[r] = n; n += 1 }
            bodyIsland.append(islandOfRoot[r])
        }
        constraintIsland.removeAll(keepingCapacity: true)
        for k in constraints.indices {
            let (a, b) = constraints.ends(k)
            constraintIsland.append(a >= 0 ? bodyIsland[a] : b >= 0 ? bodyIsland[b] : 0)
        }
        islandCount = n
    }

    /// Wakes the island holding `item` (a dense index) and restarts its timer.
    mutating func wake(item: Int, _ store: inout ItemStore) {
        guard let k = bodyItem.firstIndex(of: item) else { return }
        bodyRest[k] = 0
        guard !bodyAwake[k] else { return }
        let island = bodyIsland[k]
        for (j, i) in bodyItem.enumerated() where bodyIsland[j] == island {
            bodyAwake[j] = true; bodyRest[j] = 0
            store.sleeping[i] = 0
        }
    }

    /// Wakes every island.
    mutating func wakeAll(_ store: inout ItemStore) {
        for k in bodyAwake.indices { bodyAwake[k] = true; bodyRest[k] = 0 }
        for i in bodyItem { store.sleeping[i] = 0 }
    }

    /// Moves the fixed point of spring `s` (a dense spring index) if it is solved here: the
    /// world end of its distance joint, or the world anchor of its revolute joint.
    mutating func setAnchor(spring s: Int, _ anchor: SIMD2<Double>) {
        guard let k = springIndex.firstIndex(of: s) else { return }
        switch constraints[k] {
        case .distance(var joint) where joint.b < 0:
            joint.localAnchorB = anchor
            constraints[k] = .distance(joint)
        case .revolute(var joint) where joint.b < 0:
            joint.localAnchorB = anchor
            constraints[k] = .revolute(joint)
        default: break
        }
    }

    /// Calls `body` with each spring solved as a revolute joint (its dense spring index) and
    /// that joint as last solved (impulses included), in the solver's order.
    func forEachPinnedSpring(_ body: (Int, RevoluteJoint) -> Void) {
        for (k, s) in springIndex.enumerated() { if let joint = constraints.revolute(k) { body(s, joint) } }
    }

    /// The world's joints as solved (their impulses carried to the next step), in order.
    var jointModels: [JointModel] { (springCount..<constraints.count).map { constraints[$0] } }

    /// One step of the awake islands; returns whether some island is still awake.
    /// - Complexity: O(bodies + constraints × (velocityIterations + positionIterations)), plus
    ///   with shapes the broad phase, O(shapes log shapes + pairs), and the contacts' share.
    mutating func step(_ items: inout ItemStore, _ springs: inout SpringStore, _ records: inout BodyStore,
                       _ collision: inout CollisionStore, forces: BodyForces,
                       configuration c: WorldConfiguration, restSteps: Double) throws -> Bool {
        guard isAwake else { return false }
        let h = c.stepDuration
        let ctx = JointStepContext(h: h, linearSlop: c.linearSlop, maximumLinearCorrection: c.maximumLinearCorrection)
        var proxies: [ShapeProxy] = []
        if hasShapes {
            proxies = makeProxies(items, records)
            let n = bodyItem.count
            collision.contacts.update(proxies, linearSlop: c.linearSlop) { [connected] a, b in !connected.isEmpty && connected.contains(min(a, b) * n + max(a, b)) }
            for k in collision.contacts.touchingChanged where k >= 0 && !bodyAwake[k] {
                bodyAwake[k] = true; bodyRest[k] = 0
                items.sleeping[bodyItem[k]] = 0
            }
            withUnsafeMutablePointer(to: &items) { findIslands(contacts: collision.contacts, proxies: proxies, items: $0, records: records) }
        } else {
            findIslands(contacts: nil)
        }
        try gather(items, records, forces: forces, h: h)
        // Contacts: constraints made and warm started (b2ContactSolver), before the joints'.
        var contactConstraints: [ContactConstraint] = [], contactIsland: [Int] = []
        if hasShapes { (contactConstraints, contactIsland) = makeContactConstraints(collision.contacts, proxies, records) }
        listAwakeConstraints()
        constraints.prepare(awakeConstraints, &bodies, ctx)
        for _ in 0..<c.velocityIterations {
            constraints.solveVelocities(awakeConstraints, &bodies, ctx)
            for k in contactConstraints.indices { contactConstraints[k].solveVelocity(&bodies) }
        }
        for k in contactConstraints.indices {
            collision.contacts.storeImpulses(contactConstraints[k].contact, normal: contactConstraints[k].normalImpulse,
                                             tangent: contactConstraints[k].tangentImpulse, count: contactConstraints[k].pointCount)
        }
        integratePositions(h: h, maximumTranslation: c.maximumTranslation)
        solvePositions(ctx, iterations: c.positionIterations, contacts: contactConstraints, contactIsland: contactIsland)
        if hasShapes { timeOfImpact(proxies, records, &collision.contacts, ctx) }
        scatter(&items, &records)
        for k in contactConstraints.indices {
            let (points, impulses) = contactConstraints[k].report(bodies)
            collision.contacts.postSolve(contactConstraints[k].contact, points: points, impulses: impulses)
        }
        for (k, s) in springIndex.enumerated() { if let j = constraints.distance(k) { springs.impulse[s] = j.impulse } }
        return updateSleep(&items, &records, restSpeed: c.restSpeed, restSteps: restSteps)
    }

    // MARK: Stages

    /// The shapes as this step sees them: every body's with a shape, then every boundary segment.
    private func makeProxies(_ items: ItemStore, _ records: BodyStore) -> [ShapeProxy] {
        var proxies: [ShapeProxy] = []
        proxies.reserveCapacity(bodyItem.count + boundaries.reduce(0) { $0 + $1.segments.count })
        for (k, i) in bodyItem.enumerated() {
            guard let (shape, filter) = bodyShape[k] else { continue }
            let b = bodyRecord[k]
            let xf = Transform(p: items.position(i), angle: records.angle[b])
            proxies.append(ShapeProxy(key: .item(items.table.identifierAt[i]), body: k, shape: shape, transform: xf, filter: filter,
                                      isStatic: records.isStatic[b], isAwake: bodyAwake[k],
                                      friction: records.friction[b], restitution: records.elasticity[b], aabb: shape.aabb(xf)))
        }
        let origin = Transform(p: .zero, angle: 0)
        for boundary in boundaries {
            for (n, segment) in boundary.segments.enumerated() {
                proxies.append(ShapeProxy(key: .boundary(boundary.id.rawValue, segment: n), body: -1, shape: .edge(segment), transform: origin,
                                          filter: boundary.filter, isStatic: true, isAwake: false,
                                          friction: CollisionStore.boundaryFriction, restitution: CollisionStore.boundaryRestitution,
                                          aabb: segment.aabb()))
            }
        }
        return proxies
    }

    /// The constraints of the solved contacts of the awake islands, in island order, warm
    /// started (`b2ContactSolver`), and the island of each.
    private mutating func makeContactConstraints(_ contacts: ContactManager, _ proxies: [ShapeProxy],
                                                 _ records: BodyStore) -> (constraints: [ContactConstraint], islands: [Int]) {
        var contactConstraints: [ContactConstraint] = [], contactIsland: [Int] = []
        contactConstraints.reserveCapacity(contacts.touches.count)
        contactIsland.reserveCapacity(contacts.touches.count)
        let threshold = WorldConfiguration.pointsPerMeter   // b2_velocityThreshold, 1 m/s
        for k in islandContactOrder(contacts.contacts, proxies, records) {
            let pa = contacts.contacts[k].proxyA, pb = contacts.contacts[k].proxyB
            let a = proxies[pa].body, b = proxies[pb].body
            let island = a >= 0 && !proxies[pa].isStatic ? bodyIsland[a] : b >= 0 ? bodyIsland[b] : -1
            guard island >= 0, islandAwake[island] else { continue }
            contactConstraints.append(ContactConstraint(contact: k, contacts.contacts[k], contacts.touch(k), ends: (a, b),
                                                        radii: (proxies[pa].shape.radius, proxies[pb].shape.radius), bodies,
                                                        velocityThreshold: threshold))
            contactIsland.append(island)
        }
        for k in contactConstraints.indices { contactConstraints[k].warmStart(&bodies) }
        return (contactConstraints, contactIsland)
    }

    /// The solved contacts of the awake islands in the order Box2D's island search adds them
    /// (`b2World::Solve`): seeds newest body first, each body's contacts newest first, depth
    /// first through bodies that are not static. Gauss–Seidel passes depend on this order (a
    /// stack settles differently solved top-down than bottom-up).
    /// - Complexity: O(bodies + contacts).
    private func islandContactOrder(_ contacts: [Contact], _ proxies: [ShapeProxy], _ records: BodyStore) -> [Int] {
        let n = bodyItem.count
        let (start, rows) = bodyContactRows(contacts, proxies)
        var visited = [Bool](repeating: false, count: n), added = [Bool](repeating: false, count: contacts.count)
        var order: [Int] = [], stack: [Int] = []
        for seed in stride(from: n - 1, through: 0, by: -1)
        where !visited[seed] && islandAwake[bodyIsland[seed]] && !records.isStatic[bodyRecord[seed]] {
            visited[seed] = true
            stack.append(seed)
            while let k = stack.popLast() {
                for e in stride(from: start[k + 1] - 1, through: start[k], by: -1) where !added[rows[e]] {
                    let c = rows[e]
                    added[c] = true
                    order.append(c)
                    let a = proxies[contacts[c].proxyA].body, b = proxies[contacts[c].proxyB].body
                    let other = a == k ? b : a
                    if other >= 0 && !visited[other] && !records.isStatic[bodyRecord[other]] {
                        visited[other] = true
                        stack.append(other)
                    }
                }
            }
        }
        return order
    }

    /// Each solver body's solved contacts, oldest first, as rows of one array: body `k`'s are
    /// `rows[start[k]..<start[k + 1]]` (compressed rows: no array per body).
    private func bodyContactRows(_ contacts: [Contact], _ proxies: [ShapeProxy]) -> (start: [Int], rows: [Int]) {
        let n = bodyItem.count
        var start = [Int](repeating: 0, count: n + 1)
        for k in contacts.indices where contacts[k].isSolved {
            let a = proxies[contacts[k].proxyA].body, b = proxies[contacts[k].proxyB].body
            if a >= 0 { start[a + 1] += 1 }
            if b >= 0 { start[b + 1] += 1 }
        }
        for k in 0..<n { start[k + 1] += start[k] }
        var fill = start, rows = [Int](repeating: 0, count: start[n])
        for k in contacts.indices where contacts[k].isSolved {
            let a = proxies[contacts[k].proxyA].body, b = proxies[contacts[k].proxyB].body
            if a >= 0 { rows[fill[a]] = k; fill[a] += 1 }
            if b >= 0 { rows[fill[b]] = k; fill[b] += 1 }
        }
        // Oldest first by stamp (free slots are reused, so slot order is not creation order);
        // rows are short: by insertion.
        for k in 0..<n where start[k + 1] - start[k] > 1 {
            for e in start[k] + 1 ..< start[k + 1] {
                let c = rows[e]
                var m = e
                while m > start[k] && contacts[rows[m - 1]].stamp > contacts[c].stamp { rows[m] = rows[m - 1]; m -= 1 }
                rows[m] = c
            }
        }
        return (start, rows)
    }

    /// The awake islands' constraints in the order the passes take them: islands `islandsAtOnce`
    /// at a time take turns, a constraint each, every island keeping its constraints' order.
    /// Islands share no body (the world's is only read), so each body sees the same operations
    /// in the same order as island after island, and every bit is the same; but a Gauss–Seidel
    /// pass over one island is a chain of latencies (each constraint waits for the bodies the
    /// one before it wrote, and for their sines and cosines), which the processor overlaps
    /// across the islands taking turns.
    /// Kept while the islands and which are awake stay as they were.
    /// - Complexity: O(constraints + islands).
    private mutating func listAwakeConstraints() {
        if constraintIslandsKnown, let listed = awakeListedFor, listed == islandAwake { return }
        var start = [Int](repeating: 0, count: islandCount + 1)
        for k in constraints.indices where islandAwake[constraintIsland[k]] { start[constraintIsland[k] + 1] += 1 }
        for island in 0..<islandCount { start[island + 1] += start[island] }
        var byIsland = [JointTable.Entry](repeating: JointTable.Entry(kind: .distance, slot: 0, island: 0), count: start[islandCount])
        var next = start
        for k in constraints.indices where islandAwake[constraintIsland[k]] {
            byIsland[next[constraintIsland[k]]] = constraints.entry(k, island: constraintIsland[k])
            next[constraintIsland[k]] += 1
        }
        let islands = (0..<islandCount).filter { start[$0 + 1] > start[$0] }
        awakeConstraints.removeAll(keepingCapacity: true)
        for first in stride(from: 0, to: islands.count, by: Self.islandsAtOnce) {
            let group = islands[first..<min(first + Self.islandsAtOnce, islands.count)]
            let longest = group.map { start[$0 + 1] - start[$0] }.max() ?? 0
            for turn in 0..<longest {
                for island in group where start[island] + turn < start[island + 1] { awakeConstraints.append(byIsland[start[island] + turn]) }
            }
        }
        awakeListedFor = constraintIslandsKnown ? islandAwake : nil
    }

    /// Islands whose constraints take turns in a pass (`listAwakeConstraints`).
    static let islandsAtOnce = 4

    /// Copies the bodies in and integrates the awake ones' velocities.
    /// - Complexity: O(bodies), plus the fields holding them.
    private mutating func gather(_ items: ItemStore, _ records: BodyStore, forces: BodyForces, h: Double) throws {
        bodies.resize(bodyItem.count)
        let item = bodyItem, record = bodyRecord, island = bodyIsland, awake = islandAwake
        try bodies.withPointers { to in
            for (k, i) in item.enumerated() {
                let b = record[k]
                var v = items.velocity(i), w = records.angularVelocity[b]
                if awake[island[k]] && !records.isStatic[b] {
                    v = try forces.integrate(v, body: b, item: i, items, records, h: h) * (1 / (1 + h * records.linearDamping[b]))
                    w = (w + h * records.inverseInertia[b] * records.torque[b]) * (1 / (1 + h * records.angularDamping[b]))
                }
                to.set(k, c: items.position(i), angle: records.angle[b], v: v, w: w,
                       inverseMass: items.inverseMass[i], inverseInertia: records.inverseInertia[b])
            }
        }
    }

    private mutating func integratePositions(h: Double, maximumTranslation: Double) {
        if hasShapes {
            let poses = bodies.positions.dropFirst()   // the world's first
            startX = poses.map { $0.c.x }; startY = poses.map { $0.c.y }; startAngle = poses.map { $0.angle }
        }
        let awake = islandAwake, island = bodyIsland
        bodies.withPointers { b in
            for k in 0..<island.count where awake[island[k]] {
                var v = b.velocities[k].v, w = b.velocities[k].w
                let squared = h * h * (v * v).sum()
                if squared > maximumTranslation * maximumTranslation { v *= maximumTranslation / squared.squareRoot() }
                if abs(h * w) > FreeBodyStep.maximumRotation { w *= FreeBodyStep.maximumRotation / abs(h * w) }
                b.velocities[k] = BodyVelocity(v: v, w: w)
                b.positions[k].c.x += h * v.x; b.positions[k].c.y += h * v.y; b.positions[k].angle += h * w
            }
        }
    }

    /// Position passes, contacts then joints; an island is solved once every one of its contacts
    /// is within 3 × slop and every joint within slop in one pass (Box2D's `positionSolved`),
    /// and takes no further passes.
    private mutating func solvePositions(_ ctx: JointStepContext, iterations: Int, contacts: [ContactConstraint], contactIsland: [Int]) {
        for island in islandSolved.indices { islandSolved[island] = false }
        for _ in 0..<iterations {
            var ok = [Bool](repeating: true, count: islandSolved.count)
            for k in contacts.indices where !islandSolved[contactIsland[k]] {
                if contacts[k].solvePosition(&bodies, ctx) < -3 * ctx.linearSlop { ok[contactIsland[k]] = false }
            }
            constraints.solvePositions(awakeConstraints, solved: islandSolved, ok: &ok, &bodies, ctx)
            var all = true
            for island in ok.indices where !islandSolved[island] && islandAwake[island] {
                if ok[island] { islandSolved[island] = true } else { all = false }
            }
            if all { break }
        }
    }

    /// Continuous collision against static shapes: each awake body that moved more than half its
    /// inner radius is swept from its
    /// start pose to its end pose against the static shapes it responds to; at the first time
    /// of impact it is put there, its contacts with the static shapes within reach are solved
    /// for velocity (restitution and friction, no warm start), and it moves on with the new
    /// velocity for the rest of the step, up to 8 impacts (Box2D's `b2_maxSubSteps`); after
    /// the 8th it stays at the impact.
    private mutating func timeOfImpact(_ proxies: [ShapeProxy], _ records: BodyStore, _ contacts: inout ContactManager, _ ctx: JointStepContext) {
        let statics = proxies.indices.filter { proxies[$0].isStatic }
        guard !statics.isEmpty else { return }
        let target = ctx.linearSlop, tolerance = 0.25 * ctx.linearSlop
        for p in proxies.indices where proxies[p].body >= 0 && !proxies[p].isStatic && islandAwake[bodyIsland[proxies[p].body]] {
            let k = proxies[p].body
            // The first sweep's test below, before the proxy is copied: most bodies move too little.
            let moved = Vec2.length(bodies[k].c - SIMD2(startX[k], startY[k])) + abs(bodies[k].angle - startAngle[k]) * proxies[p].shape.extent
            guard moved > max(target, 0.5 * proxies[p].shape.innerRadius) else { continue }
            let proxy = proxies[p]
            var start = (c: SIMD2(startX[k], startY[k]), angle: startAngle[k])
            var end = (c: bodies[k].c, angle: bodies[k].angle)
            var remaining = ctx.h
            for _ in 0..<8 {
                // Slower bodies are left to the discrete solver, as Box2D's radius-0 shapes are on the
                // host: moving less than half its inner radius a step, a body cannot carry its
                // origin across a surface it touches, so the position solver pushes it back out.
                let motion = Vec2.length(end.c - start.c) + abs(end.angle - start.angle) * proxy.shape.extent
                guard motion > max(target, 0.5 * proxy.shape.innerRadius) else { break }
                let swept = proxy.shape.aabb(Transform(p: start.c, angle: start.angle)).union(proxy.shape.aabb(Transform(p: end.c, angle: end.angle)))
                var best: Double? = nil
                for s in statics where proxies[s].aabb.overlaps(swept) && ContactFilter.responds(proxy.filter, to: proxies[s].filter) {
                    if let t = TimeOfImpact.compute(proxy.shape, from: start, to: end, against: proxies[s].shape, proxies[s].transform,
                                                    target: target, tolerance: tolerance), t < (best ?? 1) { best = t }
                }
                guard let t = best else { break }
                let pose = (c: start.c + t * (end.c - start.c), angle: start.angle + t * (end.angle - start.angle))
                bodies.setPosition(k, pose.c, pose.angle)
                var solvers = impactConstraints(proxy, at: pose, statics: statics, proxies, &contacts, ctx)
                if solvers.isEmpty {
                    bodies.setVelocity(k, .zero, 0)
                    break
                }
                for _ in 0..<8 { for n in solvers.indices { solvers[n].solveVelocity(&bodies) } }
                remaining *= 1 - t
                start = pose
                end = (c: pose.c + remaining * bodies[k].v, angle: pose.angle + remaining * bodies[k].w)
                bodies.setPosition(k, end.c, end.angle)
            }
            if start.c != SIMD2(startX[k], startY[k]) {
                // The last sweep was cut short: stay at the last impact if the rest still hits.
                let last = (c: bodies[k].c, angle: bodies[k].angle)
                for s in statics where ContactFilter.responds(proxy.filter, to: proxies[s].filter) {
                    if TimeOfImpact.compute(proxy.shape, from: start, to: last, against: proxies[s].shape, proxies[s].transform,
                                            target: target, tolerance: tolerance) != nil {
                        bodies.setPosition(k, start.c, start.angle)
                        break
                    }
                }
            }
        }
    }

    /// The contacts of `proxy`, stopped at `pose` by a time of impact, with every static shape
    /// within reach there (its shape given a speculative skin of two slops), as constraints
    /// in which only the moving body responds; each records the impact's began and ended events.
    private func impactConstraints(_ proxy: ShapeProxy, at pose: (c: SIMD2<Double>, angle: Double), statics: [Int],
                                   _ proxies: [ShapeProxy], _ contacts: inout ContactManager, _ ctx: JointStepContext) -> [ContactConstraint] {
        var moving = proxy
        moving.transform = Transform(p: pose.c, angle: pose.angle)
        switch moving.shape {
        case .polygon(var p): p.radius += 2 * ctx.linearSlop; moving.shape = .polygon(p)
        case .circle(var c): c.radius += 2 * ctx.linearSlop; moving.shape = .circle(c)
        case .edge: break
        }
        var solvers: [ContactConstraint] = []
        for s in statics where ContactFilter.responds(proxy.filter, to: proxies[s].filter) {
            let other = proxies[s]
            let first = Collide.rank(other.shape) <= Collide.rank(moving.shape)
            let (a, b) = first ? (other, moving) : (moving, other)
            let m = Collide.manifold(a.shape, a.transform, b.shape, b.transform, linearSlop: ctx.linearSlop)
            guard m.pointCount > 0 else { continue }
            var contact = Contact(keyA: a.key, keyB: b.key)
            contact.respondsA = !first; contact.respondsB = first
            let touch = ContactTouch(manifold: m, friction: (proxy.friction * other.friction).squareRoot(),
                                     restitution: max(proxy.restitution, other.restitution))
            solvers.append(ContactConstraint(contact: -1, contact, touch, ends: (a.body, b.body), radii: (a.shape.radius, b.shape.radius), bodies,
                                             velocityThreshold: WorldConfiguration.pointsPerMeter))
            contacts.recordImpact(a.key, b.key, point: WorldManifold(m, a.transform, a.shape.radius, b.transform, b.shape.radius).points[0])
        }
        return solvers
    }

    /// Copies the awake bodies back, one destination array at a time (each written through its
    /// storage: no uniqueness check per element).
    /// - Complexity: O(bodies).
    private func scatter(_ items: inout ItemStore, _ records: inout BodyStore) {
        let moving = bodyItem.indices.filter { islandAwake[bodyIsland[$0]] && !records.isStatic[bodyRecord[$0]] }
        let item = bodyItem, record = bodyRecord, p = bodies.positions, v = bodies.velocities   // the world's record first
        items.px.withUnsafeMutableBufferPointer { to in for k in moving { to[item[k]] = p[k + 1].c.x } }
        items.py.withUnsafeMutableBufferPointer { to in for k in moving { to[item[k]] = p[k + 1].c.y } }
        items.vx.withUnsafeMutableBufferPointer { to in for k in moving { to[item[k]] = v[k + 1].v.x } }
        items.vy.withUnsafeMutableBufferPointer { to in for k in moving { to[item[k]] = v[k + 1].v.y } }
        records.angle.withUnsafeMutableBufferPointer { to in for k in moving { to[record[k]] = p[k + 1].angle } }
        records.angularVelocity.withUnsafeMutableBufferPointer { to in for k in moving { to[record[k]] = v[k + 1].w } }
    }

    /// Box2D's sleep rule per island: each body's steps at rest (static bodies always at rest);
    /// the island sleeps when its least count reaches `restSteps` and its positions are solved.
    private mutating func updateSleep(_ items: inout ItemStore, _ records: inout BodyStore, restSpeed: Double, restSteps: Double) -> Bool {
        let angular = FreeBodyStep.angularRestSpeed * FreeBodyStep.angularRestSpeed
        var islandRest = [Double](repeating: .infinity, count: islandAwake.count)
        for (k, i) in bodyItem.enumerated() where islandAwake[bodyIsland[k]] {
            var slow = true
            if !records.isStatic[bodyRecord[k]] {
                let v = items.velocity(i), w = records.angularVelocity[bodyRecord[k]]
                slow = !((v * v).sum() > restSpeed * restSpeed || w * w > angular)
            }
            bodyRest[k] = slow ? bodyRest[k] + 1 : 0
            islandRest[bodyIsland[k]] = min(islandRest[bodyIsland[k]], bodyRest[k])
        }
        var awake = false, falling = false
        for island in islandAwake.indices where islandAwake[island] {
            if islandRest[island] >= restSteps && islandSolved[island] {
                islandAwake[island] = false
                falling = true
            } else {
                awake = true
            }
        }
        // One pass over the bodies puts every island that fell asleep to sleep.
        if falling {
            for (k, i) in bodyItem.enumerated() where bodyAwake[k] && !islandAwake[bodyIsland[k]] {
                items.vx[i] = 0; items.vy[i] = 0
                records.angularVelocity[bodyRecord[k]] = 0
                items.sleeping[i] = 1
                bodyAwake[k] = false; bodyRest[k] = 0
            }
        }
        return awake
    }
}
