import XCTest
@testable import SpringKitDynamics
import SpringKitSupport
import SpringKitMath

/// The anchored-spring kernel finishes a lane that is over Box2D's maximum translation
/// (`b2_maxTranslation`, 200 pt a sub-step) outside its vector loop (marked, then finished
/// after the call's steps). These tests hold every compiled variant, taking 1, 2, 3 or 7
/// steps a call, on one thread and on two, to a plain reference of one lane's step written
/// from Box2D's order (damping, the joint, the clamp on h·v, position, the sleep count): the
/// same bits. Rule: where the kernel marks fast lanes, a lane over the limit counts no
/// resting step (this matters only when its squared speed overflows: the clamp then scales
/// it to 0); elsewhere the count follows the clamped speed.
final class AnchoredKernelClampTests: XCTestCase {
    struct Lane: Equatable {
        var p: SIMD2<Double>, v: SIMD2<Double>, rest: Double
    }

    struct Rules {
        var h = WorldConfiguration.uikitStep, slop = 0.5, resistance = 0.1, maximumTranslation = 200.0
        var restSpeed = 1.0, restSteps = 61.0, zeroLength = true

        /// Whether a lane over the limit counts no resting step: a rest time of a step or
        /// more, and a rest speed well under the limit (a quarter of the square of a bound a
        /// millionth under it), which must be a normal number.
        var fastIsNotResting: Bool {
            let near = min((maximumTranslation * maximumTranslation) / (h * h) * 0.999999, .greatestFiniteMagnitude)
            return restSteps >= 1 && near >= .leastNormalMagnitude && restSpeed * restSpeed < 0.25 * near
        }
    }

    /// One step of one lane, the clamp in line (what `skk_advance_anchored` must equal);
    /// returns whether the clamp applied.
    @discardableResult
    static func referenceStep(_ lane: inout Lane, anchor: SIMD2<Double>, _ k: AnchoredSpringStep.Coefficients, _ r: Rules) -> Bool {
        guard lane.rest >= 0 else { return false }
        let keep = 1 / (1 + r.h * r.resistance)
        var v0 = lane.v
        if keep != 1 { v0 = SIMD2(v0.x * keep, v0.y * keep) }
        let d = SIMD2(lane.p.x - anchor.x, lane.p.y - anchor.y)
        let d2 = d.x * d.x + d.y * d.y
        let inv2 = 1.0 / d2
        var change = k.dampingMinusOne * ((v0.x * d.x + v0.y * d.y) * inv2) - k.stiffness
        if !r.zeroLength { change += k.stiffnessLength * inv2.squareRoot() }
        if !(d2 > r.slop * r.slop) { change = 0 }
        var u = v0.x + change * d.x, w = v0.y + change * d.y
        let speed2 = u * u + w * w
        let clamp = speed2 * (r.h * r.h) > r.maximumTranslation * r.maximumTranslation
        if clamp {
            let ratio = r.maximumTranslation / (r.h * speed2.squareRoot())
            u *= ratio; w *= ratio
        }
        let count = clamp && r.fastIsNotResting ? 0 : u * u + w * w <= r.restSpeed * r.restSpeed ? lane.rest + 1 : 0
        let sleep = count >= r.restSteps
        lane.p = SIMD2(lane.p.x + r.h * u, lane.p.y + r.h * w)
        lane.v = sleep ? .zero : SIMD2(u, w)
        lane.rest = sleep ? -1 : count
        return clamp
    }

    /// `n` seeded lanes: a third flung at 10,000–200,000 pt/s (over the limit of 24,000 at
    /// once, or after the spring's pull), some at rest, some not anchored (rest −1), a few at
    /// 1e200 pt/s or 1e200 pt from their anchor (their squared speed overflows).
    /// `awakeBlocks`: every lane anchored and awake, so that each 128-lane block starts in the
    /// kernel's `allAwake` loop, and every third block calm (slow, soft springs and lanes at
    /// rest on their anchors: nothing is marked, and only the lanes at rest sleep, after the
    /// rest time), the others as above without the unanchored lanes.
    static func makeLanes(_ n: Int, seed: UInt64, rules: Rules, awakeBlocks: Bool = false)
        -> (ItemStore, [SIMD2<Double>], [AnchoredSpringStep.Coefficients]) {
        var random = SeededGenerator(seed: seed)
        var items = ItemStore()
        var anchors: [SIMD2<Double>] = [], coefficients: [AnchoredSpringStep.Coefficients] = []
        for i in 0..<n {
            let anchor = SIMD2(Double(i % 30) * 20, Double(i / 30) * 20)
            let calm = awakeBlocks && (i / 128) % 3 == 0
            let kind = calm ? 2 + i % 4 : i % 6
            let speed = kind < 2 ? 10_000 + random.nextUnit() * 190_000 : kind == 5 ? 0 : random.nextUnit() * 400
            let angle = random.nextUnit() * 6.283
            var offset = kind == 5 ? SIMD2<Double>.zero : SIMD2(random.nextUnit() * 600 - 300, random.nextUnit() * 600 - 300)
            var velocity = SIMD2(speed * (angle - 3).magnitude / 3, speed * (1 - (angle - 3).magnitude / 3))
            if i % 97 == 5 && !calm { velocity = SIMD2(1e200, -3) }
            if i % 97 == 7 && !calm { offset = SIMD2(1e200, 0) }
            _ = items.append(center: anchor + offset, velocity: velocity, mass: 1)
            let softness = SpringSoftness(frequency: 0.3 + random.nextUnit() * (calm ? 2 : 40), dampingRatio: random.nextUnit() * 1.5, step: rules.h)
            let k = AnchoredSpringStep.Coefficients(softness, length: rules.zeroLength ? 0 : random.nextUnit() * 80)
            items.anchoredRest[i] = i % 13 == 12 && !awakeBlocks ? -1 : 0
            items.anchorX[i] = anchor.x; items.anchorY[i] = anchor.y
            items.dampingMinusOne[i] = k.dampingMinusOne; items.stiffness[i] = k.stiffness; items.stiffnessLength[i] = k.stiffnessLength
            anchors.append(anchor); coefficients.append(k)
        }
        return (items, anchors, coefficients)
    }

