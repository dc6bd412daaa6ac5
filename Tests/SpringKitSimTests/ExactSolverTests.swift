import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitScripting

/// The `exact` solver against the textbook closed-form solution of a damped oscillator.
final class ExactSolverTests: XCTestCase {
    /// x(t) for x'' + 2ζωx' + ω²x = 0, written independently of `ExactStepMatrix`.
    static func reference(x0: Double, v0: Double, zeta: Double, omega: Double, t: Double) -> Double {
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * t) * (x0 * cos(wd * t) + (v0 + zeta * omega * x0) / wd * sin(wd * t))
        } else if zeta == 1 {
            return exp(-omega * t) * (x0 + (v0 + omega * x0) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    func testMillionStepsMatchTheClosedForm() throws {
        let steps = 1_000_000
        for frequency in [0.001, 0.05] {
            for zeta in [0.1, 0.5, 1, 2] {
                var configuration = WorldConfiguration()
                configuration.solver = .exact
                configuration.resistance = 0   // the exact solver steps springs only
                configuration.restTime = .infinity
                let world = try World(configuration: configuration)
                let x0 = 1.0, y0 = -0.5, vx0 = 0.02, vy0 = 0.01
                let item = try world.addItem(center: SIMD2(x0, y0), velocity: SIMD2(vx0, vy0))
                try world.attach(item, to: .zero, SpringParameters(length: 0, damping: zeta, frequency: frequency))
                let omega = 2 * Double.pi * frequency
                let amplitude = (x0 * x0 + y0 * y0).squareRoot()
                let h = configuration.stepDuration
                var worst = 0.0
                var done = 0
                while done < steps {
                    try world.advance(steps: 10_000)
                    done += 10_000
                    let t = Double(done) * h
                    let p = try world.position(item)
                    let ex = Self.reference(x0: x0, v0: vx0, zeta: zeta, omega: omega, t: t)
                    let ey = Self.reference(x0: y0, v0: vy0, zeta: zeta, omega: omega, t: t)
                    worst = max(worst, abs(p.x - ex), abs(p.y - ey))
                }
                XCTAssertEqual(world.stepCount, steps)
                XCTAssertLessThanOrEqual(worst, 1e-9 * amplitude, "ζ = \(zeta), f = \(frequency): worst error \(worst)")
            }
        }
    }

    func testStepMatrixIsContinuousAcrossCriticalDamping() {
        let below = ExactStepMatrix(damping: 1 - 1e-7, frequency: 2, step: 1.0 / 120)
        let at = ExactStepMatrix(damping: 1, frequency: 2, step: 1.0 / 120)
        let above = ExactStepMatrix(damping: 1 + 1e-7, frequency: 2, step: 1.0 / 120)
        for (a, b) in [(below, at), (above, at)] {
            XCTAssertEqual(a.m00, b.m00, accuracy: 1e-6)
            XCTAssertEqual(a.m01, b.m01, accuracy: 1e-6)
            XCTAssertEqual(a.m10, b.m10, accuracy: 1e-5)
            XCTAssertEqual(a.m11, b.m11, accuracy: 1e-6)
        }
    }

    /// The exact solver's one-spring-per-item count follows items that are removed (the
    /// stores swap the last item into the hole) and springs that are removed.
    func testExactSpringCountsFollowRemovals() throws {
        var configuration = WorldConfiguration()
        configuration.solver = .exact
        configuration.resistance = 0   // the exact solver steps springs only
        let world = try World(configuration: configuration)
        let animator = try DynamicAnimator(world: world)
        let good = SpringParameters(length: 0, damping: 0.5, frequency: 1)
        let a = try world.addItem(center: SIMD2(1, 0)), b = try world.addItem(center: SIMD2(2, 0)), c = try world.addItem(center: SIMD2(3, 0))
        try world.attach(a, to: .zero, good)
        let onC = try world.attach(c, to: .zero, good)
        try world.removeItem(a)   // c moves into a's place
        XCTAssertThrowsError(try world.attach(c, to: .zero, good), "c still has its spring")
        XCTAssertNoThrow(try world.attach(b, to: .zero, good))
        try world.removeSpring(onC)
        XCTAssertNoThrow(try world.attach(c, to: .zero, good), "its spring is gone")
        XCTAssertNoThrow(try animator.advanceFrames(3))
    }

    func testABatchTheExactSolverRefusesLeavesNoSpringBehind() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(directory, "batch.lua", """
        local sk = require 'springkit'
        local w = sk.world{solver = 'exact'}
        local first = w:add_items{x = {1, 2, 3}, y = {0, 0, 0}}
        local ok, message = pcall(w.attach_all, w, {items = {first, first + 1, first}, anchor_x = {0, 0, 0}, anchor_y = {0, 0, 0},
                                                  damping = 0.5, frequency = 1})
        assert(not ok and message:find('its item has 2 springs', 1, true), message)
        assert(w.springs == 0, 'all or nothing: ' .. w.springs .. ' springs left')
        w:attach_all{first = first, anchor_x = {0, 0, 0}, anchor_y = {0, 0, 0}, damping = 0.5, frequency = 1}
        assert(w.springs == 3)
        """)
        var options = ScriptOptions()
        options.output = nil
        XCTAssertNoThrow(try ScriptRunner.run(path: path, options: options))
    }

    /// The call that would make the world unsolvable is refused, and the world stays as it was.
    func testExactRefusesWhatItCannotSolveAtTheCallThatAsksForIt() throws {
        var configuration = WorldConfiguration()
        configuration.solver = .exact
        configuration.resistance = 0   // the exact solver steps springs only
        let good = SpringParameters(length: 0, damping: 0.5, frequency: 1)
        let cases: [(String, (World) throws -> Void)] = [
            ("its length is 0.4, not 0", { w in
                let a = try w.addItem(center: SIMD2(1, 0))
                try w.attach(a, to: .zero, SpringParameters(length: 0.4, damping: 0.5, frequency: 1))
            }),
            ("it joins two items", { w in
                let a = try w.addItem(center: SIMD2(1, 0)), b = try w.addItem(center: SIMD2(2, 0))
                try w.connect(a, b, good)
            }),
            ("it is rigid (frequency 0)", { w in
                let a = try w.addItem(center: SIMD2(1, 0))
                try w.attach(a, to: .zero, SpringParameters(length: 0, damping: 0.5, frequency: 0))
            }),
            ("its item has 2 springs", { w in
                let a = try w.addItem(center: SIMD2(1, 0))
                try w.attach(a, to: .zero, good)
                try w.attach(a, to: SIMD2(3, 0), good)
            }),
            ("spring 0 is not a zero-length spring from one item to an anchor (its length is 2, not 0)", { w in
                let a = try w.addItem(center: SIMD2(1, 0))
                let s = try w.attach(a, to: .zero, good)
                try w.setParameters(s, SpringParameters(length: 2, damping: 0.5, frequency: 1))
            }),
        ]
        for (reason, build) in cases {
            let world = try World(configuration: configuration)
            let animator = try DynamicAnimator(world: world)
            XCTAssertThrowsError(try build(world), reason) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(error)")
                XCTAssertTrue("\(error)".hasPrefix("the exact solver cannot step this world"), "\(error)")
            }
            XCTAssertLessThanOrEqual(world.springCount, 1, "the refused spring was not added")
            for s in 0..<world.springCount {
                XCTAssertEqual(try world.parameters(SpringID(rawValue: Int32(s))), good, "the refused change was not made")
            }
            XCTAssertNoThrow(try animator.advanceFrame(), "what is left can be stepped")
        }
        configuration.resistance = 2
        XCTAssertThrowsError(try World(configuration: configuration)) { error in
            XCTAssertTrue("\(error)".contains("resistance 2 is not a spring"), "\(error)")
        }
    }
}
