/// Fitting text into a terminal's columns: shortening with an ellipsis and wrapping, both on
/// word boundaries, and packing short items (key hints, readouts) into lines. Widths count
/// characters (grapheme clusters), each taken as one column: the tuner's own text (arrows,
/// braille, `…`, `│`) is single-width.
package enum TerminalText {
    /// The ellipsis that marks shortened text.
    package static let ellipsis = "…"

    /// `text` when it fits in `width`, else its longest prefix that ends at a word boundary,
    /// followed by `…` (a word longer than the whole width is cut, the only case that cuts
    /// inside a word). Trailing spaces, separating punctuation and a `…` of the text
    /// before the `…` are dropped.
    /// - Complexity: O(n) in the length of `text`.
    package static func shortened(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard text.count > width else { return text }
        guard width > 1 else { return ellipsis }
        // The words before the last space of the first `width` characters fit beside the `…`.
        let room = Array(text.prefix(width))
        guard let space = room.lastIndex(of: " ") else { return String(room[..<(width - 1)]) + ellipsis }  // one word wider than the line
        var kept = room[..<space]
        while let last = kept.last, last == " " || ",;:·—-…".contains(last) { kept = kept.dropLast() }
        return String(kept) + ellipsis
    }

    /// `text` wrapped into lines of at most `width` characters at spaces; a word longer than
    /// `width` is split. Lines after the first start with `indent` (a hanging indent).
    /// - Complexity: O(n) in the length of `text`.
    package static func wrapped(_ text: String, to width: Int, indent: String = "") -> [String] {
        let width = max(width, 1)
        let indent = indent.count < width ? indent : ""
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            var word = word
            while true {
                let prefix = lines.isEmpty && line.isEmpty ? "" : (line.isEmpty ? indent : line + " ")
                if prefix.count + word.count <= width {
                    line = prefix + word
                    break
                }
                if !line.isEmpty {                                 // the word goes on a new line
                    lines.append(line)
                    line = ""
                    continue
                }
                // Alone on its line and still too long: split it.
                let head = width - prefix.count
                line = prefix + String(word.prefix(head))
                word = String(word.dropFirst(head))
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Items packed in order into lines of at most `width` characters, `separator` between
    /// items of a line; an item wider than a line is shortened.
    /// - Complexity: O(n) in the total length of `items`.
    package static func packed(_ items: [String], separator: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items where !item.isEmpty {
            let item = shortened(item, to: width)
            if line.isEmpty {
                line = item
            } else if line.count + separator.count + item.count <= width {
                line += separator + item
            } else {
                lines.append(line)
                line = item
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// At most `count` of `lines`: when some are left out, the last one kept ends in `…`
    /// (one: a line already shortened keeps its own).
    package static func limited(_ lines: [String], to count: Int, width: Int) -> [String] {
        guard lines.count > count else { return lines }
        guard count > 0 else { return [] }
        var kept = Array(lines.prefix(count))
        let last = kept[count - 1]
        guard !last.hasSuffix(ellipsis) else { return kept }
        kept[count - 1] = last.count < width ? last + ellipsis : shortened(last + " " + ellipsis, to: width)
        return kept
    }

    /// `text` padded with spaces, or shortened, to exactly `width` characters.
    package static func padded(_ text: String, to width: Int) -> String {
        let count = text.count
        return count > width ? shortened(text, to: width) : text + String(repeating: " ", count: width - count)
    }
}
