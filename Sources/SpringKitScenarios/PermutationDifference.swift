import SpringKitMotion

/// The difference between two orders of the same identifiers, with moves inferred.
///
/// Up to `standardLibraryLimit` elements the difference is the standard library's
/// `difference(from:).inferringMoves()`. Its Myers algorithm costs O(N·D), which is
/// quadratic for a shuffle (minutes for 65,536 dots); above the limit the same minimal
/// difference is built from a longest increasing subsequence of the old positions in
/// O(N log N): the elements on it stay, every other one is a move. The move count is taken
/// from the subsequence at every size (`moveCount`).
package enum PermutationDifference {
    package static let standardLibraryLimit = 16_384

    /// The minimal difference from `old` to `new` (the same identifiers), moves inferred.
    /// - Complexity: O(N·D) up to `standardLibraryLimit` elements (quadratic for a shuffle),
    ///   O(N log N) above it; N elements, D changes.
    package static func difference(from old: [Int], to new: [Int]) -> CollectionDifference<Int> {
        if old.count <= standardLibraryLimit { return new.difference(from: old).inferringMoves() }
        return viaLongestIncreasingSubsequence(from: old, to: new)
    }

    /// The number of moves in `difference(from:to:)` at every size, without building it:
    /// every element off a longest increasing subsequence of the old offsets is one move, and
    /// a minimal difference of two orders of the same elements has exactly that many (the
    /// standard library's Myers diff is minimal too; `PermutationDifferenceTests` compares
    /// them). Building a `CollectionDifference` is what costs: Myers is O(N·D), quadratic for
    /// a shuffle, and the standard library validates a difference by sorting its changes in
    /// unspecialised generic code.
    /// - Complexity: O(N log N).
    package static func moveCount(from old: [Int], to new: [Int]) -> Int {
        new.count - longestIncreasingSubsequenceLength(oldOffsets(from: old, to: new))
    }

    /// The length of a longest strictly increasing subsequence (patience sorting, tails only).
    /// - Complexity: O(N log N).
    static func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
        var tails: [Int] = []          // the smallest tail value of each length
        tails.reserveCapacity(64)
        for value in values {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if tails[mid] < value { low = mid + 1 } else { high = mid }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }

    /// For permutations of one set: removals and insertions of the elements off a longest
    /// increasing subsequence, associated with each other (moves).
    static func viaLongestIncreasingSubsequence(from old: [Int], to new: [Int]) -> CollectionDifference<Int> {
        let sequence = oldOffsets(from: old, to: new)
        let kept = longestIncreasingSubsequence(sequence)
        var changes: [CollectionDifference<Int>.Change] = []
        for (newIndex, element) in new.enumerated() where !kept[newIndex] {
            let from = sequence[newIndex]
            changes.append(.remove(offset: from, element: element, associatedWith: newIndex))
            changes.append(.insert(offset: newIndex, element: element, associatedWith: from))
        }
        return CollectionDifference(changes)!
    }

    /// For each element of `new`, its offset in `old` (the same elements in another order).
    private static func oldOffsets(from old: [Int], to new: [Int]) -> [Int] {
        // Identifiers 0..<n (the dot art's): an array inverse instead of hashing.
        if old.allSatisfy({ $0 >= 0 && $0 < old.count }) {
            var inverse = [Int](repeating: 0, count: old.count)
            for (offset, element) in old.enumerated() { inverse[element] = offset }
            return new.map { inverse[$0] }
        }
        var oldOffset: [Int: Int] = [:]
        oldOffset.reserveCapacity(old.count)
        for (offset, element) in old.enumerated() { oldOffset[element] = offset }
        return new.map { oldOffset[$0]! }
    }

    /// Marks, by index, one longest strictly increasing subsequence (patience sorting).
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []          // index of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var marks = [Bool](repeating: false, count: values.count)
        var k = tails.last ?? -1
        while k >= 0 {
            marks[k] = true
            k = previous[k]
        }
        return marks
    }
}
