/// The fields of one world, as UIKit's animator registers them (charon `UIFieldBehavior.md`
/// §10.4, M5): at most 32; each added field takes the **highest free** of 32 indexes and the
/// category `1 << index` (the first 0x80000000, then 0x40000000, …), and removing it frees the
/// index. An item's field mask is the OR of the categories of the fields that hold it: **a
/// field acts only on its own items** (the world keeps the masks; `category` gives the bit).
///
/// `effect(mask:…)` is PhysicsKit's per-body evaluation: the first velocity field (in
/// evaluation order) whose region holds the body sets its velocity and nothing else acts in
/// that sub-step; otherwise the forces of the fields in the mask are summed.
///
/// **Evaluation order: the order the fields were added** (a field removed and added again goes
/// to the end). PhysicsKit keeps its fields in a list its world appends to, and UIKit adds a
/// field to it when it registers the field; the order matters only for which of two
/// overlapping velocity fields wins (the host's "first" is not measured against a second
/// ordering) and for the last bits of a sum of forces.
public struct FieldSet {
    /// UIKit's limit: `UIDynamicAnimator supports a maximum of 32 distinct fields`.
    public static let capacity = 32

    /// A field's place in the set: its index (0…31) and category bit.
    public struct Handle: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// 0…31; UIKit gives 31 first.
        public let index: Int
        init(index: Int) { self.index = index }
        /// The field's category bit, `1 << index`: an item's mask holds it when the field holds
        /// the item.
        public var category: UInt32 { 1 << UInt32(index) }
        public static func < (a: Handle, b: Handle) -> Bool { a.index < b.index }
        public var description: String { "field \(index)" }
    }

    private var slots: [Field?] = Array(repeating: nil, count: FieldSet.capacity)
    /// Indexes in evaluation (addition) order.
    private var order: [Int] = []
    /// The OR of the categories of the velocity fields, to skip their pass when none is held.
    private var velocityMask: UInt32 = 0

    public init() {}

    /// How many fields the set holds.
    public var count: Int { order.count }

    /// The handles in evaluation order (the order of addition).
    public var handles: [Handle] { order.map(Handle.init(index:)) }

    /// The field a handle names, or `nil` when it was removed.
    /// - Complexity: O(1).
    public subscript(handle: Handle) -> Field? { slots[handle.index] }

    /// Adds a field at the highest free index (UIKit's category allocation) and returns its
    /// handle. Throws `FieldError.tooManyFields` when 32 are held (the set is unchanged), or
    /// what `field.validate()` throws.
    /// - Complexity: O(32).
    @discardableResult
    public mutating func add(_ field: Field) throws -> Handle {
        try field.validate()
        guard let index = (0..<Self.capacity).reversed().first(where: { slots[$0] == nil }) else {
            throw FieldError.tooManyFields
        }
        slots[index] = field
        order.append(index)
        if field.kind == .velocity { velocityMask |= 1 << UInt32(index) }
        return Handle(index: index)
    }

    /// Removes a field and frees its index (the next `add` may take it again). Throws
    /// `FieldError.unknownField` when the handle holds no field.
    /// - Complexity: O(32).
    @discardableResult
    public mutating func remove(_ handle: Handle) throws -> Field {
        guard let field = slots[handle.index] else { throw FieldError.unknownField(handle) }
        slots[handle.index] = nil
        order.removeAll { $0 == handle.index }
        velocityMask &= ~handle.category
        return field
    }

    /// Replaces the field a handle names (after changing its parameters), keeping its index
    /// and place in the order. Throws `FieldError.unknownField`, or what `validate()` throws
    /// (the set is then unchanged).
    /// - Complexity: O(1).
    public mutating func replace(_ handle: Handle, with field: Field) throws {
        guard slots[handle.index] != nil else { throw FieldError.unknownField(handle) }
        try field.validate()
        slots[handle.index] = field
        if field.kind == .velocity { velocityMask |= handle.category } else { velocityMask &= ~handle.category }
    }

    /// What the fields in `mask` do to one body this sub-step (PhysicsKit's `evalVelocity`, then
    /// `evalForce` without world gravity, which the world adds as `g · m` itself).
    ///
    /// - Parameters:
    ///   - mask: the item's field mask, the OR of the `category` of every field holding it.
    ///   - position, velocity, mass, charge, time: as `Field.effect` (pt, pt/s, kg, charge,
    ///     world time after the sub-step in s).
    /// - Returns: `.velocity` of the first velocity field in the mask whose region holds the
    ///   body (pt/s); else `.force` with the sum of the forces of the fields that act (N), or
    ///   `.none` when none acts.
    /// - Throws: what a custom field's function throws (`Field.effect`).
    /// - Complexity: O(number of fields in the mask).
    public func effect(mask: UInt32, position: SIMD2<Double>, velocity: SIMD2<Double>, mass: Double,
                       charge: Double, time: Double) throws -> FieldEffect {
        if mask == 0 { return .none }
        if mask & velocityMask != 0 {
            for index in order where mask & (1 << UInt32(index)) != 0 && velocityMask & (1 << UInt32(index)) != 0 {
                if case .velocity(let v) = try slots[index]!.effect(position: position, velocity: velocity, mass: mass,
                                                                   charge: charge, time: time) {
                    return .velocity(v)
                }
            }
        }
        var sum = SIMD2<Double>.zero
        var acted = false
        for index in order where mask & (1 << UInt32(index)) != 0 && velocityMask & (1 << UInt32(index)) == 0 {
            if case .force(let f) = try slots[index]!.effect(position: position, velocity: velocity, mass: mass,
                                                            charge: charge, time: time) {
                sum += f
                acted = true
            }
        }
        return acted ? .force(sum) : .none
    }
}
