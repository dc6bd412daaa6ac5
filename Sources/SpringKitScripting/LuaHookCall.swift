import SpringKitMotion

/// The call a Lua hook runs under while Swift steps the world (a behaviour's `action`, the
/// animator's pause and resume callbacks, a custom field's function): set by the stepping
/// methods for the length of the step, so a hook never outlives the call that can run it.
final class LuaHookCall {
    var call: LuaCall?

    /// Runs `body` with `call` as the hooks' call.
    func during<T>(_ call: LuaCall, _ body: () throws -> T) rethrows -> T {
        let outer = self.call
        self.call = call
        defer { self.call = outer }
        return try body()
    }

    /// Invokes `callback` with the arguments `push` pushes, under the current step's call.
    func invoke(_ callback: LuaCallback, results: Int32 = 0, _ push: @escaping (LuaCall) -> Int32 = { _ in 0 },
                read: ((LuaCall) throws -> Void)? = nil) throws {
        guard let call else { throw MotionError.invalidParameter("a Lua hook ran outside a step") }
        try callback.invoke(call, results: results, push, readResults: read)
    }
}
