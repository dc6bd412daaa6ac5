import SpringKitSupport

/// The rigid-body state of the items that need more than a spring's point mass: rotation,
/// their own damping, gravity, forces, a static (anchored) body, material properties, and
/// every item that hangs on no spring (a free body). Structure of arrays, one record per such
/// item, in the order records were made; an item of a plain spring world has none, so such a
/// world holds none of these arrays (Box2D v3's way: cold data apart from the hot loop).
///
/// Units are the world's: points, seconds, radians; masses in the world's mass units
/// (density × width × height, see `World.massUnitsPerKilogram`).
struct BodyStore {
    /// The item (its identifier's raw value) each record belongs to.
    var item: [Int32] = []
    var angle: [Double] = [], angularVelocity: [Double] = []
    /// 1 / I about the center (I = m (w² + h²) / 12, a box); 0 when rotation is not allowed.
    var inverseInertia: [Double] = []
    /// I of the item's box, kept so that allowing rotation again restores it.
    var inertia: [Double] = []
    /// `UIDynamicItemBehavior.resistance` and `.angularResistance` (Box2D's damping), 1/s.
    var linearDamping: [Double] = [], angularDamping: [Double] = []
    /// 1 while the item is affected by the world's gravity (in a gravity behaviour), else 0.
    var gravityScale: [Double] = []
    /// Force and torque applied for the current frame (cleared after the frame's steps, as
    /// UIKit clears Box2D's forces once per animator step).
    var forceX: [Double] = [], forceY: [Double] = [], torque: [Double] = []
    /// Free bodies: consecutive steps at rest while awake, −1 asleep.
    var restCount: [Double] = []
    /// `UIDynamicItemBehavior.anchored`: a static body (never moves, infinite mass).
    var isStatic: [Bool] = []
    var allowsRotation: [Bool] = []
    /// Material (`UIDynamicItemBehavior`): elasticity, friction, density, charge.
    var elasticity: [Double] = [], friction: [Double] = [], density: [Double] = [], charge: [Double] = []
    /// The density the item was made with (what removing an item behaviour restores).
    var initialDensity: [Double] = []
    /// The categories of the fields acting on the item (`FieldSet.Handle.category`, OR-ed).
    var fieldMask: [UInt32] = []

    var count: Int { item.count }

    /// UIKit's defaults for a body no item behaviour touches (charon §2.5, measured).
    static let defaultAngularDamping = 0.1, defaultElasticity = 0.2, defaultFriction = 0.2

    /// Appends a record for `item` with UIKit's defaults; returns its index.
    /// - Complexity: amortized O(1).
    mutating func append(item id: Int32, inertia: Double, linearDamping: Double, density: Double) -> Int {
        item.append(id)
        angle.append(0); angularVelocity.append(0)
        self.inertia.append(inertia)
        inverseInertia.append(inertia > 0 ? 1 / inertia : 0)
        self.linearDamping.append(linearDamping); angularDamping.append(Self.defaultAngularDamping)
        gravityScale.append(0)
        forceX.append(0); forceY.append(0); torque.append(0)
        restCount.append(0)
        isStatic.append(false); allowsRotation.append(true)
        elasticity.append(Self.defaultElasticity); friction.append(Self.defaultFriction)
        self.density.append(density); charge.append(0)
        initialDensity.append(density)
        fieldMask.append(0)
        return item.count - 1
    }

    /// Removes record `b` by moving the last one into its place; returns the item whose record
    /// moved (its new index is `b`), if any.
    mutating func swapRemove(at b: Int) -> Int32? {
        func remove<T>(_ a: inout [T]) { a.swapRemove(at: b) }
        remove(&item); remove(&angle); remove(&angularVelocity); remove(&inertia); remove(&inverseInertia)
        remove(&linearDamping); remove(&angularDamping); remove(&gravityScale)
        remove(&forceX); remove(&forceY); remove(&torque); remove(&restCount)
        remove(&isStatic); remove(&allowsRotation)
        remove(&elasticity); remove(&friction); remove(&density); remove(&charge); remove(&initialDensity)
        remove(&fieldMask)
        return b < count ? item[b] : nil
    }

    /// Clears every record's force and torque (after a frame's steps).
    /// - Complexity: O(records).
    mutating func clearForces() {
        for b in 0..<count where forceX[b] != 0 || forceY[b] != 0 || torque[b] != 0 {
            forceX[b] = 0; forceY[b] = 0; torque[b] = 0
        }
    }
}
