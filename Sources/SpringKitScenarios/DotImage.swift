import Foundation
import SpringKitMotion
import SpringKitSupport

/// A dot-art image: a grid of palette entries (one character each in the text format).
///
/// Text format (see docs/dotart.md): `#` comments; legend lines `X = R,G,B name`; then one
/// row of characters per line, all rows the same length. The first legend entry is the
/// background. Without a legend the article's palette applies.
public struct DotImage: Equatable, Sendable {
    public struct PaletteEntry: Equatable, Sendable {
        public var symbol: Character
        /// `0xRRGGBB`
        public var color: UInt32
        public var name: String
    }

    public var width: Int
    public var height: Int
    public var palette: [PaletteEntry]
    /// Row-major indices into `palette`.
    public var pixels: [Int]

    /// The article's palette: background green, outline, chocolate ×2, cracker ×2.
    public static let articlePalette: [PaletteEntry] = [
        PaletteEntry(symbol: ".", color: 0x78BE6E, name: "background"),
        PaletteEntry(symbol: "O", color: 0x606060, name: "outline"),
        PaletteEntry(symbol: "C", color: 0x5D3F30, name: "chocolate"),
        PaletteEntry(symbol: "D", color: 0x3C2A21, name: "dark chocolate"),
        PaletteEntry(symbol: "K", color: 0xECC183, name: "cracker"),
        PaletteEntry(symbol: "k", color: 0xA48961, name: "cracker shade"),
    ]

    /// The most dots an image or a dot-art canvas may have (2048 × 2048).
    public static let largestDotCount = 4_194_304

    /// An image of background only.
    /// - Complexity: O(width × height).
    public static func blank(width: Int = 32, height: Int = 32) -> DotImage {
        DotImage(width: width, height: height, palette: articlePalette, pixels: .init(repeating: 0, count: width * height))
    }

    public var backgroundColor: UInt32 { palette[0].color }

    public func color(x: Int, y: Int) -> UInt32 { palette[pixels[y * width + x]].color }

    /// Colours by position for a `columns` × `rows` canvas: the image centred on its background.
    /// - Complexity: O(columns × rows).
    public func colors(columns: Int, rows: Int) throws -> [UInt32] {
        guard width <= columns && height <= rows else {
            throw DotImageError(path: "", line: 0, column: 0, reason: "a \(width)×\(height) image does not fit the \(columns)×\(rows) canvas")
        }
        var result = [UInt32](repeating: backgroundColor, count: columns * rows)
        let left = (columns - width) / 2, top = (rows - height) / 2
        for y in 0..<height {
            for x in 0..<width { result[(top + y) * columns + left + x] = color(x: x, y: y) }
        }
        return result
    }

    /// Parses the text format; errors carry the line and column.
    /// - Complexity: O(the text's length × legend entries).
    public static func parse(_ text: String, path: String) throws -> DotImage {
        var palette: [PaletteEntry] = []
        var rows: [(line: Int, characters: [Character])] = []
        let lines = TextLines.split(text)
        for (number, line) in lines.enumerated() {
            let lineNumber = number + 1
            if line.hasPrefix("#") { continue }
            if rows.isEmpty, line.count >= 3, Array(line)[1...].drop(while: { $0 == " " }).first == "=" {
                let symbol = line.first!
                let rest = line.drop(while: { $0 != "=" }).dropFirst().trimmingCharacters(in: .whitespaces)
                let parts = rest.split(separator: " ", maxSplits: 1)
                let rgb = parts.first.map { $0.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) } } ?? []
                guard rgb.count == 3, rgb.allSatisfy({ $0 != nil && (0...255).contains($0!) }) else {
                    throw DotImageError(path: path, line: lineNumber, column: 1, reason: "legend entry must read 'X = R,G,B name' with R, G, B in 0…255")
                }
                guard !palette.contains(where: { $0.symbol == symbol }) else {
                    throw DotImageError(path: path, line: lineNumber, column: 1, reason: "'\(VisibleText.escaped(String(symbol)))' is in the legend twice")
                }
                let color = UInt32(rgb[0]!) << 16 | UInt32(rgb[1]!) << 8 | UInt32(rgb[2]!)
                palette.append(PaletteEntry(symbol: symbol, color: color, name: parts.count > 1 ? String(parts[1]) : ""))
                continue
            }
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if rows.isEmpty { continue }
                // Blank lines may only end the image.
                if lines[number...].allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.hasPrefix("#") }) { break }
                throw DotImageError(path: path, line: lineNumber, column: 1, reason: "blank line inside the image")
            }
            rows.append((lineNumber, Array(line)))
        }
        if palette.isEmpty { palette = articlePalette }
        guard let first = rows.first else { throw DotImageError(path: path, line: lines.count, column: 1, reason: "empty image: no rows of dots") }
        var pixels: [Int] = []
        for row in rows {
            guard row.characters.count == first.characters.count else {
                throw DotImageError(path: path, line: row.line, column: min(row.characters.count, first.characters.count) + 1,
                                    reason: "ragged row: \(row.characters.count) dots, the first row has \(first.characters.count)")
            }
            for (column, symbol) in row.characters.enumerated() {
                guard let index = palette.firstIndex(where: { $0.symbol == symbol }) else {
                    throw DotImageError(path: path, line: row.line, column: column + 1,
                                        reason: "unknown character '\(VisibleText.escaped(String(symbol)))' (the legend has \(VisibleText.escaped(palette.map { String($0.symbol) }.joined())))")
                }
                pixels.append(index)
            }
        }
        return DotImage(width: first.characters.count, height: rows.count, palette: palette, pixels: pixels)
    }
}

/// A dot image that cannot be read: `path:line:column: reason`. The Lua binding reports it
/// against the argument that gave the text or file.
public struct DotImageError: SpringKitError, Equatable {
    public var path: String
    public var line: Int
    public var column: Int
    public var reason: String
    public var description: String { path.isEmpty ? reason : "\(path):\(line):\(column): \(reason)" }
    public var blamesArguments: Bool { true }
}
