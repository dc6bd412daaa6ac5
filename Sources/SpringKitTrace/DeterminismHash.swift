#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import SpringKitSupport

/// The determinism hash of a trace, in the manner of Box2D v3's determinism test: one
/// 64-bit FNV-1a hash over the bytes of the trace's CSV data — the header row and every data
/// row, each with its `\n` — leaving out the comment lines (`#`: format, script, params,
/// seed), so the same motion recorded from another path or machine hashes alike. Since
/// numbers are written in shortest round-trip form, equal hashes mean (up to a 2^-64 chance)
/// the same values bit for bit; a one-ulp difference anywhere changes the hash.
/// `simrun check` and `simrun SCRIPT` print it as 16 lowercase hex digits (docs/traces.md).
public enum DeterminismHash {
    /// FNV-1a's 64-bit offset basis and prime.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a over `bytes`, all of them.
    /// - Complexity: O(n) in the number of bytes.
    public static func fnv1a<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// The hash of CSV trace bytes: FNV-1a over every line that does not start with `#`.
    /// - Complexity: O(n) in the number of bytes.
    public static func of<Bytes: Sequence>(csv bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var accumulator = Accumulator()
        if bytes.withContiguousStorageIfAvailable({ accumulator.feed(UnsafeRawBufferPointer($0)) }) == nil {
            for byte in bytes { accumulator.feed(byte) }
        }
        return accumulator.hash
    }

    /// The hash of CSV bytes fed in pieces (cut anywhere): the same as `of(csv:)` over
    /// their concatenation.
    public struct Accumulator {
        /// The hash of the bytes fed so far.
        public private(set) var hash = DeterminismHash.offsetBasis
        private var atLineStart = true, inComment = false

        public init() {}

        public mutating func feed(_ byte: UInt8) {
            if atLineStart { inComment = byte == UInt8(ascii: "#") }
            if !inComment { hash = (hash ^ UInt64(byte)) &* DeterminismHash.prime }
            atLineStart = byte == UInt8(ascii: "\n")
        }

        /// - Complexity: O(n) in the number of bytes.
        public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
            guard var p = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            let end = p + bytes.count
            var h = hash
            // A line at a time: its start decides whether it counts, then every byte up to and
            // including its line end is hashed (or skipped) without looking at each one.
            while p < end {
                if atLineStart { inComment = p.pointee == UInt8(ascii: "#") }
                let lineEnd = memchr(p, Int32(UInt8(ascii: "\n")), end - p).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) + 1 } ?? end
                if !inComment {
                    while p < lineEnd { h = (h ^ UInt64(p.pointee)) &* DeterminismHash.prime; p += 1 }
                }
                p = lineEnd
                atLineStart = (p - 1).pointee == UInt8(ascii: "\n")
            }
            hash = h
        }

        /// Feeds one whole line with its `\n` (a data row: no `\n` inside): the same as
        /// `feed`, without looking at every byte for a line start.
        /// - Complexity: O(n) in the number of bytes.
        mutating func feedLine(_ bytes: UnsafeRawBufferPointer) {
            guard atLineStart, let first = bytes.first, first != UInt8(ascii: "#"), bytes.last == UInt8(ascii: "\n") else {
                feed(bytes)
                return
            }
            var h = hash
            for byte in bytes { h = (h ^ UInt64(byte)) &* DeterminismHash.prime }
            hash = h
            inComment = false
        }
    }

    /// `hash` as 16 lowercase hex digits, zero-padded.
    public static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Trace {
    /// The determinism hash of this trace as `TraceCSV.bytes` writes it (see `DeterminismHash`).
    /// - Complexity: O(rows × columns): the CSV text is formatted to be hashed.
    public var determinismHash: UInt64 { DeterminismHash.of(csv: TraceCSV.bytes(self)) }
}
