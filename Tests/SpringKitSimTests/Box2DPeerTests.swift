import Foundation
import XCTest
@testable import SpringKitDynamics
import SpringKitMotion

/// The `uikit` solver against Box2D 2.4.1 (Debian's libbox2d-dev), whose distance joint
/// computes the same anchored step, set up as UIKit sets up Box2D: in metres at 100 pt per
/// metre, with UIKit's clock (bench/box2d_peer.cpp). Box2D works in `float`, so states agree
/// to float precision: the test allows 2e-4 × the motion's scale. Positions of 3 m carry float
/// steps of 2.4e-7 m; in the length-40 cases the item keeps orbiting its anchor (the initial
/// velocity has a part across the spring, which only resistance slows), and float rounding
/// shifts that orbit's phase a little more every sub-step: measured 1.0e-4 of the speed after
/// 601 sub-steps, 2.7e-5 of the position.
final class Box2DPeerTests: XCTestCase {
    static let tolerance = 2e-4

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

    /// Runs the peer bench/NAME.cpp with `arguments`; returns its lines of numbers, each
    /// without its first field (the frame).
    static func peerRows(_ name: String, _ arguments: [String]) throws -> [[Double]] {
        try peerRows(of: try peerExecutable(name), arguments)
    }

    /// Runs an already built peer with `arguments`; its lines of numbers, each without its first field.
    static func peerRows(of peer: URL, _ arguments: [String]) throws -> [[Double]] {
        let process = Process()
        process.executableURL = peer
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        try? pipe.fileHandleForReading.close()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").dropFirst().map { Double($0)! } }
    }

    struct State { var substeps: Int; var p: SIMD2<Double>; var v: SIMD2<Double> }

    /// One scene for bench/box2d_peer.cpp, in points: an item on a distance joint to an anchor
    /// that moves at `anchorVelocity`, stepped `frames` frames of 1/60 s by UIKit's clock.
    struct Scene {
        var rigid = false
        var damping = 0.0, frequency = 0.0, length = 0.0
        var p0 = SIMD2<Double>(0, 0), v0 = SIMD2<Double>(0, 0)
        var mass = 1.0, resistance = 0.1
        var anchor = SIMD2<Double>(0, 0), anchorVelocity = SIMD2<Double>(0, 0)
        var frames = 301

        var arguments: [String] {
            [rigid ? "rigid" : "soft"] + [damping, frequency, length, p0.x, p0.y, v0.x, v0.y, mass, resistance,
                                           anchor.x, anchor.y, anchorVelocity.x, anchorVelocity.y].map { String($0) }
                + [String(frames)]
        }

        /// The same scene in this engine: an animator fed 1/60 s frames, the anchor moved before each.
        func run(_ body: (Int, World, ItemID) throws -> Void) throws {
            var configuration = WorldConfiguration()
            configuration.resistance = resistance
            configuration.restTime = .infinity
            let animator = try DynamicAnimator(world: World(configuration: configuration))
            let world = animator.world
            // Mass in kilograms: density × area in m² (100 pt per metre) as UIKit's bodies have it.
            let item = try world.addItem(center: p0, size: SIMD2(100, 100), density: mass, velocity: v0)
            let spring = try world.attach(item, to: anchor, SpringParameters(length: length, damping: damping, frequency: rigid ? 0 : frequency))
            for frame in 1...frames {
                try world.setAnchor(spring, anchor + anchorVelocity * (Double(frame) / 60))
                try animator.advanceFrame()
                try body(frame, world, item)
            }
        }
    }

    static func box2d(_ peer: URL, _ scene: Scene) throws -> [State] {
        let process = Process()
        process.executableURL = peer
        process.arguments = scene.arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let f = line.split(separator: " ").map { Double($0)! }
            return State(substeps: Int(f[1]), p: SIMD2(f[2], f[3]), v: SIMD2(f[4], f[5]))
        }
    }

    /// Soft anchored springs in metres at 100 pt/m with UIKit's clock and resistance 0.1:
    /// 301 frames are 601 sub-steps.
    func testAnchoredSpringMatchesBox2DInMetres() throws {
        let peer = try Self.peerExecutable()
        var worstRelative = 0.0
        for damping in [0.1, 0.5, 1] {
            for frequency in [0.8, 3] {
                for length in [0.0, 40] {
                    // Box2D 2.4.1 raises a length under its linear slop (0.005 m = 0.5 pt) to the slop.
                    let scene = Scene(damping: damping, frequency: frequency, length: max(length, 0.5),
                                      p0: SIMD2(300, 50), v0: SIMD2(-100, 1200), mass: 2.5)
                    let reference = try Self.box2d(peer, scene)
                    XCTAssertEqual(reference.count, scene.frames)
                    XCTAssertEqual(reference.prefix(3).map { $0.substeps }, [1, 2, 2], "UIKit's clock: one sub-step on the first frame")
                    let scale = (scene.p0 * scene.p0).sum().squareRoot(), speedScale = (scene.v0 * scene.v0).sum().squareRoot()
                    var failed = false
                    try scene.run { frame, world, item in
                        guard !failed else { return }
                        let expected = reference[frame - 1]
                        XCTAssertEqual(world.stepCount, reference.prefix(frame).reduce(0) { $0 + $1.substeps })
                        let dp = h(try world.position(item) - expected.p) / scale, dv = h(try world.velocity(item) - expected.v) / speedScale
                        worstRelative = max(worstRelative, dp, dv)
                        if dp > Self.tolerance || dv > Self.tolerance {
                            XCTFail("ζ \(damping) f \(frequency) length \(length) frame \(frame): position off by \(dp), velocity by \(dv) (relative)")
                            failed = true
                        }
                    }
                }
            }
        }
        print("Box2D peer (metres, UIKit clock): worst relative difference over 12 cases × 601 sub-steps: \(worstRelative)")
    }

    /// A rigid attachment (frequency 0) whose anchor moves at 600 pt/s: Box2D in metres corrects
    /// up to 0.2 m = 20 pt per position iteration, so the item follows within a few points.
    func testRigidAttachmentFollowsAMovingAnchorAsBox2DInMetres() throws {
        let peer = try Self.peerExecutable()
        let scene = Scene(rigid: true, length: 100, p0: SIMD2(100, 0), anchorVelocity: SIMD2(600, 0), frames: 30)
        let reference = try Self.box2d(peer, scene)
        var worst = 0.0, lastLag = 0.0
        try scene.run { frame, world, item in
            let p = try world.position(item), expected = reference[frame - 1].p
            worst = max(worst, h(p - expected))
            let anchor = scene.anchorVelocity * (Double(frame) / 60)
            lastLag = h(p - anchor) - scene.length
        }
        print("Box2D peer, rigid attachment, anchor at 600 pt/s for 0.5 s: worst difference \(worst) pt, stretch beyond its length at the end \(lastLag) pt")
        XCTAssertLessThan(worst, 1e-3, "the item follows the anchor as Box2D in metres moves it")
        XCTAssertLessThan(abs(lastLag), 1, "20 pt of correction per iteration keeps a rigid rod at its length")
    }

    private func h(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
}
