import XCTest
import CLua
@testable import SpringKitSupport
@testable import SpringKitReport
@testable import SpringKitScripting

/// `rep:frame`'s shapes are read by one checked reader. On seeded random shape tables (valid
/// and broken: wrong types, NaN, ±inf, unknown and numeric keys, two geometries, named and
/// array points, paths) it takes the good ones, refuses the broken ones and leaves the Lua
/// stack as it found it.
final class ReportShapeReaderTests: XCTestCase {
    func testTheShapeReaderTakesGoodShapesAndRefusesBrokenOnes() throws {
        var random = SeededGenerator(seed: 18)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        func number() -> String {
            pick(["0", "1", "-2.5", "0.25", "1e300", "-7", "300", "0x1p-3"]) }
        func badValue() -> String { pick(["0/0", "math.huge", "-math.huge", "'x'", "true", "{}", "{'a'}"]) }
        /// A table of `names.count` numbers, named, as an array, or mixed; `plain` is false when broken.
        func numbers(_ names: [String], plain: inout Bool) -> String {
            if random.next() % 8 == 0 { plain = false; return badValue() }
            var fields: [String] = []
            for (k, name) in names.enumerated() {
                let value = random.next() % 12 == 0 ? { plain = false; return badValue() }() : number()
                switch random.next() % 3 {
                case 0: fields.append("\(name) = \(value)")
                case 1: fields.append("[\(k + 1)] = \(value)")
                default: fields.append("\(name) = \(value), [\(k + 1)] = \(random.next() % 2 == 0 ? number() : "'shadowed'")")
                }
            }
            if random.next() % 10 == 0 { fields.removeLast(); plain = false }
            if random.next() % 10 == 0 { fields.append("extra = 'ignored'") }
            return "{" + fields.shuffled(using: &random).joined(separator: ", ") + "}"
        }
        var shapes: [(text: String, plain: Bool)] = []
        for _ in 0..<3000 {
            var plain = true
            var fields: [String] = []
            let geometry = pick(["rect", "center", "circle", "line", "text", "path"])
            switch geometry {
            case "rect": fields.append("rect = " + numbers(["x", "y", "width", "height"], plain: &plain))
            case "center":
                fields.append("center = " + numbers(["x", "y"], plain: &plain))
                if random.next() % 10 != 0 { fields.append("size = " + numbers(["width", "height"], plain: &plain)) } else { plain = false }
            case "circle": fields.append("circle = " + numbers(["x", "y", "radius"], plain: &plain))
            case "line": fields.append("line = " + numbers(["x0", "y0", "x1", "y1"], plain: &plain))
            case "text":
                fields.append("text = " + (random.next() % 10 == 0 ? { plain = false; return "12" }() : "'label \(random.next() % 100)'"))
                if random.next() % 2 == 0 { fields.append("at = " + numbers(["x", "y"], plain: &plain)) }
                if random.next() % 3 == 0 { fields.append("size = " + pick(["13", "0.5", "0", "-1", "'big'"])) ; plain = false }
                if random.next() % 3 == 0 { fields.append("align = " + pick(["'left'", "'center'", "'right'", "1"])); plain = false }
            default:
                fields.append("path = " + pick(["{{op = 'move', to = {0, 0}}, {op = 'line', to = {x = 5, y = 1}}, {op = 'close'}}",
                                                "{{op = 'curve', to = {1, 2}, c1 = {0, 1}, c2 = {1, 1}}}", "{{op = 'jump'}}", "{}", "'p'"]))
                if random.next() % 2 == 0 { fields.append("at = " + numbers(["x", "y"], plain: &plain)) }
                plain = false
            }
            // A second geometry, style keys with good and bad values, unknown and numeric keys.
            if random.next() % 15 == 0 { fields.append("circle = {1, 2, 3}"); plain = false }
            let styles: [(String, [String], [String])] = [
                ("radius", ["0", "6", "2.5"], ["-1", "0/0", "'r'"]),
                ("color", ["0", "0x90a4ae", "16777215", "255.0"], ["-1", "16777216", "1.5", "'red'"]),
                ("alpha", ["0", "0.35", "1"], ["1.5", "-0.1", "0/0"]),
                ("line_width", ["0", "2"], ["-1", "math.huge"]),
                ("stroke", ["true", "false"], ["1", "'yes'"]),
                ("ghost", ["true", "false"], ["0"]),
                ("fixed", ["true", "false"], ["{}"]),
            ]
            for (key, good, bad) in styles where random.next() % 3 == 0 {
                if random.next() % 8 == 0 { fields.append("\(key) = \(pick(bad))"); plain = false } else { fields.append("\(key) = \(pick(good))") }
            }
            if random.next() % 25 == 0 { fields.append("colour = 1"); plain = false }
            if random.next() % 25 == 0 { fields.append("[1] = 'positional'"); plain = false }
            shapes.append(("{" + fields.shuffled(using: &random).joined(separator: ", ") + "}", plain))
        }
        let lua = try LuaState()
        let source = "return {\n" + shapes.map(\.text).joined(separator: ",\n") + "\n}"
        let first = try lua.run(source: Array(source.utf8), chunkName: "=shapes", results: 1)
        let L = lua.L
        let call = LuaCall(lua: lua, functionName: "Report:frame")
        let list = lua_absindex(L, first)
        var accepted = 0, refused = 0
        for (k, shape) in shapes.enumerated() {
            lua_rawgeti(L, list, lua_Integer(k + 1))
            defer { skl_pop(L, 1) }
            let entry = LuaTableArgument(call: call, index: lua_absindex(L, -1), position: 2)
            let top = lua_gettop(L)
            let checked = Result { try ReportShapeReader.shape(entry) }
            XCTAssertEqual(lua_gettop(L), top, "the reader leaves the stack as it was: \(shape.text)")
            switch checked {
            case .success: accepted += 1
            case .failure: refused += 1
            }
        }
        XCTAssertGreaterThan(accepted, 800, "the reader takes the common shapes")
        XCTAssertGreaterThan(refused, 100, "the generator makes broken shapes too")
    }
}
