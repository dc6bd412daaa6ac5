import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitScripting

/// Collision tests that need the engine's contacts (branch `collision`): they fail against the
/// placeholder `CollisionAPI.swift`, which makes no contact, and pass once the engine lands.
/// Numbers from charon `UIDynamicAnimator.md` §7.3, §7.5 and §12 (row T5).
final class CollisionContactTests: XCTestCase {
    private func fallingBox(_ a: DynamicAnimator, elasticity: Double = 0) throws -> (ItemID, ItemBehavior) {
        let box = try a.world.addItem(center: SIMD2(100, 100), size: SIMD2(100, 100))
        let material = ItemBehavior(items: [box])
        var values = material.values
        values.elasticity = elasticity
        values.resistance = 0
        try material.setValues(values)
        try a.addBehavior(material)
        try a.addBehavior(GravityBehavior(items: [box]))
        return (box, material)
    }

    /// T5: 100 × 100 at (100, 100), elasticity 0, resistance 0, onto a boundary at y 300: it
    /// rests with its center at 248.216629 (2.5 pt: the host's full-size box, §2.3).
    func testABoxRestsOnABoundaryAsOnTheHost() throws {
        let a = try DynamicAnimator(world: World())
        let (box, _) = try fallingBox(a)
        let c = CollisionBehavior(items: [box])
        try c.addBoundary("floor", from: SIMD2(-1000, 300), to: SIMD2(1000, 300))
        try a.addBehavior(c)
        try a.advanceFrames(240)
        XCTAssertEqual(try a.world.position(box).y, 248.216629, accuracy: 2.5)
    }

    /// §7.3: in Items mode the item falls through the reference bounds and a boundary, and the
    /// delegate still hears began and ended; in Boundaries mode it rests.
    func testItemsModeFallsThroughAndStillHearsTheContacts() throws {
        for (mode, fallsThrough) in [(CollisionBehavior.Mode.items, true), (.boundaries, false)] {
            let a = try DynamicAnimator(world: World())
            a.referenceBounds = Rect(x: 0, y: 0, width: 400, height: 500)
            let (box, _) = try fallingBox(a)
            let c = CollisionBehavior(items: [box], mode: mode)
            try c.setTranslatesReferenceBoundsIntoBoundary(true)
            var heard: [CollisionBehavior.Contact] = []
            c.onContact = { heard.append($0) }
            try a.addBehavior(c)
            try a.advanceFrames(120)
            let y = try a.world.position(box).y
            XCTAssertEqual(y > 500, fallsThrough, "\(mode): y \(y)")
            XCTAssertTrue(heard.contains { $0.began && $0.other == .boundary(nil) }, "\(mode): began with the implicit boundary")
            if fallsThrough { XCTAssertTrue(heard.contains { !$0.began }, "the ended contact too") }
        }
    }

    /// §1.5, §7.5: every behaviour hears all began contacts, then all ended ones, before any
    /// action; an item–item contact is heard by every behaviour holding both, whatever its mode.
    func testContactsComeBeganThenEndedBeforeTheActions() throws {
        let a = try DynamicAnimator(world: World())
        let left = try a.world.addItem(center: SIMD2(100, 100), size: SIMD2(50, 50), velocity: SIMD2(200, 0))
        let right = try a.world.addItem(center: SIMD2(200, 100), size: SIMD2(50, 50), velocity: SIMD2(-200, 0))
        let c1 = CollisionBehavior(items: [left, right]), c2 = CollisionBehavior(items: [left, right], mode: .boundaries)
        var log: [String] = []
        c1.onContact = { log.append("c1 \($0.began ? "began" : "ended")") }
        c2.onContact = { log.append("c2 \($0.began ? "began" : "ended")") }
        c1.action = { log.append("action") }
        try a.addBehavior(c1)
        try a.addBehavior(c2)
        try a.advanceFrames(60)
        let contacts = log.filter { $0 != "action" }
        XCTAssertTrue(contacts.contains("c1 began") && contacts.contains("c2 began"), "both behaviours hear it: \(log)")
        for frame in log.split(separator: "action") {
            let began = frame.lastIndex { $0.hasSuffix("began") }, ended = frame.firstIndex { $0.hasSuffix("ended") }
            if let began, let ended { XCTAssertLessThan(began, ended, "every began before every ended: \(frame)") }
        }
    }

    /// The Lua event table and an `on_contact` that raises: the run fails with the hook's
    /// `file:line`, never through Swift.
    func testLuaContactEventsAndAFailingHook() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try runLuaChecks("""
        local w = sk.world()
        local box = w:add_item{x = 100, y = 100, width = 100, height = 100}
        w:gravity{items = {box}}
        local events = {}
        w:collision{items = {box}, boundaries = {{id = "floor", from = {-1000, 300}, to = {1000, 300}}},
          on_contact = function(e) events[#events + 1] = e end}
        w:step_frames(120)
        local e = events[1]
        assert(e and e.began == true and e.a == box and e.b == nil and e.boundary == "floor", 'began with the floor')
        assert(type(e.point[1]) == "number" and near(e.point[2], 300, 2))
        """, in: directory)
        XCTAssertThrowsError(try runLuaChecks("""
        local w = sk.world()
        local box = w:add_item{x = 100, y = 100, width = 100, height = 100}
        w:gravity{items = {box}}
        w:collision{items = {box}, reference_bounds = {0, 0, 400, 500}, on_contact = function(e) error('inside on_contact') end}
        w:step_frames(120)
        """, in: directory)) { error in
            XCTAssertTrue("\(error)".contains("check.lua:") && "\(error)".contains("inside on_contact"), "\(error)")
        }
    }
}
