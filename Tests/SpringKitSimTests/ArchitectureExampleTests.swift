import XCTest
import SpringKitSim

/// docs/architecture.md's recorder example, as a client of the library writes it: the
/// scenario records nothing itself; the recorder gets every frame and mark.
final class ArchitectureExampleTests: XCTestCase {
    func testTheRecorderGetsEveryFrameAndMark() throws {
        let recorder = ScenarioRecorder()
        let menu = try RubberMenu(observer: recorder)
        try menu.touchDown(at: SIMD2(160, 300))
        try menu.drag(by: SIMD2(0, -120), seconds: 0.4)
        try menu.release()
        try menu.waitUntilRest(limit: 5)
        XCTAssertEqual(recorder.report.frames.count, menu.frame + 1, "one report frame per frame, the first before any gesture")
        XCTAssertEqual(recorder.report.frames.last?.frame, menu.frame)
        XCTAssertGreaterThan(recorder.trace.rowCount, menu.frame, "several cells a frame")
        XCTAssertEqual(recorder.trace.columns, ["frame", "t", "id", "x", "y", "stretch"])
        XCTAssertEqual(recorder.report.markers.map(\.label).first, "touch down")
        XCTAssertEqual(recorder.report.markers.last?.label, "rest")
        XCTAssertEqual(recorder.report.plots.map(\.values.count), [menu.frame + 1, menu.frame + 1, menu.frame + 1])

        let unobserved = try RubberMenu()
        try unobserved.touchDown(at: SIMD2(160, 300))
        try unobserved.drag(by: SIMD2(0, -120), seconds: 0.4)
        XCTAssertNil(unobserved.recorder)
        XCTAssertEqual(unobserved.trace.rowCount, 0, "without an observer nothing is recorded")
        XCTAssertEqual(unobserved.frame, 24, "but the frames are played: 0.4 s at 60 display frames/s")
    }
}
