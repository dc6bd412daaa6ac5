import SpringKitSupport
import SpringKitDynamics

/// A `UIScrollView` model along one axis (vertical by default): touch tracking with rubber
/// banding past the edges, deceleration after a fling, and a bounce back to the edge.
///
/// The bounce is a critically damped spring toward the edge (`bounceFrequency`, Hz),
/// stepped exactly. Deceleration stops under `minimumSpeed`; a bounce ends within half
/// a pixel of the edge and under `minimumSpeed`. The edges are `minimumOffset` (minus the
/// leading content inset) and `maximumOffset`, as `UIScrollView.contentInset` moves them.
public final class ScrollView {
    public enum Phase: String, Sendable { case idle, tracking, decelerating, bouncing, animating }

    /// The direction the content scrolls.
    public enum Axis: String, Sendable { case vertical, horizontal }

    public struct Configuration: Equatable, Sendable {
        /// Visible size, points.
        public var viewport = SIMD2<Double>(320, 568)
        /// Scrollable content size, points.
        public var contentSize = SIMD2<Double>(320, 568)
        public var axis = Axis.vertical
        /// top, left, bottom, right (`UIScrollView.contentInset`), points.
        public var contentInset = SIMD4<Double>(0, 0, 0, 0)
        public var decelerationRate = ScrollPhysics.normalDecelerationRate
        public var rubberBandCoefficient = ScrollPhysics.rubberBandCoefficient
        /// False: the content stops at the edges (no rubber band, no bounce), as `bounces = false`.
        public var bounces = true
        /// Frequency of the critically damped bounce back, Hz.
        public var bounceFrequency = 2.0
        /// Deceleration and bounce stop under this speed, points/s.
        public var minimumSpeed = 0.5
        /// Screen scale (the bounce ends within half a pixel of the edge).
        public var screenScale = 2.0
        public init() {}

