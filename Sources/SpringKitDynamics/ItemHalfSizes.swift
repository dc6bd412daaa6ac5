/// Half the width and height of every item's box, points, as `Float` (its rotational inertia
/// and corners; Box2D keeps shapes in `float` too).
///
/// Held as one value while every item has the same size — the large worlds are grids of
/// equal cells and fields of equal dots — and as one pair per item from the first item of
/// another size on. A 1,000,000-item world of one size saves 8 MB.
struct ItemHalfSizes {
    /// Every item's half size while `perItem` is empty.
    private var shared = SIMD2<Float>(0.5, 0.5)
    /// One half size per dense index, once two items have differed.
    private var perItem: [SIMD2<Float>] = []
    private(set) var count = 0
    private var reserved = 0

    /// - Complexity: O(1).
    subscript(i: Int) -> SIMD2<Float> {
        precondition(i >= 0 && i < count, "item index out of range")
        return perItem.isEmpty ? shared : perItem[i]
    }

    /// Bytes held (capacity, not count).
    var bytes: Int { perItem.capacity * MemoryLayout<SIMD2<Float>>.stride }

    /// Remembers `n` for the per-item column, reserved only if it is ever made.
    mutating func reserveCapacity(_ n: Int) {
        reserved = max(reserved, n)
        if !perItem.isEmpty { perItem.reserveCapacity(n) }
    }

    /// - Complexity: amortised O(1); O(n) once, when the first item of a second size arrives.
    mutating func append(_ half: SIMD2<Float>) {
        if perItem.isEmpty {
            if count == 0 || half == shared {
                shared = half
                count += 1
                return
            }
            perItem.reserveCapacity(max(reserved, count + 1))
            perItem.append(contentsOf: repeatElement(shared, count: count))
        }
        perItem.append(half)
        count += 1
    }

    /// Moves the last item's size into `i` and drops the last (as the other item columns do).
    /// - Complexity: O(1).
    mutating func swapRemove(at i: Int) {
        precondition(i >= 0 && i < count, "item index out of range")
        count -= 1
        guard !perItem.isEmpty else { return }
        perItem.swapAt(i, count)
        perItem.removeLast()
        if count == 0 { perItem = [] }
    }
}
