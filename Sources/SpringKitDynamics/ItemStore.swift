import SpringKitSupport

/// How an item is stepped, decided each time springs change.
enum ItemMotion: UInt8 {
    /// No spring: a free body (`BodyStore`), moving with its velocity, damping, gravity and
    /// forces until it sleeps.
    case free = 0
    /// Exactly one soft spring, to an anchor: the closed-form fast path.
    case anchored = 1
    /// Anything else: solved by the joint solver.
    case joint = 2
}

/// Items as structure of arrays: one contiguous array per field, dense indices. The
/// fields the spring kernel streams through are cache-line aligned.
struct ItemStore {
    var table = DenseIndexTable()
    var px = AlignedDoubleArray(), py = AlignedDoubleArray()
    var vx = AlignedDoubleArray(), vy = AlignedDoubleArray()
    var inverseMass: [Double] = []
    /// `ItemMotion` raw values.
    var motion: [UInt8] = []
    /// Joint items: 1 while the item's island sleeps.
    var sleeping: [UInt8] = []
    /// Anchored items: consecutive steps at or under the rest speed while awake; −1 while
    /// asleep, and for every item the fast path does not move.
    var anchoredRest = AlignedDoubleArray()
    /// The fast path's cached anchored spring: anchor and `AnchoredSpringStep.Coefficients`,
    /// valid where `motion == .anchored`.
    var anchorX = AlignedDoubleArray(), anchorY = AlignedDoubleArray()
    var dampingMinusOne = AlignedDoubleArray(), stiffness = AlignedDoubleArray()
    var stiffnessLength = AlignedDoubleArray()
    /// Half the item's width and height, points.
    var halfSizes = ItemHalfSizes()

    var count: Int { table.count }

    mutating func reserveCapacity(_ n: Int) {
        for keyPath in [\ItemStore.px, \.py, \.vx, \.vy, \.anchoredRest, \.anchorX, \.anchorY,
                        \.dampingMinusOne, \.stiffness, \.stiffnessLength] as [WritableKeyPath<ItemStore, AlignedDoubleArray>] {
            self[keyPath: keyPath].reserveCapacity(n)
        }
        inverseMass.reserveCapacity(n)
        halfSizes.reserveCapacity(n)
        motion.reserveCapacity(n)
        sleeping.reserveCapacity(n)
        table.reserveCapacity(n)
    }

    mutating func append(center: SIMD2<Double>, velocity: SIMD2<Double>, mass: Double,
                         size: SIMD2<Double> = SIMD2(1, 1)) -> Int32 {
        let id = table.append()
        halfSizes.append(SIMD2(Float(size.x / 2), Float(size.y / 2)))
        px.append(center.x); py.append(center.y)
        vx.append(velocity.x); vy.append(velocity.y)
        inverseMass.append(1 / mass)
        motion.append(ItemMotion.free.rawValue)
        sleeping.append(0)
        anchoredRest.append(-1)
        anchorX.append(0); anchorY.append(0)
        dampingMinusOne.append(0); stiffness.append(0); stiffnessLength.append(0)
        return id
    }

    /// Removes an item; returns the dense index whose element moved into `vacated`.
    mutating func remove(_ id: Int32) -> (vacated: Int, movedFrom: Int?) {
        let result = table.remove(id)
        let i = result.vacated
        px.swapRemove(at: i); py.swapRemove(at: i)
        vx.swapRemove(at: i); vy.swapRemove(at: i)
        inverseMass.swapRemove(at: i)
        halfSizes.swapRemove(at: i)
        motion.swapRemove(at: i); sleeping.swapRemove(at: i); anchoredRest.swapRemove(at: i)
        anchorX.swapRemove(at: i); anchorY.swapRemove(at: i)
        dampingMinusOne.swapRemove(at: i); stiffness.swapRemove(at: i); stiffnessLength.swapRemove(at: i)
        return result
    }

    func position(_ i: Int) -> SIMD2<Double> { SIMD2(px[i], py[i]) }
    func velocity(_ i: Int) -> SIMD2<Double> { SIMD2(vx[i], vy[i]) }

    /// The rotational inertia of item `i`'s box about its center: m (w² + h²) / 12.
    func boxInertia(_ i: Int) -> Double {
        let w = 2 * Double(halfSizes[i].x), h = 2 * Double(halfSizes[i].y)
        return inverseMass[i] > 0 ? (w * w + h * h) / 12 / inverseMass[i] : 0
    }

    func isResting(_ i: Int) -> Bool {
        switch ItemMotion(rawValue: motion[i])! {
        case .anchored: return anchoredRest[i] < 0
        case .joint: return sleeping[i] != 0
        case .free: return sleeping[i] != 0
        }
    }
}