    func check(_ rules: Rules, seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
        check(rules, lanes: Self.makeLanes(1_029, seed: seed, rules: rules), file: file, line: line)   // eight 128-lane blocks and a tail
    }

    func check(_ rules: Rules, lanes made: (ItemStore, [SIMD2<Double>], [AnchoredSpringStep.Coefficients]),
               minimumClamped: Int = 100, file: StaticString = #filePath, line: UInt = #line) {
        let n = made.0.count
        for variant in SpringKernelVariant.supported {
            for (stepsPerCall, threads) in [(1, 1), (2, 1), (3, 1), (7, 1), (2, 2), (3, 2)] {
                var (items, anchors, k) = made
                var lanes = (0..<n).map { Lane(p: items.position($0), v: items.velocity($0), rest: items.anchoredRest[$0]) }
                var clamped = 0
                for _ in 0..<(42 / stepsPerCall) {
                    let awake = AnchoredSpringStep.advance(&items, steps: stepsPerCall, h: rules.h, slop: rules.slop,
                                                           resistance: rules.resistance, maximumTranslation: rules.maximumTranslation,
                                                           restSpeed: rules.restSpeed, restStepsToSleep: rules.restSteps,
                                                           zeroLength: rules.zeroLength, threads: threads, minimumPerThread: 256,
                                                           kernel: variant)
                    for i in 0..<n {
                        for _ in 0..<stepsPerCall where Self.referenceStep(&lanes[i], anchor: anchors[i], k[i], rules) {
                            clamped += 1
                        }
                    }
                    XCTAssertEqual(awake, lanes.filter { $0.rest >= 0 }.count, "\(variant.name), \(stepsPerCall) a call, \(threads) threads: awake count",
                                   file: file, line: line)
                }
                let mismatch = (0..<n).first { i in
                    let got = Lane(p: items.position(i), v: items.velocity(i), rest: items.anchoredRest[i])
                    return got.p.x.bitPattern != lanes[i].p.x.bitPattern || got.p.y.bitPattern != lanes[i].p.y.bitPattern
                        || got.v.x.bitPattern != lanes[i].v.x.bitPattern || got.v.y.bitPattern != lanes[i].v.y.bitPattern
                        || got.rest != lanes[i].rest
                }
                XCTAssertNil(mismatch, "\(variant.name), \(stepsPerCall) steps a call, \(threads) threads: lane \(mismatch ?? -1) differs from the reference",
                             file: file, line: line)
                XCTAssertGreaterThanOrEqual(clamped, minimumClamped, "the lanes must reach the maximum translation", file: file, line: line)
            }
        }
    }

    func testZeroLengthSpringsWithResistance() {
        XCTAssertTrue(marks(Rules()), "these rules must take the vector loop's marking, not the lane-at-a-time path")
        check(Rules(), seed: 1)
    }

    /// Lanes inside the slop (no pull) and without resistance keep their speed: set a few
    /// ulps and a few millionths either side of the limit, they test the marking bound (a
    /// millionth under the limit) and the exact test after it.
    func testLanesAtTheLimitToTheLastBit() {
        let rules = Rules(resistance: 0)
        XCTAssertTrue(marks(rules))
        let limit = rules.maximumTranslation / rules.h
        var speeds: [Double] = [limit, limit.nextUp, limit.nextDown, limit.nextUp.nextUp, limit.nextDown.nextDown]
        for d in [1e-9, 1e-7, 5e-7, 1e-6, 2e-6] { speeds += [limit * (1 + d), limit * (1 - d)] }
        var items = ItemStore()
        var anchors: [SIMD2<Double>] = [], coefficients: [AnchoredSpringStep.Coefficients] = []
        let k = AnchoredSpringStep.Coefficients(SpringSoftness(frequency: 2, dampingRatio: 0.3, step: rules.h), length: 0)
        for (i, speed) in speeds.enumerated() {
            for direction in [SIMD2(1.0, 0), SIMD2(0, -1.0), SIMD2(0.6, 0.8)] {
                let anchor = SIMD2(Double(i) * 1e6, 0)   // far apart: a lane crosses its anchor's slop once
                _ = items.append(center: anchor, velocity: speed * direction, mass: 1)
                let lane = items.count - 1
                items.anchoredRest[lane] = 0
                items.anchorX[lane] = anchor.x; items.anchorY[lane] = anchor.y
                items.dampingMinusOne[lane] = k.dampingMinusOne; items.stiffness[lane] = k.stiffness; items.stiffnessLength[lane] = 0
                anchors.append(anchor); coefficients.append(k)
            }
        }
        check(rules, lanes: (items, anchors, coefficients), minimumClamped: 10)
    }

