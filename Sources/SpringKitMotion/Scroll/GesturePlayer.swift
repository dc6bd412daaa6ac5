import SpringKitDynamics

/// Plays scripted gestures frame by frame through a scroll view and an animator, in the order
/// a collection view runs them:
///
/// input (finger, or deceleration / bounce) → `boundsChanged` (when the offset moved) →
/// `layoutPass` → one animator tick (`DynamicAnimator.advanceFrame`) → `frameEnded`.
///
/// The hooks are where an effect lives: the rubber menu's resistance rule in `boundsChanged`,
/// its culling in `layoutPass`, its recording in `frameEnded`. Every scenario plays its frames
/// through one (the rubber menu, the gallery and dot art, and `sk.animator` in Lua), so there is
/// one frame loop.
public final class GesturePlayer: FrameClock {
    /// A gesture step, as `gestureStarted` reports it.
    public enum Gesture: Equatable, Sendable {
        /// A finger went down at this point (viewport coordinates).
        case touchDown(SIMD2<Double>)
        /// A drag by this distance begins (its frames follow).
        case drag(distance: SIMD2<Double>)
        /// The finger lifted with this velocity, points/s.
        case release(velocity: SIMD2<Double>)
    }

    public let scrollView: ScrollView
    /// Ticks the world once per frame.
    public let animator: DynamicAnimator
    public var world: World { animator.world }
    /// The offset moved by `delta` this frame; `touch` is the finger in content coordinates
    /// with the offset before the move, as UIKit's bounds change reads it (nil: none known).
    public var boundsChanged: ((_ delta: SIMD2<Double>, _ touch: SIMD2<Double>?) throws -> Void)?
    /// Every frame, after the bounds change: `bounds` is the viewport in content coordinates,
    /// `touch` the finger in content coordinates with the new offset.
    public var layoutPass: ((_ bounds: Rect, _ touch: SIMD2<Double>?) throws -> Void)?
    /// Every frame, after the animator's tick.
    public var frameEnded: (() throws -> Void)?
    /// Each gesture step once it is accepted: after the touch goes down, before a drag's first
    /// frame, after the release (a scenario marks its recording here).
    public var gestureStarted: ((Gesture) -> Void)?

    /// Frames played so far.
    public private(set) var frame = 0
    public var time: Double { animator.time }
    /// Seconds from the last release to rest (scroll idle and world paused), once reached.
    public private(set) var settleTime: Double?
    /// The finger's velocity over the last drag, points/s (the default release velocity).
    public private(set) var lastDragVelocity = SIMD2<Double>(0, 0)
    private var releaseTime: Double?

    public init(scrollView: ScrollView, animator: DynamicAnimator) {
        self.scrollView = scrollView
        self.animator = animator
    }

    /// The viewport in content coordinates.
    public var bounds: Rect {
        let viewport = scrollView.configuration.viewport
        return Rect(x: scrollView.offset.x, y: scrollView.offset.y, width: viewport.x, height: viewport.y)
    }

    /// True when nothing moves: the scroll view is idle and the world paused.
    public var isAtRest: Bool { !scrollView.isMoving && world.isPaused }

    /// A finger goes down at `point` (viewport coordinates). Takes no time.
    public func touchDown(at point: SIMD2<Double>) throws {
        try scrollView.touchDown(at: point)
        releaseTime = nil
        settleTime = nil
        gestureStarted?(.touchDown(point))
    }

    /// The finger moves by `distance` over `seconds`, in equal steps, one per frame.
    /// - Complexity: O(seconds / frame duration) frames, each as `advanceFrame(finger:)`.
    public func drag(by distance: SIMD2<Double>, seconds: Double) throws {
        let drag = try FingerDrag(on: scrollView, by: distance, seconds: seconds, animator: animator)
        gestureStarted?(.drag(distance: distance))
        for k in 1...drag.frames { try advanceFrame(finger: drag.finger(after: k)) }
        lastDragVelocity = drag.velocity
    }

    /// The finger lifts with `velocity` (points/s; default: the last drag's velocity).
    public func release(velocity: SIMD2<Double>? = nil) throws {
        let fingerVelocity = velocity ?? lastDragVelocity
        try scrollView.release(fingerVelocity: fingerVelocity)
        releaseTime = time
        gestureStarted?(.release(velocity: fingerVelocity))
    }

    /// One display frame without a finger move (`FrameClock`: `wait`, `waitUntilRest`).
    public func advanceIdleFrame() throws { try advanceFrame(finger: nil) }

    /// One display frame: the finger moves to `finger` (viewport coordinates) when given,
    /// else the scroll view decelerates or bounces for a frame.
    /// - Complexity: the hooks' cost plus one `DynamicAnimator.advanceFrame`.
    public func advanceFrame(finger: SIMD2<Double>?) throws {
        let old = scrollView.offset
        if let finger {
            try scrollView.moveTouch(to: finger)
        } else {
            scrollView.advance(animator.configuration.frameDuration)
        }
        let delta = scrollView.offset - old
        // The bounds change reads the finger with the old offset, the layout pass with the new.
        if delta != .zero { try boundsChanged?(delta, scrollView.touchLocation(beforeMoveFrom: old)) }
        try layoutPass?(bounds, scrollView.touchLocation)
        try animator.advanceFrame()
        frame += 1
        if let releaseTime, settleTime == nil, isAtRest { settleTime = time - releaseTime }
        try frameEnded?()
    }
}
