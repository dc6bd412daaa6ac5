import SpringKitTrace
import SpringKitMotion
import SpringKitScenarios
import SpringKitReport

/// The scenarios a `GestureDrive` plays into: the rubber menu, `sk.animator` (every script built
/// on the scroll-view primitives) and the gallery (a press and release is a tap, a press that
/// moves 10 pt a drag to reorder).
extension ScriptSession {
    /// When a drive waits for its scenario: takes `make()` over and plays the drive (which ends
    /// the script). Otherwise (no drive) returns at once, and the scripted gesture goes on.
    func driveIfWaiting(_ make: () -> DrivenTarget) throws {
        guard let drive else { return }
        if drive.started { throw GestureDrive.Finished() }
        let target = make()
        drivenTarget = target
        try drive.takeOver(target)
    }
}

final class RubberMenuTarget: DrivenTarget {
    let menu: RubberMenu
    init(_ menu: RubberMenu) { self.menu = menu }
    var kind: String { "rubber_menu" }
    var time: Double { menu.time }
    var frameNumber: Int { menu.frame }
    var viewport: SIMD2<Double> { menu.configuration.viewport }
    func down(_ point: SIMD2<Double>) throws { try menu.touchDown(at: point) }
    func frame(finger: SIMD2<Double>?) throws {
        if let finger { try menu.moveFinger(to: finger) } else { try menu.advanceIdleFrame() }
    }
    func up(velocity: SIMD2<Double>) throws { try menu.release(velocity: velocity) }
    func latestFrame() -> ReportData.Frame? { (menu.observer as? ScenarioRecorder)?.report.frames.last }
    var edgeInset: Double { (menu.observer as? ScenarioRecorder)?.report.edgeInset ?? 0 }
    func result() -> (trace: Trace?, report: ReportData?) {
        (menu.configuration.record ? menu.trace : nil, menu.configuration.record ? menu.report : nil)
    }
}

final class AnimatorTarget: DrivenTarget {
    let box: AnimatorBox
    let session: ScriptSession
    init(_ box: AnimatorBox, session: ScriptSession) { self.box = box; self.session = session }
    var kind: String { "animator" }
    var time: Double { box.player.time }
    var frameNumber: Int { box.player.frame }
    var viewport: SIMD2<Double> { box.player.scrollView.configuration.viewport }
    func down(_ point: SIMD2<Double>) throws { try box.player.touchDown(at: point) }
    func frame(finger: SIMD2<Double>?) throws { try box.player.advanceFrame(finger: finger) }
    func up(velocity: SIMD2<Double>) throws { try box.player.release(velocity: velocity) }
    func latestFrame() -> ReportData.Frame? { session.firstReport?.unflagged.frames.last }
    var edgeInset: Double { session.firstReport?.unflagged.edgeInset ?? 0 }
    func result() -> (trace: Trace?, report: ReportData?) { (session.firstTrace?.returned, session.firstReport?.returned) }
}

final class GalleryTarget: DrivenTarget {
    let gallery: Gallery
    private var press: (point: SIMD2<Double>, index: Int?)?
    private var dragging = false
    /// How far a press moves before it is a drag (points).
    static let slop = 10.0
    init(_ gallery: Gallery) { self.gallery = gallery }
    var kind: String { "gallery" }
    var time: Double { gallery.time }
    var frameNumber: Int { gallery.frame }
    var viewport: SIMD2<Double> { gallery.configuration.viewport }
    func down(_ point: SIMD2<Double>) throws {
        press = (point, GalleryLayout.index(at: point + gallery.scrollView.offset, in: gallery.frames))
        dragging = false
    }
    func frame(finger: SIMD2<Double>?) throws {
        if let finger, let press, !dragging, let index = press.index,
           ((finger - press.point) * (finger - press.point)).sum() > Self.slop * Self.slop {
            try gallery.beginDrag(at: index)
            dragging = true
        }
        if dragging, let finger { try gallery.dragFrame(finger: finger) } else { try gallery.advanceFrame() }
    }
    func up(velocity: SIMD2<Double>) throws {
        defer { press = nil; dragging = false }
        if dragging { try gallery.endDrag() } else if let index = press?.index { try gallery.tap(index) }
    }
    func latestFrame() -> ReportData.Frame? { (gallery.observer as? ScenarioRecorder)?.report.frames.last }
    var edgeInset: Double { (gallery.observer as? ScenarioRecorder)?.report.edgeInset ?? 0 }
    func result() -> (trace: Trace?, report: ReportData?) {
        (gallery.configuration.record ? gallery.trace : nil, gallery.configuration.record ? gallery.report : nil)
    }
}
