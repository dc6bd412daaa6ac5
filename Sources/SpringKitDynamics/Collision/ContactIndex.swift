/// Each proxy's contacts for one step, as rows of one array (compressed rows), so a pair's
/// contact is found among the few contacts of one of its proxies: no hashing, and the row is
/// read contiguously. A row can also be marked on the proxies it meets (`mark`), after which
/// each of its pairs is found in O(1) (`markedSlot`): the sweep meets one proxy's pairs in a
/// run. Its arrays keep their capacity from step to step.
struct ContactIndex {
    /// Row `p` is `start[p]..<start[p + 1]`.
    private var start: [Int32] = []
    private var cursor: [Int32] = []
    /// Per entry: the contact's other proxy, bitwise-not when the row's proxy is the contact's
    /// end B; and the contact's slot.
    private var other: [Int32] = []
    private var slot: [Int32] = []
    /// Per proxy: the proxy whose row was last marked on it (−1: none this step), and the
    /// contact's slot there, bitwise-not when that row's proxy is the contact's end B.
    private var markRow: [Int32] = []
    private var markSlot: [Int32] = []
    /// The row marked last (−1: none).
    private(set) var markedRow = -1

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
        markRow.removeAll(keepingCapacity: true); markRow.append(contentsOf: repeatElement(-1, count: n))
        markSlot.removeAll(keepingCapacity: true); markSlot.append(contentsOf: repeatElement(0, count: n))
        markedRow = -1
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

    /// Marks row `i` on the other proxy of each of its contacts.
    /// - Complexity: O(row i).
    mutating func mark(_ i: Int) {
        for e in Int(start[i])..<Int(start[i + 1]) {
            let o = other[e], s = slot[e]
            let j = Int(o >= 0 ? o : ~o)
            markRow[j] = Int32(i)
            markSlot[j] = o >= 0 ? s : ~s
        }
        markedRow = i
    }

    /// With row `i` marked: the slot of the contact of proxies `i` and `j` in which `i` is end
    /// A (`iIsA`) or end B, if there is one.
    /// - Complexity: O(1).
    @inline(__always) func markedSlot(_ i: Int, _ j: Int, iIsA: Bool) -> Int? {
        guard markRow[j] == Int32(i) else { return nil }
        let s = markSlot[j]
        return (s >= 0) == iIsA ? Int(s >= 0 ? s : ~s) : nil
    }
}
