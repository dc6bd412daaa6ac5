/// Text for XML and HTML files (JUnit reports, SVG titles).
package enum XMLText {
    /// The entities `escape` writes and `unescape` reads (numeric ones keep line ends and tabs in attributes).
    package static let entities: [(character: Unicode.Scalar, name: String)] = [
        ("&", "amp"), ("<", "lt"), (">", "gt"), ("\"", "quot"), ("'", "apos"), ("\n", "#10"), ("\r", "#13"), ("\t", "#9"),
    ]

    /// XML text or attribute content. Characters XML 1.0 cannot hold (C0 controls other than
    /// tab and line ends, U+FFFE, U+FFFF) are written as visible `\xHH` text, so the file
    /// stays well-formed whatever a golden or a message contains.
    /// - Complexity: O(n) in the text's length.
    /// Markup already escaped, with every character XML 1.0 cannot hold (C0 controls other
    /// than tab and line ends, U+FFFE, U+FFFF) written as visible text; the rest unchanged.
    /// - Complexity: O(n) in the text's length.
    package static func sanitized(_ markup: String) -> String {
        func allowed(_ s: Unicode.Scalar) -> Bool {
            (s.value >= 0x20 || s == "\n" || s == "\t" || s == "\r") && s.value != 0xFFFE && s.value != 0xFFFF
        }
        guard !markup.unicodeScalars.allSatisfy(allowed) else { return markup }
        var out = ""
        for scalar in markup.unicodeScalars {
            if allowed(scalar) { out.unicodeScalars.append(scalar) }
            else if scalar.value < 0x20 { out += VisibleText.escaped(String(scalar)) }
            else { out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" }
        }
        return out
    }

    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let entity = entities.first(where: { $0.character == scalar }) {
                out += "&" + entity.name + ";"
            } else {
                if scalar.value < 0x20 {
                    out += VisibleText.escaped(String(scalar))
                } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
