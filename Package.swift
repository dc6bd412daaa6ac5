// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "SpringKitSim",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SpringKitSim", targets: ["SpringKitSim"]),
        .executable(name: "simrun", targets: ["simrun"]),
    ],
    targets: [
        // Lua 5.4 from the system: Debian's liblua5.4-dev or Homebrew's lua@5.4.
        .systemLibrary(
            name: "CLua",
            path: "Sources/CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]
        ),
        // libmicrohttpd from the system (Debian's libmicrohttpd-dev, Homebrew's libmicrohttpd), for
        // `simrun studio` only: the SpringKitSim library does not depend on it.
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Sources/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // GnuTLS: SHA-1 for the studio's WebSocket handshake (libmicrohttpd depends on it).
        .systemLibrary(
            name: "CGnuTLS",
            path: "Sources/CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"]), .brew(["gnutls"])]
        ),
        // The anchored-spring hot loop, compiled per instruction set (see its header).
        .target(name: "CSpringKernel"),
        // The engine, one target per layer; each imports only the layers below it
        // (docs/architecture.md). Support → Trace → Math → Dynamics → Motion → Scenarios → Report →
        // Scripting → Tools, and SpringKitSim on top re-exporting them as one library. Trace
        // (traces, CSV, comparison, metrics, expectations) needs Support only.
        .target(name: "SpringKitSupport"),
        .target(name: "SpringKitTrace", dependencies: ["SpringKitSupport"]),
        .target(name: "SpringKitMath", dependencies: ["SpringKitSupport"]),
        .target(name: "SpringKitDynamics", dependencies: ["SpringKitMath", "SpringKitSupport", "CSpringKernel"]),
        .target(name: "SpringKitMotion", dependencies: ["SpringKitDynamics", "SpringKitMath", "SpringKitSupport"]),
        .target(name: "SpringKitScenarios", dependencies: ["SpringKitMotion", "SpringKitDynamics", "SpringKitMath", "SpringKitSupport"]),
        // Resources/: the pages' HTML, CSS and JavaScript, embedded in the binary at build time
        // (PageAssets.swift), so simrun needs no resource bundle beside it on Linux or macOS.
        .target(name: "SpringKitReport", dependencies: ["SpringKitScenarios", "SpringKitTrace", "SpringKitMotion", "SpringKitDynamics", "SpringKitMath", "SpringKitSupport"],
                resources: ["report.html", "report.js", "report-decoder.js", "shapes-player.js", "compare.html", "compare.js",
                            "player.html", "player.css", "player.js", "run-stream.js"].map { .embedInCode("Resources/" + $0) }),
        // The LuaScenarioRegistry plugin lists the Swift scenarios with a Lua class (`extension NAME:
        // LuaScenario` in a binding file) at build time: no hand-kept list (docs/adding-a-scenario.md).
        .target(name: "SpringKitScripting", dependencies: ["SpringKitReport", "SpringKitTrace", "SpringKitScenarios", "SpringKitMotion", "SpringKitDynamics", "SpringKitMath", "SpringKitSupport", "CLua"],
                plugins: ["LuaScenarioRegistry"]),
        .executableTarget(name: "LuaScenarioRegistryGenerator"),
        .plugin(name: "LuaScenarioRegistry", capability: .buildTool(), dependencies: ["LuaScenarioRegistryGenerator"]),
        .target(name: "SpringKitTools", dependencies: ["SpringKitScripting", "SpringKitReport", "SpringKitTrace", "SpringKitScenarios", "SpringKitMotion", "SpringKitDynamics", "SpringKitMath", "SpringKitSupport"]),
        .target(name: "SpringKitSim", dependencies: ["SpringKitScripting", "SpringKitReport", "SpringKitTrace", "SpringKitScenarios", "SpringKitMotion", "SpringKitDynamics", "SpringKitMath", "SpringKitSupport"]),
        // Raw mode, window size and signal-safe restore for `simrun tune`.
        .target(name: "CTerminal"),
        // The studio's loopback HTTP server: request checks (token, Host, Origin) and routes.
        .target(name: "StudioServer", dependencies: ["SpringKitSim", "SpringKitTools", "SpringKitSupport", "CMicroHTTPD", "CGnuTLS"]),
        .executableTarget(name: "simrun", dependencies: ["SpringKitSim", "SpringKitTools", "CTerminal", "StudioServer"]),
        // Data/: reference values read from the source tree (Data/math-reference.txt).
        .testTarget(name: "SpringKitSimTests", dependencies: ["SpringKitSim", "SpringKitTools", "SpringKitScripting", "SpringKitReport", "SpringKitTrace", "SpringKitScenarios", "SpringKitMotion", "SpringKitDynamics", "SpringKitMath", "SpringKitSupport", "CLua"], exclude: ["Data"]),
        .testTarget(name: "StudioServerTests", dependencies: ["StudioServer", "SpringKitSim"]),
    ]
)
