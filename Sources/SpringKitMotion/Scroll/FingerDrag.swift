/// A finger moving by `distance` over `seconds` in equal steps, one per display frame, from
/// where it is down on a scroll view: the drag of the gesture player and of the rubber menu.
package struct FingerDrag {
    package let start: SIMD2<Double>
    package let distance: SIMD2<Double>
    /// Display frames the drag takes (at least 1).
    package let frames: Int
    /// The finger's velocity over the drag, points/s (what a release without one uses).
    package let velocity: SIMD2<Double>

    /// Throws when no finger is down on `scrollView` or the numbers are not finite.
    package init(on scrollView: ScrollView, by distance: SIMD2<Double>, seconds: Double, animator: DynamicAnimator) throws {
        guard let start = scrollView.fingerLocation, scrollView.phase == .tracking else {
            throw MotionError.noFingerDown(step: "drag")
        }
        guard seconds.isFinite, seconds >= 0, distance.x.isFinite, distance.y.isFinite else {
            throw MotionError.invalidParameter("drag distance and duration must be finite, duration ≥ 0")
        }
        self.start = start
        self.distance = distance
        frames = try animator.frames(in: seconds)
        velocity = distance / (Double(frames) * animator.configuration.frameDuration)
    }

    /// Where the finger is after frame `k` of `1...frames`.
    package func finger(after k: Int) -> SIMD2<Double> {
        start + distance * (Double(k) / Double(frames))
    }
}