        func validate() throws {
            func require(_ ok: Bool, _ text: String) throws { if !ok { throw MotionError.invalidParameter(text) } }
            try require(viewport.x > 0 && viewport.y > 0 && viewport.x.isFinite && viewport.y.isFinite, "viewport must be positive and finite")
            try require(contentSize.x >= 0 && contentSize.y >= 0 && contentSize.x.isFinite && contentSize.y.isFinite, "content size must be finite and ≥ 0")
            try require((0..<4).allSatisfy { contentInset[$0].isFinite }, "content inset must be finite")
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
    /// The spring of `.animating` (damping ratio, frequency in Hz).
    private var animationSpring = (damping: 1.0, frequency: 2.0)
    /// The scrolling component of the vectors: 1 vertical, 0 horizontal.
    private let a: Int

    public init(configuration: Configuration = Configuration()) throws {
        try configuration.validate()
        self.configuration = configuration
        a = configuration.axis == .vertical ? 1 : 0
    }

    /// Smallest offset: minus the leading content inset (top, or left when horizontal).
    public var minimumOffset: Double { 0 - configuration.contentInset[a == 1 ? 0 : 1] }  // 0 − 0 is +0, never −0

    /// Largest offset: content longer than the viewport scrolls by the difference (plus the trailing inset).
    public var maximumOffset: Double {
        max(minimumOffset, configuration.contentSize[a] + configuration.contentInset[a == 1 ? 2 : 3] - configuration.viewport[a])
    }

    /// How far the content is pulled past its nearest edge (0 inside the edges): what a rubber
    /// band shows and a pull-to-refresh measures.
    public var overscroll: Double { max(minimumOffset - offset[a], offset[a] - maximumOffset, 0) }

    /// The offset along the scrolling axis.
    public var axisOffset: Double { offset[a] }

    /// The offset that puts `rect`'s center at the viewport's center along the axis, clamped to the edges
    /// (what a snap-to-item or a select-and-centre scrolls to).
    public func offset(centering rect: Rect) -> Double {
        min(max(rect.center[a] - configuration.viewport[a] / 2, minimumOffset), maximumOffset)
    }

    /// The viewport's center in content coordinates were the offset along the axis `axisOffset`.
    public func viewportCenter(atOffset axisOffset: Double) -> SIMD2<Double> {
        var origin = offset
        origin[a] = axisOffset
        return origin + configuration.viewport / 2
    }

    /// The finger in content coordinates (what `pan.location(in: collectionView)` gives) with
    /// the current offset: what a layout pass (`prepare()`) reads.
    public var touchLocation: SIMD2<Double>? { fingerLocation.map { $0 + offset } }

    /// The finger in content coordinates as a bounds change reads it: UIKit calls
    /// `shouldInvalidateLayout(forBoundsChange:)` before the collection view takes the new
    /// bounds, so `pan.location(in: collectionView)` converts the finger with the offset
    /// `previousOffset` the view had before the move (docs/physics.md, "UIKit as measured").
    public func touchLocation(beforeMoveFrom previousOffset: SIMD2<Double>) -> SIMD2<Double>? {
        fingerLocation.map { $0 + previousOffset }
    }

    public var isMoving: Bool { phase != .idle }

    /// Puts a finger down at `point` (viewport coordinates); stops any deceleration.
    public func touchDown(at point: SIMD2<Double>) throws {
        guard point.x.isFinite, point.y.isFinite else { throw MotionError.invalidParameter("touch point must be finite") }
        phase = .tracking
        animationTarget = nil
        velocity = .zero
        fingerLocation = point
        trackingStartFinger = point[a]
        trackingStartRaw = rawOffset(shown: offset[a])
    }

    /// Moves the finger to `point`; the content follows, rubber-banded past the edges.
    public func moveTouch(to point: SIMD2<Double>) throws {
        guard phase == .tracking else { throw MotionError.noFingerDown(step: nil) }
        guard point.x.isFinite, point.y.isFinite else { throw MotionError.invalidParameter("touch point must be finite") }
        fingerLocation = point
        offset[a] = shownOffset(raw: trackingStartRaw + trackingStartFinger - point[a])
    }

    /// Lifts the finger moving at `fingerVelocity` (points/s, as the pan gesture reports it):
    /// the content flings the other way, or bounces back when it is past an edge.
    public func release(fingerVelocity: SIMD2<Double>) throws {
        guard phase == .tracking else { throw MotionError.noFingerDown(step: nil) }
        guard fingerVelocity.x.isFinite, fingerVelocity.y.isFinite else { throw MotionError.invalidParameter("release velocity must be finite") }
        velocity = .zero
        velocity[a] = -fingerVelocity[a]
        phase = isPastEdge ? .bouncing : (abs(velocity[a]) >= configuration.minimumSpeed ? .decelerating : .idle)
    }

    /// Advances deceleration or bounce by `dt` seconds (tracking follows the finger only).
    public func advance(_ dt: Double) {
        switch phase {
        case .idle, .tracking:
            return
        case .decelerating:
            let next = ScrollPhysics.decelerate(x0: offset[a], v0: velocity[a], rate: configuration.decelerationRate, time: dt)
            offset[a] = next.x
            velocity[a] = next.v
            if isPastEdge && !configuration.bounces {
                offset[a] = nearestEdge
                velocity[a] = 0
                phase = .idle
            } else if isPastEdge {
                phase = .bouncing
                animationTarget = nil
            } else if abs(velocity[a]) < configuration.minimumSpeed {
                velocity[a] = 0
                phase = .idle
            }
        case .bouncing, .animating:
            let animating = phase == .animating
            let edge = animating ? (animationTarget ?? nearestEdge) : nearestEdge
            let m = animating ? ExactStepMatrix(damping: animationSpring.damping, frequency: animationSpring.frequency, step: dt)
                              : ExactStepMatrix(damping: 1, frequency: configuration.bounceFrequency, step: dt)
            let x = offset[a] - edge, v = velocity[a]
            offset[a] = edge + m.m00 * x + m.m01 * v
            velocity[a] = m.m10 * x + m.m11 * v
            if abs(offset[a] - edge) < 0.5 / configuration.screenScale && abs(velocity[a]) < configuration.minimumSpeed {
                offset[a] = edge
                velocity[a] = 0
                phase = .idle
                animationTarget = nil
            }
        }
    }

    /// Scrolls to `target` (clamped to the content) with the bounce's critically damped spring,
    /// as `setContentOffset(_:animated: true)`, or with the spring given (damping ratio,
    /// frequency in Hz), keeping the current velocity. Ignored while a finger is down.
    public func animate(to target: Double, damping: Double = 1, frequency: Double? = nil) throws {
        guard target.isFinite else { throw MotionError.invalidParameter("offset must be finite") }
        let frequency = frequency ?? configuration.bounceFrequency
        // Bounded so that the spring's step (ω = 2πf, e^(−ζωt)) stays finite: no display needs more.
        guard damping.isFinite, damping >= 0, damping <= 10_000, frequency.isFinite, frequency > 0, frequency <= 10_000 else {
            throw MotionError.invalidParameter("the animation spring needs damping in 0…10000 and frequency in (0, 10000] Hz, got damping \(NumberFormat.shortest(damping)), frequency \(NumberFormat.shortest(frequency))")
        }
        guard phase != .tracking else { return }
        animationTarget = min(max(target, minimumOffset), maximumOffset)
        animationSpring = (damping, frequency)
        phase = .animating
    }

    /// Changes the content size (a layout change); the offset is kept, and bounces back
    /// when it is now past an edge.
    public func setContentSize(_ size: SIMD2<Double>) throws {
        guard size.x.isFinite, size.y.isFinite, size.x >= 0, size.y >= 0 else {
            throw MotionError.invalidParameter("content size must be finite and ≥ 0")
        }
        configuration.contentSize = size
        edgesMoved()
    }

    /// Changes the content inset (top, left, bottom, right), as a refresh control does; the
    /// offset is kept, and bounces to the new edge when it is now past it.
    public func setContentInset(_ inset: SIMD4<Double>) throws {
        guard (0..<4).allSatisfy({ inset[$0].isFinite }) else { throw MotionError.invalidParameter("content inset must be finite") }
        configuration.contentInset = inset
        edgesMoved()
    }

    /// Sets the offset directly (as `setContentOffset(_:animated: false)`), clamped to the content.
    public func setOffset(_ value: Double) throws {
        guard value.isFinite else { throw MotionError.invalidParameter("offset must be finite") }
        offset[a] = min(max(value, minimumOffset), maximumOffset)
        velocity = .zero
        if phase != .tracking { phase = .idle }
    }

    private func edgesMoved() {
        if let target = animationTarget { animationTarget = min(max(target, minimumOffset), maximumOffset) }
        if phase == .idle && isPastEdge { phase = .bouncing }
    }

    private var isPastEdge: Bool { offset[a] < minimumOffset || offset[a] > maximumOffset }
    private var nearestEdge: Double { offset[a] < minimumOffset ? minimumOffset : maximumOffset }

    private func shownOffset(raw: Double) -> Double {
        let d = configuration.viewport[a], c = configuration.rubberBandCoefficient
        let low = minimumOffset, high = maximumOffset
        if !configuration.bounces { return min(max(raw, low), high) }
        if raw < low { return low - ScrollPhysics.rubberBand(low - raw, extent: d, coefficient: c) }
        if raw > high { return high + ScrollPhysics.rubberBand(raw - high, extent: d, coefficient: c) }
        return raw
    }

    private func rawOffset(shown: Double) -> Double {
        let d = configuration.viewport[a], c = configuration.rubberBandCoefficient
        let low = minimumOffset, high = maximumOffset
        if shown < low { return low - ScrollPhysics.inverseRubberBand(min(low - shown, d * 0.999999), extent: d, coefficient: c) }
        if shown > high {
            return high + ScrollPhysics.inverseRubberBand(min(shown - high, d * 0.999999), extent: d, coefficient: c)
        }
        return shown
    }
}
