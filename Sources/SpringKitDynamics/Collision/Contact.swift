/// A pair of shapes whose fattened boxes overlap (Box2D's `b2Contact`), kept from step to step
/// while they do. Most contacts of a pile never touch (a box's fattened box meets a dozen
/// others), so the record is small, 40 bytes, plain data: what a touching contact needs besides
/// (its manifold, mixed material and event state) lives in a `ContactTouch` of its own.
struct Contact {
    var keyA: ShapeKey, keyB: ShapeKey
    /// When it was made (a count of contacts made before it), for Box2D's newest-first order;
    /// −1: the slot is free.
    var stamp: Int64 = -1
    private var storedA: Int32, storedB: Int32
    /// Its slot in `ContactManager.touches` while touching, else −1.
    var touch: Int32 = -1
    var respondsA = false, respondsB = false

    init(keyA: ShapeKey, keyB: ShapeKey, proxyA: Int = 0, proxyB: Int = 0) {
        self.keyA = keyA; self.keyB = keyB
        storedA = Int32(truncatingIfNeeded: proxyA); storedB = Int32(truncatingIfNeeded: proxyB)
    }

    /// Indices of the two proxies in the current step.
    var proxyA: Int {
        get { Int(storedA) }
        set { storedA = Int32(truncatingIfNeeded: newValue) }
    }
    var proxyB: Int {
        get { Int(storedB) }
        set { storedB = Int32(truncatingIfNeeded: newValue) }
    }

    var isTouching: Bool { touch >= 0 }
    /// Solved only while touching and some body responds.
    var isSolved: Bool { isTouching && (respondsA || respondsB) }
}

/// What a touching contact keeps besides its `Contact`: the manifold whose point impulses warm
/// start the next step, the mixed material and the state of its contact events.
struct ContactTouch {
    var manifold: Manifold
    /// `b2MixFriction` (√(fa·fb)) and `b2MixRestitution` (max).
    var friction = 0.0, restitution = 0.0
    /// The began event recorded for it since the events were last taken (−1: none), and the
    /// largest normal impulse its point came from.
    var beganEvent = -1
    var largestImpulse = -1.0
    /// The manifold point of the largest normal impulse at the last solve, world points.
    var lastPoint = SIMD2<Double>.zero
}
