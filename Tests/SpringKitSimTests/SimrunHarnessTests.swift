import Foundation
import XCTest

/// The harness that runs `simrun` for the command-line tests keeps no descriptor open after a
/// run: the hostile battery runs it thousands of times in one process, and a process with over
/// a thousand open descriptors can crash in Foundation's `Process.run` on Linux (it copies each
/// /proc/self/fd entry's name as 256 bytes, past the end of the directory buffer when it is full).
final class SimrunHarnessTests: XCTestCase {
    /// The number of this process's open descriptors (Linux's /proc/self/fd, macOS's /dev/fd).
    private func openDescriptors() throws -> Int {
        for directory in ["/proc/self/fd", "/dev/fd"] {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: directory) { return names.count }
        }
        throw unavailable("no /proc/self/fd or /dev/fd to count descriptors in")
    }

    func testRunsLeaveNoDescriptorsOpen() throws {
        let before = try openDescriptors()
        for _ in 0..<40 {
            let result = try Simrun.run(["--version"])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let after = try openDescriptors()
        // Two pipes a run: a leak shows as 80 or more.
        XCTAssertLessThanOrEqual(after - before, 8, "open descriptors went from \(before) to \(after) over 40 runs")
    }
}
