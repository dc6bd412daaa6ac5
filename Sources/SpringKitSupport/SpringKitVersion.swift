/// The engine's version, readable from every layer (`springkit.version` in Lua, `simrun --version`).
public enum SpringKitVersion {
    public static let string = "0.1.0"
}
