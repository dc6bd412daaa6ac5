@testable import SpringKitTrace
import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitScenarios
@testable import SpringKitReport
@testable import SpringKitScripting

/// A seeded mutation fuzzer for the three text formats users hand to simrun: trace CSV
/// (goldens, `springkit.load_trace`), `--params` files and dot images. Each case mutates a
/// valid file (byte flips, truncations, inserted NUL / CR / BOM, huge numbers, duplicated or
/// dropped lines, spliced pieces) and parses it in process: the parser must return a value
/// that keeps its invariants or throw its own format error with a one-line `path:line` reason.
/// A trap would end the whole test process. The seed and the count are fixed, so a failure
/// reproduces; the counts are printed.
final class ParserMutationFuzzTests: XCTestCase {
    static let seed: UInt64 = 0x5EED_F022
    static let casesPerParser = 1500

    func testMutatedTracesAreParsedOrRefusedWithALine() throws {
        let golden = try [UInt8](Data(contentsOf: repositoryRoot.appendingPathComponent("scripts/__traces__/spring.csv")))
        // A shorter seed keeps each case cheap; the whole golden is the first case.
        let seeds = [golden, Array(golden.prefix(upTo: Self.lineEnd(golden, after: 4000)))]
        let tally = fuzz("trace", seeds: seeds) { bytes -> Outcome in
            do {
                let trace = try TraceCSV.parse(bytes, path: "fuzz.csv")
                guard trace.columns.count >= 3, trace.values.count == trace.rowCount * trace.columns.count else {
                    return .broken("parsed, but \(trace.values.count) values for \(trace.rowCount) rows × \(trace.columns.count) columns")
                }
                return .parsed
            } catch let error as TraceFormatError {
                return Self.checkReason(error.description, path: "fuzz.csv")
            } catch {
                return .broken("threw a foreign error: \(error)")
            }
        }
        XCTAssertEqual(tally.failures, [], "trace parser")
    }

    func testMutatedParamsFilesAreParsedOrRefusedWithALine() throws {
        let seed = Array("# saved by simrun tune for scripts/spring.lua\ndamping=0.5\nfrequency=0.8\nlength=0\nx0=100\n\n# end\nvy0=-50\n".utf8)
        let tally = fuzz("params", seeds: [seed]) { bytes -> Outcome in
            // As `--params` reads a file: UTF-8 text or a refusal naming the line.
            guard let text = String(bytes: bytes, encoding: .utf8) else { return .refused }
            var parameters = ScriptParameters()
            do {
                try parameters.addOverrides(fileText: text, path: "fuzz.params")
                for override in parameters.overrides where !override.value.isFinite || override.name.isEmpty {
                    return .broken("accepted '\(override.name)' = \(override.value)")
                }
                return .parsed
            } catch let error as ParameterError {
                return Self.checkReason(error.description, path: "fuzz.params")
            } catch {
                return .broken("threw a foreign error: \(error)")
            }
        }
        XCTAssertEqual(tally.failures, [], "params parser")
    }

    func testMutatedDotImagesAreParsedOrRefusedWithALine() throws {
        let image = try [UInt8](Data(contentsOf: repositoryRoot.appendingPathComponent("scripts/images/mushroom.txt")))
        let tally = fuzz("dot image", seeds: [image]) { bytes -> Outcome in
            guard let text = String(bytes: bytes, encoding: .utf8) else { return .refused }
            do {
                let parsed = try DotImage.parse(text, path: "fuzz.txt")
                guard parsed.width > 0, parsed.height > 0, parsed.pixels.count == parsed.width * parsed.height,
                      parsed.pixels.allSatisfy({ parsed.palette.indices.contains($0) }) else {
                    return .broken("parsed a \(parsed.width)×\(parsed.height) image with \(parsed.pixels.count) dots")
                }
                return .parsed
            } catch let error as DotImageError {
                return Self.checkReason(error.description, path: "fuzz.txt")
            } catch {
                return .broken("threw a foreign error: \(error)")
            }
        }
        XCTAssertEqual(tally.failures, [], "dot image parser")
    }

    /// Mutated CRLF and BOM copies of valid files must parse to the same value as the originals.
    func testLineEndsAndByteOrderMarkDoNotChangeTheResult() throws {
        let imageText = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/images/mushroom.txt"), encoding: .utf8)
        let image = try DotImage.parse(imageText, path: "a.txt")
        let crlf = imageText.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try DotImage.parse(crlf, path: "b.txt"), image)
        XCTAssertEqual(try DotImage.parse("\u{FEFF}" + crlf, path: "c.txt"), image)

