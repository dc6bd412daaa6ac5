import Foundation
import XCTest
@testable import SpringKitMath
@testable import SpringKitScripting

/// A script's `math.exp`, `math.log`, `math.sin` and `math.cos` are `DMath`'s, bit for bit, so
/// scripts that compute with them give the same traces on every platform. The platform's
/// functions differ from `DMath` in the last bit for a few arguments in a thousand, so 4,000
/// arguments per function would show Lua's own functions creeping back.
final class LuaMathTests: XCTestCase {
    func testScriptMathFunctionsAreDMathBitForBit() throws {
        let lua = try LuaState()
        var printed: [String] = []
        lua.printHandler = { printed.append($0) }
        try lua.run("""
        for k = 0, 3999 do
          local x = -20 + k * 0.0137
          local p = 1e-3 + k * 0.731
          print(string.format("%.17g %.17g %.17g %.17g %.17g %.17g",
            math.exp(x), math.sin(x * 7.3), math.cos(x * 7.3), math.log(p), math.log(p, 10), math.sin(tostring(x))))
        end
        """)
        XCTAssertEqual(printed.count, 4000)
        var differences = 0
        for (k, line) in printed.enumerated() {
            let x = -20 + Double(k) * 0.0137
            let p = 1e-3 + Double(k) * 0.731
            let expected = [DMath.exp(x), DMath.sin(x * 7.3), DMath.cos(x * 7.3), DMath.log(p),
                            DMath.log(p) / DMath.log(10), DMath.sin(Double(String(format: "%.14g", x))!)]  // Lua's tostring is %.14g
            let got = line.split(separator: " ").map { Double(String($0))! }
            for (a, b) in zip(got, expected) where a.bitPattern != b.bitPattern { differences += 1 }
        }
        XCTAssertEqual(differences, 0, "values of Lua's math functions that are not DMath's")
    }

    func testBadArgumentsNameTheFunction() throws {
        let lua = try LuaState()
        XCTAssertThrowsError(try lua.run("math.cos({})")) { error in
            XCTAssertTrue("\(error)".contains("bad argument #1 to 'math.cos' (number expected, got table)"), "\(error)")
        }
        XCTAssertThrowsError(try lua.run("math.log(2, 'x')")) { error in
            XCTAssertTrue("\(error)".contains("bad argument #2 to 'math.log'"), "\(error)")
        }
    }
}
