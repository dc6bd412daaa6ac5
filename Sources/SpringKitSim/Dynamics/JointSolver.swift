/// Springs that are not a lone anchored soft spring — item-to-item springs, rigid
/// springs (frequency 0), several springs on one item — solved as Box2D 2.3 solves
/// distance joints: prepare (axis, effective mass, soft bias and gamma), warm start,
/// `velocityIterations` Gauss-Seidel passes, integrate positions, then
/// `positionIterations` passes of position correction for rigid joints only.
///
/// Items are not rotated (springs attach at centers). Scratch arrays are kept between
/// steps, so a step allocates nothing.
struct JointSolver {
    /// Dense spring indices solved here, and dense item indices they move.
    var springs: [Int32] = []
    var items: [Int32] = []
    private var axisX: [Double] = [], axisY: [Double] = []
    private var mass: [Double] = [], bias: [Double] = [], gamma: [Double] = []
    private var restCount = 0.0

    var isEmpty: Bool { springs.isEmpty }

    mutating func reset(springs: [Int32], items: [Int32]) {
        self.springs = springs
        self.items = items
        let n = springs.count
        axisX = .init(repeating: 0, count: n); axisY = axisX
        mass = axisX; bias = axisX; gamma = axisX
        restCount = 0
    }

    /// One fixed step. Returns whether the group is still awake.
    mutating func step(_ store: inout ItemStore, _ joints: inout SpringStore, configuration c: WorldConfiguration) -> Bool {
        if items.isEmpty { return false }
        if store.sleeping[Int(items[0])] != 0 { return false }
        let h = c.stepDuration
        // Integrate velocities: linear damping only (no gravity, no forces).
        if c.resistance > 0 {
            let keep = 1 / (1 + h * c.resistance)
            for i in items { store.vx[Int(i)] *= keep; store.vy[Int(i)] *= keep }
        }
        // Prepare and warm start.
        for (k, s32) in springs.enumerated() {
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
            for (k, s32) in springs.enumerated() {
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
        for i32 in items {
            let i = Int(i32)
            store.px[i] += h * store.vx[i]
            store.py[i] += h * store.vy[i]
        }
        // Position correction, rigid joints only (soft joints have none).
        for _ in 0..<c.positionIterations {
            var largestError = 0.0
            for s32 in springs where joints.frequency[Int(s32)] == 0 {
                let s = Int(s32), a = Int(joints.itemA[s]), b = Int(joints.itemB[s])
                let pa = SIMD2(store.px[a], store.py[a])
                let pb = b >= 0 ? SIMD2(store.px[b], store.py[b]) : SIMD2(joints.anchorX[s], joints.anchorY[s])
                var axis = pb - pa
                let distance = (axis * axis).sum().squareRoot()
                guard distance > 0 else { continue }
                axis /= distance
                let error = min(max(distance - joints.length[s], -c.maximumLinearCorrection), c.maximumLinearCorrection)
                largestError = max(largestError, abs(error))
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
            if largestError < c.linearSlop { break }
        }
        // Rest: the group sleeps together once every item has rested long enough.
        let restSpeedSquared = c.restSpeed * c.restSpeed
        let resting = items.allSatisfy { store.vx[Int($0)] * store.vx[Int($0)] + store.vy[Int($0)] * store.vy[Int($0)] <= restSpeedSquared }
        restCount = resting ? restCount + 1 : 0
        if restCount >= c.restSteps {
            for i in items {
                store.vx[Int(i)] = 0; store.vy[Int(i)] = 0
                store.sleeping[Int(i)] = 1
            }
            for s in springs { joints.impulse[Int(s)] = 0 }
            return false
        }
        return true
    }

    /// Wakes the group (any change to one of its items or springs).
    mutating func wake(_ store: inout ItemStore) {
        restCount = 0
        for i in items { store.sleeping[Int(i)] = 0 }
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
