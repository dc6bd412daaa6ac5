/// Methods of one shape, `obj:name(id, …)`: the receiver (argument 1), then an item or spring
/// id (argument 2), then the method's own arguments are read, and the call itself runs under
/// `call.checked(2)`, so its failure blames the id (`bad argument #2 to 'World:remove_item'
/// (…)`). The order of the reads and the position the error names are written here once.
struct LuaIDMethods<Receiver, ID> {
    let receiver: (LuaCall) throws -> Receiver
    let id: (LuaCall, Int32) throws -> ID

    /// `obj:name(id)`, no results.
    func action(_ body: @escaping (Receiver, ID) throws -> Void) -> LuaFunction.Body {
        action({ _ in () }) { r, i, _ in try body(r, i) }
    }

    /// `obj:name(id, …)`: `arguments` reads the rest (from argument 3); no results.
    func action<A>(_ arguments: @escaping (LuaCall) throws -> A,
                   _ body: @escaping (Receiver, ID, A) throws -> Void) -> LuaFunction.Body {
        let receiver = receiver, id = id
        return { call in
            let r = try receiver(call)
            let i = try id(call, 2)
            let a = try arguments(call)
            try call.checked(2) { try body(r, i, a) }
            return 0
        }
    }

    /// `obj:name(id)` → the value `read` returns.
    func reading(_ read: @escaping (Receiver, ID) throws -> Double) -> LuaFunction.Body {
        reading(read) { call, v in call.push(v); return 1 }
    }

    /// `obj:name(id)` → true or false.
    func reading(_ read: @escaping (Receiver, ID) throws -> Bool) -> LuaFunction.Body {
        reading(read) { call, v in call.push(v); return 1 }
    }

    /// `obj:name(id)` → x, y.
    func reading(_ read: @escaping (Receiver, ID) throws -> SIMD2<Double>) -> LuaFunction.Body {
        reading(read) { call, v in call.push(v.x); call.push(v.y); return 2 }
    }

    private func reading<V>(_ read: @escaping (Receiver, ID) throws -> V,
                            push: @escaping (LuaCall, V) -> Int32) -> LuaFunction.Body {
        let receiver = receiver, id = id
        return { call in
            let r = try receiver(call)
            let i = try id(call, 2)
            return push(call, try call.checked(2) { try read(r, i) })
        }
    }
}
