import Foundation
import XCTest

/// Runs the built `simrun` binary, for tests of the command line contract.
enum Simrun {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
        /// True when the process ended by a signal (its number is `status`), not by `exit`.
        var signalled = false
    }

    /// The `simrun` next to the test bundle (both live in the build products directory).
    /// `SIMRUN_UNDER_TEST` names another binary (to see a test fail on an older build).
    static var executable: URL {
        if let other = ProcessInfo.processInfo.environment["SIMRUN_UNDER_TEST"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle(for: Marker.self).bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("simrun")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return candidates[0].appendingPathComponent("simrun")
    }

    private final class Marker {}

    /// Runs simrun and waits for it; a run over `timeout` seconds is killed and fails the test.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    timeout: Double = 120, binary: URL? = nil,
                    file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let process = Process()
        process.executableURL = binary ?? executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["GITHUB_ACTIONS"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let start = Date()
        try process.run()
        // The watchdog holds the process weakly: a cancelled work item stays queued until its
        // deadline, and holding the process (so its pipes' descriptors) that long let a battery
        // of quick runs pile up over a thousand open descriptors, past which Foundation's
        // `Process.run` can crash (it reads each /proc/self/fd entry's name as 256 bytes).
        let watchdog = DispatchWorkItem { [weak process] in if let process, process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        // Read both pipes while the process runs so neither fills up.
        final class Box: @unchecked Sendable { var data = Data() }
        let outBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outBox.data = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        try? out.fileHandleForReading.close()
        try? err.fileHandleForReading.close()
        process.waitUntilExit()
        let timedOut = Date().timeIntervalSince(start) >= timeout
        watchdog.cancel()
        let outData = outBox.data
        if process.terminationReason == .uncaughtSignal {
            XCTFail("simrun \(arguments.joined(separator: " ")) " + (timedOut ? "was killed after \(timeout) s"
                    : "died of signal \(process.terminationStatus)"), file: file, line: line)
        }
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self),
                      seconds: Date().timeIntervalSince(start),
                      signalled: process.terminationReason == .uncaughtSignal)
    }
}

/// A fresh temporary directory, removed by the caller's `defer`.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("springkit-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to `name` in `directory` and returns the path.
@discardableResult
func writeFile(_ directory: URL, _ name: String, _ text: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// The repository root, found from this file's path.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
