import Foundation
import SpringKitSupport

/// Anything that plays display frames: the animator itself (`DynamicAnimator`), the gesture
/// player and every scenario (rubber menu, gallery, dot art). Waiting is defined once here,
/// so every `wait` and `wait_until_rest` stops on the same frame whatever plays.
public protocol FrameClock: AnyObject {
    /// Seconds simulated so far.
    var time: Double { get }
    /// Whether nothing moves until new input: the world paused and the scroll view idle.
    var isAtRest: Bool { get }
    /// One display frame without new input (no finger moves).
    func advanceIdleFrame() throws
}

extension FrameClock {
    /// Plays idle frames until at least `seconds` more have passed.
    /// - Complexity: O(frames played).
    public func wait(seconds: Double) throws {
        try requireDuration(seconds, "seconds")
        let end = time + seconds - 1e-12
        while time < end { try advanceIdleFrame() }
    }

    /// Plays idle frames until rest or for at most `limit` seconds; returns whether it rested.
    /// - Complexity: O(frames played).
    @discardableResult
    public func waitUntilRest(limit: Double) throws -> Bool {
        try requireDuration(limit, "limit")
        let end = time + limit - 1e-12
        while !isAtRest && time < end { try advanceIdleFrame() }
        return isAtRest
    }

    private func requireDuration(_ value: Double, _ name: String) throws {
        guard value.isFinite, value >= 0 else {
            throw MotionError.invalidParameter("\(name) must be a finite number ≥ 0, got \(NumberFormat.shortest(value))")
        }
    }
}
