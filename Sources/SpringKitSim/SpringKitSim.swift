/// SpringKitSim: deterministic, headless UIKit Dynamics-style springs for collection-view
/// effects, scripted in Lua.
///
/// Start with `World` (dynamics), `ScrollView`, `FlowLayout` and `RubberMenu`
/// (scenarios), `Trace` (recording and checks) and `ScriptRunner` (Lua scenarios).
public enum SpringKitSim {
    public static let version = "0.1.0"
}
