import Foundation
@testable import SpringKitScripting

/// Runs `body` as a script in `directory` (as `name`), without output, after
/// `local sk = require 'springkit'` and two helpers for its Lua `assert`s:
/// `near(a, b [, tol = 1e-9])`, and `fails(text, f, ...)`, which asserts that `f(...)` raises
/// an error containing `text`. A failed assert fails the run with its line.
@discardableResult
func runLuaChecks(_ body: String, in directory: URL, name: String = "check.lua", seed: UInt64 = 1,
                  recordsOutputs: Bool = true) throws -> ScriptRun {
    let path = try writeFile(directory, name, "local sk = require 'springkit'\n" + """
    local function near(a, b, tol) return math.abs(a - b) <= (tol or 1e-9) end
    local function fails(pattern, f, ...)
      local ok, err = pcall(f, ...)
      assert(not ok, "expected an error matching " .. pattern)
      assert(tostring(err):find(pattern, 1, true), "error '" .. tostring(err) .. "' lacks '" .. pattern .. "'")
    end
    \(body)
    """)
    var options = ScriptOptions()
    options.output = nil
    options.seed = seed
    options.recordsOutputs = recordsOutputs
    return try ScriptRunner.run(path: path, options: options)
}
