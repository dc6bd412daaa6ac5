/// Each proxy's contacts for one step, as rows of one array (compressed rows), so a pair's
/// contact is found among the few contacts of one of its proxies: no hashing, and the row is
/// read contiguously. Its arrays keep their capacity from step to step.
struct ContactIndex {
    /// Row `p` is `start[p]..<start[p + 1]`.
    private var start: [Int32] = []
    private var cursor: [Int32] = []
    /// Per entry: the contact's other proxy, bitwise-not when the row's proxy is the contact's
    /// end B; and the contact's slot.
    private var other: [Int32] = []
    private var slot: [Int32] = []

    /// Indexes the live contacts (`stamp >= 0`) of `contacts` over `proxyCount` proxies.
    /// - Complexity: O(proxies + contacts).
    mutating func build(_ contacts: [Contact], proxyCount n: Int) {
        start.removeAll(keepingCapacity: true)
        start.append(contentsOf: repeatElement(0, count: n + 1))
        for k in contacts.indices where contacts[k].stamp >= 0 {
            start[contacts[k].proxyA + 1] += 1
            start[contacts[k].proxyB + 1] += 1
        }
        for p in 0..<n { start[p + 1] += start[p] }
        cursor.removeAll(keepingCapacity: true)
        cursor.append(contentsOf: start)
        let entries = Int(start[n])
        ContactIndex.reset(&other, count: entries)
        ContactIndex.reset(&slot, count: entries)
        for k in contacts.indices where contacts[k].stamp >= 0 {
            let a = contacts[k].proxyA, b = contacts[k].proxyB
            let ea = Int(cursor[a]), eb = Int(cursor[b])
            other[ea] = Int32(b); slot[ea] = Int32(k); cursor[a] += 1
            other[eb] = ~Int32(a); slot[eb] = Int32(k); cursor[b] += 1
        }
    }

    /// Makes `array` `count` zeros, its storage kept when large enough, else replaced by one a
    /// quarter larger (the old one freed first).
    private static func reset(_ array: inout [Int32], count: Int) {
        if count > array.capacity {
            array = []
            array.reserveCapacity(count + count / 4)
        }
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(0, count: count))
    }

    /// The slot of the contact whose end A is proxy `a` and end B proxy `b`, searched in the
    /// shorter of the two rows (a boundary has hundreds of contacts, a box a dozen).
    /// - Complexity: O(min(row a, row b)).
    func find(_ a: Int, _ b: Int) -> Int? {
        let lengthA = start[a + 1] - start[a], lengthB = start[b + 1] - start[b]
        let (row, wanted) = lengthA <= lengthB ? (a, Int32(b)) : (b, ~Int32(a))
        for e in Int(start[row])..<Int(start[row + 1]) where other[e] == wanted { return Int(slot[e]) }
        return nil
    }
}
