import XCTest
@testable import SpringKitScripting

/// `w:add_items` / `w:attach_all` build the same world as one call per item, and reject bad
/// input with nothing added.
final class BatchBindingTests: XCTestCase {
    private func run(_ source: String) throws -> ScriptRun {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = ScriptOptions()
        options.output = nil
        return try ScriptRunner.run(path: try writeFile(directory, "batch.lua", source), options: options)
    }

    private func failure(_ body: String) throws -> String {
        do {
            _ = try run("local sk = require 'springkit'\nlocal w = sk.world()\n" + body)
        } catch let error as ScriptError {
            return error.message
        }
        XCTFail("no error for: \(body)")
        return ""
    }

    /// Seeded varied items and springs (per-item parameters, velocities, sizes, densities,
    /// lengths): the batch world and the one-call-per-item world step to the same bits.
    func testBatchBuildsTheSameWorldAsOneCallPerItem() throws {
        let source = """
        local sk = require 'springkit'
        local n = 300
        local function values(seed)
          local xs, ys, vx, vy, wd, ht, den, ax, ay, len, dmp, fr = {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}
          local s = seed
          local function r() s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648 end
          for i = 1, n do
            xs[i], ys[i], vx[i], vy[i] = r() * 300, r() * 600, r() * 50 - 25, r() * 50 - 25
            wd[i], ht[i], den[i] = 1 + r() * 20, 1 + r() * 20, 0.5 + r()
            ax[i], ay[i], len[i], dmp[i], fr[i] = r() * 300, r() * 600, (i % 3 == 0) and r() * 10 or 0, r(), 0.5 + r() * 3
          end
          return xs, ys, vx, vy, wd, ht, den, ax, ay, len, dmp, fr
        end
        local xs, ys, vx, vy, wd, ht, den, ax, ay, len, dmp, fr = values(7)
        local a, b = sk.world(), sk.world()
        local ids = {}
        for i = 1, n do
          ids[i] = a:add_item{x = xs[i], y = ys[i], vx = vx[i], vy = vy[i], width = wd[i], height = ht[i], density = den[i]}
          a:attach(ids[i], {anchor = {ax[i], ay[i]}, length = len[i], damping = dmp[i], frequency = fr[i]})
        end
        local first, count = b:add_items{x = xs, y = ys, vx = vx, vy = vy, width = wd, height = ht, density = den}
        assert(first == ids[1] and count == n, "ids " .. tostring(first) .. " " .. tostring(count))
        local s1, sc = b:attach_all{first = first, anchor_x = ax, anchor_y = ay, length = len, damping = dmp, frequency = fr}
        assert(sc == n)
        -- A second batch: uniform parameters, items given by id.
        local more = b:add_items{x = {1, 2, 3}, y = {4, 5, 6}}
        local m1 = a:add_item{x = 1, y = 4}; local m2 = a:add_item{x = 2, y = 5}; local m3 = a:add_item{x = 3, y = 6}
        b:attach_all{items = {more + 2, more}, anchor_x = {0, 10}, anchor_y = {0, 10}, damping = 0.5, frequency = 2}
        a:attach(m3, {anchor = {0, 0}, damping = 0.5, frequency = 2}); a:attach(m1, {anchor = {10, 10}, damping = 0.5, frequency = 2})
        a:step_frames(90); b:step_frames(90)
        local differ = 0
        for i = 1, n + 3 do
          local x1, y1 = a:position(i - 1 + ids[1])
          local x2, y2 = b:position(i - 1 + first)
          if x1 ~= x2 or y1 ~= y2 then differ = differ + 1 end
        end
        sk.metric("differ", differ)
        sk.metric("items", b.items)
        sk.metric("springs", b.springs)
        """
        let run = try run(source)
        XCTAssertEqual(run.metric("differ"), 0)
        XCTAssertEqual(run.metric("items"), 303)
        XCTAssertEqual(run.metric("springs"), 302)
    }

    func testBadInputIsNamedAndAddsNothing() throws {
        let cases: [(String, String)] = [
            ("w:add_items{x = {1, 2}, y = {1}}", "field 'y': 2 elements expected (as many as the first array), got 1"),
            ("w:add_items{x = {1, 'a'}, y = {1, 2}}", "field 'x': element [2]: number expected, got string"),
            ("w:add_items{x = {1, 0/0}, y = {1, 2}}", "field 'x': element [2] must be finite"),
            ("w:add_items{x = {1}, y = {1}, density = 0}", "field 'density': must be a positive number, got 0"),
            ("w:add_items{x = {1, 2}, y = {1, 2}, width = {1, -1}}", "field 'width': element [2] must be finite and ≥ 0, got -1"),
            ("w:add_items{x = 1, y = 1}", "field 'x': an array of numbers expected, got a number"),
            ("w:add_items{y = {1}}", "field 'x': an array of numbers is required"),
            ("w:add_items{x = {}, y = {}, colour = 1}", "unknown field 'colour'"),
            ("local f = w:add_items{x = {1}, y = {1}}; w:attach_all{first = f, items = {f}, anchor_x = {0}, anchor_y = {0}}", "give either 'items'"),
            ("local f = w:add_items{x = {1}, y = {1}}; w:attach_all{first = f, anchor_x = {0, 1}, anchor_y = {0, 1}}", "field 'first': item 1 (spring 2) must be an item of this world"),
            ("local f = w:add_items{x = {1}, y = {1}}; w:attach_all{items = {f}, anchor_x = {0}, anchor_y = {0}, damping = {-1}}", "spring 1: "),
        ]
        for (body, expected) in cases {
            let message = try failure(body + "\nsk.metric('items', w.items)")
            XCTAssertTrue(message.contains("batch.lua:3:"), message)
            XCTAssertTrue(message.contains(expected), "\(body): \(message)")
        }
        // Nothing was added by a failing call.
        let run = try run("""
        local sk = require 'springkit'
        local w = sk.world()
        local ok = pcall(function() w:add_items{x = {1, 2, 3}, y = {1, 2, 0/0}} end)
        local f = w:add_items{x = {5}, y = {5}}
        local ok2 = pcall(function() w:attach_all{items = {f, f}, anchor_x = {0, 0}, anchor_y = {0, 0}, frequency = {1, -2}} end)
        sk.metric("ok", (ok or ok2) and 1 or 0)
        sk.metric("items", w.items)
        sk.metric("springs", w.springs)
        """)
        XCTAssertEqual(run.metric("ok"), 0)
        XCTAssertEqual(run.metric("items"), 1)
        XCTAssertEqual(run.metric("springs"), 0)
    }
}
