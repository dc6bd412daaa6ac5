import SpringKitSupport
import SpringKitDynamics

/// Estimates a finger's velocity from timed positions, as a pan gesture reports it: the
/// displacement over the samples of the last `window` seconds divided by their time span.
public struct VelocityTracker: Sendable {
    /// Seconds of history the estimate uses.
    public let window: Double
    private var samples: [(t: Double, p: SIMD2<Double>)] = []

    public init(window: Double = 0.1) throws {
        guard window.isFinite, window > 0 else { throw MotionError.invalidParameter("velocity window must be a positive number of seconds") }
        self.window = window
    }

    /// Adds a sample; times must not decrease. Samples older than the window are dropped.
    /// - Complexity: O(samples in the window): dropping an old sample shifts the rest.
    public mutating func add(time t: Double, position p: SIMD2<Double>) throws {
        guard t.isFinite, p.x.isFinite, p.y.isFinite else { throw MotionError.invalidParameter("velocity samples must be finite") }
        if let last = samples.last, t < last.t {
            throw MotionError.sampleTimeDecreased(time: t, previous: last.t)
        }
        samples.append((t, p))
        // Keep the newest sample at or just before the window's start, so the span covers the window.
        while samples.count > 2 && samples[1].t <= t - window { samples.removeFirst() }
    }

    /// Forgets every sample (a new touch).
    public mutating func reset() { samples.removeAll() }

    /// Points per second; zero with fewer than two samples or no elapsed time.
    public var velocity: SIMD2<Double> {
        guard let first = samples.first, let last = samples.last, last.t > first.t else { return .zero }
        return (last.p - first.p) / (last.t - first.t)
    }

    public var sampleCount: Int { samples.count }
}
