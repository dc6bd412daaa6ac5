extension String {
    /// The string with `pad` in front up to `width` characters (`"7f".leftPadded(to: 4)` is `"007f"`).
    /// - Complexity: O(`width`).
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
