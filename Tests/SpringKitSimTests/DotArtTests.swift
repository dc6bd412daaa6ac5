import XCTest
@testable import SpringKitSupport
@testable import SpringKitDynamics
@testable import SpringKitScenarios
@testable import SpringKitReport

final class DotArtTests: XCTestCase {
    static func image(_ name: String) throws -> DotImage {
        let path = repositoryRoot.appendingPathComponent("scripts/images/\(name).txt").path
        return try DotImage.parse(try String(contentsOfFile: path, encoding: .utf8), path: path)
    }

    private func quietArt(seed: UInt64 = 1) throws -> DotArt {
        var configuration = DotArt.Configuration()
        configuration.reportEvery = 0
        return try DotArt(configuration: configuration, seed: seed, observer: ScenarioRecorder())
    }

    func testEveryPositionShowsTheImageAfterAnyChange() throws {
        let art = try quietArt()
        for name in ["mushroom", "bamboo_shoot", "mushroom"] {
            let image = try Self.image(name)
            let change = try art.change(to: image)
            XCTAssertGreaterThan(change.relocated, 1000)
            let expected = try image.colors(columns: 32, rows: 32)
            for p in 0..<1024 {
                XCTAssertEqual(art.color(of: art.order[p]), expected[p], "position \(p)")
            }
        }
    }

    func testSnapshotsThatDoNotListEveryIdentifierOnceAreRejected() throws {
        let art = try quietArt()
        var duplicate = Array(0..<1024)
        duplicate[7] = 8
        let bad: [[Int]] = [Array(0..<1023), Array(0..<1025), duplicate, Array(1...1024), [-1] + Array(1..<1024)]
        for order in bad {
            XCTAssertThrowsError(try art.apply(order: order))
            XCTAssertEqual(art.order, Array(0..<1024), "a rejected snapshot changes nothing")
        }
        XCTAssertNoThrow(try art.apply(order: Array((0..<1024).reversed())))
    }

    /// The seed's `shuffleDot` / `resetDot` reorder without reloading: every dot keeps the
    /// colour of its identifier, so explode scatters the picture and regenerate reassembles it.
    func testExplodeAndRegenerateKeepEveryDotsColour() throws {
        let art = try quietArt()
        func picture() -> [UInt32] { art.order.map { art.color(of: $0) } }
        let image = try Self.image("mushroom")
        let expected = try image.colors(columns: 32, rows: 32)
        try art.change(to: image)
        let changedOrder = art.order
        let colours = (0..<1024).map { art.color(of: $0) }
        XCTAssertEqual(picture(), expected)
        try art.explode()
        XCTAssertNotEqual(art.order, changedOrder)
        XCTAssertEqual((0..<1024).map { art.color(of: $0) }, colours, "explode recolours no dot")
        let scattered = zip(picture(), expected).filter { $0 != $1 }.count
        XCTAssertGreaterThan(scattered, 300, "the picture scatters")
        XCTAssertTrue(try art.waitUntilWhole(limit: 20))
        try art.explode()
        XCTAssertEqual((0..<1024).map { art.color(of: $0) }, colours)
        try art.regenerate()
        XCTAssertEqual((0..<1024).map { art.color(of: $0) }, colours, "regenerate recolours no dot")
        XCTAssertEqual(art.order, changedOrder, "regenerate sorts back to the last change's slots")
        XCTAssertEqual(picture(), expected, "the picture reassembles")
        XCTAssertTrue(try art.waitUntilWhole(limit: 20))
        // Every dot, at rest, sits on a slot showing its own colour: the picture is drawn by the dots.
        for id in 0..<1024 {
            let p = try art.world.position(ItemID(rawValue: Int32(id)))
            let column = Int(p.x / 8), row = Int(p.y / 8)
            XCTAssertEqual(art.color(of: id), expected[row * 32 + column], "dot \(id)")
        }
    }

    func testRegenerateBeforeAnyChangeSortsToTheIdentity() throws {
        let art = try quietArt()
        try art.explode()
        try art.regenerate()
        XCTAssertEqual(art.order, Array(0..<1024))
        XCTAssertEqual(art.positionOf, Array(0..<1024))
    }

