/// How far apart two words are, for "did you mean …?" hints on mistyped commands and options.
package enum EditDistance {
    /// The number of single-character insertions, deletions, substitutions and swaps of two
    /// neighbours that turn `a` into `b` (the optimal string alignment distance: `chek` → `check`
    /// is 1, `chekc` → `check` is 1, `run` → `tune` is 2). Compares Unicode characters.
    /// - Complexity: O(`a.count` · `b.count`).
    package static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Three rows of the table: the one two above (for swaps), the previous and the current.
        var twoAbove = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoAbove[j - 2] + 1)
                }
            }
            (twoAbove, previous, current) = (previous, current, twoAbove)
        }
        return previous[b.count]
    }

    /// The candidate closest to `word` when it is close enough to be a likely typo — at most
    /// `maximum` edits away, and fewer edits than half the longer word's length (so `-x` does
    /// not suggest `-q`) — else nil. Ties go to the earlier candidate; `word` itself is never
    /// suggested.
    /// - Complexity: O(`word.count` · the candidates' total length).
    package static func nearest(to word: String, among candidates: [String], maximum: Int = 2) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = between(word, candidate)
            guard distance <= maximum, 2 * distance < max(word.count, candidate.count) else { continue }
            if distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.candidate
    }
}
