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

    /// The number of moves in `difference(from:to:)`, without building it above the limit:
    /// there every element off a longest increasing subsequence is one move. (The standard
    /// library validates a `CollectionDifference` by sorting its changes in unspecialised
    /// generic code: about 0.5 s for a 65,536-element shuffle, 7 times the rest of a change.)
    public static func moveCount(from old: [Int], to new: [Int]) -> Int {
        if old.count <= standardLibraryLimit {
            return difference(from: old, to: new).reduce(0) { count, change in
                if case .remove(_, _, let associated) = change, associated != nil { return count + 1 }
                return count
            }
        }
        return new.count - longestIncreasingSubsequence(oldOffsets(from: old, to: new)).filter { $0 }.count
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
