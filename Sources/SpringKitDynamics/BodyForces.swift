import SpringKitSupport

/// What acts on a body in one sub-step before the joints are solved: the world's gravity, the
/// body's force and the fields holding it (evaluated once per sub-step, inside the step, as
/// UIKit's PhysicsKit evaluates them: charon `UIFieldBehavior.md` §0). Shared by the free-body
/// step and the joint solver's first stage.
struct BodyForces {
    var gravity: SIMD2<Double>
    var fields: FieldSet
    /// World time after the sub-step being taken (seconds, summed in `Double` step by step).
    var time: Double

    /// Body `b`'s (item `i`'s) velocity after integrating one sub-step of `h`, before damping:
    /// a velocity field's velocity replaces it (gravity and forces then do nothing), else
    /// v + h (g·gravityScale + (F + fields' force) / m).
    /// - Complexity: O(fields holding the body).
    func integrate(_ v: SIMD2<Double>, body b: Int, item i: Int, _ items: ItemStore, _ bodies: BodyStore, h: Double) throws -> SIMD2<Double> {
        var force = SIMD2(bodies.forceX[b], bodies.forceY[b])
        let mask = bodies.fieldMask[b]
        if mask != 0 {
            let inverseMass = items.inverseMass[i]
            let kilograms = inverseMass > 0 ? 1 / inverseMass / World.massUnitsPerKilogram : 0
            switch try fields.effect(mask: mask, position: items.position(i), velocity: v, mass: kilograms,
                                     charge: bodies.charge[b], time: time) {
            case .velocity(let replaced): return replaced
            case .force(let newtons): force += newtons * World.forceUnitsPerNewton
            case .none: break
            }
        }
        return v + h * (bodies.gravityScale[b] * gravity + items.inverseMass[i] * force)
    }
}
