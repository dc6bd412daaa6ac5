@testable import SpringKitTrace
import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitReport

/// Trace metrics against the closed-form solution of an underdamped spring.
final class TraceMetricsTests: XCTestCase {
    /// An exact-solver trace of x(t) from x0 at rest, sampled per 1/60 s frame.
    private func exactTrace(zeta: Double, frequency: Double, x0: Double, seconds: Double) throws -> (t: [Double], x: [Double]) {
        var configuration = WorldConfiguration()
        configuration.solver = .exact
        configuration.resistance = 0   // the exact solver steps springs only
        configuration.restTime = .infinity
        let world = try World(configuration: configuration)
        let animator = try DynamicAnimator(world: world)
        let item = try world.addItem(center: SIMD2(x0, 0))
        try world.attach(item, to: .zero, SpringParameters(length: 0, damping: zeta, frequency: frequency))
        var t: [Double] = [0], x: [Double] = [x0]
        while animator.time < seconds - 1e-12 {
            try animator.advanceFrame()
            t.append(animator.time)
            x.append(try world.position(item).x)
        }
        return (t, x)
    }

    func testOvershootMatchesTheClosedForm() throws {
        for zeta in [0.1, 0.3, 0.5, 0.7] {
            let series = try exactTrace(zeta: zeta, frequency: 1.5, x0: 100, seconds: 4)
            let expected = exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot()) * 100
            // Sampling at 60 Hz can miss the true extreme by a little.
            XCTAssertEqual(TraceMetrics.overshootPercent(values: series.x, target: 0), expected, accuracy: 0.25, "ζ \(zeta)")
        }
    }

    /// Overshoot is measured from the peak: a released pull (the start is the peak) against
    /// its start, a flick from rest against its first swing, on either side of the target.
    func testOvershootIsRelativeToThePeak() {
        XCTAssertEqual(TraceMetrics.overshootPercent(values: [10, 4, 0, -3, 0], target: 0), 30, accuracy: 1e-12)
        XCTAssertEqual(TraceMetrics.overshootPercent(values: [0, 20, 0, -8, 0], target: 0), 40, accuracy: 1e-12)
        XCTAssertEqual(TraceMetrics.overshootPercent(values: [0, -20, 0, 8, 0], target: 0), 40, accuracy: 1e-12)
        XCTAssertEqual(TraceMetrics.overshootPercent(values: [10, 12, 0, -3, 0], target: 0), 25, accuracy: 1e-12)
        XCTAssertEqual(TraceMetrics.overshootPercent(values: [105, 120, 100, 92], target: 100), 40, accuracy: 1e-12)
        XCTAssertEqual(TraceMetrics.overshootPercent(values: [10, 5, 1, 0], target: 0), 0)
        XCTAssertEqual(TraceMetrics.overshootPercent(values: [3, 3, 3], target: 3), 0)
        XCTAssertEqual(TraceMetrics.overshootPercent(values: [], target: 0), 0)
        // The readouts the tuner and the studio show use the same measure (about the final value).
        let values: [Double] = [0, 20, 0, -8, 0]
        XCTAssertEqual(TraceMetrics.Readouts(times: [0, 0.1, 0.2, 0.3, 0.4], values: values).overshootPercent,
                       TraceMetrics.overshootPercent(values: values, target: 0))
    }

    func testSettleTimeMatchesTheClosedForm() throws {
        for (zeta, frequency) in [(0.2, 1.0), (0.5, 0.8), (0.8, 2.0)] {
            let epsilon = 0.5, x0 = 100.0
            let series = try exactTrace(zeta: zeta, frequency: frequency, x0: x0, seconds: 20)
            let measured = try XCTUnwrap(TraceMetrics.settleTime(t: series.t, values: series.x, target: 0, epsilon: epsilon))
            // Reference: the last time |x(t)| > ε, from the closed form on a fine grid.
            let omega = 2 * Double.pi * frequency
            var last = 0.0
            var t = 0.0
            while t < 20 {
                if abs(ExactSolverTests.reference(x0: x0, v0: 0, zeta: zeta, omega: omega, t: t)) > epsilon { last = t }
                t += 1e-4
            }
            // One frame of sampling, plus UIKit's clock: after frame n the world has taken 2n − 1
            // sub-steps, so the physics runs one sub-step (1/120 s) behind the frame's time.
            XCTAssertEqual(measured, last, accuracy: 1.0 / 60 + 1.0 / 120 + 1e-3, "ζ \(zeta), f \(frequency)")
        }
    }

    func testOscillationsCountHalfCycles() throws {
        let zeta = 0.1, frequency = 1.0
        let series = try exactTrace(zeta: zeta, frequency: frequency, x0: 100, seconds: 10)
        // Crossings of the ±ε band by the closed form, on a fine grid.
        let omega = 2 * Double.pi * frequency
        var crossings = 0
        var t = 0.0
        var side = 1
        while t < 10 {
            let x = ExactSolverTests.reference(x0: 100, v0: 0, zeta: zeta, omega: omega, t: t)
            let now = x > 0.5 ? 1 : (x < -0.5 ? -1 : 0)
            if now != 0 && now != side { crossings += 1; side = now }
            t += 1e-4
        }
        XCTAssertEqual(TraceMetrics.crossings(values: series.x, target: 0, epsilon: 0.5), crossings)
        XCTAssertEqual(TraceMetrics.oscillations(values: series.x, target: 0, epsilon: 0.5), Double(crossings) / 2)
        XCTAssertEqual(TraceMetrics.peak(values: series.x), 100)
    }
}
