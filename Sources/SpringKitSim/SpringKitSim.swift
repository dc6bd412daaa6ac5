/// SpringKitSim: deterministic, headless UIKit Dynamics-style springs for collection-view
/// effects, scripted in Lua.
///
/// This module is the library product: it re-exports the engine's layers 1–7 (Support to
/// Scripting), so one `import SpringKitSim` gives all of them. The tools layer (checks,
/// sweeps, the tuner) has no public API: `simrun` and the studio import it themselves. Start with `World` (dynamics), `ScrollView` and
/// `FlowLayout` (motion), `RubberMenu` (scenarios), `Trace` (trace and report) and
/// `ScriptRunner` (Lua). docs/architecture.md describes the layers.
@_exported import SpringKitSupport
@_exported import SpringKitTrace
@_exported import SpringKitMath
@_exported import SpringKitDynamics
@_exported import SpringKitMotion
@_exported import SpringKitScenarios
@_exported import SpringKitReport
@_exported import SpringKitScripting

public enum SpringKitSim {
    /// The library's version, as `simrun --version` prints it.
    public static let version = SpringKitVersion.string
}
