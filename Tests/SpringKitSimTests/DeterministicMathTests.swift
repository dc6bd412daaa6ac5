import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitMath

/// `DMath` against high-precision references: mpmath values committed in
/// Data/math-reference.txt (every platform) and, on x86_64, a seeded sweep against the
/// platform's `Float80` functions (whose error is about 1/2000 of a double's ulp).
/// The measured maxima are printed; the bounds asserted are those docs/physics.md states.
/// `SPRINGKIT_MATH_SAMPLES=N` widens the sweep (the documented figures used 1,000,000).
final class DeterministicMathTests: XCTestCase {
    /// The error bound docs/physics.md states for every function, in ulps of the exact result.
    static let bound = 0.6

    static func function(_ name: String) -> ((Double, Double) -> Double)? {
        switch name {
        case "exp": return { x, _ in DMath.exp(x) }
        case "log": return { x, _ in DMath.log(x) }
        case "pow": return { x, y in DMath.pow(x, y) }
        case "sin": return { x, _ in DMath.sin(x) }
        case "cos": return { x, _ in DMath.cos(x) }
        default: return nil
        }
    }

    /// |computed − exact| in ulps of the exact value, where exact = nearest + offset·ulp(nearest)
    /// (`Double.ulp`: the spacing above |nearest|).
    static func ulps(_ computed: Double, nearest: Double, offset: Double) -> Double {
        guard computed.isFinite else { return .infinity }
        let error = abs((computed - nearest) / nearest.ulp - offset)
        // Just below a power of two (exact nearer zero than nearest) the spacing is half as wide.
        let belowPowerOfTwo = offset != 0 && (offset < 0) == (nearest > 0) && nearest.magnitude.nextDown.ulp < nearest.ulp
        return belowPowerOfTwo ? 2 * error : error
    }

    func testMatchesTheMpmathReferenceWithinTheDocumentedBounds() throws {
        let url = repositoryRoot.appendingPathComponent("Tests/SpringKitSimTests/Data/math-reference.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var worst: [String: (ulps: Double, line: String)] = [:]
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard let name = fields.first, let f = Self.function(name) else { XCTFail("bad line: \(line)"); continue }
            let numbers = fields.dropFirst().map { Double(bitPattern: UInt64($0, radix: 16)!) }
            let (x, y) = numbers.count == 4 ? (numbers[0], numbers[1]) : (numbers[0], 0)
            let (nearest, offset) = (numbers[numbers.count - 2], numbers[numbers.count - 1])
            let error = Self.ulps(f(x, y), nearest: nearest, offset: offset)
            counts[name, default: 0] += 1
            if error > worst[name]?.ulps ?? -1 { worst[name] = (error, "\(name)(\(x)\(numbers.count == 4 ? ", \(y)" : "")) = \(f(x, y)), exact \(nearest) + \(offset) ulp") }
        }
        XCTAssertEqual(Set(counts.keys), ["exp", "log", "pow", "sin", "cos"])
        for name in counts.keys.sorted() {
            let w = worst[name]!
            print("DMath.\(name): \(counts[name]!) mpmath values, largest error \(NumberFormat.fixed(w.ulps, 3)) ulp at \(w.line)")
            XCTAssertLessThan(w.ulps, Self.bound, w.line)
        }
    }

