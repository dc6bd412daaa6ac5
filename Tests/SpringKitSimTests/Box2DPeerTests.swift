import Foundation
import XCTest
@testable import SpringKitDynamics

/// The `uikit` solver against Box2D 2.4.1 (Debian's libbox2d-dev), whose soft distance
/// joint computes the same anchored step. Box2D works in `float`, so states agree to
/// float precision: the test allows 5e-5 × the motion's scale (measured: 1.8e-5).
final class Box2DPeerTests: XCTestCase {
    static let tolerance = 5e-5

    /// Builds bench/NAME.cpp; skips when Box2D is missing (a failure in CI); a compile
    /// failure with the headers present fails the test with the compiler's message.
    static func peerExecutable(_ name: String = "box2d_peer") throws -> URL {
        let headers = ["/usr/include/box2d/box2d.h", "/opt/homebrew/include/box2d/box2d.h", "/usr/local/include/box2d/box2d.h"]
        guard let header = headers.first(where: FileManager.default.fileExists) else {
            throw unavailable("Box2D 2.4.1 headers not installed (tools/install-deps --test installs them)")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("springkit-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        let prefix = URL(fileURLWithPath: header).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        let errors = Pipe()
        process.standardError = errors
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["c++", "-O2", "-std=c++17", "-I", prefix.appendingPathComponent("include").path,
                             repositoryRoot.appendingPathComponent("bench/\(name).cpp").path,
                             "-L", prefix.appendingPathComponent("lib").path, "-lbox2d", "-o", output.path]
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // A compile failure is a failure: the headers are there, so the peer must build.
        guard process.terminationStatus == 0 else {
            throw UnavailableInCI(reason: "could not build bench/\(name).cpp (c++ exited \(process.terminationStatus)): \(message.prefix(2000))")
        }
        return output
    }

    struct State { var p: SIMD2<Double>; var v: SIMD2<Double> }

    static func box2d(_ peer: URL, damping: Double, frequency: Double, length: Double,
                      p0: SIMD2<Double>, v0: SIMD2<Double>, steps: Int, mass: Double) throws -> [State] {
        let process = Process()
        process.executableURL = peer
        process.arguments = [damping, frequency, length, p0.x, p0.y, v0.x, v0.y].map { String($0) } + [String(steps), String(mass)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let f = line.split(separator: " ").map { Double($0)! }
            return State(p: SIMD2(f[1], f[2]), v: SIMD2(f[3], f[4]))
        }
    }

    func testAnchoredSpringMatchesBox2D() throws {
        let peer = try Self.peerExecutable()
        let steps = 600
        let p0 = SIMD2(3.0, 0.5), v0 = SIMD2(-1.0, 12.0)   // off-axis initial velocity
        var worstRelative = 0.0
        for damping in [0.1, 0.5, 1] {
            for frequency in [0.8, 3] {
                for length in [0, 0.4] {
                    // Box2D 2.4.1 raises a length under its linear slop (0.005) to the slop.
                    let box2dLength = max(length, 0.005)
                    let mass = 2.5
                    let reference = try Self.box2d(peer, damping: damping, frequency: frequency, length: length,
                                                   p0: p0, v0: v0, steps: steps, mass: mass)
                    XCTAssertEqual(reference.count, steps)
                    var configuration = WorldConfiguration()
                    configuration.restTime = .infinity
                    let world = try World(configuration: configuration)
                    let item = try world.addItem(center: p0, size: SIMD2(1, 1), density: mass, velocity: v0)
                    try world.attach(item, to: .zero, SpringParameters(length: box2dLength, damping: damping, frequency: frequency))
                    let scale = (p0 * p0).sum().squareRoot()
                    let speedScale = (v0 * v0).sum().squareRoot()
                    for (n, expected) in reference.enumerated() {
                        try world.advance(steps: 1)
                        let p = try world.position(item), v = try world.velocity(item)
                        XCTAssertLessThan(h(v) / 120, 2, "speeds stay under Box2D's 2 units per step")
                        let dp = h(p - expected.p) / scale, dv = h(v - expected.v) / speedScale
                        worstRelative = max(worstRelative, dp, dv)
                        if dp > Self.tolerance || dv > Self.tolerance {
                            XCTFail("ζ \(damping) f \(frequency) length \(length) step \(n + 1): position off by \(dp), velocity by \(dv) (relative)")
                            return
                        }
                    }
                }
            }
        }
        print("Box2D peer: worst relative difference over 12 cases × \(steps) steps: \(worstRelative)")
    }

    private func h(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
}
