/// A vertical `UIScrollView` model: touch tracking with rubber banding past the edges,
/// deceleration after a fling, and a bounce back to the edge.
///
/// The bounce is a critically damped spring toward the edge (`bounceFrequency`, Hz),
/// stepped exactly. Deceleration stops under `minimumSpeed`; a bounce ends within half
/// a pixel of the edge and under `minimumSpeed`.
public final class ScrollView {
    public enum Phase: String, Sendable { case idle, tracking, decelerating, bouncing, animating }

    public struct Configuration: Equatable, Sendable {
        /// Visible size, points.
        public var viewport = SIMD2<Double>(320, 568)
        /// Scrollable content size, points.
        public var contentSize = SIMD2<Double>(320, 568)
        public var decelerationRate = ScrollPhysics.normalDecelerationRate
        public var rubberBandCoefficient = ScrollPhysics.rubberBandCoefficient
        /// Frequency of the critically damped bounce back, Hz.
        public var bounceFrequency = 2.0
        /// Deceleration and bounce stop under this speed, points/s.
        public var minimumSpeed = 0.5
        /// Screen scale (the bounce ends within half a pixel of the edge).
        public var screenScale = 2.0
        public init() {}

        func validate() throws {
            func require(_ ok: Bool, _ text: String) throws { if !ok { throw DynamicsError.invalidParameter(text) } }
            try require(viewport.x > 0 && viewport.y > 0 && viewport.x.isFinite && viewport.y.isFinite, "viewport must be positive and finite")
            try require(contentSize.x >= 0 && contentSize.y >= 0 && contentSize.x.isFinite && contentSize.y.isFinite, "content size must be finite and ≥ 0")
            try require(decelerationRate > 0 && decelerationRate < 1, "deceleration rate must be in (0, 1), got \(NumberFormat.shortest(decelerationRate))")
            try require(rubberBandCoefficient > 0 && rubberBandCoefficient.isFinite, "rubber band coefficient must be positive")
            try require(bounceFrequency > 0 && bounceFrequency.isFinite, "bounce frequency must be positive")
            try require(minimumSpeed > 0 && minimumSpeed.isFinite, "minimum speed must be positive")
            try require(screenScale > 0 && screenScale.isFinite, "screen scale must be positive")
        }
    }

    public private(set) var configuration: Configuration
    /// Where `.animating` is heading (`setContentOffset(_:animated: true)`).
    public private(set) var animationTarget: Double?
    /// The bounds origin: content coordinates of the viewport's top-left corner.
    public private(set) var offset = SIMD2<Double>(0, 0)
    /// Offset velocity, points/s.
    public private(set) var velocity = SIMD2<Double>(0, 0)
    public private(set) var phase = Phase.idle
    /// The finger in viewport coordinates while touching; the last one after release.
    public private(set) var fingerLocation: SIMD2<Double>?

    private var trackingStartFinger = 0.0
    private var trackingStartRaw = 0.0

    public init(configuration: Configuration = Configuration()) throws {
        try configuration.validate()
        self.configuration = configuration
    }

    /// Largest offset: content taller than the viewport scrolls by the difference.
    public var maximumOffset: Double { max(0, configuration.contentSize.y - configuration.viewport.y) }

    /// The finger in content coordinates (what `pan.location(in: collectionView)` gives).
    public var touchLocation: SIMD2<Double>? { fingerLocation.map { $0 + offset } }

    public var isMoving: Bool { phase != .idle }

    /// Puts a finger down at `point` (viewport coordinates); stops any deceleration.
    public func touchDown(at point: SIMD2<Double>) throws {
        guard point.x.isFinite, point.y.isFinite else { throw DynamicsError.invalidParameter("touch point must be finite") }
        phase = .tracking
        animationTarget = nil
        velocity = .zero
        fingerLocation = point
        trackingStartFinger = point.y
        trackingStartRaw = rawOffset(shown: offset.y)
    }

    /// Moves the finger to `point`; the content follows, rubber-banded past the edges.
    public func moveTouch(to point: SIMD2<Double>) throws {
        guard phase == .tracking else { throw DynamicsError.invalidParameter("no finger is down (call touch_down first)") }
        guard point.x.isFinite, point.y.isFinite else { throw DynamicsError.invalidParameter("touch point must be finite") }
        fingerLocation = point
        offset.y = shownOffset(raw: trackingStartRaw + trackingStartFinger - point.y)
    }

