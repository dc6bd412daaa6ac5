/// Maps stable identifiers to indices in dense arrays. Identifiers are handed out in
/// increasing order and never reused, so a stale identifier is never mistaken for a new
/// element. Removal moves the last element into the hole (the caller moves its arrays).
package struct DenseIndexTable {
    /// Identifier → dense index, or -1 once removed.
    package private(set) var denseIndexOf: [Int32] = []
    /// Dense index → identifier.
    package private(set) var identifierAt: [Int32] = []

    package init() {}

    package var count: Int { identifierAt.count }

    package mutating func reserveCapacity(_ n: Int) {
        denseIndexOf.reserveCapacity(n)
        identifierAt.reserveCapacity(n)
    }

    package func denseIndex(_ identifier: Int32) -> Int? {
        guard identifier >= 0, Int(identifier) < denseIndexOf.count else { return nil }
        let index = denseIndexOf[Int(identifier)]
        return index < 0 ? nil : Int(index)
    }

    /// Adds an element at the end of the dense arrays; returns its identifier.
    package mutating func append() -> Int32 {
        let identifier = Int32(denseIndexOf.count)
        denseIndexOf.append(Int32(identifierAt.count))
        identifierAt.append(identifier)
        return identifier
    }

    /// Removes `identifier`. Returns the dense index that was vacated; the element that
    /// was last (if it was not the removed one) now belongs at that index.
    package mutating func remove(_ identifier: Int32) -> (vacated: Int, movedFrom: Int?) {
        let index = Int(denseIndexOf[Int(identifier)])
        let last = identifierAt.count - 1
        denseIndexOf[Int(identifier)] = -1
        if index != last {
            let moved = identifierAt[last]
            identifierAt[index] = moved
            denseIndexOf[Int(moved)] = Int32(index)
        }
        identifierAt.removeLast()
        return (index, index != last ? last : nil)
    }
}

extension Array {
    /// Moves the last element into `index` and drops the last slot (the order-free removal).
    package mutating func swapRemove(at index: Int) {
        let last = count - 1
        if index != last { self[index] = self[last] }
        removeLast()
    }
}