    func testTheDifferenceTurnsTheOldOrderIntoTheNewOne() throws {
        let art = try quietArt()
        var previous = art.order
        for _ in 0..<5 {
            try art.explode()
            let difference = art.order.difference(from: previous).inferringMoves()
            XCTAssertEqual(previous.applying(difference), art.order)
            // Every inferred move removes and inserts the same identifier.
            for change in difference {
                if case .remove(_, let element, let associated?) = change {
                    guard case .insert(let offset, let inserted, _) = difference.insertions.first(where: {
                        if case .insert(let o, _, _) = $0 { return o == associated }
                        return false
                    })! else { return XCTFail("no insertion") }
                    XCTAssertEqual(inserted, element)
                    XCTAssertEqual(art.order[offset], element)
                }
            }
            previous = art.order
        }
    }

    func testShufflesFollowTheSeed() throws {
        let a = try quietArt(seed: 1), b = try quietArt(seed: 1), c = try quietArt(seed: 2)
        try a.explode(); try b.explode(); try c.explode()
        XCTAssertEqual(a.order, b.order)
        XCTAssertNotEqual(a.order, c.order)
    }

    func testEachChangeComesToRestWithTheImageExact() throws {
        let art = try quietArt()
        for name in ["bamboo_shoot", "mushroom"] {
            let image = try Self.image(name)
            try art.change(to: image)
            XCTAssertTrue(try art.waitUntilWhole(limit: 20))
            XCTAssertTrue(art.world.isPaused)
            for id in 0..<1024 {
                let slot = art.layout.center(art.positionOf[id])
                let p = try art.world.position(ItemID(rawValue: Int32(id)))
                XCTAssertLessThanOrEqual(((p - slot) * (p - slot)).sum().squareRoot(), DotArt.homeTolerance, "dot \(id)")
            }
            // The final frame's colours, read at each slot, are the image.
            let expected = try image.colors(columns: 32, rows: 32)
            XCTAssertEqual((0..<1024).map { art.color(of: art.order[$0]) }, expected)
            let trace = art.trace
            let last = trace.value(row: trace.rowCount - 1, column: 0)
            for row in 0..<trace.rowCount where trace.value(row: row, column: 0) == last {
                let id = Int(trace.value(row: row, column: 2))
                XCTAssertEqual(UInt32(trace.value(row: row, column: 5)), expected[art.positionOf[id]])
            }
        }
    }

    func testStaggerAndBurstAreDeterministic() throws {
        func run() throws -> [Double] {
            var configuration = DotArt.Configuration()
            configuration.stagger = 0.001
            configuration.burst = 200
            configuration.reportEvery = 0
            let art = try DotArt(configuration: configuration, seed: 5, observer: ScenarioRecorder())
            try art.explode()
            XCTAssertTrue(try art.waitUntilWhole(limit: 30))
            return art.trace.values
        }
        XCTAssertEqual(try run(), try run())
    }

    func testBadImagesNameLineAndColumn() throws {
        let legend = ". = 0,0,0 bg\nX = 255,255,255 ink\n"
        let cases: [(String, String)] = [
            ("", "empty image"),
            ("# only a comment\n", "empty image"),
            (legend + "..X\n.Z.\n", ":4:2: unknown character 'Z'"),
            (legend + "...\n..\n", ":4:3: ragged row: 2 dots, the first row has 3"),
            (legend + "...\n\n...\n", ":4:1: blank line inside the image"),
            (". = 300,0,0 bg\n.\n", ":1:1: legend entry must read"),
            (String(repeating: String(repeating: ".", count: 33) + "\n", count: 2), "does not fit the 32×32 canvas"),
        ]
        for (text, expected) in cases {
            do {
                let image = try DotImage.parse(text, path: "bad.txt")
                _ = try image.colors(columns: 32, rows: 32)
                XCTFail("accepted: \(expected)")
            } catch let error as DotImageError {
                XCTAssertTrue(error.description.contains(expected), "\(expected): \(error)")
            }
        }
    }

