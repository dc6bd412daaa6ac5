import XCTest
@testable import SpringKitScripting

/// The collision bindings (`w:collision`, item bounds, reference bounds): parsing, fields and
/// errors, checked as Lua `assert`s. Contacts are in `CollisionContactTests`.
final class CollisionBindingTests: XCTestCase {
    var directory: URL!
    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    private func lua(_ body: String) throws -> ScriptRun { try runLuaChecks(body, in: directory) }

    func testACollisionBehaviourReadsAndWritesItsFields() throws {
        try lua("""
        local w = sk.world()
        local a = w:add_item{x = 100, y = 100, width = 50, height = 50}
        local b = w:add_item{x = 200, y = 100, width = 50, height = 50}
        local c = w:collision{items = {a, b}, reference_bounds = {5, 7, 320, 480}, insets = {10, 20, 30, 40},
          boundaries = {{id = "floor", from = {0, 300}, to = {400, 300}}, {id = "shelf", path = {{0, 200}, {100, 200}, {100, 210}}}}}
        assert(c.mode == "everything" and c.reference_bounds == true and #c.items == 2)
        assert(c.insets.top == 10 and c.insets.left == 20 and c.insets.bottom == 30 and c.insets.right == 40)
        local r = w.reference_bounds; assert(r[1] == 5 and r[2] == 7 and r[3] == 320 and r[4] == 480)
        local rect = c:boundary()
        assert(#rect == 4 and rect[1][1] == 24 and rect[1][2] == 16 and rect[3][1] == 286 and rect[3][2] == 458, 'the inset rect outset by 1 pt')
        assert(#c.boundaries == 2 and c.boundaries[1] == "floor" and c.boundaries[2] == "shelf")
        local floor = c:boundary("floor"); assert(#floor == 2 and floor[2][1] == 400)
        assert(#c:boundary("shelf") == 3)
        assert(c:boundary("nope") == nil)
        c.mode = "items"; assert(c.mode == "items")
        c.reference_bounds = true
        assert(c.insets.top == 0, 'the flag resets the insets')
        c.insets = {top = 1}; assert(c.insets.top == 1 and c.reference_bounds)
        c.reference_bounds = false; assert(c:boundary() == nil)
        c:add_boundary{id = "floor", from = {0, 310}, to = {400, 310}}
        assert(#c.boundaries == 2, 'a second add under one identifier keeps one identifier')
        c:remove_boundary("floor"); assert(#c.boundaries == 1)
        c:remove_all_boundaries(); assert(#c.boundaries == 0)
        c:remove_item(b); assert(#c.items == 1)
        c:add_item(b); assert(#c.items == 2)
        local heard = 0
        c.on_contact = function(e) heard = heard + 1 end
        c.action = function() end
        w:step()
        c:remove()
        assert(c:boundary() == nil)
        w:set_reference_bounds(nil); assert(w.reference_bounds == nil)
        """)
    }

    func testItemBoundsAndTheirChecks() throws {
        try lua("""
        local w = sk.world()
        local a = w:add_item{x = 0, y = 0, width = 20, height = 20}
        assert(w:bounds(a) == "rectangle")
        w:set_bounds(a, "ellipse"); assert(w:bounds(a) == "ellipse")
        local b = w:add_item{x = 0, y = 0, width = 20, height = 20, bounds = {{-10, 10}, {10, 10}, {10, -10}, {-10, -10}}}
        local p = w:bounds(b)
        assert(#p == 4 and p[1][1] == -10 and p[1][2] == -10, 'either winding; kept with a positive area')
        w:set_bounds(b, {{op = "move", to = {10, 0}}, {op = "curve", to = {-10, 0}, c1 = {10, 20}, c2 = {-10, 20}}, {op = "close"}})
        assert(#w:bounds(b) >= 3)
        w:set_bounds(b, "rectangle"); assert(w:bounds(b) == "rectangle")
        local n = w.items
        fails("invalid bounding path (it is concave)", function() w:set_bounds(a, {{0, 0}, {20, 0}, {10, 5}, {20, 20}, {0, 20}}) end)
        fails("invalid bounding path (it crosses itself)", function() w:set_bounds(a, {{0, 0}, {10, 10}, {10, 0}, {0, 10}}) end)
        fails("invalid bounding path (fewer than 3 distinct points)", function()
          w:add_item{x = 0, y = 0, width = 10, height = 10, bounds = {{0, 0}, {10, 0}}} end)
        assert(w.items == n, 'an item whose bounds are refused is not added')
        fails("expected 'rectangle', 'ellipse' or a path table", function() w:set_bounds(a, "circle") end)
        fails("path points must be finite", function() w:set_bounds(a, {{0, 0}, {0/0, 0}, {1, 1}}) end)
        fails("no item 99", function() w:set_bounds(99, "ellipse") end)
        """)
    }

    func testCollisionErrorsNameTheFieldAndTakeTheBehaviourOut() throws {
        try lua("""
        local w = sk.world()
        local a = w:add_item{x = 0, y = 0, width = 20, height = 20}
        fails("field 'mode': expected 'items', 'boundaries' or 'everything', got 'walls'", function() w:collision{mode = "walls"} end)
        fails("unknown field 'itmes'", function() w:collision{itmes = {a}} end)
        fails("invalid path for collision boundary", function() w:collision{items = {a}, boundaries = {{id = "dot", path = {{1, 1}, {1, 1}}}}} end)
        fails("Invalid size {0, 10} for item", function() w:collision{items = {w:add_item{x = 0, y = 0, width = 0, height = 10}}} end)
        fails("field 'reference_bounds'", function() w:collision{reference_bounds = {0, 0, math.huge, 1}} end)
        fails("field 'insets': top must be finite", function() w:collision{insets = {0/0}} end)
        fails("a line of no length", function() w:collision{boundaries = {{id = "x", from = {1, 1}, to = {1, 1}}}} end)
        local c = w:collision{items = {a}}
        fails("cannot set Collision.mode: expected 'items', 'boundaries' or 'everything', got 'x'", function() c.mode = "x" end)
        fails("cannot set Collision.on_contact: function expected", function() c.on_contact = 3 end)
        fails("string expected, got number", function() c:remove_boundary(5) end)
        c:remove()
        assert(w.items == 2)
        """)
    }
}
