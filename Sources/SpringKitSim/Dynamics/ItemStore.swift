/// How an item is stepped, decided each time springs change.
enum ItemMotion: UInt8 {
    /// No spring: not simulated (as an item outside the animator).
    case none = 0
    /// Exactly one soft spring, to an anchor: the closed-form fast path.
    case anchored = 1
    /// Anything else: solved by the joint solver.
    case joint = 2
}

/// Items as structure of arrays: one contiguous array per field, dense indices.
struct ItemStore {
    var table = DenseIndexTable()
    var px: [Double] = [], py: [Double] = []
    var vx: [Double] = [], vy: [Double] = []
    var width: [Double] = [], height: [Double] = []
    var inverseMass: [Double] = []
    /// `ItemMotion` raw values.
    var motion: [UInt8] = []
    /// 1 while the item sleeps.
    var sleeping: [UInt8] = []
    /// Consecutive steps at or under the rest speed.
    var restSteps: [Int32] = []
    /// The fast path's cached anchored spring: anchor, rest length and the two step
    /// coefficients (see `AnchoredSpringStep`), valid where `motion == .anchored`.
    var anchorX: [Double] = [], anchorY: [Double] = []
    var restLength: [Double] = []
    var stiffnessTerm: [Double] = [], dampingDivisor: [Double] = []

    var count: Int { table.count }

    mutating func append(center: SIMD2<Double>, velocity: SIMD2<Double>, size: SIMD2<Double>, density: Double) -> Int32 {
        let id = table.append()
        px.append(center.x); py.append(center.y)
        vx.append(velocity.x); vy.append(velocity.y)
        width.append(size.x); height.append(size.y)
        let mass = density * size.x * size.y
        inverseMass.append(mass > 0 ? 1 / mass : 1)
        motion.append(ItemMotion.none.rawValue)
        sleeping.append(0)
        restSteps.append(0)
        anchorX.append(0); anchorY.append(0); restLength.append(0)
        stiffnessTerm.append(0); dampingDivisor.append(0)
        return id
    }

    /// Removes an item; returns the dense index whose element moved into `vacated`.
    mutating func remove(_ id: Int32) -> (vacated: Int, movedFrom: Int?) {
        let result = table.remove(id)
        let i = result.vacated
        px.swapRemove(at: i); py.swapRemove(at: i)
        vx.swapRemove(at: i); vy.swapRemove(at: i)
        width.swapRemove(at: i); height.swapRemove(at: i)
        inverseMass.swapRemove(at: i)
        motion.swapRemove(at: i); sleeping.swapRemove(at: i); restSteps.swapRemove(at: i)
        anchorX.swapRemove(at: i); anchorY.swapRemove(at: i); restLength.swapRemove(at: i)
        stiffnessTerm.swapRemove(at: i); dampingDivisor.swapRemove(at: i)
        return result
    }

    func position(_ i: Int) -> SIMD2<Double> { SIMD2(px[i], py[i]) }
    func velocity(_ i: Int) -> SIMD2<Double> { SIMD2(vx[i], vy[i]) }

    mutating func wake(_ i: Int) {
        sleeping[i] = 0
        restSteps[i] = 0
    }
}
