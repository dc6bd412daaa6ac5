import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitScripting

/// The engine against numbers measured on UIKit Dynamics itself (the host's UIKitCore and
/// PhysicsKit through Mac Catalyst, published in the public repository kern0x1b/charon,
/// `packages/a/apple-backports/facts/UIKit/UIDynamicAnimator.md`; docs/physics.md, "UIKit as
/// measured"). Each expected number below is the measurement, not this engine's output.
final class UIKitMeasuredTests: XCTestCase {
    /// charon §12 row T4b: a 40 × 40 item at (100, 250) on an attachment to the anchor
    /// (100, 100), length 100, 2 Hz, damping 0.3, resistance 0, frames of 1/60 s.
    func testAttachmentTrajectoryMatchesTheHostMeasurement() throws {
        var configuration = WorldConfiguration()
        configuration.resistance = 0
        let animator = try DynamicAnimator(world: World(configuration: configuration))
        let world = animator.world
        let item = try world.addItem(center: SIMD2(100, 250), size: SIMD2(40, 40))
        try world.attach(item, to: SIMD2(100, 100), SpringParameters(length: 100, damping: 0.3, frequency: 2))
        let measured: [Int: Double] = [1: 249.48938, 10: 201.092148, 30: 204.031586, 60: 200.142715]
        for frame in 1...60 {
            try animator.advanceFrame(duration: 1.0 / 60)
            guard let y = measured[frame] else { continue }
            let p = try world.position(item)
            XCTAssertEqual(p.y, y, accuracy: 0.01, "frame \(frame)")
            XCTAssertEqual(p.x, 100, accuracy: 1e-9, "frame \(frame)")
        }
    }

    /// charon §0, §1.2: h = (float)1/120 from a double accumulator; the first 1/60 frame takes
    /// one sub-step and every later one two (the leftover shrinks by 8.7e-10 s a frame).
    func testTheClockTakesOneSubStepOnTheFirstFrame() throws {
        XCTAssertEqual(WorldConfiguration.uikitStep, 0.00833333377, accuracy: 1e-11)
        XCTAssertEqual(WorldConfiguration().stepDuration, Double(Float(1.0 / 120)))
        let animator = try DynamicAnimator(world: World())
        let world = animator.world
        let item = try world.addItem(center: SIMD2(0, 100))
        try world.attach(item, to: .zero, SpringParameters(damping: 0.1, frequency: 1))
        var counts: [Int] = []
        for _ in 0..<600 {
            let before = world.stepCount
            try animator.advanceFrame()
            counts.append(world.stepCount - before)
        }
        XCTAssertEqual(counts.first, 1)
        XCTAssertEqual(Set(counts.dropFirst()), [2], "two sub-steps on every later frame for 10 s")
    }

    /// charon §2.5, §11: a body no item behaviour touches has resistance 0.1 (Apple's docs: 0).
    /// Measured: 3000 pt/s reads 2997.50195 pt/s after one sub-step (3000 / (1 + h · 0.1) in float).
    func testDefaultResistanceIsUIKits() throws {
        XCTAssertEqual(WorldConfiguration().resistance, 0.1)
        let animator = try DynamicAnimator(world: World())
        let world = animator.world
        // At its anchor the spring applies nothing (the dead zone): only the damping acts.
        let item = try world.addItem(center: SIMD2(0, 0), velocity: SIMD2(3000, 0))
        try world.attach(item, to: SIMD2(0, 0), SpringParameters(damping: 0, frequency: 1))
        try animator.advanceFrame()
        XCTAssertEqual(world.stepCount, 1)
        XCTAssertEqual(try world.velocity(item).x, 2997.50195, accuracy: 2e-4)
    }

