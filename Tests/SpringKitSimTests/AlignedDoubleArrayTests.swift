import XCTest
@testable import SpringKitDynamics
@testable import SpringKitSupport

/// `AlignedDoubleArray` against `Array` as the model: the same contents after any sequence
/// of operations, value semantics, and storage on a 64-byte boundary throughout.
final class AlignedDoubleArrayTests: XCTestCase {
    private func isAligned(_ array: AlignedDoubleArray) -> Bool {
        array.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) % AlignedDoubleArray.alignment == 0 }
    }

    func testBehavesAsAnArrayUnderRandomOperations() {
        var random = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            var aligned = AlignedDoubleArray()
            var model: [Double] = []
            var snapshots: [(AlignedDoubleArray, [Double])] = []
            for _ in 0..<300 {
                let choice = random.nextUnit()
                let value = random.nextUnit() * 1000 - 500
                if choice < 0.45 || model.isEmpty {
                    aligned.append(value); model.append(value)
                } else if choice < 0.65 {
                    let i = Int(random.nextUnit() * Double(model.count))
                    aligned.swapRemove(at: i); model.swapRemove(at: i)
                } else if choice < 0.85 {
                    let i = Int(random.nextUnit() * Double(model.count))
                    aligned[i] = value; model[i] = value
                } else if choice < 0.9 {
                    let n = Int(random.nextUnit() * 600)
                    aligned.reserveCapacity(n); model.reserveCapacity(n)
                    XCTAssertGreaterThanOrEqual(aligned.capacity, n)
                } else if choice < 0.95 {
                    aligned.withUnsafeMutableBufferPointer { buffer in
                        for k in buffer.indices { buffer[k] += 1 }
                    }
                    for k in model.indices { model[k] += 1 }
                } else {
                    snapshots.append((aligned, model))   // a copy that must not change
                }
                XCTAssertEqual(Array(aligned), model)
                XCTAssertTrue(isAligned(aligned))
            }
            for (copy, expected) in snapshots { XCTAssertEqual(Array(copy), expected, "copies are values") }
        }
    }

    func testRepeatingInitialiserAndEmptyStorage() {
        let filled = AlignedDoubleArray(repeating: -1, count: 1_000)
        XCTAssertEqual(Array(filled), [Double](repeating: -1, count: 1_000))
        XCTAssertTrue(isAligned(filled))
        let empty = AlignedDoubleArray()
        XCTAssertTrue(empty.isEmpty)
        XCTAssertTrue(isAligned(empty))
    }
}
