/// A growable array of `Double` whose first element sits on a 64-byte boundary: one
/// cache line, one AVX-512 vector.
///
/// Swift's `Array` puts its elements after a 32-byte header in a 16-byte-aligned block, so
/// they seldom start on a line boundary and most 64-byte vector loads of the spring kernel
/// would straddle two lines; measured, that made the kernel up to 1.8× slower. With every hot array aligned and
/// the kernel walking blocks of 128 items, each of its vector loads and stores touches
/// exactly one line.
///
/// A value type with copy-on-write, like `Array`; only the operations the item store
/// needs are provided.
package struct AlignedDoubleArray: RandomAccessCollection, MutableCollection {
    /// Bytes the storage is aligned to.
    static let alignment = 64

    private final class Storage {
        var base: UnsafeMutablePointer<Double>
        var count: Int
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            count = 0
            let raw = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(capacity, 1) * MemoryLayout<Double>.stride,
                                                       alignment: AlignedDoubleArray.alignment)
            base = raw.bindMemory(to: Double.self, capacity: Swift.max(capacity, 1))
        }

        func copy(capacity newCapacity: Int) -> Storage {
            let copy = Storage(capacity: newCapacity)
            copy.base.initialize(from: base, count: count)
            copy.count = count
            return copy
        }

        deinit { UnsafeMutableRawPointer(base).deallocate() }
    }

    private var storage: Storage

    package init() { storage = Storage(capacity: 0) }

    init(repeating value: Double, count: Int) {
        storage = Storage(capacity: count)
        storage.base.initialize(repeating: value, count: count)
        storage.count = count
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { storage.count }
    /// Elements the storage holds before it must grow.
    package var capacity: Int { storage.capacity }

    package subscript(index: Int) -> Double {
        get {
            precondition(index >= 0 && index < storage.count, "index out of range")
            return storage.base[index]
        }
        set {
            precondition(index >= 0 && index < storage.count, "index out of range")
            makeUnique(capacity: storage.capacity)
            storage.base[index] = newValue
        }
    }

    package mutating func reserveCapacity(_ n: Int) { makeUnique(capacity: Swift.max(n, storage.capacity)) }

    package mutating func append(_ value: Double) {
        let count = storage.count
        makeUnique(capacity: count < storage.capacity ? storage.capacity : Swift.max(16, 2 * storage.capacity))
        storage.base[count] = value
        storage.count = count + 1
    }

    /// Moves the last element into `index` and drops the last slot (the order-free removal).
    package mutating func swapRemove(at index: Int) {
        precondition(index >= 0 && index < storage.count, "index out of range")
        makeUnique(capacity: storage.capacity)
        let last = storage.count - 1
        storage.base[index] = storage.base[last]
        storage.count = last
    }

    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    package mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Double>) throws -> R) rethrows -> R {
        makeUnique(capacity: storage.capacity)
        return try body(UnsafeMutableBufferPointer(start: storage.base, count: storage.count))
    }

    /// Gives this value storage of its own with exactly `capacity` elements' room.
    private mutating func makeUnique(capacity: Int) {
        if capacity != storage.capacity || !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(capacity: capacity)
        }
    }
}
