/// The transcendental functions of the simulation, written for this project so that a trace
/// is the same bytes on every platform: the platform's `exp`, `log`, `pow`, `sin` and `cos`
/// (glibc, Apple's libm) differ in the last bit, and pixel rounding turns one ulp into half
/// a point. Only IEEE 754 basic operations are used (+, −, ×, ÷, comparisons, exact bit
/// manipulation), never a fused multiply-add (Swift does not contract `a * b + c`), so every
/// conforming machine rounds every step alike.
///
/// Each function reduces its argument exactly (or to far more than 53 bits), evaluates a
/// Taylor polynomial whose coefficients are 1/n! (or 2/n) rounded to nearest, and sums the
/// leading terms in double-double so that the final rounding dominates the error.
/// Measured maximum errors against high-precision references (docs/physics.md, "Math
/// functions"; `DeterministicMathTests`): `exp` 0.53 ulp, `log` 0.50 ulp, `pow` 0.53 ulp,
/// `sin` 0.58 ulp, `cos` 0.58 ulp — below 0.6 ulp everywhere measured.
///
/// Special values follow C99 Annex F (`exp(-inf) = 0`, `log(0) = -inf`, `pow(x, 0) = 1`,
/// `sin(inf) = nan`, …). Nothing in the simulation may call the platform's versions: the
/// `PlatformMathAuditTests` fail if a simulation source or object file does.
public enum DMath {
    // MARK: Constants (mpmath at 1400 bits; `tools/math-reference.py --constants` prints them)

    /// ln 2 split for Cody–Waite reduction: `ln2Hi` has 32 significant bits, so `k · ln2Hi`
    /// is exact for |k| < 2^21; `ln2Hi + ln2Lo` is ln 2 within 1.2e-26.
    static let ln2Hi = 0x1.62e42fee00000p-1
    static let ln2Lo = 0x1.a39ef35793c76p-33
    static let log2e = 0x1.71547652b82fep+0
    /// π/2 as a double-double (error below 2^-108).
    static let halfPiHi = 0x1.921fb54442d18p+0
    static let halfPiLo = 0x1.1a62633145c07p-54
    static let sqrt2 = 0x1.6a09e667f3bcdp+0

    /// 1/n! rounded to nearest, n = 0…20 (`inverseFactorial[n]`); `fN` is 1/N! by name, for the
    /// sine and cosine kernels' written-out Horner steps.
    static let inverseFactorial: [Double] = [1, 1, 0x1.0000000000000p-1, 0x1.5555555555555p-3, f4, f5, f6, f7, f8, f9, f10,
                                             f11, f12, f13, f14, f15, f16, f17, f18, f19, f20]
    static let f4 = 0x1.5555555555555p-5, f5 = 0x1.1111111111111p-7, f6 = 0x1.6c16c16c16c17p-10
    static let f7 = 0x1.a01a01a01a01ap-13, f8 = 0x1.a01a01a01a01ap-16, f9 = 0x1.71de3a556c734p-19
    static let f10 = 0x1.27e4fb7789f5cp-22, f11 = 0x1.ae64567f544e4p-26, f12 = 0x1.1eed8eff8d898p-29
    static let f13 = 0x1.6124613a86d09p-33, f14 = 0x1.93974a8c07c9dp-37, f15 = 0x1.ae7f3e733b81fp-41
    static let f16 = 0x1.ae7f3e733b81fp-45, f17 = 0x1.952c77030ad4ap-49, f18 = 0x1.6827863b97d97p-53
    static let f19 = 0x1.2f49b46814157p-57, f20 = 0x1.e542ba4020225p-62

    /// 1/6 (sin's r³ term), 2/3 and 2/5 as double-doubles (the first terms of 2·atanh s beyond 2s).
    static let oneSixth = (hi: 0x1.5555555555555p-3, lo: 0x1.5555555555555p-57)
    static let twoThirds = (hi: 0x1.5555555555555p-1, lo: 0x1.5555555555555p-55)
    static let twoFifths = (hi: 0x1.999999999999ap-2, lo: -0x1.999999999999ap-56)
    /// 2/k rounded to nearest, k = 7, 9, …, 27 (the rest of 2·atanh s = Σ 2 s^k / k).
    static let atanhTail: [Double] = [
        0x1.2492492492492p-2, 0x1.c71c71c71c71cp-3, 0x1.745d1745d1746p-3, 0x1.3b13b13b13b14p-3,
        0x1.1111111111111p-3, 0x1.e1e1e1e1e1e1ep-4, 0x1.af286bca1af28p-4, 0x1.8618618618618p-4,
        0x1.642c8590b2164p-4, 0x1.47ae147ae147bp-4, 0x1.2f684bda12f68p-4,
    ]