        var plain = ScriptParameters(), windows = ScriptParameters()
        try plain.addOverrides(fileText: "damping=0.5\nfrequency=1\n", path: "a.params")
        try windows.addOverrides(fileText: "\u{FEFF}damping=0.5\r\nfrequency=1\r\n", path: "b.params")
        XCTAssertEqual(windows.overrides.map(\.name), plain.overrides.map(\.name))
        XCTAssertEqual(windows.overrides.map(\.value), plain.overrides.map(\.value))
        XCTAssertThrowsError(try windows.addOverrides(fileText: "damping=0.5\rfrequency=1\n", path: "c.params")) { error in
            XCTAssertTrue("\(error)".hasPrefix("c.params:1: "), "\(error)")
        }
    }

    // MARK: The fuzzer

    struct Tally {
        var cases = 0, parsed = 0, refused = 0
        var failures: [String] = []
    }

    enum Outcome {
        case parsed, refused
        case broken(String)
    }

    /// Runs `casesPerParser` mutations of the seeds through `check`, which says whether the
    /// parser accepted the bytes, refused them properly, or broke its promise (and how).
    private func fuzz(_ name: String, seeds: [[UInt8]], check: ([UInt8]) -> Outcome) -> Tally {
        var generator = SeededGenerator(seed: Self.seed ^ UInt64(name.utf8.count))
        var tally = Tally()
        for k in 0..<Self.casesPerParser {
            var bytes = seeds[k % seeds.count]
            let rounds = k == 0 ? 0 : 1 + Int(generator.next() % 3)
            var applied: [String] = []
            for _ in 0..<rounds { applied.append(Self.mutate(&bytes, &generator)) }
            tally.cases += 1
            switch check(bytes) {
            case .parsed: tally.parsed += 1
            case .refused: tally.refused += 1
            case .broken(let problem): tally.failures.append("case \(k) (\(applied.joined(separator: ", "))): \(problem)")
            }
        }
        print("mutation fuzzer (\(name)): \(tally.cases) cases, \(tally.parsed) parsed, \(tally.refused) refused, \(tally.failures.count) failures (seed \(Self.seed))")
        return tally
    }

    /// A refusal's reason: one line, naming the file (and its line when it has one).
    static func checkReason(_ reason: String, path: String) -> Outcome {
        if reason.contains("\n") || reason.contains("\r") { return .broken("the reason spans lines: \(reason.debugDescription)") }
        if !reason.hasPrefix(path + ":") { return .broken("the reason does not name \(path): \(reason.debugDescription)") }
        if reason.count > 2000 { return .broken("the reason is \(reason.count) characters long") }
        return .refused
    }

    static let hugeNumbers = ["1e308", "-1e308", "1e309", "nan", "inf", "-inf", "9223372036854775808", "18446744073709551616",
                              "1e-400", "0x1p1023", String(repeating: "9", count: 400), "-0", "4.9e-324"]

    /// Applies one random mutation; returns its name.
    static func mutate(_ bytes: inout [UInt8], _ g: inout SeededGenerator) -> String {
        func position(_ count: Int) -> Int { count == 0 ? 0 : Int(g.next() % UInt64(count)) }
        func lineRanges() -> [Range<Int>] {
            var ranges: [Range<Int>] = [], start = 0
            for (k, b) in bytes.enumerated() where b == 0x0A { ranges.append(start..<k + 1); start = k + 1 }
            if start < bytes.count { ranges.append(start..<bytes.count) }
            return ranges
        }
        switch g.next() % 11 {
        case 0:
            guard !bytes.isEmpty else { return "flip (empty)" }
            let p = position(bytes.count)
            bytes[p] ^= UInt8(1 << (g.next() % 8))
            return "flip at \(p)"
        case 1:
            let p = position(bytes.count + 1)
            bytes.removeSubrange(p...)
            return "truncate at \(p)"
        case 2:
            let p = position(bytes.count + 1)
            bytes.insert(0, at: p)
            return "NUL at \(p)"
        case 3:
            let p = position(bytes.count + 1)
            bytes.insert(0x0D, at: p)
            return "CR at \(p)"
        case 4:
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
            return "BOM"
        case 5:
            // Replace a run of digits with a huge or special number.
            let digits = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
            guard !digits.isEmpty else { return "huge (no digits)" }
            var start = digits[position(digits.count)], end = start
            while start > 0, (0x30...0x39).contains(bytes[start - 1]) || bytes[start - 1] == 0x2E { start -= 1 }
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == 0x2E || bytes[end] == 0x65 { end += 1 }
            let number = hugeNumbers[position(hugeNumbers.count)]
            bytes.replaceSubrange(start..<end, with: Array(number.utf8))
            return "\(number) at \(start)"
        case 6:
            let lines = lineRanges()
            guard !lines.isEmpty else { return "duplicate (no lines)" }
            let line = lines[position(lines.count)]
            let copies = 1 + Int(g.next() % 3)
            bytes.insert(contentsOf: Array(repeating: Array(bytes[line]), count: copies).joined(), at: line.upperBound)
            return "duplicate line at \(line.lowerBound) ×\(copies)"
        case 7:
            let lines = lineRanges()
            guard !lines.isEmpty else { return "drop (no lines)" }
            let line = lines[position(lines.count)]
            bytes.removeSubrange(line)
            return "drop line at \(line.lowerBound)"
        case 8:
            // CRLF everywhere.
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8)
            for b in bytes { if b == 0x0A { out.append(0x0D) }; out.append(b) }
            bytes = out
            return "CRLF"
        case 9:
            // Invalid UTF-8 or a stray separator.
            let p = position(bytes.count + 1)
            let inserts: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x80, 0xA8], [0x2C], [0x3D], [0x23], [0x0A], [0x20, 0x09]]
            bytes.insert(contentsOf: inserts[position(inserts.count)], at: p)
            return "insert at \(p)"
        default:
            // Splice: a piece of the file repeated somewhere else.
            guard bytes.count > 2 else { return "splice (short)" }
            let a = position(bytes.count), length = min(bytes.count - a, 1 + position(64))
            let piece = Array(bytes[a..<a + length])
            bytes.insert(contentsOf: piece, at: position(bytes.count + 1))
            return "splice \(length) bytes"
        }
    }

    static func lineEnd(_ bytes: [UInt8], after offset: Int) -> Int {
        var k = min(offset, bytes.count)
        while k < bytes.count, bytes[k] != 0x0A { k += 1 }
        return min(k + 1, bytes.count)
    }
}
