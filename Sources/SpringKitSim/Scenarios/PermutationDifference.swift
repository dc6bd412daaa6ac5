/// The difference between two orders of the same identifiers, with moves inferred.
///
/// Up to `standardLibraryLimit` elements this is the standard library's
/// `difference(from:).inferringMoves()`. Its Myers algorithm costs O(N·D), which is
/// quadratic for a shuffle (minutes for 65,536 dots); above the limit the same minimal
/// difference is built from a longest increasing subsequence of the old positions in
/// O(N log N): the elements on it stay, every other one is a move.
public enum PermutationDifference {
    public static let standardLibraryLimit = 16_384

    public static func difference(from old: [Int], to new: [Int]) -> CollectionDifference<Int> {
        if old.count <= standardLibraryLimit { return new.difference(from: old).inferringMoves() }
        return viaLongestIncreasingSubsequence(from: old, to: new)
    }

    /// For permutations of one set: removals and insertions of the elements off a longest
    /// increasing subsequence, associated with each other (moves).
    static func viaLongestIncreasingSubsequence(from old: [Int], to new: [Int]) -> CollectionDifference<Int> {
        var oldOffset: [Int: Int] = [:]
        oldOffset.reserveCapacity(old.count)
        for (offset, element) in old.enumerated() { oldOffset[element] = offset }
        let sequence = new.map { oldOffset[$0]! }
        let kept = longestIncreasingSubsequence(sequence)
        var changes: [CollectionDifference<Int>.Change] = []
        for (newIndex, element) in new.enumerated() where !kept[newIndex] {
            let from = sequence[newIndex]
            changes.append(.remove(offset: from, element: element, associatedWith: newIndex))
            changes.append(.insert(offset: newIndex, element: element, associatedWith: from))
        }
        return CollectionDifference(changes)!
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
