import XCTest
@testable import SpringKitSupport

final class EditDistanceTests: XCTestCase {
    func testKnownDistances() {
        let cases: [(String, String, Int)] = [
            ("", "", 0), ("", "check", 5), ("check", "", 5), ("check", "check", 0),
            ("chek", "check", 1), ("chekc", "check", 1), ("chcek", "check", 1), ("chec", "check", 1),
            ("run", "tune", 2), ("kitten", "sitting", 3), ("--parm", "--param", 1), ("--jbos", "--jobs", 1),
            ("ca", "abc", 3),  // optimal string alignment: a swapped pair is not edited again
            ("é", "e", 1), ("naïve", "naive", 1),
        ]
        for (a, b, expected) in cases {
            XCTAssertEqual(EditDistance.between(a, b), expected, "\(a) → \(b)")
        }
    }

    /// The three rolling rows give what the whole table gives, on seeded random words over a
    /// small alphabet (so swaps and repeats are common); the distance is symmetric and lies
    /// between the length difference and the longer length.
    func testRollingRowsMatchTheWholeTable() {
        var random = SeededGenerator(seed: 5)
        let alphabet = Array("abc-")
        func word() -> String { String((0..<Int(random.next() % 7)).map { _ in alphabet[Int(random.next() % 4)] }) }
        for _ in 0..<3_000 {
            let a = word(), b = word()
            let distance = EditDistance.between(a, b)
            XCTAssertEqual(distance, wholeTable(a, b), "\(a) → \(b)")
            XCTAssertEqual(distance, EditDistance.between(b, a), "\(a) ↔ \(b)")
            XCTAssertGreaterThanOrEqual(distance, abs(a.count - b.count))
            XCTAssertLessThanOrEqual(distance, max(a.count, b.count))
        }
    }

    func testNearestSuggestsOnlyLikelyTypos() {
        let commands = ["check", "tune", "studio", "sweep", "merge", "convert", "bench", "help"]
        XCTAssertEqual(EditDistance.nearest(to: "chek", among: commands), "check")
        XCTAssertEqual(EditDistance.nearest(to: "swep", among: commands), "sweep")
        XCTAssertEqual(EditDistance.nearest(to: "tnue", among: commands), "tune")
        XCTAssertNil(EditDistance.nearest(to: "xyzzy", among: commands))
        XCTAssertNil(EditDistance.nearest(to: "run", among: commands), "2 edits in 4 letters is no typo")
        XCTAssertNil(EditDistance.nearest(to: "check", among: commands), "the word itself is not suggested")
        XCTAssertNil(EditDistance.nearest(to: "-x", among: ["-q", "--quiet"]))
        XCTAssertNil(EditDistance.nearest(to: "chekk", among: ["check"], maximum: 0))
        XCTAssertEqual(EditDistance.nearest(to: "--ab", among: ["--abs", "--abc"]), "--abs", "ties go to the earlier candidate")
        XCTAssertNil(EditDistance.nearest(to: "anything", among: []))
    }

    /// The optimal string alignment distance by its definition, the whole table at once.
    private func wholeTable(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
