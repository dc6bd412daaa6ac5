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
        // The anchored-spring hot loop, compiled per instruction set (see its header).
        .target(name: "CSpringKernel"),
        .target(name: "SpringKitSim", dependencies: ["CLua", "CSpringKernel"]),
        // Raw mode, window size and signal-safe restore for `simrun tune`.
        .target(name: "CTerminal"),
        .executableTarget(name: "simrun", dependencies: ["SpringKitSim", "CTerminal"]),
        // Data/: reference values read from the source tree (Data/math-reference.txt).
        .testTarget(name: "SpringKitSimTests", dependencies: ["SpringKitSim"], exclude: ["Data"]),
    ]
)
