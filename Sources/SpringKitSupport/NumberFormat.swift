/// Decimal text for numbers in traces and reports.
package enum NumberFormat {
    /// Shortest decimal that reads back to the same bits; integral values print without
    /// a fraction (`160`, not `160.0`), and `-0` keeps its sign.
    package static func shortest(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 {
            if value == 0 { return value.sign == .minus ? "-0" : "0" }
            return String(Int64(value))
        }
        return value.description
    }

    /// The longest text `shortest` gives (`-2.2250738585072014e-308`), in bytes.
    package static let longestShortest = 24

    /// Writes `shortest(value)` at `out` (which has room for `longestShortest` bytes) without
    /// building a string; returns the number of bytes written.
    package static func writeShortest(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value.rounded() == value && abs(value) < 1e15 {
            if value == 0 {
                if value.sign == .minus {
                    out[0] = UInt8(ascii: "-"); out[1] = UInt8(ascii: "0")
                    return 2
                }
                out[0] = UInt8(ascii: "0")
                return 1
            }
            return writeInteger(Int64(value), to: out)
        }
        if value.isFinite {
            // The standard library's shortest round-trip digits (what `description` prints),
            // formatted on the stack and handed over without building a string.
            var sink = PointerSink(start: out)
            value.write(to: &sink)
            return sink.count
        }
        // `description` prints "nan" for every NaN (no payload), "inf", "-inf".
        let text = value.isNaN ? "nan" : value < 0 ? "-inf" : "inf"
        var count = 0
        for byte in text.utf8 { out[count] = byte; count += 1 }
        return count
    }

    /// Writes the decimal digits of `value` at `out` (room for 20 bytes); returns their count.
    package static func writeInteger(_ value: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = value.magnitude
        var digits = 0
        var probe = magnitude
        repeat { digits += 1; probe /= 10 } while probe > 0
        let sign = value < 0 ? 1 : 0
        if sign == 1 { out[0] = UInt8(ascii: "-") }
        var k = sign + digits
        repeat {
            k -= 1
            out[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return sign + digits
    }

    /// A fixed number of decimals, for human-facing summaries (`0.125` → `"0.13"`).
    /// Values too large for fixed notation (or more than 15 decimals) print in shortest form.
    package static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.description }
        guard (0...15).contains(decimals) else { return shortest(value) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        guard abs(value) * scale < 9e15 else { return shortest(value) }
        let rounded = (abs(value) * scale).rounded() / scale
        let sign = value < 0 && rounded != 0 ? "-" : ""
        let whole = rounded.rounded(.down)
        var text = sign + String(Int64(whole))
        if decimals > 0 {
            let fraction = Int64(((rounded - whole) * scale).rounded())
            var digits = String(fraction)
            while digits.count < decimals { digits = "0" + digits }
            text += "." + digits
        }
        return text
    }

    /// Parses a parameter value strictly: a finite decimal number, nothing else.
    package static func parseFinite(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty,
              trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }),
              let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }
}

import Foundation

extension NumberFormat {
    /// For people: integral values as integers, others with at most `decimals` decimals, trailing zeros trimmed.
    package static func human(_ value: Double, decimals: Int = 4) -> String {
        guard value.isFinite else { return value.description }
        var text = fixed(value, decimals)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

extension NumberFormat {
    /// For reports: `digits` significant digits, trailing zeros trimmed (`15.0234` → `15.02`,
    /// `1033.2` → `1033`, `0.000012345` → `1.235e-05`); `inf`, `-inf`, `nan` as such.
    package static func significant(_ value: Double, digits: Int = 4) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        if value == 0 { return "0" }
        // The decimal exponent after rounding to `digits` digits, read from printf's %e (no libm).
        let scientific = String(format: "%.\(max(0, digits - 1))e", value)
        guard let e = scientific.firstIndex(of: "e"), let exponent = Int(scientific[scientific.index(after: e)...]) else { return scientific }
        if exponent >= 15 || exponent < -4 {
            guard scientific[..<e].contains(".") else { return scientific }
            var mantissa = String(scientific[..<e])
            while mantissa.hasSuffix("0") { mantissa.removeLast() }
            if mantissa.hasSuffix(".") { mantissa.removeLast() }
            return mantissa + scientific[e...]
        }
        return human(value, decimals: max(0, digits - 1 - exponent))
    }
}


/// Receives `Double.write(to:)`'s bytes at a pointer (its ASCII fast path: no `String`).
private struct PointerSink: TextOutputStream {
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func write(_ string: String) {
        for byte in string.utf8 { start[count] = byte; count += 1 }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        (start + count).update(from: buffer.baseAddress!, count: buffer.count)
        count += buffer.count
    }
}
