/// Disjoint sets over 0..<count (union–find with path compression). A union makes the smaller
/// root the parent, so every set's root is its least member whatever order the unions come in:
/// numbering sets by their roots is deterministic.
struct DisjointSets {
    private var parent: [Int]

    /// `count` singletons.
    /// - Complexity: O(count).
    init(count: Int) { parent = Array(0..<count) }

    /// The least member of `i`'s set.
    /// - Complexity: amortized O(log count); near O(1) in practice with the compression.
    mutating func root(_ i: Int) -> Int {
        var r = i
        while parent[r] != r { r = parent[r] }
        var j = i
        while parent[j] != r { let next = parent[j]; parent[j] = r; j = next }
        return r
    }

    /// Joins the sets of `a` and `b`.
    mutating func union(_ a: Int, _ b: Int) {
        let ra = root(a), rb = root(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}