    func testBadImageFromAScriptExitsTwo() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeFile(directory, "art.lua", "local sk = require 'springkit'\nlocal img = sk.load_dot_image('img.txt')\n")
        try writeFile(directory, "img.txt", "..\n.?\n")
        let result = try Simrun.run([directory.appendingPathComponent("art.lua").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("img.txt:2:2: unknown character '?'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("art.lua:2:"), result.stderr)
    }

    func testSmallImagesAreCentred() throws {
        let image = try DotImage.parse("K\n", path: "dot.txt")
        let colors = try image.colors(columns: 4, rows: 4)
        XCTAssertEqual(colors.filter { $0 == 0xECC183 }.count, 1)
        XCTAssertEqual(colors[1 * 4 + 1], 0xECC183)
    }
}

final class PermutationDifferenceTests: XCTestCase {
    /// Above the standard library's limit the move count comes from the subsequence alone;
    /// it equals the moves of the difference built from it, which the test below checks
    /// against the standard library.
    func testMoveCountAboveTheLimitEqualsTheBuiltDifference() {
        var random = SeededGenerator(seed: 5)
        let size = PermutationDifference.standardLibraryLimit + 1_000
        let old = Array(0..<size).shuffled(using: &random)
        var nearlySorted = old
        for _ in 0..<50 { nearlySorted.swapAt(Int(random.nextUnit() * Double(size)), Int(random.nextUnit() * Double(size))) }
        for new in [old.shuffled(using: &random), nearlySorted, old] {
            let built = PermutationDifference.viaLongestIncreasingSubsequence(from: old, to: new)
            XCTAssertEqual(old.applying(built), new)
            XCTAssertEqual(PermutationDifference.moveCount(from: old, to: new), built.removals.count)
        }
        XCTAssertEqual(PermutationDifference.moveCount(from: old, to: old), 0)
    }

    /// The move count (from the subsequence at every size) equals the standard library's
    /// `inferringMoves()` on seeded shuffles, nearly sorted orders, reversals, rotations and
    /// block swaps, at sizes up to the limit where the standard library is used for differences.
    func testMoveCountEqualsTheStandardLibraryAtEverySizeItCanReach() {
        var random = SeededGenerator(seed: 18)
        func standardMoves(_ old: [Int], _ new: [Int]) -> Int {
            new.difference(from: old).inferringMoves().reduce(0) { count, change in
                if case .remove(_, _, let associated) = change, associated != nil { return count + 1 }
                return count
            }
        }
        for size in [0, 1, 2, 3, 7, 64, 500, 1_024, 2_048] {
            let old = Array(0..<size).shuffled(using: &random).map { $0 * 3 + 1 }  // not 0..<n: the hashing path
            var nearly = old
            for _ in 0..<(size / 50 + 1) where size > 1 {
                nearly.swapAt(Int(random.next() % UInt64(size)), Int(random.next() % UInt64(size)))
            }
            let rotated = Array(old.dropFirst(size / 3) + old.prefix(size / 3))
            let blocks = Array(old.suffix(size / 2) + old.prefix(size - size / 2))
            for new in [old.shuffled(using: &random), nearly, Array(old.reversed()), rotated, blocks, old] {
                XCTAssertEqual(PermutationDifference.moveCount(from: old, to: new), standardMoves(old, new), "size \(size)")
                let dense = old.map { ($0 - 1) / 3 }, denseNew = new.map { ($0 - 1) / 3 }  // 0..<n: the array path
                XCTAssertEqual(PermutationDifference.moveCount(from: dense, to: denseNew), standardMoves(old, new), "size \(size)")
            }
        }
    }

    func testLongestIncreasingSubsequenceDiffIsMinimalAndCorrect() {
        var random = SeededGenerator(seed: 21)
        for size in [1, 2, 5, 40, 300, 2000] {
            for _ in 0..<5 {
                let old = Array(0..<size).shuffled(using: &random)
                let new = old.shuffled(using: &random)
                let standard = new.difference(from: old).inferringMoves()
                let fast = PermutationDifference.viaLongestIncreasingSubsequence(from: old, to: new)
                XCTAssertEqual(old.applying(fast), new)
                XCTAssertEqual(fast.removals.count, standard.removals.count, "both minimal (size \(size))")
                XCTAssertEqual(PermutationDifference.moveCount(from: old, to: new), standard.removals.count)
                for change in fast {
                    if case .remove(_, _, let associated) = change { XCTAssertNotNil(associated, "every change is a move") }
                }
            }
        }
    }
}
