import SpringKitSupport
import SpringKitMotion

/// A lower layer's error in a script's words. The layers below name things as Swift does and
/// know no Lua: this adds the Lua names and hints (the field `cell_height` for the setting
/// `cellHeight`, "call touch_down first" for a gesture step without a finger down).
enum LuaWording {
    /// The one-line reason a script reads for `error`.
    static func describe(_ error: Error) -> String {
        switch error {
        case MotionError.noFingerDown: return "\(error) (call touch_down first)"
        case MotionError.invalidSetting(let name, let reason): return "\(fieldName(name)) \(reason)"
        default: return "\(error)"
        }
    }

    /// Fields whose Lua name is not the Swift name in snake case.
    private static let renamed = ["cellOverlap": "overlap", "springLength": "length"]

    /// The Lua field for a Swift setting: `cellHeight` → `cell_height`.
    static func fieldName(_ swiftName: String) -> String {
        if let name = renamed[swiftName] { return name }
        var name = ""
        for character in swiftName {
            if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
        }
        return name
    }
}
