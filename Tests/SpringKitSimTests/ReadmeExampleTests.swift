import Foundation
import XCTest
import SpringKitSim

/// The README's Swift example, verbatim: it compiles (as a client of the library, without
/// `@testable`) and comes to rest.
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExampleComesToRest() throws {
        // README example begins
        let animator = try DynamicAnimator()   // ticks its world once per display frame
        let world = animator.world
        // 100 pt from its anchor, moving towards it: the spring pulls it home.
        let item = try world.addItem(center: SIMD2(100, 0), velocity: SIMD2(-50, 0))
        try world.attach(item, to: .zero, SpringParameters(length: 0, damping: 0.5, frequency: 0.8))
        let rested = try animator.waitUntilRest(limit: 10)   // true: at rest after about 4.4 s
        print(rested, animator.time, try world.position(item))
        // README example ends
        XCTAssertTrue(rested)
        XCTAssertEqual(animator.time, 4.4, accuracy: 0.1, "the README says about 4.4 s")
        XCTAssertLessThan((try world.position(item) * world.position(item)).sum().squareRoot(), 1)
    }

    func testTheReadmeShowsThisTestsCode() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        guard let start = readme.range(of: "```swift\nimport SpringKitSim\n"),
              let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex) else {
            return XCTFail("no Swift example in the README")
        }
        let example = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let begin = source.range(of: "// README example begins\n"), let finish = source.range(of: "// README example ends") else {
            return XCTFail("markers missing")
        }
        let tested = source[begin.upperBound..<finish.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(example, tested, "README.md's example and this test's code must be the same lines")
    }
}
