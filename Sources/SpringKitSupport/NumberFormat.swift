/// Decimal text for numbers in traces and reports.
public enum NumberFormat {
    /// Shortest decimal that reads back to the same bits; integral values print without
    /// a fraction (`160`, not `160.0`), and `-0` keeps its sign.
    public static func shortest(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 {
            if value == 0 { return value.sign == .minus ? "-0" : "0" }
            return String(Int64(value))
        }
        return value.description
    }

    /// A fixed number of decimals, for human-facing summaries (`0.125` → `"0.13"`).
    /// Values too large for fixed notation (or more than 15 decimals) print in shortest form.
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
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
    public static func parseFinite(_ text: String) -> Double? {
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
    public static func human(_ value: Double, decimals: Int = 4) -> String {
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
    public static func significant(_ value: Double, digits: Int = 4) -> String {
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
