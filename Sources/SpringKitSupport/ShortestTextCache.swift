/// The shortest texts (`NumberFormat.writeShortest`) of recently written numbers, kept by bit
/// pattern: a trace repeats most of its values (the time on every row of a frame, a size on
/// every row), and copying a kept text costs a small fraction of formatting it again.
///
/// Direct-mapped, 4,096 slots of 32 bytes (128 KiB): a value whose slot holds another value
/// is formatted and takes the slot. Integral values below 10^15 are not kept (their digits
/// are cheaper to write than to look up). The bytes written are those of
/// `NumberFormat.writeShortest` in every case. Not thread-safe: one cache per thread.
package final class ShortestTextCache {
    private static let slotBits = 12
    private static let slotCount = 1 << slotBits
    /// Per slot: the length byte, then the text (`NumberFormat.longestShortest` bytes at most).
    private static let slotSize = 32
    private let keys: UnsafeMutablePointer<UInt64>
    private let texts: UnsafeMutablePointer<UInt8>

    package init() {
        keys = .allocate(capacity: Self.slotCount)
        texts = .allocate(capacity: Self.slotCount * Self.slotSize)
        // Length 0 marks an empty slot (every text has at least one byte).
        keys.initialize(repeating: 0, count: Self.slotCount)
        texts.initialize(repeating: 0, count: Self.slotCount * Self.slotSize)
    }

    deinit {
        keys.deallocate()
        texts.deallocate()
    }

    /// Writes `NumberFormat.shortest(value)` at `out` (room for `NumberFormat.longestShortest`
    /// bytes); returns the number of bytes written.
    /// - Complexity: O(1).
    @inline(__always)
    package func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value.rounded() == value && abs(value) < 1e15 { return NumberFormat.writeShortest(value, to: out) }
        let bits = value.bitPattern
        // Fibonacci hashing: the top bits of the product spread nearby bit patterns apart.
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.slotBits))
        let entry = texts + slot * Self.slotSize
        var count = Int(entry[0])
        if count == 0 || keys[slot] != bits {
            count = NumberFormat.writeShortest(value, to: entry + 1)
            entry[0] = UInt8(truncatingIfNeeded: count)
            keys[slot] = bits
        }
        out.update(from: entry + 1, count: count)
        return count
    }
}
