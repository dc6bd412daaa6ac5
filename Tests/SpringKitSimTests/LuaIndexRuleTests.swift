import XCTest
@testable import SpringKitScripting

/// One rule for Lua: display positions count from 1, identifiers (the traces' `id`) from 0
/// and are integers.
final class LuaIndexRuleTests: XCTestCase {
    private func run(_ source: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(directory, "rule.lua", source)
        var options = ScriptOptions()
        options.output = nil
        _ = try ScriptRunner.run(path: path, options: options)
    }

    func testGalleryPositionsCountFromOneInArgumentsErrorsAndProperties() throws {
        try run("""
        local sk = require 'springkit'
        local g = sk.gallery{count = 6, record = false}
        local ok, message = pcall(g.tap, g, 0)
        assert(not ok and message:find('position 0 is out of range 1…6', 1, true), message)
        ok, message = pcall(g.move, g, 1, 7)
        assert(not ok and message:find('position 7 is out of range 1…6', 1, true), message)
        ok, message = pcall(g.drag, g, 0, 2)
        assert(not ok and message:find('position 0 is out of range 1…6', 1, true), message)
        g:tap(4)
        assert(g.selected == 4, 'the tapped position is selected')
        assert(g:order()[g.selected] == g.selected_item, 'order lists identifiers by position')
        assert(g.selected_item == 3, 'on a fresh gallery position p holds identifier p - 1')
        assert(math.type(g.selected) == 'integer' and math.type(g.selected_item) == 'integer')
        g:wait_until_rest(10)
        local image = g:order()[1]
        g:drag(1, 5, 0.6)
        assert(g:order()[5] == image, 'the dragged image lands at position 5, not ' .. tostring(g.selected))
        assert(g.selected == 3 and g.selected_item == 3, 'the selection stays on its image')
        """)
    }

    func testRubberMenuCellIdentifiersAreIntegers() throws {
        try run("""
        local sk = require 'springkit'
        local m = sk.rubber_menu{record = false}
        m:touch_down(160, 300)
        m:drag(0, -60, 0.2)
        local cells = m:cells()
        assert(#cells > 0)
        for _, cell in ipairs(cells) do
          assert(math.type(cell.id) == 'integer', 'id ' .. tostring(cell.id) .. ' is a ' .. tostring(math.type(cell.id)))
        end
        """)
    }
}
