import SpringKitMath

/// The step of a body on no joint, as Box2D's `b2Island::Solve` steps a body alone in its
/// island (UIKit's item in an item, gravity or push behaviour only), in its stages:
///
///     integrate velocities   v ← (v + h (g·gravityScale + (F + fields)/m)) / (1 + h·resistance),
///                            or a velocity field's velocity / (1 + h·resistance)
///                            ω ← (ω + h τ/I) / (1 + h·angularResistance)
///     integrate positions    at most `maximumTranslation` and a quarter turn a step:
///                            p ← p + h v, angle ← angle + h ω
///     sleep                  after `restSteps` steps with |v| ≤ restSpeed and |ω| ≤ 2°/s
///
/// A static body (`UIDynamicItemBehavior.anchored`) does not move.
enum FreeBodyStep {
    /// Box2D's `b2_angularSleepTolerance`: 2° per second, in radians.
    static let angularRestSpeed = 2.0 / 180 * Double.pi
    /// Box2D's `b2_maxRotation`: a quarter turn per step.
    static let maximumRotation = 0.5 * Double.pi

    struct Constants {
        var step: Double
        var restSpeed: Double
        var restSteps: Double
        var maximumTranslation: Double
    }

    /// Advances every awake free body (`ItemMotion.free`, `restCount ≥ 0`) by `steps` steps;
    /// returns how many are awake after.
    /// - Complexity: O(steps × records).
    /// `forces` gives gravity and the fields; `times[k]` is the world time after step k.
    static func advance(_ items: inout ItemStore, _ bodies: inout BodyStore, _ c: Constants, forces: BodyForces,
                        times: [Double]) throws -> Int {
        var awake = 0
        for b in 0..<bodies.count {
            guard bodies.restCount[b] >= 0, let i = items.table.denseIndex(bodies.item[b]),
                  items.motion[i] == ItemMotion.free.rawValue else { continue }
            if bodies.isStatic[b] {
                sleep(b, i, &items, &bodies)
                continue
            }
            var f = forces
            for t in times where bodies.restCount[b] >= 0 {
                f.time = t
                try step(b, i, &items, &bodies, c, f)
            }
            if bodies.restCount[b] >= 0 { awake += 1 }
        }
        return awake
    }

    private static func step(_ b: Int, _ i: Int, _ items: inout ItemStore, _ bodies: inout BodyStore, _ c: Constants,
                             _ forces: BodyForces) throws {
        let h = c.step
        // Integrate velocities (gravity, force and fields, then damping).
        var v = try forces.integrate(SIMD2(items.vx[i], items.vy[i]), body: b, item: i, items, bodies, h: h)
        v *= 1 / (1 + h * bodies.linearDamping[b])
        var w = bodies.angularVelocity[b] + h * bodies.inverseInertia[b] * bodies.torque[b]
        w *= 1 / (1 + h * bodies.angularDamping[b])
        // Integrate positions, each move clamped as Box2D clamps it.
        let translation = h * v
        let squared = (translation * translation).sum()
        if squared > c.maximumTranslation * c.maximumTranslation { v *= c.maximumTranslation / squared.squareRoot() }
        if abs(h * w) > maximumRotation { w *= maximumRotation / abs(h * w) }
        items.px[i] += h * v.x; items.py[i] += h * v.y
        bodies.angle[b] += h * w
        // Sleep.
        let slow = (v * v).sum() <= c.restSpeed * c.restSpeed && w * w <= angularRestSpeed * angularRestSpeed
        bodies.restCount[b] = slow ? bodies.restCount[b] + 1 : 0
        if bodies.restCount[b] >= c.restSteps {
            sleep(b, i, &items, &bodies)
        } else {
            items.vx[i] = v.x; items.vy[i] = v.y
            bodies.angularVelocity[b] = w
        }
    }

    /// Puts body `b` (item `i`) to sleep: velocities zeroed, as Box2D's `SetAwake(false)`.
    static func sleep(_ b: Int, _ i: Int, _ items: inout ItemStore, _ bodies: inout BodyStore) {
        items.vx[i] = 0; items.vy[i] = 0
        bodies.angularVelocity[b] = 0
        bodies.restCount[b] = -1
        items.sleeping[i] = 1
    }
}
