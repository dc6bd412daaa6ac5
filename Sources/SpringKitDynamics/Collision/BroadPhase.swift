/// Sort and sweep on x over fattened boxes: the pairs of proxies whose boxes overlap. The sweep
/// order is by the fattened box's lower x, ties broken by the proxies' keys (then by index), so
/// it depends only on the boxes and the keys, never on a hash.
///
/// The order is kept from step to step and re-sorted by insertion (bodies move little in a step),
/// falling back to a full sort when that would be slow; either gives the same order, a total
/// one. The sorted boxes are copied into four contiguous arrays, and each box is tested against
/// the boxes after it in the order whose lower x is within its x range: every pair whose boxes
/// overlap in x is tested once, by contiguous reads.
struct BroadPhase {
    /// Box2D's `b2_aabbExtension` (0.1 m): the margin every box is fattened by, points.
    static let margin = 10.0

    /// Proxy indices in sweep order, and their fattened boxes' sides in that order.
    private var order: [Int32] = []
    private var lowerX: [Double] = [], upperX: [Double] = [], lowerY: [Double] = [], upperY: [Double] = []
    /// Each proxy's fattened lower x, by proxy index (the sort's key).
    private var keyX: [Double] = []

    /// Calls `visit(i, j, p, q)` for every pair of proxies whose fattened boxes overlap (edges
    /// included): proxy `i` at sweep position `p` and proxy `j` at position `q > p`. Visits come
    /// by `p`, then `q`; a classic sweep (each box against the earlier ones still open) would
    /// find the same pairs ordered by `q`, then `p`.
    /// - Complexity: O(n + m) for n proxies and m pairs overlapping in x, plus the re-sort:
    ///   O(n + moves), at worst O(n log n).
    mutating func sweep(_ proxies: [ShapeProxy], _ visit: (Int, Int, Int, Int) -> Void) {
        let n = proxies.count
        keyX.removeAll(keepingCapacity: true)
        for i in proxies.indices { keyX.append(proxies[i].aabb.lower.x - BroadPhase.margin) }
        sortOrder(proxies)
        lowerX.removeAll(keepingCapacity: true); upperX.removeAll(keepingCapacity: true)
        lowerY.removeAll(keepingCapacity: true); upperY.removeAll(keepingCapacity: true)
        for i in order {
            let box = proxies[Int(i)].aabb.expanded(by: BroadPhase.margin)
            lowerX.append(box.lower.x); upperX.append(box.upper.x); lowerY.append(box.lower.y); upperY.append(box.upper.y)
        }
        for p in 0..<n {
            let right = upperX[p], bottom = lowerY[p], top = upperY[p]
            var q = p + 1
            while q < n && lowerX[q] <= right {
                if lowerY[q] <= top && bottom <= upperY[q] { visit(Int(order[p]), Int(order[q]), p, q) }
                q += 1
            }
        }
    }

    /// Whether proxy `i` comes before proxy `j` in the sweep.
    @inline(__always) private static func precedes(_ i: Int32, _ j: Int32, _ keyX: [Double], _ proxies: [ShapeProxy]) -> Bool {
        let xi = keyX[Int(i)], xj = keyX[Int(j)]
        if xi != xj { return xi < xj }
        let ki = proxies[Int(i)].key, kj = proxies[Int(j)].key
        return ki != kj ? ki < kj : i < j
    }

    /// Puts `order` in sweep order: by insertion from the last step's order while the proxies
    /// are as many, giving up for a full sort after 8 moves a proxy.
    private mutating func sortOrder(_ proxies: [ShapeProxy]) {
        let n = proxies.count
        if order.count == n {
            var moves = 0
            let limit = 8 * n + 64
            var k = 1
            while k < n && moves <= limit {
                let v = order[k]
                var m = k
                while m > 0 && BroadPhase.precedes(v, order[m - 1], keyX, proxies) {
                    order[m] = order[m - 1]
                    m -= 1
                }
                order[m] = v
                moves += k - m
                k += 1
            }
            if k == n && moves <= limit { return }
        } else {
            order = (0..<Int32(n)).map { $0 }
        }
        let keyX = self.keyX
        order.sort { BroadPhase.precedes($0, $1, keyX, proxies) }
    }
}
