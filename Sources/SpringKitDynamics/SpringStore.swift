import SpringKitSupport

/// Springs as structure of arrays. `itemB == -1` means item A hangs on `anchor`.
struct SpringStore {
    var table = DenseIndexTable()
    /// Dense item indices (kept current when items move in their arrays).
    var itemA: [Int32] = [], itemB: [Int32] = []
    var anchorX: [Double] = [], anchorY: [Double] = []
    var length: [Double] = [], damping: [Double] = [], frequency: [Double] = []
    /// Accumulated impulse of the joint solver, for warm starting.
    var impulse: [Double] = []
    /// False for a switched-off spring: it stays in the world but applies nothing.
    var enabled: [Bool] = []

    var count: Int { table.count }

    mutating func reserveCapacity(_ n: Int) {
        table.reserveCapacity(n)
        itemA.reserveCapacity(n); itemB.reserveCapacity(n)
        anchorX.reserveCapacity(n); anchorY.reserveCapacity(n)
        length.reserveCapacity(n); damping.reserveCapacity(n); frequency.reserveCapacity(n)
        impulse.reserveCapacity(n); enabled.reserveCapacity(n)
    }

    mutating func append(itemA a: Int32, itemB b: Int32, anchor: SIMD2<Double>, parameters p: SpringParameters) -> Int32 {
        let id = table.append()
        itemA.append(a); itemB.append(b)
        anchorX.append(anchor.x); anchorY.append(anchor.y)
        length.append(p.length); damping.append(p.damping); frequency.append(p.frequency)
        impulse.append(0)
        enabled.append(true)
        return id
    }

    mutating func remove(_ id: Int32) {
        let i = table.remove(id).vacated
        itemA.swapRemove(at: i); itemB.swapRemove(at: i)
        anchorX.swapRemove(at: i); anchorY.swapRemove(at: i)
        length.swapRemove(at: i); damping.swapRemove(at: i); frequency.swapRemove(at: i)
        impulse.swapRemove(at: i); enabled.swapRemove(at: i)
    }

    /// The enabled springs with dense item `item` at either end.
    /// - Complexity: O(springs).
    func enabledCount(touching item: Int32) -> Int {
        (0..<count).reduce(0) { $0 + (enabled[$1] && (itemA[$1] == item || itemB[$1] == item) ? 1 : 0) }
    }

    func parameters(_ i: Int) -> SpringParameters {
        SpringParameters(length: length[i], damping: damping[i], frequency: frequency[i])
    }

    /// After item `from` moved to dense index `to`, points its springs there.
    mutating func itemMoved(from: Int, to: Int) {
        let f = Int32(from), t = Int32(to)
        for s in 0..<count {
            if itemA[s] == f { itemA[s] = t }
            if itemB[s] == f { itemB[s] = t }
        }
    }
}