    /// Lifts the finger moving at `fingerVelocity` (points/s, as the pan gesture reports it):
    /// the content flings the other way, or bounces back when it is past an edge.
    public func release(fingerVelocity: SIMD2<Double>) throws {
        guard phase == .tracking else { throw DynamicsError.invalidParameter("no finger is down (call touch_down first)") }
        guard fingerVelocity.y.isFinite else { throw DynamicsError.invalidParameter("release velocity must be finite") }
        velocity = SIMD2(0, -fingerVelocity.y)
        phase = isPastEdge ? .bouncing : (abs(velocity.y) >= configuration.minimumSpeed ? .decelerating : .idle)
    }

    /// Advances deceleration or bounce by `dt` seconds (tracking follows the finger only).
    public func advance(_ dt: Double) {
        switch phase {
        case .idle, .tracking:
            return
        case .decelerating:
            let next = ScrollPhysics.decelerate(x0: offset.y, v0: velocity.y, rate: configuration.decelerationRate, time: dt)
            offset.y = next.x
            velocity.y = next.v
            if isPastEdge {
                phase = .bouncing
                animationTarget = nil
            } else if abs(velocity.y) < configuration.minimumSpeed {
                velocity.y = 0
                phase = .idle
            }
        case .bouncing, .animating:
            let edge = phase == .animating ? (animationTarget ?? nearestEdge) : nearestEdge
            let m = ExactStepMatrix(damping: 1, frequency: configuration.bounceFrequency, step: dt)
            let x = offset.y - edge, v = velocity.y
            offset.y = edge + m.m00 * x + m.m01 * v
            velocity.y = m.m10 * x + m.m11 * v
            if abs(offset.y - edge) < 0.5 / configuration.screenScale && abs(velocity.y) < configuration.minimumSpeed {
                offset.y = edge
                velocity.y = 0
                phase = .idle
                animationTarget = nil
            }
        }
    }

    /// Scrolls to `y` (clamped to the content) with the bounce's critically damped spring,
    /// as `setContentOffset(_:animated: true)`. Ignored while a finger is down.
    public func animate(to y: Double) throws {
        guard y.isFinite else { throw DynamicsError.invalidParameter("offset must be finite") }
        guard phase != .tracking else { return }
        animationTarget = min(max(y, 0), maximumOffset)
        phase = .animating
    }

    /// Changes the content size (a layout change); the offset is kept, and bounces back
    /// when it is now past an edge.
    public func setContentSize(_ size: SIMD2<Double>) throws {
        guard size.x.isFinite, size.y.isFinite, size.x >= 0, size.y >= 0 else {
            throw DynamicsError.invalidParameter("content size must be finite and ≥ 0")
        }
        configuration.contentSize = size
        if let target = animationTarget { animationTarget = min(max(target, 0), maximumOffset) }
        if phase == .idle && isPastEdge { phase = .bouncing }
    }

    /// Sets the offset directly (as `setContentOffset(_:animated: false)`), clamped to the content.
    public func setOffset(_ y: Double) throws {
        guard y.isFinite else { throw DynamicsError.invalidParameter("offset must be finite") }
        offset.y = min(max(y, 0), maximumOffset)
        velocity = .zero
        if phase != .tracking { phase = .idle }
    }

    private var isPastEdge: Bool { offset.y < 0 || offset.y > maximumOffset }
    private var nearestEdge: Double { offset.y < 0 ? 0 : maximumOffset }

    private func shownOffset(raw: Double) -> Double {
        let d = configuration.viewport.y, c = configuration.rubberBandCoefficient
        if raw < 0 { return -ScrollPhysics.rubberBand(-raw, extent: d, coefficient: c) }
        if raw > maximumOffset { return maximumOffset + ScrollPhysics.rubberBand(raw - maximumOffset, extent: d, coefficient: c) }
        return raw
    }

    private func rawOffset(shown: Double) -> Double {
        let d = configuration.viewport.y, c = configuration.rubberBandCoefficient
        if shown < 0 { return -ScrollPhysics.inverseRubberBand(min(-shown, d * 0.999999), extent: d, coefficient: c) }
        if shown > maximumOffset {
            return maximumOffset + ScrollPhysics.inverseRubberBand(min(shown - maximumOffset, d * 0.999999), extent: d, coefficient: c)
        }
        return shown
    }
}
