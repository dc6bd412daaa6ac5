/// Text from files shown to people (terminal, reports, JUnit): control characters become
/// visible escapes, so a NUL or an escape sequence in a golden never reaches stdout raw.
package enum VisibleText {
    /// `text` with C0/C1 control characters and DEL written as `\0`, `\t`, `\r`, `\n` or `\xHH`
    /// (`\u{HHHH}` above 0xFF); everything else unchanged.
    /// - Complexity: O(n) in the length of `text`.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\0": out += "\\0"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\n": out += "\\n"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += scalar.value <= 0xFF ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            }
        }
        return out
    }

    /// Bytes as text: invalid UTF-8 becomes U+FFFD, control characters are escaped.
    /// - Complexity: O(n) in the number of bytes.
    package static func decoding<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        escaped(String(decoding: bytes, as: UTF8.self))
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }
}
