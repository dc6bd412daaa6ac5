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
            // Drop the active boxes that end before this one starts (keeping their order).
            active.removeAll { boxes[$0].upper.x < box.lower.x }
            for j in active where boxes[j].lower.y <= box.upper.y && box.lower.y <= boxes[j].upper.y && accept(j, i) {
                result.append((j, i))
            }
            active.append(i)
        }
        return result
    }
}
