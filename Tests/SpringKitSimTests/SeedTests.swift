import XCTest
@testable import SpringKitScripting

/// `--seed N` seeds both `springkit.random` and `math.random`, deterministically.
final class SeedTests: XCTestCase {
    private func draws(seed: UInt64, _ body: String = "math.random(1, 1000000)") throws -> [Double] {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(directory, "seed.lua", """
        local sk = require 'springkit'
        for k = 1, 5 do sk.metric('draw' .. k, \(body)) end
        """)
        var options = ScriptOptions()
        options.seed = seed
        options.output = nil
        let run = try ScriptRunner.run(path: path, options: options)
        return (1...5).map { run.metric("draw\($0)")! }
    }

    func testTheSeedSeedsMathRandom() throws {
        XCTAssertEqual(try draws(seed: 7), try draws(seed: 7), "the same seed, the same draws")
        XCTAssertNotEqual(try draws(seed: 7), try draws(seed: 8), "another seed, other draws")
        XCTAssertNotEqual(try draws(seed: 1), try draws(seed: 2))
        // The stream is math.randomseed(seed)'s, whatever the script did before.
        let reseeded = try draws(seed: 99, "(function() if k_seeded == nil then k_seeded = true; math.randomseed(7) end return math.random(1, 1000000) end)()")
        XCTAssertEqual(reseeded, try draws(seed: 7))
        XCTAssertEqual(try draws(seed: UInt64.max).count, 5, "every 64-bit seed is accepted")
    }

    func testTheSeedStillSeedsSpringkitRandom() throws {
        XCTAssertEqual(try draws(seed: 3, "sk.random(1000000)"), try draws(seed: 3, "sk.random(1000000)"))
        XCTAssertNotEqual(try draws(seed: 3, "sk.random(1000000)"), try draws(seed: 4, "sk.random(1000000)"))
    }

    func testSeedingFromTheClockIsRefused() throws {
        XCTAssertThrowsError(try draws(seed: 1, "(function() math.randomseed() return 0 end)()")) { error in
            XCTAssertTrue("\(error)".contains("math.randomseed needs a seed"), "\(error)")
        }
    }
}