    /// The binary digits of 2/π, 64 per word, most significant first, after one word of
    /// zeros: word 1 holds fraction bits 1…64 (0xA2F9836E… = 0.1010 0010 1111…₂ = 0.6366…).
    /// Enough for the exact reduction of any finite double (Payne–Hanek).
    static let twoOverPiBits: [UInt64] = [
        0,
        0xA2F9_836E_4E44_1529, 0xFC27_57D1_F534_DDC0, 0xDB62_9599_3C43_9041, 0xFE51_63AB_DEBB_C561,
        0xB724_6E3A_424D_D2E0, 0x0649_2EEA_09D1_921C, 0xFE1D_EB1C_B129_A73E, 0xE882_35F5_2EBB_4484,
        0xE99C_7026_B45F_7E41, 0x3991_D639_8353_39F4, 0x9C84_5F8B_BDF9_283B, 0x1FF8_97FF_DE05_980F,
        0xEF2F_118B_5A0A_6D1F, 0x6D36_7ECF_27CB_09B7, 0x4F46_3F66_9E5F_EA2D, 0x7527_BAC7_EBE5_F17B,
        0x3D07_39F7_8A52_92EA, 0x6BFB_5FB1_1F8D_5D08, 0x5603_3046_FC7B_6BAB,
    ]

    // MARK: exp

    /// e^x, within 0.53 ulp (measured). Overflows to +∞ for x > 709.78, underflows to 0 for
    /// x < −745.13 (gradually: subnormal results below −708.4, rounded once).
    public static func exp(_ x: Double) -> Double { exp(x, 0) }

    /// e^(xh + xl) for a double-double argument (|xl| ≤ ulp(xh)): `pow`'s last step.
    ///
    /// x = k·ln 2 + r with |r| ≤ ln 2 / 2 (Cody–Waite, r kept as a double-double), then
    /// e^r = 1 + r + r²/2 + r³·(1/3! + r/4! + … + r¹¹/14!) — the Taylor remainder is below
    /// 2^-66 relative on |r| ≤ 0.35 — with 1 + r + r²/2 in double-double, scaled by 2^k.
    static func exp(_ xh: Double, _ xl: Double) -> Double {
        if xh.isNaN { return xh }
        if xh > 710 { return .infinity }
        if xh < -746 { return 0 }
        let k = (xh * log2e).rounded(.toNearestOrEven)
        let t = xh - k * ln2Hi  // exact: k·ln2Hi is exact and close to xh
        let (r0, e) = twoSum(t, -(k * ln2Lo))
        // Fold xl in before the polynomial: |rl| ≤ ulp(rh)/2 keeps rl·(e^rh − 1 − rh) negligible.
        let (rh, rl) = twoSum(r0, e + xl)
        // r³·(1/3! + r/4! + … + r¹¹/14!) in double: at most 1.1% of the result.
        var p = inverseFactorial[14]
        for n in stride(from: 13, through: 3, by: -1) { p = inverseFactorial[n] + rh * p }
        let (zh, zl) = twoProduct(rh, rh)
        p = zh * rh * p
        // 1 + r + r²/2 in double-double; e^(rh + rl) ≈ e^rh + rl·(1 + rh).
        let (sh, sl) = fastTwoSum(1, rh)
        let (uh, ul) = twoSum(sh, 0.5 * zh)
        let (y, yl) = fastTwoSum(uh, (ul + sl) + (0.5 * zl + (p + (rl + rl * rh))))
        let n = Int(k)
        return n > -1022 ? scaled(y, byPowerOfTwo: n) : subnormalResult(y, yl, n)
    }

    /// (hi + lo)·2^n (|lo| ≤ ulp(hi)/2) rounded once when the result may be subnormal
    /// (n ≤ −1022): scaling hi alone would round twice. hi·2^n is rounded to the subnormal
    /// grid, then moved by one step when the part left out (with lo) exceeds half of it.
    static func subnormalResult(_ hi: Double, _ lo: Double, _ n: Int) -> Double {
        let lift = powerOfTwo(60), up = powerOfTwo(n + 60)  // n ≥ −1077: 2^(n+60) is normal
        let lifted = hi * up  // exact
        let rounded = lifted * powerOfTwo(-60)  // the one rounding, to the subnormal grid
        let leftOut = (lifted - rounded * lift) + lo * up  // exact difference, plus lo
        let half = powerOfTwo(-1014) * 0.5  // half the subnormal spacing 2^-1074, lifted by 2^60
        if leftOut > half { return rounded.nextUp }
        if leftOut < -half { return rounded.nextDown }
        return rounded
    }

