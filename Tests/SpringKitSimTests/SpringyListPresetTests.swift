import XCTest
@testable import SpringKitSupport
@testable import SpringKitReport
@testable import SpringKitScripting

/// scripts/springylist.lua's presets: each one's numbers and rules as read in the library version
/// it names (docs/effects.md, the preset table), and one behaviour per rule that would fail were
/// the rule missing.
final class SpringyListPresetTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func run(_ preset: String?, _ overrides: [String] = []) throws -> ScriptRun {
        var options = ScriptOptions()
        options.output = nil
        options.parameters.selectedPreset = preset
        for assignment in overrides { try options.parameters.addOverride(assignment) }
        return try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/springylist.lua").path, options: options)
    }

    private func lua(_ body: String) throws { _ = try runLuaChecks(body, in: directory) }

    /// Rows of the trace: (frame, id, y, lag).
    private func rows(_ run: ScriptRun) throws -> [(frame: Double, id: Double, y: Double, lag: Double)] {
        let trace = try XCTUnwrap(run.trace)
        let f = trace.columnIndex("frame")!, i = trace.columnIndex("id")!, y = trace.columnIndex("y")!, l = trace.columnIndex("lag")!
        return (0..<trace.rowCount).map { (trace.value(row: $0, column: f), trace.value(row: $0, column: i),
                                           trace.value(row: $0, column: y), trace.value(row: $0, column: l)) }
    }

    /// The lag of each row in the first frame after frame 0 that records it (rows attached mid-gesture).
    private func firstLags(_ run: ScriptRun) throws -> [Double: Double] {
        var first: [Double: Double] = [:], atStart = Set<Double>()
        for row in try rows(run) {
            if row.frame == 0 { atStart.insert(row.id); continue }
            if !atStart.contains(row.id), first[row.id] == nil { first[row.id] = row.lag }
        }
        return first
    }

    private func springCounts(_ run: ScriptRun) throws -> [Double] {
        try XCTUnwrap(run.report?.plots.first { $0.name == "springs" }).values
    }

    // MARK: - Numbers and rules, as read in the sources

    func testEveryPresetMatchesItsSource() throws {
        // Rules every preset sets: length, damping, frequency, resistance (the divisor: THSpringy's
        // coefficient 1/500 is 500), reach_above/reach_below (the rect the springs cover), resync and
        // resync_at_least, pre_shift (0 none, 1 touch now unless (0, 0), 2 THSpringy's), shift_needs_touch,
        // distance (0 |dy|, 1 |dy| + |dx|), floor, near_switch / near_within / near_damping.
        func rules(_ l: Double, _ d: Double, _ f: Double, _ r: Double, above: Double, below: Double, resync: Double = 0, atLeast: Double = 0,
                   pre: Double, needsTouch: Double = 0, distance: Double = 0, floor: Double = 0,
                   near: (Double, Double, Double) = (0, 0, 0)) -> [String: Double] {
            ["length": l, "damping": d, "frequency": f, "resistance": r, "reach_above": above, "reach_below": below,
             "resync": resync, "resync_at_least": atLeast, "pre_shift": pre, "shift_needs_touch": needsTouch, "distance": distance,
             "floor": floor, "near_switch": near.0, "near_within": near.1, "near_damping": near.2]
        }
        let expected: [String: [String: Double]] = [
            // TeehanLax/UICollectionView-Spring-Demo, TLSpringFlowLayout.m fb1160d (2014-02-08; unchanged to 4d52b8d):
            // length 1.0f, damping 0.8f, frequency 1.0f, kScrollResistanceFactorDefault 900.0f (TLSpringFlowLayout.h),
            // CGRectInset(visible, -100, -100), pre-shift only if touchLocation is not CGPointZero, shift unguarded.
            "TeehanLax": rules(1, 0.8, 1, 900, above: 100, below: 100, pre: 1),
            // 748fab3 (2013-10-01, "Addressed issue #1"): length 0 → 1.0f; divisor 1500.0f.
            "TeehanLax-2013": rules(1, 0.8, 1, 1500, above: 100, below: 100, pre: 1),
            // 8d633e5 (2013-08-08): length 0.0f, damping 0.8f, frequency 1.0f, / 1500.0f.
            "TeehanLax-2013-08": rules(0, 0.8, 1, 1500, above: 100, below: 100, pre: 1),
            // objcio/articles 2013-10-08-collection-views-and-uidynamics.md (6d9c34a): length 0.0f, damping 0.8f,
            // frequency 1.0f, (yDistanceFromTouch + xDistanceFromTouch) / 1500.0f, CGRectInset(originalRect, -100, -100),
            // pre-shift only if touchLocation is not CGPointZero. ASHSpringyCollectionView 25ae0a9: the same.
            "objcio-issue5": rules(0, 0.8, 1, 1500, above: 100, below: 100, pre: 1, distance: 1),
            // THSpringyCollectionView, THSpringyFlowLayout.m 0832f78 (2013-09-23): kScrollRefreshThreshold 30.0f
            // (`< threshold` skips: a re-sync at >= 30), kScrollResistanceCoefficient 1 / 500.0f, length 0,
            // frequency 0.7, damping 0.5, rect offset − 100 with height + 2 × 100, pre-shift if _lastScrollDelta != 0.
            "THSpringy-2013": rules(0, 0.5, 0.7, 500, above: 100, below: 100, resync: 30, atLeast: 1, pre: 2),
            // 2affed1 (2014-05-14): threshold 50.0f, 1 / 600.0f, kScrollPaddingRect 100 with height + 3 × 100,
            // frequency 1.5, damping 0.6.
            "THSpringy-2014": rules(0, 0.6, 1.5, 600, above: 100, below: 200, resync: 50, atLeast: 1, pre: 2),
            // 671a900 (2016-02-18): frequency 1, damping 0.6, action: damping 100 while |center.y − anchor.y| <= 1.
            "THSpringy": rules(0, 0.6, 1, 600, above: 100, below: 200, resync: 50, atLeast: 1, pre: 2, near: (1, 1, 100)),
            // roberthein/BouncyLayout, BouncyLayout.swift b126b08 (2017-05-03) to 59b1dfc (2017-09-26): BounceStyle
            // subtle 1/2, regular 0.75/1.5, prominent 0.5/1; `/ 1000`; super.layoutAttributesForElements(in: view.bounds);
            // UIAttachmentBehavior(item:attachedToAnchor: center) (length: the distance, 0); no pre-shift.
            "BouncyLayout-2017-subtle": rules(0, 1, 2, 1000, above: 0, below: 0, pre: 0),
            "BouncyLayout-2017-regular": rules(0, 0.75, 1.5, 1000, above: 0, below: 0, pre: 0),
            "BouncyLayout-2017-prominent": rules(0, 0.5, 1, 1000, above: 0, below: 0, pre: 0),
            // 0f22ddc (2018-05-03) to 1ac45f3 (2020-07-14): subtle 0.8/2, regular 0.7/1.5, prominent 0.5/1;
            // bounds.insetBy(dx: -200, dy: -200); anchors center.floored(); item.center floored after each shift.
            "BouncyLayout-subtle": rules(0, 0.8, 2, 1000, above: 200, below: 200, pre: 0, floor: 1),
            "BouncyLayout-regular": rules(0, 0.7, 1.5, 1000, above: 200, below: 200, pre: 0, floor: 1),
            "BouncyLayout-prominent": rules(0, 0.5, 1, 1000, above: 200, below: 200, pre: 0, floor: 1),
            // JSQMessagesViewController develop, JSQMessagesCollectionViewFlowLayout.m cebe876 (2016-10-18):
            // _springResistanceFactor 1000 (8462740, 2014-04-24), length 1.0f, damping 1.0f, frequency 1.0f
            // (cc00acf, 2014-04-27), CGRectInset(bounds, -100, -100); jsq_adjustSpringBehavior (the shift and the
            // pre-shift both) does nothing when touchLocation is CGPointZero.
            "JSQMessages": rules(1, 1, 1, 1000, above: 100, below: 100, pre: 1, needsTouch: 1),
        ]
        let declared = try run(nil).parameters.presets
        XCTAssertEqual(Set(declared.map(\.name)), Set(expected.keys))
        for preset in declared {
            let values = Dictionary(uniqueKeysWithValues: preset.values.map { ($0.name, $0.value) })
            XCTAssertEqual(values, expected[preset.name], preset.name)
            XCTAssertFalse(preset.doc.isEmpty, "\(preset.name) names its version")
        }
        // The defaults are the TeehanLax preset (its current version).
        let defaults = try run(nil), teehan = try run("TeehanLax")
        XCTAssertEqual(defaults.parameters.headerText, teehan.parameters.headerText)
        XCTAssertEqual(try rows(defaults).map(\.lag), try rows(teehan).map(\.lag))
    }

    // MARK: - One behaviour per rule

    /// JSQMessages: no shift and no pre-shift while the pan location reads (0, 0).
    func testShiftNeedsTouch() throws {
        try lua("""
        local flow = sk.flow_layout{items = 3, width = 320, item_width = 300, item_height = 40, spacing = 10}
        local world = sk.world()
        local c = sk.culler{world = world, layout = flow, length = 0, damping = 1, frequency = 1}
        c:update{x = 0, y = 0, width = 320, height = 200}
        local _, y0 = world:position(c:item(3))
        c:shift{delta = 10, resistance = 100, without_touch = "skip"}
        local _, y1 = world:position(c:item(3)); assert(y1 == y0, "no touch, no shift")
        c:shift{delta = 10, resistance = 100}
        local _, y2 = world:position(c:item(3)); assert(y2 == y0, "skip is the default")
        c:shift{delta = 10, resistance = 1000, without_touch = "origin"}
        local _, y3 = world:position(c:item(3))
        assert(near(y3, y0 + 10 * y0 / 1000), "the pan location reads (0, 0): r = |0 - anchor.y| / resistance")
        fails("'without_touch': expected 'skip' or 'origin'", function() c:shift{delta = 1, resistance = 1, without_touch = "never"} end)
        """)
        // With the pan location reading (0, 0) once the finger lifts, JSQMessages' rows are neither shifted nor
        // pre-shifted in the fling: a row attached after the release stays on its anchor. Without the guard it does not.
        func lateLags(_ run: ScriptRun) throws -> [Double] {
            let all = try rows(run)
            var firstFrame: [Double: Double] = [:]
            for row in all where firstFrame[row.id] == nil { firstFrame[row.id] = row.frame }
            let releaseFrame = 24.0   // 0.4 s of drag at 60 frames per second
            return all.filter { firstFrame[$0.id]! > releaseFrame + 1 }.map(\.lag)
        }
        let guarded = try lateLags(run("JSQMessages", ["lift_clears_touch=1"]))
        XCTAssertGreaterThan(guarded.count, 100, "rows were attached in the fling")
        XCTAssertTrue(guarded.allSatisfy { $0 == 0 }, "no shift, no pre-shift without a touch")
        let unguarded = try lateLags(run("JSQMessages", ["lift_clears_touch=1", "shift_needs_touch=0"]))
        XCTAssertTrue(unguarded.contains { abs($0) > 1 }, "shifted with the location (0, 0)")
    }

    /// BouncyLayout: newly attached rows start on their anchors (no pre-shift); TeehanLax's are pre-shifted.
    func testBouncyLayoutHasNoPreShift() throws {
        let bouncy = try firstLags(run("BouncyLayout-regular"))
        XCTAssertGreaterThan(bouncy.count, 5, "rows were attached mid-gesture")
        XCTAssertTrue(bouncy.values.allSatisfy { $0 == 0 }, "\(bouncy)")
        let preShifted = try firstLags(run("BouncyLayout-regular", ["pre_shift=1"]))
        XCTAssertTrue(preShifted.values.contains { abs($0) > 1 }, "\(preShifted)")
    }

    /// THSpringy's pre-shift uses the last delta with the touch of the last bounds change; TeehanLax's the touch now.
    func testPreShiftKinds() throws {
        XCTAssertNotEqual(try rows(run("THSpringy-2013")).map(\.lag), try rows(run("THSpringy-2013", ["pre_shift=0"])).map(\.lag))
        try lua("""
        local flow = sk.flow_layout{items = 3, width = 320, item_width = 300, item_height = 40, spacing = 10}
        assert(sk.resisted_shift{delta = 10, touch_y = 0, anchor_y = 100, resistance = 1000, max_stretch = math.huge} == 1)
        assert(sk.resisted_shift{delta = 10, touch_x = 60, touch_y = 0, anchor_x = 160, anchor_y = 100, resistance = 1000,
                                 max_stretch = math.huge, distance = "xy"} == 2, "objc.io: |dy| + |dx|")
        fails("field 'touch_x' is required", function() sk.resisted_shift{delta = 1, touch_y = 0, anchor_y = 1, distance = "xy"} end)
        fails("field 'distance': expected 'y' or 'xy'", function() sk.resisted_shift{delta = 1, touch_y = 0, anchor_y = 1, distance = "x"} end)
        """)
    }

    /// THSpringy: a re-sync is due once the offset moved at least the threshold, so it fires at exactly 30.
    func testResyncAtLeastFiresAtTheThreshold() throws {
        try lua("""
        local flow = sk.flow_layout{items = 40, width = 320, item_width = 300, item_height = 20, spacing = 10}
        local at_least = sk.culler{world = sk.world(), layout = flow, resync = 30, resync_at_least = true, frequency = 1}
        local beyond = sk.culler{world = sk.world(), layout = flow, resync = 30, frequency = 1}
        for _, c in ipairs{at_least, beyond} do c:update{x = 0, y = 0, width = 320, height = 100} end
        assert(#at_least:update{x = 0, y = 29, width = 320, height = 100} == 0, "29 < 30: no re-sync")
        assert(#beyond:update{x = 0, y = 29, width = 320, height = 100} == 0)
        assert(#at_least:update{x = 0, y = 30, width = 320, height = 100} > 0, "30 >= 30: re-synced")
        assert(#beyond:update{x = 0, y = 30, width = 320, height = 100} == 0, "the strict rule waits for more than 30")
        fails("field 'resync': must be ≥ 0", function() sk.culler{world = sk.world(), layout = flow, resync = -1} end)
        """)
        XCTAssertNotEqual(try springCounts(run("THSpringy-2013")), try springCounts(run("THSpringy-2013", ["resync_at_least=0"])))
    }

    /// THSpringy 2014 on: springs 100 pt above the bounds and 200 below; BouncyLayout 2017: the bounds only.
    func testReachAboveAndBelow() throws {
        try lua("""
        local flow = sk.flow_layout{items = 40, width = 320, item_width = 300, item_height = 40, spacing = 10}
        local c = sk.culler{world = sk.world(), layout = flow, inset = {top = 100, bottom = 200}, frequency = 1}
        local added = c:update{x = 0, y = 500, width = 320, height = 100}
        -- rows meeting y 400…800: rows 9 (400–440) to 16 (750–790)
        assert(added[1] == 9 and added[#added] == 16, added[1] .. "…" .. added[#added])
        assert(c.inset.top == 100 and c.inset.bottom == 200 and c.inset.left == 0)
        fails("field 'inset'", function() sk.culler{world = sk.world(), layout = flow, inset = "wide"} end)
        """)
        XCTAssertGreaterThan(try springCounts(run("THSpringy")).max()!, try springCounts(run("THSpringy", ["reach_below=100"])).max()!)
        XCTAssertLessThan(try springCounts(run("BouncyLayout-2017-regular")).max()!,
                          try springCounts(run("BouncyLayout-2017-regular", ["reach_above=100", "reach_below=100"])).max()!)
    }

    /// objc.io issue 5: the distance is |dy| + |dx|; with the finger over the rows' centre line it equals |dy|.
    func testDistanceAddsX() throws {
        let centred = try rows(run("objcio-issue5")).map(\.lag)
        XCTAssertEqual(centred, try rows(run("objcio-issue5", ["distance=0"])).map(\.lag), "finger at x = 160: |dx| = 0")
        let aside = try run("objcio-issue5", ["finger_x=60"]), yOnly = try run("objcio-issue5", ["finger_x=60", "distance=0"])
        XCTAssertGreaterThan(try XCTUnwrap(aside.metric("peak lag")), try XCTUnwrap(yOnly.metric("peak lag")),
                             "100 pt of |dx| adds to every row's resistance")
    }

    /// BouncyLayout 2018 on: anchors floored to whole points, and each shifted centre floored.
    func testFlooredAnchorsAndCentres() throws {
        try lua("""
        -- 45 pt rows: centres at 22.5, 77.5, ...
        local flow = sk.flow_layout{items = 3, width = 320, item_width = 300, item_height = 45, spacing = 10}
        local world = sk.world()
        local c = sk.culler{world = world, layout = flow, floor_anchors = true, length = 0, damping = 1, frequency = 1}
        c:update{x = 0, y = 0, width = 320, height = 200}
        for i = 1, 3 do
          local _, cy = flow:center(i)
          local _, py = world:position(c:item(i))
          local _, dy = world:displacement(c:spring(i))
          local anchor_y = py - dy
          assert(anchor_y == math.floor(cy) and anchor_y ~= cy, "anchor floored: " .. anchor_y)
        end
        c:shift{delta = 7, touch_y = 0, resistance = 330, floor = true}
        for i = 1, 3 do
          local x, y = world:position(c:item(i))
          assert(y == math.floor(y) and x == math.floor(x), "centre floored after the shift: " .. y)
        end
        """)
        XCTAssertNotEqual(try rows(run("BouncyLayout-regular")).map(\.lag), try rows(run("BouncyLayout-regular", ["floor=0"])).map(\.lag))
    }

    /// THSpringy 2016: damping 100 while an item sits within 1 pt (<=) of its anchor, 0.6 otherwise.
    func testNearAnchorDampingSwitch() throws {
        try lua("""
        local flow = sk.flow_layout{items = 2, width = 320, item_width = 300, item_height = 40, spacing = 10}
        local world = sk.world()
        local c = sk.culler{world = world, layout = flow, length = 0, damping = 0.6, frequency = 1,
                            near_damping = {within = 1, damping = 100}}
        c:update{x = 0, y = 0, width = 320, height = 200}
        c:run_actions()
        assert(world:spring(c:spring(1)).damping == 100, "on the anchor: 100")
        local x, y = world:position(c:item(1))
        world:set_position(c:item(1), x, y + 1)
        c:run_actions()
        assert(world:spring(c:spring(1)).damping == 100, "exactly 1 pt away: still 100 (<=)")
        world:set_position(c:item(1), x, y + 5)
        c:run_actions()
        assert(world:spring(c:spring(1)).damping == 0.6, "5 pt away: back to 0.6")
        local plain = sk.culler{world = world, layout = flow, frequency = 1}
        plain:run_actions()
        fails("'within' must be a finite number ≥ 0", function()
          sk.culler{world = world, layout = flow, near_damping = {within = -1, damping = 1}} end)
        """)
        let switched = try run("THSpringy"), plain = try run("THSpringy", ["near_switch=0"])
        XCTAssertNotEqual(try rows(switched).map(\.lag), try rows(plain).map(\.lag))
    }
}
