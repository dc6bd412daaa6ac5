import XCTest
@testable import SpringKitSupport
@testable import SpringKitMath

final class SpringConventionTests: XCTestCase {
    /// Origami has no negative values: they are refused as input, and a spring that would
    /// need one (softer than Origami goes) is one Origami cannot express.
    func testOrigamiHasNoNegativeValues() throws {
        XCTAssertThrowsError(try SpringConvention.origami.model(["tension": -1, "friction": 2]))
        XCTAssertThrowsError(try SpringConvention.origami.model(["tension": 10, "friction": -0.5]))
        let soft = try SpringConvention.uikit.model(["frequency": 0.8, "damping": 0.6])
        let values = try XCTUnwrap(SpringConvention.origami.values(soft))
        XCTAssertLessThan(values["tension"]!, 0)
        XCTAssertFalse(SpringConvention.origami.accepts(values))
        let stiff = try SpringConvention.origami.model(["tension": 40, "friction": 7])
        XCTAssertTrue(SpringConvention.origami.accepts(try XCTUnwrap(SpringConvention.origami.values(stiff))))
        let printed = try Simrun.run(["convert", "uikit", "frequency=0.8", "damping=0.6"])
        XCTAssertTrue(printed.stdout.contains("origami          (cannot express this spring)"), printed.stdout)
    }

    func testPublishedValues() throws {
        let swiftui = try SpringConvention.swiftuiDuration.model(["duration": 0.5, "bounce": 0.3])
        XCTAssertEqual(swiftui.mass, 1)
        XCTAssertEqual(swiftui.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(swiftui.damping, 17.6, accuracy: 0.05)
        let origami = try SpringConvention.origami.model(["tension": 40, "friction": 7])
        let rebound = try XCTUnwrap(SpringConvention.rebound.values(origami))
        XCTAssertEqual(rebound["tension"]!, 230.2, accuracy: 1e-9)
        XCTAssertEqual(rebound["friction"]!, 22, accuracy: 1e-9)
        // UIKit's 0.8 Hz at ζ 0.5 is SwiftUI's response 1.25 s.
        let uikit = try SpringConvention.uikit.model(["frequency": 0.8, "damping": 0.5])
        XCTAssertEqual(SpringConvention.swiftui.values(uikit)!["response"]!, 1.25, accuracy: 1e-12)
    }

    func testRoundTripsThroughEveryConvention() throws {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            // Springs every convention can express (POP needs moderate bounce and speed).
            let omega = 8 + 20 * random.nextUnit(), zeta = 0.3 + 0.6 * random.nextUnit()
            let spring = SpringModel(angularFrequency: omega, dampingRatio: zeta)
            for convention in SpringConvention.allCases {
                guard let values = convention.values(spring), convention.accepts(values) else { continue }
                let back = try convention.model(values)
                XCTAssertEqual(back.angularFrequency, spring.angularFrequency, accuracy: 1e-9 * omega, "\(convention)")
                XCTAssertEqual(back.dampingRatio, spring.dampingRatio, accuracy: 1e-9, "\(convention)")
                for other in SpringConvention.allCases {
                    guard let otherValues = other.values(back), other.accepts(otherValues) else { continue }
                    let again = try other.model(otherValues)
                    XCTAssertEqual(again.angularFrequency, omega, accuracy: 1e-9 * omega, "\(convention) → \(other)")
                    XCTAssertEqual(again.dampingRatio, zeta, accuracy: 1e-9, "\(convention) → \(other)")
                }
            }
        }
    }

    func testBounceBelowZeroIsOverdamped() throws {
        let spring = try SpringConvention.swiftuiDuration.model(["duration": 1, "bounce": -0.5])
        XCTAssertEqual(spring.dampingRatio, 2, accuracy: 1e-12)
        XCTAssertEqual(SpringConvention.swiftuiDuration.values(spring)!["bounce"]!, -0.5, accuracy: 1e-12)
    }

    func testBadInput() {
        XCTAssertThrowsError(try SpringConvention.uikit.model(["frequency": 1])) { XCTAssertTrue("\($0)".contains("missing damping")) }
        XCTAssertThrowsError(try SpringConvention.uikit.model(["frequency": -1, "damping": 1])) { XCTAssertTrue("\($0)".contains("frequency must be > 0")) }
        XCTAssertThrowsError(try SpringConvention.swiftui.model(["response": 1, "damping": 1])) { XCTAssertTrue("\($0)".contains("unknown key 'damping'")) }
        XCTAssertThrowsError(try SpringConvention.swiftuiDuration.model(["duration": 1, "bounce": 2])) { XCTAssertTrue("\($0)".contains("bounce must be in")) }
    }

    func testCommandLine() throws {
        let result = try Simrun.run(["convert", "swiftui-duration", "duration=0.5", "bounce=0.3"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("caspring         mass=1 stiffness=157.9137 damping=17.5929"), result.stdout)
        let origami = try Simrun.run(["convert", "origami", "tension=40", "friction=7"])
        XCTAssertTrue(origami.stdout.contains("rebound          tension=230.2 friction=22"), origami.stdout)
        XCTAssertEqual(try Simrun.run(["convert", "bogus", "x=1"]).status, 2)
        XCTAssertEqual(try Simrun.run(["convert", "uikit", "frequency=abc", "damping=1"]).status, 2)
    }
}
