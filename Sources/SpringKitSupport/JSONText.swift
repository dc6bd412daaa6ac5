/// JSON text for the few places that write it by hand (reports, JSON Lines traces).
package enum JSONText {
    /// A JSON string literal; `<` is escaped too, so the text is safe inside an HTML `<script>`.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 { out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
