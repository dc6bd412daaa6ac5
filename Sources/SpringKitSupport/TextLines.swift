/// Line handling shared by the text formats (`--params` files, dot images) and by reasons
/// shown on one line.
package enum TextLines {
    /// The lines of a text file: a leading UTF-8 byte order mark is dropped, and lines end at
    /// `\n` or `\r\n` (a lone `\r` stays in its line, where the format's parser reports it).
    /// A final line break does not start another line.
    /// - Complexity: O(n) in the length of `text`.
    package static func split(_ text: String) -> [String] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var lines = scalars.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = line
            if line.last == "\r" { line = line.dropLast() }
            return String(String.UnicodeScalarView(line))
        }
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `text` with its line breaks (a traceback's too) turned into ` | `, blank lines dropped:
    /// a reason for a one-line place (a sweep's table, the tuner's status line, `simrun: …`).
    /// - Complexity: O(n) in the length of `text`.
    package static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " | ")
    }
}

import Foundation