    func testLuaWorldResistanceDefaultsToUIKitsAndZeroRestoresNone() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(directory, "resistance.lua", """
        local sk = require 'springkit'
        local function after_one_step(spec)
          local w = sk.world(spec)
          local id = w:add_item{x = 0, y = 0, vx = 3000}
          w:attach(id, {anchor = {0, 0}, frequency = 1})
          w:step(1/60)
          return (w:velocity(id))
        end
        local default, none = after_one_step(nil), after_one_step{resistance = 0}
        assert(math.abs(default - 2997.50195) < 2e-4, 'default resistance: ' .. default)
        assert(none == 3000, 'resistance 0: ' .. none)
        """)
        var options = ScriptOptions()
        options.output = nil
        XCTAssertNoThrow(try ScriptRunner.run(path: path, options: options))
    }

    /// Box2D's tolerances act in metres at 100 pt/m: the dead zone of a distance joint is the
    /// linear slop 0.005 m = 0.5 pt, the correction clamp 0.2 m = 20 pt, the largest move
    /// 2 m = 200 pt per sub-step.
    func testBox2DConstantsAreInPoints() throws {
        let c = WorldConfiguration()
        XCTAssertEqual(WorldConfiguration.pointsPerMeter, 100)
        XCTAssertEqual(c.linearSlop, 0.5)
        XCTAssertEqual(c.maximumLinearCorrection, 20)
        XCTAssertEqual(c.maximumTranslation, 200)
        XCTAssertEqual(c.restSpeed, 1)
        for (offset, moves) in [(0.49, false), (0.51, true)] {
            let animator = try DynamicAnimator(world: World())
            let world = animator.world
            let item = try world.addItem(center: SIMD2(offset, 0))
            try world.attach(item, to: .zero, SpringParameters(damping: 0.5, frequency: 2))
            try animator.advanceFrames(2)
            XCTAssertEqual(try world.position(item).x != offset, moves, "a zero-length spring \(offset) pt from its anchor")
        }
    }

    /// A zero-length spring released 30 pt from its anchor swings through the 0.5 pt dead zone
    /// before it rests: with the unscaled 0.005 pt it rested after 2.47 s; in metres, later.
    func testZeroLengthSpringRestsLaterWithTheDeadZoneInMetres() throws {
        func restTime(slop: Double) throws -> Double {
            var configuration = WorldConfiguration()
            configuration.linearSlop = slop
            configuration.resistance = 0
            let animator = try DynamicAnimator(world: World(configuration: configuration))
            let item = try animator.world.addItem(center: SIMD2(0, 30))
            try animator.world.attach(item, to: .zero, SpringParameters(damping: 0.5, frequency: 1))
            XCTAssertTrue(try animator.waitUntilRest(limit: 20))
            return animator.time
        }
        let unscaled = try restTime(slop: 0.005), metres = try restTime(slop: 0.5)
        print("zero-length spring from 30 pt: rests after \(unscaled) s with a 0.005 pt dead zone, \(metres) s with 0.5 pt")
        XCTAssertNotEqual(unscaled, metres)
    }

    /// An item faster than 200 pt per sub-step (24,000 pt/s) is slowed to it (b2_maxTranslation).
    func testAStepMovesAnItemAtMost200Points() throws {
        let animator = try DynamicAnimator(world: World())
        let world = animator.world
        let item = try world.addItem(center: .zero, velocity: SIMD2(100_000, 0))
        try world.attach(item, to: SIMD2(-1e6, 0), SpringParameters(length: 1e6, damping: 0, frequency: 0.001))
        try animator.advanceFrame()
        XCTAssertEqual(world.stepCount, 1)
        XCTAssertEqual(try world.position(item).x, 200, accuracy: 1e-6)
        XCTAssertEqual(try world.velocity(item).x, 200 / WorldConfiguration.uikitStep, accuracy: 1e-3)
    }

    /// charon §2.8: at scale 1 the write-back is round(x) (halves away from zero); at other
    /// scales floor(x) + round(frac(x) · s) / s.
    func testWriteBackRoundingFollowsTheScale() {
        XCTAssertEqual(PixelGrid.round(-2.5, scale: 1), -3)
        XCTAssertEqual(PixelGrid.round(2.5, scale: 1), 3)
        XCTAssertEqual(PixelGrid.round(-2.5, scale: 2), -2.5)
        XCTAssertEqual(PixelGrid.round(-2.3, scale: 2), -2.5)
        XCTAssertEqual(PixelGrid.round(10.2, scale: 3), 10 + 1.0 / 3)
    }

    /// charon §2.9: `updateItemUsingCurrentState` moves the body only when the item's center
    /// differs from the body's position after pixel rounding.
    func testUpdateItemIgnoresAChangeLostInThePixelRounding() throws {
        let animator = try DynamicAnimator(world: World())
        let world = animator.world
        let item = try world.addItem(center: SIMD2(10.3, 20.1))
        try world.attach(item, to: SIMD2(10, 20), SpringParameters(damping: 0.5, frequency: 1))
        let shown = try animator.layoutPosition(item)
        XCTAssertEqual(shown, SIMD2(10.5, 20))
        XCTAssertFalse(try animator.updateItem(item, center: shown + SIMD2(0, 0.2)), "0.2 pt rounds back to the same pixel at scale 2")
        XCTAssertEqual(try world.position(item), SIMD2(10.3, 20.1), "the body keeps its unrounded position")
        XCTAssertTrue(try animator.updateItem(item, center: shown + SIMD2(0, 0.3)))
        XCTAssertEqual(try world.position(item), SIMD2(10.5, 20.3))
    }

    /// The touch in a bounds change is converted with the old offset (UIKit asks the layout
    /// before the collection view takes the new bounds); the layout pass sees the new one.
    func testBoundsChangeReadsTheTouchWithTheOldOffset() throws {
        var configuration = ScrollView.Configuration()
        configuration.contentSize = SIMD2(320, 5000)
        let scrollView = try ScrollView(configuration: configuration)
        let player = GesturePlayer(scrollView: scrollView, animator: try DynamicAnimator(world: World()))
        var seen: [(offset: Double, boundsTouch: Double, layoutTouch: Double?)] = []
        var boundsTouch: Double?
        player.boundsChanged = { _, touch in boundsTouch = touch?.y }
        player.layoutPass = { bounds, touch in
            if let y = boundsTouch { seen.append((bounds.y, y, touch?.y)) }
            boundsTouch = nil
        }
        try player.touchDown(at: SIMD2(160, 400))
        try player.drag(by: SIMD2(0, -100), seconds: 0.1)
        XCTAssertFalse(seen.isEmpty)
        var previous = 0.0
        for frame in seen {
            let finger = frame.layoutTouch! - frame.offset
            XCTAssertEqual(frame.boundsTouch, finger + previous, accuracy: 1e-9, "finger + the offset before the move")
            XCTAssertNotEqual(frame.boundsTouch, frame.layoutTouch!)
            previous = frame.offset
        }
    }
}