    // MARK: log

    /// The natural logarithm, within 0.50 ulp (measured). log(0) = −∞, log(x < 0) = nan.
    public static func log(_ x: Double) -> Double {
        let (hi, lo) = logDoubleDouble(x)
        return hi + lo
    }

    /// log x as a double-double with a relative error below 2^-68 (for `pow`).
    ///
    /// x = 2^k·m with √½ ≤ m < √2, f = m − 1 (exact), s = f/(2 + f) in double-double, and
    /// log m = 2·atanh s = 2s + (2/3)s³ + (2/5)s⁵ + s⁷·Σ 2s^(2j)/(7 + 2j): the first three
    /// terms in double-double, the tail (below 2^-18 of the sum, |s| ≤ 0.1716) in double.
    static func logDoubleDouble(_ x: Double) -> (hi: Double, lo: Double) {
        if x.isNaN { return (x, 0) }
        if x < 0 { return (.nan, 0) }
        if x == 0 { return (-.infinity, 0) }
        if x == .infinity { return (x, 0) }
        var m = x.significand  // [1, 2), exact (subnormals included)
        var k = Double(Int(x.exponent))
        if m > sqrt2 { m *= 0.5; k += 1 }
        let f = m - 1  // exact (Sterbenz)
        // s = f / (2 + f) as a double-double.
        let (dh, dl) = fastTwoSum(2, f)
        let sh = f / dh
        let (ph, pl) = twoProduct(sh, dh)
        let sl = (((f - ph) - pl) - sh * dl) / dh
        let s = (sh, sl)
        let s2 = mul(s, s)
        let u = sh * sh
        var tail = atanhTail[atanhTail.count - 1]
        for j in stride(from: atanhTail.count - 2, through: 0, by: -1) { tail = atanhTail[j] + u * tail }
        // (2/5) + s²·tail, then (2/3) + s²·(…), then 2s + s·s²·(…).
        var inner = add(twoFifths, (u * tail, 0))
        inner = add(twoThirds, mul(s2, inner))
        let logM = add((2 * sh, 2 * sl), mul(mul(s, s2), inner))
        // k·ln 2 (k·ln2Hi exact) plus log m.
        let (kh, kl) = twoProduct(k, ln2Lo)
        let kLn2 = fastTwoSum(k * ln2Hi, kh)
        return add((kLn2.0, kLn2.1 + kl), logM)
    }

    // MARK: pow