    #if arch(x86_64) && !os(Windows)
    /// The sweep: seeded arguments over the ranges the simulation uses and the whole domain.
    func testSweepAgainstFloat80WithinTheDocumentedBounds() {
        let samples = ProcessInfo.processInfo.environment["SPRINGKIT_MATH_SAMPLES"].flatMap(Int.init) ?? 20_000
        var random = SeededGenerator(seed: 17)
        func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * random.nextUnit() }
        func logUniform(_ a: Double, _ b: Double) -> Double {
            DMath.exp(uniform(DMath.log(a), DMath.log(b)))
        }
        typealias Case = (name: String, range: String, argument: () -> (Double, Double),
                          dmath: (Double, Double) -> Double, reference: (Float80, Float80) -> Float80)
        let cases: [Case] = [
            ("exp", "[-12, 0]", { (uniform(-12, 0), 0) }, { x, _ in DMath.exp(x) }, { x, _ in Foundation.exp(x) }),
            ("exp", "[-745, 709.78]", { (uniform(-745, 709.78), 0) }, { x, _ in DMath.exp(x) }, { x, _ in Foundation.exp(x) }),
            ("exp", "[-745.13, -708.4] (subnormal results)", { (uniform(-745.13, -708.4), 0) }, { x, _ in DMath.exp(x) }, { x, _ in Foundation.exp(x) }),
            ("log", "[0.9, 1.1]", { (uniform(0.9, 1.1), 0) }, { x, _ in DMath.log(x) }, { x, _ in Foundation.log(x) }),
            ("log", "[1e-300, 1e300]", { (logUniform(1e-300, 1e300), 0) }, { x, _ in DMath.log(x) }, { x, _ in Foundation.log(x) }),
            ("pow", "[0.98, 1] ^ [0, 20000]", { (uniform(0.98, 1), uniform(0, 20000)) }, { DMath.pow($0, $1) }, { Foundation.pow($0, $1) }),
            ("pow", "[0.25, 4] ^ [-60, 60]", { (uniform(0.25, 4), uniform(-60, 60)) }, { DMath.pow($0, $1) }, { Foundation.pow($0, $1) }),
            ("pow", "[1e-300, 1e300] ^ y, |y·ln x| ≤ 700", {
                let x = logUniform(1e-300, 1e300), limit = 700 / abs(DMath.log(x))
                return (x, uniform(-limit, limit))
            }, { DMath.pow($0, $1) }, { Foundation.pow($0, $1) }),
            ("sin", "[-10, 10]", { (uniform(-10, 10), 0) }, { x, _ in DMath.sin(x) }, { x, _ in Foundation.sin(x) }),
            ("sin", "[-1e6, 1e6]", { (uniform(-1e6, 1e6), 0) }, { x, _ in DMath.sin(x) }, { x, _ in Foundation.sin(x) }),
            ("sin", "±[1e6, 1e300]", { (logUniform(1e6, 1e300) * (random.next() & 1 == 0 ? 1 : -1), 0) }, { x, _ in DMath.sin(x) }, { x, _ in Foundation.sin(x) }),
            ("cos", "[-10, 10]", { (uniform(-10, 10), 0) }, { x, _ in DMath.cos(x) }, { x, _ in Foundation.cos(x) }),
            ("cos", "[-1e6, 1e6]", { (uniform(-1e6, 1e6), 0) }, { x, _ in DMath.cos(x) }, { x, _ in Foundation.cos(x) }),
            ("cos", "±[1e6, 1e300]", { (logUniform(1e6, 1e300) * (random.next() & 1 == 0 ? 1 : -1), 0) }, { x, _ in DMath.cos(x) }, { x, _ in Foundation.cos(x) }),
        ]
        // The platform's own double functions, only to count how often the last bit differs.
        let platform: [String: (Double, Double) -> Double] = [
            "exp": { x, _ in Foundation.exp(x) }, "log": { x, _ in Foundation.log(x) }, "pow": { Foundation.pow($0, $1) },
            "sin": { x, _ in Foundation.sin(x) }, "cos": { x, _ in Foundation.cos(x) },
        ]
        for c in cases {
            var worst = 0.0, at = (0.0, 0.0), differences = 0
            for _ in 0..<samples {
                let (x, y) = c.argument()
                let exact = c.reference(Float80(x), Float80(y))
                let rounded = Double(exact)
                guard rounded.isFinite, rounded != 0 else { continue }
                let offset = Double((exact - Float80(rounded)) / Float80(rounded.ulp))
                let value = c.dmath(x, y)
                let error = Self.ulps(value, nearest: rounded, offset: offset)
                if error > worst { worst = error; at = (x, y) }
                if value != platform[c.name]!(x, y) { differences += 1 }
            }
            print("DMath.\(c.name) on \(c.range): \(samples) Float80 comparisons, largest error \(NumberFormat.fixed(worst, 3)) ulp at \(at); "
                  + "differs from the platform's \(c.name) in \(differences)")
            XCTAssertLessThan(worst, Self.bound, "\(c.name)\(at)")
        }
    }
    #endif

    /// C99 Annex F special cases.
    func testSpecialValues() {
        let inf = Double.infinity, nan = Double.nan
        XCTAssertEqual(DMath.exp(0), 1)
        XCTAssertEqual(DMath.exp(-inf), 0)
        XCTAssertEqual(DMath.exp(inf), inf)
        XCTAssertEqual(DMath.exp(710), inf)
        XCTAssertEqual(DMath.exp(-746), 0)
        XCTAssertTrue(DMath.exp(nan).isNaN)
        XCTAssertEqual(DMath.exp(-745.1), Double.leastNonzeroMagnitude)
        XCTAssertEqual(DMath.log(1), 0)
        XCTAssertEqual(DMath.log(0), -inf)
        XCTAssertEqual(DMath.log(-0.0), -inf)
        XCTAssertEqual(DMath.log(inf), inf)
        XCTAssertTrue(DMath.log(-1).isNaN)
        XCTAssertTrue(DMath.log(nan).isNaN)
        XCTAssertEqual(DMath.log(2), 0x1.62e42fefa39efp-1)
        XCTAssertEqual(DMath.pow(nan, 0), 1)
        XCTAssertEqual(DMath.pow(1, nan), 1)
        XCTAssertTrue(DMath.pow(nan, 1).isNaN)
        XCTAssertTrue(DMath.pow(-2, 0.5).isNaN)
        XCTAssertEqual(DMath.pow(-2, 3), -8)
        XCTAssertEqual(DMath.pow(-2, 2), 4)
        XCTAssertEqual(DMath.pow(-1, inf), 1)
        XCTAssertEqual(DMath.pow(-1, 0x1p60), 1)
        XCTAssertEqual(DMath.pow(0.5, inf), 0)
        XCTAssertEqual(DMath.pow(0.5, -inf), inf)
        XCTAssertEqual(DMath.pow(2, inf), inf)
        XCTAssertEqual(DMath.pow(2, -inf), 0)
        XCTAssertEqual(DMath.pow(0.0, -3), inf)
        XCTAssertEqual(DMath.pow(-0.0, -3), -inf)
        XCTAssertEqual(DMath.pow(-0.0, -2), inf)
        XCTAssertEqual(DMath.pow(-0.0, 3).bitPattern, (-0.0).bitPattern)
        XCTAssertEqual(DMath.pow(-0.0, 2).bitPattern, (0.0).bitPattern)
        XCTAssertEqual(DMath.pow(-inf, 3), -inf)
        XCTAssertEqual(DMath.pow(-inf, -3).bitPattern, (-0.0).bitPattern)
        XCTAssertEqual(DMath.pow(inf, -1), 0)
        XCTAssertEqual(DMath.pow(2, 1e300), inf)
        XCTAssertEqual(DMath.pow(2, -1e300), 0)
        XCTAssertEqual(DMath.pow(2, 10), 1024)
        XCTAssertEqual(DMath.pow(2, -1074), Double.leastNonzeroMagnitude)
        XCTAssertEqual(DMath.pow(10, 308), 1e308)
        XCTAssertEqual(DMath.sin(0).bitPattern, (0.0).bitPattern)
        XCTAssertEqual(DMath.sin(-0.0).bitPattern, (-0.0).bitPattern)
        XCTAssertEqual(DMath.cos(0), 1)
        XCTAssertTrue(DMath.sin(inf).isNaN && DMath.cos(-inf).isNaN && DMath.sin(nan).isNaN)
        XCTAssertEqual(DMath.sin(Double.leastNonzeroMagnitude), Double.leastNonzeroMagnitude)
    }

    /// Odd and even symmetry, and the identities the exact solver relies on, bit for bit
    /// where the construction guarantees it.
    func testSymmetries() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<2_000 {
            let x = (random.nextUnit() - 0.5) * 2e4
            XCTAssertEqual(DMath.sin(-x).bitPattern, (-DMath.sin(x)).bitPattern, "sin(\(x))")
            XCTAssertEqual(DMath.cos(-x).bitPattern, DMath.cos(x).bitPattern, "cos(\(x))")
            let s = DMath.sin(x), c = DMath.cos(x)
            XCTAssertEqual(s * s + c * c, 1, accuracy: 4e-16)
        }
    }

    /// `sincos` (one reduction, for rotations) gives the bits of `sin` and `cos` apart: at
    /// the small-angle thresholds, quadrant edges, huge and special arguments and 20,000
    /// seeded ones.
    func testSincosEqualsSinAndCos() {
        var xs: [Double] = [0, -0.0, 0x1p-27, 0x1p-27.nextDown, 0x1p-26, 0x1p-26.nextDown, -0x1p-26, .pi / 4, .pi / 2, .pi,
                            3 * .pi / 2, 1e22, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity, -.infinity, .nan]
        var random = SeededGenerator(seed: 11)
        for k in 0..<20_000 { xs.append((random.nextUnit() - 0.5) * (k % 2 == 0 ? 20 : 2e6)) }
        for x in xs {
            let (s, c) = DMath.sincos(x)
            XCTAssertEqual(s.bitPattern, DMath.sin(x).bitPattern, "sin(\(x))")
            XCTAssertEqual(c.bitPattern, DMath.cos(x).bitPattern, "cos(\(x))")
        }
    }
}
