import XCTest
@testable import SpringKitDynamics
@testable import SpringKitSupport

/// `ItemHalfSizes` against an array of pairs as the model: the same size at every index after
/// any sequence of appends and swap-removals, one shared value (no per-item storage) while all
/// items have one size, and the world's reads and inertia unchanged by the compact form.
final class ItemHalfSizesTests: XCTestCase {
    func testBehavesAsAnArrayOfPairsUnderRandomOperations() {
        var random = SeededGenerator(seed: 11)
        var sawShared = 0, sawPerItem = 0
        for round in 0..<300 {
            var sizes = ItemHalfSizes(), model: [SIMD2<Float>] = []
            // Half the rounds draw from one size only, so the shared form lasts.
            let kinds = round % 2 == 0 ? 1 : 3
            for _ in 0..<200 {
                if random.nextUnit() < 0.6 || model.isEmpty {
                    let k = Float(Int(random.nextUnit() * Double(kinds)))
                    let half = SIMD2<Float>(4 + k, 4 + 2 * k)
                    sizes.append(half); model.append(half)
                } else {
                    let i = Int(random.nextUnit() * Double(model.count))
                    sizes.swapRemove(at: i); model.swapRemove(at: i)
                }
                XCTAssertEqual(sizes.count, model.count)
                for i in model.indices where sizes[i] != model[i] {
                    return XCTFail("round \(round): index \(i) holds \(sizes[i]), the model \(model[i])")
                }
                if sizes.bytes == 0 { sawShared += 1 } else { sawPerItem += 1 }
            }
            if kinds == 1 { XCTAssertEqual(sizes.bytes, 0, "one size needs no per-item storage") }
        }
        XCTAssertGreaterThan(sawShared, 0); XCTAssertGreaterThan(sawPerItem, 0)
    }

    func testEmptiedSizesStartShared() {
        var sizes = ItemHalfSizes()
        sizes.append(SIMD2(1, 1)); sizes.append(SIMD2(2, 3))
        XCTAssertGreaterThan(sizes.bytes, 0)
        sizes.swapRemove(at: 0); sizes.swapRemove(at: 0)
        sizes.append(SIMD2(5, 6))
        XCTAssertEqual(sizes.bytes, 0)
        XCTAssertEqual(sizes[0], SIMD2(5, 6))
    }

    func testTheWorldReadsEachItemsOwnSizeInBothForms() throws {
        let world = try World(configuration: WorldConfiguration())
        let a = try world.addItem(center: .zero, size: SIMD2(8, 8))
        let b = try world.addItem(center: .zero, size: SIMD2(8, 8))
        XCTAssertEqual(world.items.halfSizes.bytes, 0, "two items of one size")
        let c = try world.addItem(center: .zero, size: SIMD2(30, 10))
        XCTAssertEqual(try world.size(a), SIMD2(8, 8))
        XCTAssertEqual(try world.size(c), SIMD2(30, 10))
        XCTAssertGreaterThan(world.items.halfSizes.bytes, 0)
        try world.removeItem(a)
        XCTAssertEqual(try world.size(b), SIMD2(8, 8))
        XCTAssertEqual(try world.size(c), SIMD2(30, 10))
    }
}
