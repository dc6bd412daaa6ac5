import Foundation
import XCTest
@testable import SpringKitDynamics

/// The contact pipeline's cost grows about linearly with the bodies: a grid of small boxes
/// falling onto a floor, stepped at n and 4n bodies. A quadratic stage (a pair test of every
/// body with every other, a scan of all bodies per island) would take 16 times as long.
final class CollisionScaleTests: XCTestCase {
    private func secondsPerStep(_ n: Int) throws -> Double {
        var c = WorldConfiguration()
        c.resistance = 0
        let w = try World(configuration: c)
        w.gravity = SIMD2(0, 1000)
        let columns = Int(Double(n).squareRoot())
        let width = Double(columns) * 12
        _ = try w.addBoundary([SIMD2(-10, 0), SIMD2(width + 10, 0), SIMD2(width + 10, 2000), SIMD2(-10, 2000)], loop: true, category: 1, mask: .max)
        for k in 0..<n {
            let item = try w.addItem(center: SIMD2(6 + Double(k % columns) * 12, 1990 - Double(k / columns) * 12), size: SIMD2(8, 8))
            try w.setCollisionBounds(item, .rectangle)
            try w.setAffectedByGravity(item, true)
        }
        try w.advance(steps: 1)   // classification and the first contacts
        let start = Date()
        try w.advance(steps: 10)
        return Date().timeIntervalSince(start) / 10
    }

    func testCostIsAboutLinear() throws {
        let small = try secondsPerStep(2_500), large = try secondsPerStep(10_000)
        print("CollisionScaleTests: \(small * 1000) ms a step at 2,500 bodies, \(large * 1000) ms at 10,000 (ratio \(large / small), debug build)")
        XCTAssertLessThan(large / small, 8)
    }
}