    /// x^y, within 0.53 ulp (measured), with C99's special cases: pow(x, ±0) = 1, pow(1, y) = 1,
    /// a negative x only with an integer y (odd y keeps the sign), pow(±0, y < 0) = ∞, ….
    ///
    /// e^(y · log|x|) with log|x| and the product in double-double, so the argument of e^
    /// carries about 2^-68 relative error: far below half an ulp of the result.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return .nan }
        let yIsInteger = y.rounded(.towardZero) == y
        let yIsOdd = yIsInteger && abs(y) < 0x1p53 && Int64(y) & 1 == 1
        let ax = abs(x)
        if y.isInfinite {
            if ax == 1 { return 1 }
            return (ax < 1) == (y > 0) ? 0 : .infinity
        }
        if x == 0 || x.isInfinite {
            // |x|^y is 0 or ∞; an odd integer y keeps x's sign.
            let magnitude: Double = (x == 0) == (y > 0) ? 0 : .infinity
            return yIsOdd && x.sign == .minus ? -magnitude : magnitude
        }
        if x < 0 && !yIsInteger { return .nan }
        let sign: Double = x < 0 && yIsOdd ? -1 : 1
        if ax == 1 { return sign }
        // |y| ≥ 2^64 with x ≠ ±1 gives |y·log|x|| > 2000: certainly out of range.
        if abs(y) >= 0x1p64 { return sign * ((ax < 1) == (y > 0) ? 0 : .infinity) }
        let (lh, ll) = logDoubleDouble(ax)
        let (zh, zl) = twoProduct(y, lh)
        return sign * exp(zh, zl + y * ll)
    }

    // MARK: atan2

    /// The angle of (x, y) from the positive x axis, in (−π, π], within a few ulp; only
    /// IEEE operations and square roots, so every platform gives the same bits. atan2(0, 0)
    /// is 0 (as C's for +0), and NaN in either gives NaN.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 0 && y == 0 { return x.sign == .minus ? (y.sign == .minus ? -Double.pi : Double.pi) : y }
        let ax = abs(x), ay = abs(y)
        // atan of the ratio in [0, 1], then the octant.
        var angle = ay <= ax ? atanOfUnitRatio(ax.isInfinite && ay.isInfinite ? 1 : ay / ax)
                             : Double.pi / 2 - atanOfUnitRatio(ax / ay)
        if x < 0 { angle = Double.pi - angle }
        return y.sign == .minus ? -angle : angle
    }

    /// atan(t) for t in [0, 1]: two halvings, atan(t) = 2 atan(t / (1 + √(1 + t²))), bring t
    /// under tan(π/16) ≈ 0.199, where the alternating series t − t³/3 + t⁵/5 − … has converged
    /// below 2⁻⁵³ by its 24th term.
    static func atanOfUnitRatio(_ t: Double) -> Double {
        var r = t
        for _ in 0..<2 { r = r / (1 + (1 + r * r).squareRoot()) }
        let r2 = r * r
        var sum = 0.0
        for k in stride(from: 23, through: 0, by: -1) { sum = 1 / Double(2 * k + 1) - r2 * sum }
        return 4 * r * sum
    }

    // MARK: sin, cos

    /// The sine, within 0.58 ulp (measured), for every finite x (exact argument reduction).
    public static func sin(_ x: Double) -> Double {
        if x.isNaN || x.isInfinite { return .nan }
        if abs(x) < 0x1p-26 { return x }  // sin x = x − x³/6: x³/6 is below half an ulp
        let (quadrant, rh, rl) = reduceByHalfPi(x)
        switch quadrant {
        case 0: return sinKernel(rh, rl)
        case 1: return cosKernel(rh, rl)
        case 2: return -sinKernel(rh, rl)
        default: return -cosKernel(rh, rl)
        }
    }

    /// The cosine, within 0.58 ulp (measured), for every finite x (exact argument reduction).
    public static func cos(_ x: Double) -> Double {
        if x.isNaN || x.isInfinite { return .nan }
        if abs(x) < 0x1p-27 { return 1 }  // cos x = 1 − x²/2: x²/2 is below half an ulp
        let (quadrant, rh, rl) = reduceByHalfPi(x)
        switch quadrant {
        case 0: return cosKernel(rh, rl)
        case 1: return -sinKernel(rh, rl)
        case 2: return -cosKernel(rh, rl)
        default: return sinKernel(rh, rl)
        }
    }

    /// The sine and cosine of x together, each the same bits as `sin(x)` and `cos(x)`: one
    /// argument reduction instead of two (a rotation needs both).
    public static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        if x.isNaN || x.isInfinite { return (.nan, .nan) }
        if abs(x) < 0x1p-27 { return (x, 1) }
        let (quadrant, rh, rl) = reduceByHalfPi(x)
        // Both kernels once, inlined here so they share r² (the same operations as apart).
        let sk = sinKernelInline(rh, rl), ck = cosKernelInline(rh, rl)
        let s = abs(x) < 0x1p-26 ? x : nil
        switch quadrant {
        case 0: return (s ?? sk, ck)
        case 1: return (s ?? ck, -sk)
        case 2: return (s ?? -sk, -ck)
        default: return (s ?? -ck, sk)
        }
    }

    /// sin(rh + rl) for |rh| ≤ π/4: r − r³/3! + r⁵·(1/5! − r²/7! + … − r¹⁴/19!), whose Taylor
    /// remainder is below 2^-70 relative; rl enters through its first-order term rl·cos rh.
    static func sinKernel(_ rh: Double, _ rl: Double) -> Double { sinKernelInline(rh, rl) }

    /// `sinKernel`, inlined where it is used.
    @inline(__always) static func sinKernelInline(_ rh: Double, _ rl: Double) -> Double {
        // −r³/3! in double-double (up to 10% of the result), the rest in double (under 0.3%).
        let (zh, zl) = twoProduct(rh, rh)
        let (ch, cl0) = twoProduct(zh, rh)
        let cl = cl0 + zl * rh
        let (th, tl0) = twoProduct(ch, -oneSixth.hi)
        let tl = tl0 - (ch * oneSixth.lo + cl * oneSixth.hi)
        // Horner over 1/n! with alternating signs, n = 19, 17, …, 5 (a loop over the table with
        // a sign test per term cost a body's rotation a fifth of its time).
        let p = horner(zh, (-Self.f19, Self.f17, -Self.f15, Self.f13, -Self.f11, Self.f9, -Self.f7, Self.f5))
        let (a, b) = twoSum(rh, th)
        return a + (b + (tl + (ch * zh * p + (rl - rl * zh * 0.5))))
    }

    /// c.0 z⁷ + c.1 z⁶ + … + c.7 by Horner's rule, each step `c.k + z · p` (the kernels' order).
    @inline(__always) static func horner(_ z: Double, _ c: (Double, Double, Double, Double, Double, Double, Double, Double)) -> Double {
        var p = c.0
        p = c.1 + z * p; p = c.2 + z * p; p = c.3 + z * p; p = c.4 + z * p
        p = c.5 + z * p; p = c.6 + z * p; p = c.7 + z * p
        return p
    }

    /// cos(rh + rl) for |rh| ≤ π/4: 1 − r²/2 + r⁴·(1/4! − r²/6! + … + r¹⁶/20!), with
    /// 1 − r²/2 in double-double (r² includes 2·rh·rl); the remainder is below 2^-68.
    static func cosKernel(_ rh: Double, _ rl: Double) -> Double { cosKernelInline(rh, rl) }

    /// `cosKernel`, inlined where it is used.
    @inline(__always) static func cosKernelInline(_ rh: Double, _ rl: Double) -> Double {
        let (zh, zl0) = twoProduct(rh, rh)
        let zl = zl0 + 2 * rh * rl
        // n = 20, 18, …, 4, as in `sinKernel`.
        let q = Self.f4 + zh * horner(zh, (Self.f20, -Self.f18, Self.f16, -Self.f14, Self.f12, -Self.f10, Self.f8, -Self.f6))
        let (a, b) = fastTwoSum(1, -0.5 * zh)
        return a + ((b - 0.5 * zl) + zh * zh * q)
    }

    /// x = (4j + quadrant)·π/2 + (rh + rl) with |rh + rl| ≤ π/4, exactly to about 2^-130:
    /// Payne–Hanek. x = m·2^e (m a 53-bit integer); only the bits of 2/π from position
    /// e − 1 on matter modulo 4, so a 192-bit window of them times m (a 245-bit product)
    /// holds the quadrant in bits 190–191 and the fraction below.
    static func reduceByHalfPi(_ x: Double) -> (quadrant: Int, hi: Double, lo: Double) {
        let ax = abs(x)
        if ax <= 0x1.921fb54442d18p-1 { return (0, x, 0) }  // |x| ≤ π/4
        let m = ax.significandBitPattern | (1 << 52)
        let e = Int(ax.exponentBitPattern) - 1023 - 52  // ax.exponent: ax > π/4 is normal
        // Window of 192 bits starting at fraction bit e − 1 (bit index g0 in the table,
        // whose word 0 holds positions −63…0).
        let g0 = (e - 1) + 63
        let word = g0 / 64, shift = UInt64(g0 % 64)
        @inline(__always) func bits(_ w: Int) -> UInt64 {
            let high = twoOverPiBits[w] << shift
            return shift == 0 ? high : high | (twoOverPiBits[w + 1] >> (64 - shift))
        }
        let w0 = bits(word), w1 = bits(word + 1), w2 = bits(word + 2)
        // m · (w0·2^128 + w1·2^64 + w2): four words r3 r2 r1 r0 (r3 is multiples of 4: unused).
        let p2 = m.multipliedFullWidth(by: w2), p1 = m.multipliedFullWidth(by: w1), p0 = m.multipliedFullWidth(by: w0)
        let r0 = p2.low
        let (r1, carry1) = p2.high.addingReportingOverflow(p1.low)
        let r2 = p1.high &+ p0.low &+ (carry1 ? 1 : 0)  // a carry out would land in r3
        var quadrant = Int((r2 >> 62) & 3)
        // The fraction: bits 189…0, i.e. (r2 mod 2^62, r1, r0) · 2^-190.
        var f = (r2 & ((1 << 62) - 1), r1, r0)
        var negative = false
        if f.0 >> 61 == 1 {  // fraction ≥ 1/2: round to the next quadrant, r = fraction − 1
            quadrant = (quadrant + 1) & 3
            negative = true
            // 2^190 − f, three words with borrows.
            let (n0, b0) = (0 as UInt64).subtractingReportingOverflow(f.2)
            var (n1, b1) = (0 as UInt64).subtractingReportingOverflow(f.1)
            if b0 { let (v, b) = n1.subtractingReportingOverflow(1); n1 = v; b1 = b1 || b }
            var n2 = ((1 << 62) as UInt64) &- f.0
            if b1 { n2 &-= 1 }
            f = (n2, n1, n0)
        }
        // Normalise the 190-bit magnitude and convert it to a double-double.
        var scale = -190
        while f.0 == 0 {
            if f.1 == 0 && f.2 == 0 { return (quadrant, 0, 0) }
            f = (f.1, f.2, 0)
            scale -= 64
        }
        let lead = f.0.leadingZeroBitCount
        if lead > 0 {
            let s = UInt64(lead)
            f = ((f.0 << s) | (f.1 >> (64 - s)), (f.1 << s) | (f.2 >> (64 - s)), f.2 << s)
            scale -= lead
        }
        // f.0 has its top bit set: its top 53 bits exactly, the next 75 bits rounded.
        let top = Double(f.0 >> 11)
        let rest = Double(f.0 & 0x7FF) * 0x1p64 + Double(f.1)
        let fh = top * powerOfTwo(scale + 139)
        let fl = rest * powerOfTwo(scale + 64)
        // r = fraction · π/2 in double-double.
        let (ph, pl) = twoProduct(fh, halfPiHi)
        let (rh, rl) = fastTwoSum(ph, pl + (fh * halfPiLo + fl * halfPiHi))
        let sign: Double = (x < 0) != negative ? -1 : 1
        // sin(−x) = −sin x and cos(−x) = cos x: a negative x mirrors the quadrant.
        if x < 0 { quadrant = (4 - quadrant) & 3 }
        return (quadrant, sign * rh, sign * rl)
    }

    // MARK: Error-free transformations (Knuth, Dekker) and double-double arithmetic

    /// s + e = a + b exactly.
    @inline(__always) static func twoSum(_ a: Double, _ b: Double) -> (Double, Double) {
        let s = a + b
        let bb = s - a
        return (s, (a - (s - bb)) + (b - bb))
    }

    /// s + e = a + b exactly, when |a| ≥ |b| (or a = 0).
    @inline(__always) static func fastTwoSum(_ a: Double, _ b: Double) -> (Double, Double) {
        let s = a + b
        return (s, b - (s - a))
    }

    /// p + e = a · b exactly (Dekker's product with Veltkamp splitting; no fused multiply-add).
    /// Valid while |a|, |b| < 2^995 and the product neither overflows nor underflows.
    @inline(__always) static func twoProduct(_ a: Double, _ b: Double) -> (Double, Double) {
        let p = a * b
        let (ah, al) = split(a), (bh, bl) = split(b)
        return (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }

    /// a = hi + lo with hi holding the top 26 bits.
    @inline(__always) static func split(_ a: Double) -> (Double, Double) {
        let c = 134_217_729 * a  // 2^27 + 1
        let hi = c - (c - a)
        return (hi, a - hi)
    }

    @inline(__always) static func add(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
        let (s, e) = twoSum(a.0, b.0)
        return fastTwoSum(s, e + (a.1 + b.1))
    }

    @inline(__always) static func mul(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
        let (p, e) = twoProduct(a.0, b.0)
        return fastTwoSum(p, e + (a.0 * b.1 + a.1 * b.0))
    }

    /// y · 2^n with one rounding (n may take y into the subnormal range or past the largest
    /// double); y is a normal double near 1.
    static func scaled(_ y: Double, byPowerOfTwo n: Int) -> Double {
        if n > 1023 { return y * powerOfTwo(1023) * powerOfTwo(n - 1023) }
        if n < -1022 { return y * powerOfTwo(max(n + 60, -1022)) * powerOfTwo(-60) }
        return y * powerOfTwo(n)
    }

    /// 2^n for −1022 ≤ n ≤ 1023, from its bit pattern.
    @inline(__always) static func powerOfTwo(_ n: Int) -> Double {
        Double(bitPattern: UInt64(1023 + n) << 52)
    }
}
