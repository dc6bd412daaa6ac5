import Foundation
import XCTest

/// Whether the tests run in CI (`CI` set to anything but empty, `false` or `0`).
var runningInCI: Bool {
    let value = ProcessInfo.processInfo.environment["CI"] ?? ""
    return !value.isEmpty && value != "false" && value != "0"
}

/// A test that cannot run here: a tool is missing, a build failed, the system refuses what
/// the test needs. Outside CI it is a skip with `reason` (XCTest prints it); in CI it is a
/// failure with the same reason, so a skip never hides a test that did not run there
/// (tools/install-deps --ci installs every tool the suites use).
func unavailable(_ reason: String) -> Error {
    runningInCI ? UnavailableInCI(reason: reason) : XCTSkip(reason)
}

/// A test that could not run in CI; thrown, it fails the test with its description.
struct UnavailableInCI: Error, CustomStringConvertible, LocalizedError {
    var reason: String
    var description: String { "could not run in CI (a skip fails there): \(reason)" }
    var errorDescription: String? { description }
}
