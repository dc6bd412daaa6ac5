import Foundation
import XCTest

/// The test helper that signals children: statuses come back as `Simrun.Result` reports
/// them, and a child that has ended (and been reaped) is never signalled again.
final class SpawnedChildTests: XCTestCase {
    func testExitStatusesAndSignals() throws {
        XCTAssertEqual(try SpawnedChild("/bin/sh", ["-c", "exit 3"]).wait(), 3)
        let sleeper = try SpawnedChild("/bin/sh", ["-c", "exec sleep 30"])
        XCTAssertTrue(sleeper.isRunning)
        sleeper.signal(SIGKILL)
        XCTAssertEqual(sleeper.signalsSent, 1)
        XCTAssertEqual(sleeper.wait(), 128 + SIGKILL)
        XCTAssertFalse(sleeper.isRunning)
    }

    func testAnEndedChildIsNeverSignalled() throws {
        let quick = try SpawnedChild("/bin/sh", ["-c", "exit 0"])
        XCTAssertEqual(quick.wait(), 0)
        // Reaped: its pid may belong to another process by now, so nothing is sent.
        quick.signal(SIGKILL)
        XCTAssertEqual(quick.signalsSent, 0, "no signal goes to a reaped pid")
        XCTAssertEqual(quick.wait(), 0, "the status stays the one it exited with")
    }

    func testTheChildRunsInTheGivenFolder() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        XCTAssertEqual(try SpawnedChild("/bin/sh", ["-c", "echo here > marker"], in: directory).wait(), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("marker").path))
    }
}
