/// UIKit's contact filter as measured (charon `UIDynamicAnimator.md` §7.3, SpriteKit's
/// semantics rather than Box2D's `b2Filter`): every shape has a 32-bit category and collision
/// mask. Two shapes are in contact iff `(catA & maskB) != 0 || (catB & maskA) != 0`; a body
/// responds iff the other's category meets its mask. A body that does not respond is
/// unaffected (the contact is solved with its inverse mass and inertia taken as 0); a contact
/// neither body responds to exists (its events are reported) but is not solved.
struct ContactFilter: Equatable {
    var category: UInt32
    var mask: UInt32

    /// SpriteKit's defaults: every category, colliding with everything.
    static let `default` = ContactFilter(category: .max, mask: .max)

    static func exists(_ a: ContactFilter, _ b: ContactFilter) -> Bool { (a.category & b.mask) != 0 || (b.category & a.mask) != 0 }
    /// Whether the body with filter `x` responds to a contact with `other`.
    static func responds(_ x: ContactFilter, to other: ContactFilter) -> Bool { (other.category & x.mask) != 0 }
}
