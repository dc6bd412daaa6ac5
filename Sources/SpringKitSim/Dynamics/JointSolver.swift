/// Springs that are not a lone anchored soft spring — item-to-item springs, rigid
/// springs (frequency 0), several springs on one item — solved as Box2D 2.3 solves
/// distance joints: prepare (axis, effective mass, soft bias and gamma), warm start,
/// `velocityIterations` Gauss-Seidel passes, integrate positions, then
/// `positionIterations` passes of position correction for rigid joints only.
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
/// Items are not rotated (springs attach at centers). Scratch arrays are kept between
/// steps, so a step allocates nothing.
struct JointSolver {
    /// Dense spring indices solved here, and dense item indices they move.
    var springs: [Int32] = []
    var items: [Int32] = []
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

    var isEmpty: Bool { springs.isEmpty }
    /// Number of islands (sets of items connected by item-to-item springs).
    var islandCount: Int { islandAwake.count }
    /// True while some island is awake.
    var isAwake: Bool { islandAwake.contains(true) }

    /// Takes the joint springs and items (dense indices; `itemCount` items in all) and
    /// finds the islands; every island starts awake with its rest timer at zero.
    /// - Complexity: O((springs + items) α(items)) plus O(itemCount).
    mutating func reset(springs: [Int32], items: [Int32], itemSprings joints: SpringStore, itemCount: Int) {
        self.springs = springs
        self.items = items
        // Union-find over the joint items, joined by springs between two items.
        var parent = [Int32](repeating: -1, count: itemCount)
        for i in items { parent[Int(i)] = i }
        func root(_ i: Int32) -> Int32 {
            var r = i
            while parent[Int(r)] != r { r = parent[Int(r)] }
            var j = i
            while parent[Int(j)] != r { let next = parent[Int(j)]; parent[Int(j)] = r; j = next }
            return r
        }
        for s in springs where joints.itemB[Int(s)] >= 0 {
            let a = root(joints.itemA[Int(s)]), b = root(joints.itemB[Int(s)])
            if a != b { parent[Int(max(a, b))] = min(a, b) }
        }
        // Islands numbered in the order of their first item.
        islandOfItem = [Int32](repeating: -1, count: itemCount)
        var islandOfRoot = [Int32](repeating: -1, count: itemCount)
        var islands: Int32 = 0
        itemIsland = items.map { i in
            let r = Int(root(i))
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
    }

    /// One fixed step of the awake islands. Returns whether some island is still awake.
    mutating func step(_ store: inout ItemStore, _ joints: inout SpringStore, configuration c: WorldConfiguration, restSteps: Double) -> Bool {
        if !isAwake { return false }
        let h = c.stepDuration
        // Integrate velocities: linear damping only (no gravity, no forces).
        if c.resistance > 0 {
            let keep = 1 / (1 + h * c.resistance)
            for (k, i) in items.enumerated() where islandAwake[Int(itemIsland[k])] {
                store.vx[Int(i)] *= keep; store.vy[Int(i)] *= keep
            }
        }
        // Prepare and warm start.
        for (k, s32) in springs.enumerated() where islandAwake[Int(springIsland[k])] {
            let s = Int(s32), a = Int(joints.itemA[s]), b = Int(joints.itemB[s])
            let pa = SIMD2(store.px[a], store.py[a])
            let pb = b >= 0 ? SIMD2(store.px[b], store.py[b]) : SIMD2(joints.anchorX[s], joints.anchorY[s])
            var axis = pb - pa
            let distance = (axis * axis).sum().squareRoot()
            let inverseMassA = store.inverseMass[a], inverseMassB = b >= 0 ? store.inverseMass[b] : 0
            var inverseMass = inverseMassA + inverseMassB
            guard distance > c.linearSlop else {
                axisX[k] = 0; axisY[k] = 0; mass[k] = 0; bias[k] = 0; gamma[k] = 0
                joints.impulse[s] = 0
                continue
            }
            axis /= distance
            axisX[k] = axis.x; axisY[k] = axis.y
            let frequency = joints.frequency[s]
            if frequency > 0 {
                let effectiveMass = inverseMass > 0 ? 1 / inverseMass : 0
                let omega = 2 * Double.pi * frequency
                let d = 2 * effectiveMass * joints.damping[s] * omega
                let k2 = effectiveMass * omega * omega
                var g = h * (d + h * k2)
                g = g != 0 ? 1 / g : 0
                gamma[k] = g
                bias[k] = (distance - joints.length[s]) * h * k2 * g
                inverseMass += g
            } else {
                gamma[k] = 0
                bias[k] = 0
            }
            mass[k] = inverseMass > 0 ? 1 / inverseMass : 0
            let impulse = joints.impulse[s]
            applyImpulse(impulse, k: k, a: a, b: b, &store)
        }
        // Velocity iterations.
        for _ in 0..<c.velocityIterations {
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
        // Integrate positions.
        for (k, i32) in items.enumerated() where islandAwake[Int(itemIsland[k])] {
            let i = Int(i32)
            store.px[i] += h * store.vx[i]
            store.py[i] += h * store.vy[i]
        }
        // Position correction, rigid joints only (soft joints have none). Each island stops
        // at the first pass whose errors are all within the slop: then it counts as solved
        // (Box2D's `positionSolved`; with no passes nothing is solved and nothing sleeps).
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
        // Rest, per island: the timer grows while every item is slow, and the island sleeps
        // once it reaches the rest time with its rigid springs solved.
        let restSpeedSquared = c.restSpeed * c.restSpeed
        for island in islandSlow.indices { islandSlow[island] = true }
        for (k, i32) in items.enumerated() {
            let i = Int(i32)
            if store.vx[i] * store.vx[i] + store.vy[i] * store.vy[i] > restSpeedSquared { islandSlow[Int(itemIsland[k])] = false }
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
            store.sleeping[i] = 1
        }
        return awake
    }

    /// Wakes every island (after the springs changed).
    mutating func wakeAll(_ store: inout ItemStore) {
        for island in islandAwake.indices { islandAwake[island] = true; islandRestCount[island] = 0 }
        for i in items { store.sleeping[Int(i)] = 0 }
    }

    /// Wakes the island of dense item `item` (a change to the item, its velocity or one of
    /// its springs) and restarts its rest timer.
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
