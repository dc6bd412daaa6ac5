import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitTools

/// Fitting text into terminal columns: shortened and wrapped on word boundaries.
final class TerminalTextTests: XCTestCase {
    func testShortenedEndsAtAWordBoundaryWithAnEllipsis() {
        let doc = "spring length, points (the Objective-C original used 0.8)"
        XCTAssertEqual(TerminalText.shortened(doc, to: 80), doc, "text that fits is unchanged")
        XCTAssertEqual(TerminalText.shortened(doc, to: 40), "spring length, points (the Objective-C…")
        XCTAssertEqual(TerminalText.shortened(doc, to: 20), "spring length…", "the comma before the cut is dropped")
        XCTAssertEqual(TerminalText.shortened("spring frequency, Hz", to: 16), "spring…")
        XCTAssertEqual(TerminalText.shortened("abcdefghij", to: 5), "abcd…", "one word wider than the line is cut")
        XCTAssertEqual(TerminalText.shortened("abc def", to: 1), "…")
        XCTAssertEqual(TerminalText.shortened("abc def", to: 0), "")
    }

    func testWrappedBreaksAtSpacesWithAHangingIndent() {
        XCTAssertEqual(TerminalText.wrapped("select a parameter and change it", to: 12),
                       ["select a", "parameter", "and change", "it"])
        XCTAssertEqual(TerminalText.wrapped("save to out/rubbermenu.params now", to: 14, indent: "  "),
                       ["save to", "  out/rubberme", "  nu.params", "  now"], "a word longer than a line is split")
        XCTAssertEqual(TerminalText.wrapped("", to: 10), [""])
    }

    func testPackedAndLimited() {
        XCTAssertEqual(TerminalText.packed(["a 1", "b 22", "c 333"], separator: "  ", width: 9), ["a 1  b 22", "c 333"])
        XCTAssertEqual(TerminalText.limited(["one two", "three"], to: 1, width: 10), ["one two…"])
        XCTAssertEqual(TerminalText.limited(["one two xy", "three"], to: 1, width: 10), ["one two…"])
        XCTAssertEqual(TerminalText.limited(["one"], to: 3, width: 10), ["one"])
        XCTAssertEqual(TerminalText.limited(["one tw…", "three"], to: 1, width: 10), ["one tw…"], "one ellipsis, not two")
    }

    /// Seeded: every result fits its width, and shortening keeps whole words only (each word
    /// before the `…` is a word of the text), unless the first word alone is wider than the line.
    func testRandomTextsFitAndKeepWholeWords() {
        var random = SeededGenerator(seed: 11)
        let words = ["a", "spring", "damping", "ratio,", "Hz", "(the", "Objective-C", "original)", "0.8", "…", "↑↓", "⠀⠀"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            let width = Int.random(in: 1...40, using: &random)
            let short = TerminalText.shortened(text, to: width)
            XCTAssertLessThanOrEqual(short.count, width, "\(text) @ \(width)")
            if short != text, short.count > 1, text.split(separator: " ").first.map({ $0.count < width }) ?? false {
                let kept = short.dropLast().split(separator: " ").map(String.init)
                XCTAssertEqual(Array(text.split(separator: " ").prefix(kept.count).map(String.init)).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) },
                               kept.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }, "\(text) @ \(width): \(short)")
            }
            for line in TerminalText.wrapped(text, to: width, indent: "  ") { XCTAssertLessThanOrEqual(line.count, width, "\(text) @ \(width)") }
        }
    }
}
