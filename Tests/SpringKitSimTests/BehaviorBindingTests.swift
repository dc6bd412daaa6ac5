import XCTest
@testable import SpringKitScripting

/// The behaviour bindings (`w:gravity`, `w:push`, `w:item_behavior`, `w:field`, angles), each
/// with assertions against numbers measured on UIKit (charon `UIDynamicAnimator.md`,
/// `UIFieldBehavior.md`) or stated by the docs. The checks run as Lua `assert`s.
final class BehaviorBindingTests: XCTestCase {
    var directory: URL!
    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    private func lua(_ body: String) throws -> ScriptRun { try runLuaChecks(body, in: directory) }

    private func expectError(_ body: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try lua(body), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(expected), "\(error)", file: file, line: line)
        }
    }

    func testGravityFallsAsOnTheHostAndItsFieldsReadAndWrite() throws {
        try lua("""
        local w = sk.world{}
        local box = w:add_item{x = 150, y = 50, width = 100, height = 100}
        local g = w:gravity{items = {box}}
        assert(near(g.angle, math.pi / 2) and g.magnitude == 1 and g.direction[1] == 0 and g.direction[2] == 1)
        assert(#g.items == 1 and g.items[1] == box)
        local ticks = 0
        g.action = function() ticks = ticks + 1 end
        local host = {50.0693855, 50.4160881, 51.0396423, 51.9395943, 53.1154747}
        for f = 1, 5 do w:step(); local _, y = w:position(box); assert(math.abs(y - host[f]) < 1e-4, 'frame ' .. f .. ': ' .. y) end
        assert(ticks == 5, 'the action runs after every tick')
        g.direction = {3, 4}
        assert(g.magnitude == 5 and near(g.angle, 0.927295218, 1e-9))
        g.magnitude = 2
        assert(near(g.direction[1], 1.2, 1e-9) and near(g.direction[2], 1.6, 1e-9))
        g.angle = 0
        assert(near(g.direction[1], 2, 1e-12))
        local other = w:add_item{x = 0, y = 0, width = 10, height = 10}
        g:add_item(other); assert(#g.items == 2)
        g:remove_item(other); assert(#g.items == 1)
        g:remove()
        local _, vy = w:velocity(box); w:step(); local _, vy2 = w:velocity(box)
        assert(vy2 < vy, 'no gravity after removal: only resistance acts')
        """)
    }

    func testPushesAndItemBehaviours() throws {
        try lua("""
        local w = sk.world{resistance = 0}
        local box = w:add_item{x = 0, y = 0, width = 100, height = 100}
        local ib = w:item_behavior{items = {box}, angular_resistance = 0, elasticity = 0.5}
        assert(ib.elasticity == 0.5 and ib.resistance == 0.1 and ib.allows_rotation == true and ib.anchored == false)
        ib.friction = 0.9; assert(ib.friction == 0.9)
        local p = w:push{items = {box}, mode = "instantaneous", direction = {0, 1}}
        p:set_offset(box, 50, 0)
        local ox, oy = p:offset(box); assert(ox == 50 and oy == 0)
        assert(p.active and p.mode == "instantaneous" and p.magnitude == 1)
        w:step()
        assert(not p.active, 'an instantaneous push turns itself off')
        assert(near(w:angular_velocity(box), 3, 1e-6), 'impulse (0, 1) at (50, 0): ' .. w:angular_velocity(box))
        local vx, vy = ib:linear_velocity(box); assert(near(vy, 100, 1e-9), 'one N·s on one kilogram: 100 pt/s')
        ib:add_linear_velocity(box, 10, 0); vx = ib:linear_velocity(box); assert(near(vx, 10, 1e-9))
        ib:add_angular_velocity(box, 1); assert(near(ib:angular_velocity(box), 4, 1e-6))
        p.active = true; p.magnitude = 0; assert(p.direction[1] == 0 and near(p.angle, math.pi / 2))
        p.angle = 0; p:remove()
        ib.anchored = true; w:step()
        local ax, ay = w:velocity(box); assert(ax == 0 and ay == 0, 'an anchored body does not move')
        ib:remove()
        w:set_angle(box, 0.5); assert(w:angle(box) == 0.5)
        -- Removing the behaviour does not un-anchor the body (UIKit resets neither anchored nor charge).
        w:set_angular_velocity(box, -2); assert(w:angular_velocity(box) == 0, 'an anchored body does not spin')
        local free = w:add_item{x = 5, y = 5}
        w:set_angular_velocity(free, -2); assert(w:angular_velocity(free) == -2)
        local spun = w:add_item{x = 0, y = 0, angle = 1, angular_velocity = 2}
        assert(w:angle(spun) == 1 and w:angular_velocity(spun) == 2)
        """)
    }

    func testFieldsAndCallbacks() throws {
        try lua("""
        local w = sk.world{resistance = 0}
        local box = w:add_item{x = 300, y = 400, width = 100, height = 100}
        local f = w:field{kind = "linear_gravity", direction = {3, 4}, items = {box}}
        assert(f.kind == "linear_gravity" and f.strength == 1 and f.falloff == 0)
        w:step()
        local vx, vy = w:velocity(box)
        assert(near(vx, 300 * 0.008333333767950535, 1e-9) and near(vy, 400 * 0.008333333767950535, 1e-9), vx .. ' ' .. vy)
        f.strength = 2; assert(f.strength == 2)
        f.direction = {1, 0}; assert(f.direction[1] == 1)
        f.region = {radius = 10}
        f.position = {0, 0}; f.falloff = 1; f.minimum_radius = 5; f.smoothness = 1; f.animation_speed = 1
        f:remove_item(box); f:add_item(box); f:remove()
        local seen = {}
        local c = w:field{kind = "custom", items = {box}, force = function(x, y, vx, vy, m, q, t)
          seen.mass, seen.t = m, t
          return 1, 0
        end}
        local before = w:velocity(box)
        w:step(); w:step()
        local after = w:velocity(box)
        assert(near(after - before, 100 * 4 * 0.008333333767950535, 1e-9), 'a custom force of 1 N on 1 kg: 100 pt/s² for 4 sub-steps')
        assert(seen.mass == 1 and seen.t > 0)
        c:remove()
        local n = w:field{kind = "noise", smoothness = 0.5, animation_speed = 1, seed = 3}
        local r = w:field{kind = "radial_gravity", position = {0, 0}, region = {size = {100, 50}, union = {radius = 10}}}
        assert(r.falloff == 2)
        local paused, resumed = 0, 0
        w:on_pause(function() paused = paused + 1 end)
        w:on_resume(function() resumed = resumed + 1 end)
        w:step_until_rest(60)
        """)
        expectError("local w = sk.world(); w:field{kind = 'warp'}", "unknown kind 'warp'")
        expectError("local w = sk.world(); w:field{kind = 'custom'}", "a custom field needs force")
        expectError("local w = sk.world(); w:push{mode = 'sideways'}", "expected 'continuous' or 'instantaneous'")
        expectError("local w = sk.world(); local g = w:gravity(); g.nope = 1", "cannot set Gravity.nope: no such writable field")
        expectError("local w = sk.world(); local b = w:item_behavior{}; b.density = -1", "cannot set ItemBehavior.density: density must be a positive number, got -1")
        expectError("local w = sk.world(); w:gravity{items = {99}}", "no item 99")
        expectError("local w = sk.world(); local a = w:add_item{}; w:field{kind = 'custom', items = {a}, force = function() return 0/0, 0 end}; w:step()", "a custom field's force function must return two finite numbers fx, fy (newtons), got nan, 0")
    }

    func testAttachmentsSnapAndOffsets() throws {
        try lua("""
        local w = sk.world{resistance = 0}
        local bob = w:add_item{x = 200, y = 100, width = 40, height = 40}
        w:gravity{items = {bob}}
        local pin = w:pin_attachment{item = bob, anchor = {100, 100}}
        assert(pin.kind == "pin" and pin.range == nil and pin.friction_torque == 0)
        w:step_frames(30)
        local x, y = w:position(bob)
        assert(near(math.sqrt((x - 100)^2 + (y - 100)^2), 100, 0.5), 'the pin keeps the anchor: ' .. x .. ' ' .. y)
        assert(w:angle(bob) > 0.3, 'a pinned box turns as it swings')
        pin.range = {-0.2, 0.2}; assert(pin.range[1] == -0.2)
        pin.friction_torque = 0.5; assert(pin.friction_torque == 0.5)
        pin:remove()
        local a = w:add_item{x = 0, y = 300, width = 40, height = 40}
        local b = w:add_item{x = 60, y = 300, width = 40, height = 40}
        local weld = w:fixed_attachment{item = a, item_b = b, anchor = {30, 300}}
        local rope = w:limit_attachment{item = a, item_b = b}
        local slide = w:sliding_attachment{item = a, anchor = {0, 300}, axis = {1, 0}, range = {-10, 10}}
        assert(weld.kind == "fixed" and rope.kind == "limit" and slide.kind == "sliding" and slide.range[2] == 10)
        w:step_frames(10)
        local ax, ay = w:position(a)
        assert(near(ay, 300, 0.5), 'sliding on a horizontal axis: ' .. ay)
        weld:remove(); rope:remove(); slide:remove()
        local card = w:add_item{x = 0, y = 0, width = 100, height = 50}
        local s = w:attach(card, {anchor = {10, 20}, offset = {10, 20}, length = 0, frequency = 3, damping = 0.5})
        local oa = w:spring(s)
        local c2 = w:add_item{x = 200, y = 0, width = 10, height = 10}
        w:connect(card, c2, {offset_a = {5, 0}, offset_b = {0, 5}, length = 100, frequency = 1})
        local fresh = sk.world{}   -- the host's first frame: one sub-step, resistance 0.1
        local snapper = fresh:add_item{x = 100, y = 100, width = 100, height = 50}
        local snap = fresh:snap{item = snapper, point = {300, 200}}
        assert(snap.damping == 0.5 and snap.item == snapper and snap.point[1] == 300)
        fresh:step()
        local sx, sy = fresh:position(snapper)
        assert(near(sx, 113.265648, 2e-4) and near(sy, 106.623589, 2e-4), 'the host snaps to (113.265648, 106.623589): ' .. sx .. ' ' .. sy)
        snap.point = {250, 250}; snap.damping = 1
        assert(snap.point[2] == 250)
        snap:remove()
        """)
        expectError("local w = sk.world(); w:pin_attachment{anchor = {0, 0}}", "field 'item' (an item id) is required")
        expectError("local w = sk.world(); local a = w:add_item{}; w:sliding_attachment{item = a, anchor = {0, 0}, axis = {0, 0}}", "axis must not be (0, 0)")
        expectError("local w = sk.world(); local a = w:add_item{}; w:limit_attachment{item = a}", "a limit attachment joins two items")
        expectError("local w = sk.world(); local a = w:add_item{}; local p = w:pin_attachment{item = a, anchor = {0, 0}}; p.range = {1, 0}",
                    "cannot set Attachment.range: {lower, upper}")
        expectError("local w = sk.world(); local a = w:add_item{}; w:attach(a, {anchor = {0, 0}, offset = {0/0, 1}})", "offset must be finite")
    }
}
