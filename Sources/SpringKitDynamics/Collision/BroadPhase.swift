/// Sort and sweep on x over fattened boxes: the pairs of proxies whose boxes overlap, in an
/// order that depends only on the boxes and the proxies' keys (ties in x are broken by key), so
/// never on a hash.
enum BroadPhase {
    /// Box2D's `b2_aabbExtension` (0.1 m): the margin every box is fattened by, points.
    static let margin = 10.0

    /// The overlapping pairs among `boxes` (proxy indices, lower index of the sort first), for
    /// which `accept` holds, in sweep order.
    /// - Complexity: O(n log n + k + s) for n boxes, k pairs emitted and s the overlaps in x
    ///   that are not overlaps in y.
    static func pairs(_ boxes: [AABB], keys: [ShapeKey], accept: (Int, Int) -> Bool) -> [(Int, Int)] {
        let order = boxes.indices.sorted { i, j in
            boxes[i].lower.x != boxes[j].lower.x ? boxes[i].lower.x < boxes[j].lower.x : keys[i] < keys[j]
        }
        var active: [Int] = []
        var result: [(Int, Int)] = []
        for i in order {
            let box = boxes[i]
            // One pass over the active boxes: those that end before this one starts are dropped
            // (the rest keep their order), the others are tested against it.
            var kept = 0
            for n in active.indices {
                let j = active[n]
                if boxes[j].upper.x < box.lower.x { continue }
                active[kept] = j
                kept += 1
                if boxes[j].lower.y <= box.upper.y && box.lower.y <= boxes[j].upper.y && accept(j, i) { result.append((j, i)) }
            }
            active.removeLast(active.count - kept)
            active.append(i)
        }
        return result
    }
}
