/// An output buffer of bytes that traces and reports are streamed into, so a whole file is
/// built in one growing array (no intermediate strings, no whole-text replacement).
///
/// It is a `TextOutputStream` that takes the standard library's ASCII fast path:
/// `Double.write(to:)` formats into a stack buffer and hands the bytes over without
/// building a `String`, so a value costs no heap allocation.
package struct ByteBuffer: TextOutputStream {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    package var count: Int { bytes.count }

    package mutating func reserveCapacity(_ n: Int) { bytes.reserveCapacity(n) }

    package mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

    /// The standard library's ASCII path for number formatting (a `TextOutputStream` requirement).
    package mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }

    package mutating func append(_ byte: UInt8) { bytes.append(byte) }

    package mutating func append(_ string: StaticString) {
        string.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A decimal integer.
    package mutating func append(_ value: Int) {
        append(integer: Int64(value))
    }

    private mutating func append(integer value: Int64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let count = NumberFormat.writeInteger(value, to: digits.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }

    /// `NumberFormat.shortest(value)`, byte for byte, without building a string.
    package mutating func append(shortest value: Double) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberFormat.longestShortest) { text in
            let count = NumberFormat.writeShortest(value, to: text.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<count]))
        }
    }
}