    func marks(_ r: Rules) -> Bool {
        let kernel = AnchoredSpringStep.marksFastLanes(h: r.h, restSpeed: r.restSpeed, restStepsToSleep: r.restSteps,
                                                       maximumTranslation: r.maximumTranslation)
        XCTAssertEqual(kernel, r.fastIsNotResting, "the kernel's rule for marking and the reference's differ")
        return kernel
    }

    func testSpringsWithLengthsAndNoResistance() {
        check(Rules(resistance: 0, zeroLength: false), seed: 2)
    }

    /// A short rest time: lanes sleep within the call's steps beside lanes that are clamped.
    func testLanesSleepBesideClampedOnes() {
        XCTAssertTrue(marks(Rules(restSpeed: 30, restSteps: 2)))
        check(Rules(restSpeed: 30, restSteps: 2), seed: 3)
    }

    /// Rules the marking cannot serve (a rest speed over the limit, a rest time under one
    /// step): the kernel steps every lane in line and still equals the reference.
    func testRulesOutsideTheMarkingTakeTheExactPath() {
        for rules in [Rules(restSpeed: 30_000, restSteps: 61), Rules(restSteps: 0),
                      Rules(h: 1e-10, maximumTranslation: 1e-170, restSpeed: 1e-161)] {
            XCTAssertFalse(marks(rules), "\(rules)")
        }
        check(Rules(restSpeed: 30_000, restSteps: 61), seed: 4)
        check(Rules(restSteps: 0), seed: 5)
    }

    func testAnInfiniteRestTime() {
        check(Rules(restSteps: .infinity), seed: 6)
    }

    /// Blocks of anchored, awake lanes take the kernel's `allAwake` loop: calm ones stay in it
    /// through every call (no scan after), the others leave it in the step where a lane is
    /// marked or sleeps; with lengths, resistance and a short rest time.
    func testBlocksOfAwakeLanes() {
        for (seed, rules) in [(7, Rules()), (8, Rules(resistance: 0, zeroLength: false)), (9, Rules(restSpeed: 30, restSteps: 2))] {
            XCTAssertTrue(marks(rules))
            check(rules, lanes: Self.makeLanes(1_029, seed: UInt64(seed), rules: rules, awakeBlocks: true))
        }
    }

    /// From 262,144 lanes in one call the kernel's last step of each block prefetches the next
    /// (another path through the `allAwake` loop): 300,003 lanes on one thread (one call,
    /// prefetching) give the bits of the same lanes on two (two calls of 150,000: none).
    func testThePrefetchingStepGivesTheBitsOfThePlainOne() {
        let rules = Rules(restSpeed: 30, restSteps: 2)
        let made = Self.makeLanes(300_003, seed: 10, rules: rules, awakeBlocks: true)
        for variant in SpringKernelVariant.supported {
            var results: [(awake: [Int], items: ItemStore)] = []
            for threads in [1, 2] {
                var items = made.0
                var awake: [Int] = []
                for _ in 0..<12 {
                    awake.append(AnchoredSpringStep.advance(&items, steps: 2, h: rules.h, slop: rules.slop, resistance: rules.resistance,
                                                            maximumTranslation: rules.maximumTranslation, restSpeed: rules.restSpeed,
                                                            restStepsToSleep: rules.restSteps, zeroLength: rules.zeroLength,
                                                            threads: threads, minimumPerThread: 256, kernel: variant))
                }
                results.append((awake, items))
            }
            XCTAssertEqual(results[0].awake, results[1].awake, variant.name)
            XCTAssertLessThan(results[0].awake.last ?? 0, 300_003, "some lanes must sleep")
            let (a, b) = (results[0].items, results[1].items)
            let differing = (0..<a.count).first { i in
                a.position(i).x.bitPattern != b.position(i).x.bitPattern || a.position(i).y.bitPattern != b.position(i).y.bitPattern
                    || a.velocity(i).x.bitPattern != b.velocity(i).x.bitPattern || a.velocity(i).y.bitPattern != b.velocity(i).y.bitPattern
                    || a.anchoredRest[i] != b.anchoredRest[i]
            }
            XCTAssertNil(differing, "\(variant.name): lane \(differing ?? -1) differs between one call and two")
        }
    }
}
