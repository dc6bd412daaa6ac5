import SpringKitMath
import SpringKitSupport

/// PhysicsKit's noise and turbulence force (charon `UIFieldBehavior.md` M7, which the host
/// matched bit for bit over 60,000 evaluations each), in `Float` as the host computes it:
///
///     if |S| < 2^-15: 0                                    (strict)
///     T  = Float(t · Double(animationSpeed))
///     l  = (p.x + T − f.x, p.y + T − f.y, T)              (metres; f the field's position)
///     fr = 1.25 / (max(smoothness, 0) + 0.0833333358) − 1
///     (s, c) = (sin T, cos T)
///     n, g = srdnoise3(fr·l.x, fr·l.y, fr·l.z; s, c)       (Gustavson's simplex noise with
///                                                          rotating gradients: value, gradient)
///     F  = ((g · fall(|p − f|)) · n) · S                   (only F.x, F.y act)
///     turbulence: ((F · m) · |v|) · |v|
///
/// `srdnoise3` is Gustavson's (public domain, 2008) with the host's constants: F3 0.333333343,
/// G3 0.166666672, radius² 0.6, scale 28, Perlin's permutation twice, Gustavson's `grad3u` /
/// `grad3v` gradient pairs, and the index `(i + 512) % 256` with C's remainder, which for
/// i < −512 reads the bytes just before the permutation table — the host's gradient tables
/// (v at −0xc0, u at −0x180), little-endian; reproduced by laying those bytes before it.
/// The host's compiler fuses 58 multiply-adds (listed in M7); each is written here as
/// `fusedMultiplyAdd`, an exactly rounded fused multiply-add built from basic double
/// operations (the project's object files may hold no FMA instruction and call no libm).
///
/// **Departures** (docs/fields.md): sin T, cos T and `powf` come from `DMath` (double, within
/// 0.6 ulp) rounded to `Float`, the correctly rounded float except in about one argument in 10^9,
/// where Apple's `sincosf` / `powf` may differ in the last bit; a `seed` other than `nil`
/// replaces Perlin's permutation by a seeded shuffle (the host has no seed).
struct FieldNoise: Sendable {
    /// Ken Perlin's permutation of 0…255 (as in Gustavson's code and the host's memory).
    static let perlinPermutation: [UInt8] = [
        151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69, 142,
        8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117,
        35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71,
        134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41,
        55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89,
        18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64, 52, 217, 226,
        250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206, 59, 227, 47, 16, 58, 17, 182,
        189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43,
        172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97,
        228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239,
        107, 49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254,
        138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
    ]

    /// a = √2/√3 as Gustavson writes it (0.81649658f).
    static let a: Float = 0.81649658
    /// Gustavson's `grad3u`: for each of 16 hashes, the gradient at rotation angle 0.
    static let gradientU: [SIMD3<Float>] = [
        SIMD3(1, 0, 1), SIMD3(0, 1, 1), SIMD3(-1, 0, 1), SIMD3(0, -1, 1),
        SIMD3(1, 0, -1), SIMD3(0, 1, -1), SIMD3(-1, 0, -1), SIMD3(0, -1, -1),
        SIMD3(a, a, a), SIMD3(-a, a, -a), SIMD3(-a, -a, a), SIMD3(a, -a, -a),
        SIMD3(-a, a, a), SIMD3(a, -a, a), SIMD3(a, -a, -a), SIMD3(-a, a, -a),
    ]
    /// Gustavson's `grad3v`: the orthogonal partner, the gradient at angle π/2.
    static let gradientV: [SIMD3<Float>] = [
        SIMD3(-a, a, a), SIMD3(-a, -a, a), SIMD3(a, -a, a), SIMD3(a, a, a),
        SIMD3(-a, -a, -a), SIMD3(a, -a, -a), SIMD3(a, a, -a), SIMD3(-a, a, -a),
        SIMD3(1, -1, 0), SIMD3(1, 1, 0), SIMD3(-1, 1, 0), SIMD3(-1, -1, 0),
        SIMD3(1, 0, 1), SIMD3(-1, 0, 1), SIMD3(0, 1, -1), SIMD3(0, -1, -1),
    ]

    /// The bytes before the permutation table in the host's memory: `grad3u` (0x180 bytes
    /// before it) then `grad3v` (0xc0 before), each float little-endian.
    static let bytesBeforePermutation: [UInt8] = {
        var bytes: [UInt8] = []
        for table in [gradientU, gradientV] {
            for g in table {
                for component in [g.x, g.y, g.z] {
                    let bits = component.bitPattern
                    for k in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: bits >> (8 * k))) }
                }
            }
        }
        return bytes
    }()

    /// The permutation twice, preceded by `bytesBeforePermutation`: `table[offset + k]` is the
    /// host's `perm[k]` for −0x180 ≤ k < 512.
    let table: [UInt8]
    static let offset = 0x180

    /// The host's tables (`seed == nil`) or a seeded shuffle of 0…255 (Fisher–Yates with the
    /// project's SplitMix64 generator), doubled as the host's.
    /// - Complexity: O(1) for `nil` (shared), O(256) otherwise.
    init(seed: UInt64?) {
        if let seed {
            var permutation = (0...255).map { UInt8($0) }
            var generator = SeededGenerator(seed: seed)
            for i in stride(from: 255, to: 0, by: -1) {
                let j = Int(generator.next() % UInt64(i + 1))
                permutation.swapAt(i, j)
            }
            table = Self.bytesBeforePermutation + permutation + permutation
        } else {
            table = Self.hostTable
        }
    }

    static let hostTable: [UInt8] = bytesBeforePermutation + perlinPermutation + perlinPermutation

    /// The host's `perm[index]` (index ≥ −0x180).
    @inline(__always)
    func perm(_ index: Int32) -> Int32 { Int32(table[Self.offset + Int(index)]) }

    /// C's `(int)x` on arm64 (`fcvtzs`: toward zero, saturating, NaN → 0).
    @inline(__always)
    static func truncatedInt(_ x: Float) -> Int32 {
        if x.isNaN { return 0 }
        if x >= 2_147_483_648 { return .max }
        if x < -2_147_483_648 { return .min }
        return Int32(x)
    }

    /// Gustavson's `FASTFLOOR`: `(int)x <= x ? (int)x : (int)x - 1`.
    @inline(__always)
    static func fastFloor(_ x: Float) -> Int32 {
        let i = truncatedInt(x)
        return Float(i) <= x ? i : i &- 1
    }

    /// The host's `srdnoise3_sincos`: the noise value and its gradient (∂n/∂x, ∂n/∂y, ∂n/∂z)
    /// at (x, y, z), with every gradient rotated by the angle whose sine and cosine are given.
    /// Float arithmetic, operation for operation, with the host's fused multiply-adds.
    /// - Complexity: O(1).
    func simplexNoise(_ x: Float, _ y: Float, _ z: Float, sin sinT: Float, cos cosT: Float) -> (value: Float, gradient: SIMD3<Float>) {
        let f3: Float = 0.333333343, g3: Float = 0.166666672
        // Skew to the simplex cell.
        let s = ((x + y) + z) * f3
        let i = Self.fastFloor(x + s), j = Self.fastFloor(y + s), k = Self.fastFloor(z + s)
        let t = Float(i &+ j &+ k) * g3
        let x0 = x - (Float(i) - t), y0 = y - (Float(j) - t), z0 = z - (Float(k) - t)
        // Which of the six tetrahedra.
        let o1: SIMD3<Int32>, o2: SIMD3<Int32>
        if x0 >= y0 {
            if y0 >= z0 { o1 = SIMD3(1, 0, 0); o2 = SIMD3(1, 1, 0) }
            else if x0 >= z0 { o1 = SIMD3(1, 0, 0); o2 = SIMD3(1, 0, 1) }
            else { o1 = SIMD3(0, 0, 1); o2 = SIMD3(1, 0, 1) }
        } else {
            if y0 < z0 { o1 = SIMD3(0, 0, 1); o2 = SIMD3(0, 1, 1) }
            else if x0 < z0 { o1 = SIMD3(0, 1, 0); o2 = SIMD3(0, 1, 1) }
            else { o1 = SIMD3(0, 1, 0); o2 = SIMD3(1, 1, 0) }
        }
        let twoG3 = 2 * g3, threeG3 = 3 * g3
        // The four corners' offsets from the point, one lane per corner.
        let cx = SIMD4<Float>(x0, (x0 - Float(o1.x)) + g3, (x0 - Float(o2.x)) + twoG3, (x0 - 1) + threeG3)
        let cy = SIMD4<Float>(y0, (y0 - Float(o1.y)) + g3, (y0 - Float(o2.y)) + twoG3, (y0 - 1) + threeG3)
        let cz = SIMD4<Float>(z0, (z0 - Float(o1.z)) + g3, (z0 - Float(o2.z)) + twoG3, (z0 - 1) + threeG3)
        let ox = SIMD4<Int32>(0, o1.x, o2.x, 1), oy = SIMD4<Int32>(0, o1.y, o2.y, 1), oz = SIMD4<Int32>(0, o1.z, o2.z, 1)
        // The host's wrap: C's remainder, negative below i = −512.
        let ii = (i &+ 512) % 256, jj = (j &+ 512) % 256, kk = (k &+ 512) % 256

        // Per corner: t = 0.6 − |d|², t², t⁴, the rotated gradient g and n = t⁴ (g · d); a corner
        // with t < 0 has no influence and keeps them all 0.
        var t1 = SIMD4<Float>.zero, t2 = SIMD4<Float>.zero, t4 = SIMD4<Float>.zero
        var gx = SIMD4<Float>.zero, gy = SIMD4<Float>.zero, gz = SIMD4<Float>.zero
        var n = SIMD4<Float>.zero
        for c in 0..<4 {
            let tc = fusedMultiplyAdd(-cz[c], cz[c], fusedMultiplyAdd(-cy[c], cy[c], fusedMultiplyAdd(-cx[c], cx[c], 0.6)))
            if tc < 0 { continue }
            let hash = Int(perm(ii &+ ox[c] &+ perm(jj &+ oy[c] &+ perm(kk &+ oz[c]))) & 15)
            let u = Self.gradientU[hash], v = Self.gradientV[hash]
            gx[c] = fusedMultiplyAdd(cosT, u.x, sinT * v.x)
            gy[c] = fusedMultiplyAdd(cosT, u.y, sinT * v.y)
            gz[c] = fusedMultiplyAdd(cosT, u.z, sinT * v.z)
            t1[c] = tc
            t2[c] = tc * tc
            t4[c] = t2[c] * t2[c]
            n[c] = t4[c] * fusedMultiplyAdd(gz[c], cz[c], fusedMultiplyAdd(gx[c], cx[c], gy[c] * cy[c]))
        }
        let value = 28 * (((n[0] + n[1]) + n[2]) + n[3])
        // The analytic derivative in Gustavson's order: −8 Σ t²·t·(g · d)·d + Σ t⁴·g, then × 28.
        // A skipped corner has t = 0 and g = 0, so its terms are ±0, as on the host.
        var temp = SIMD4<Float>.zero
        for c in 0..<4 {
            temp[c] = (t2[c] * t1[c]) * fusedMultiplyAdd(gz[c], cz[c], fusedMultiplyAdd(gx[c], cx[c], gy[c] * cy[c]))
        }
        func component(_ d: SIMD4<Float>, _ g: SIMD4<Float>) -> Float {
            var sum = temp[0] * d[0]
            sum = fusedMultiplyAdd(temp[1], d[1], sum)
            sum = fusedMultiplyAdd(temp[2], d[2], sum)
            sum = fusedMultiplyAdd(temp[3], d[3], sum)
            sum *= -8
            let tail = fusedMultiplyAdd(t4[3], g[3], fusedMultiplyAdd(t4[2], g[2], fusedMultiplyAdd(t4[0], g[0], g[1] * t4[1])))
            return (sum + tail) * 28
        }
        let gradient = SIMD3<Float>(component(cx, gx), component(cy, gy), component(cz, gz))
        return (value, gradient)
    }

    /// The noise field's force in newtons (metres' axes), before turbulence's factor; `nil`
    /// when the strength test answers 0. All arguments are the host's floats: `p` the body's
    /// position and `f` the field's, in metres.
    /// - Complexity: O(1).
    func force(p: SIMD2<Float>, f: SIMD2<Float>, time: Double, strength: Float, falloff: Float,
               minimumRadius: Float, smoothness: Float, animationSpeed: Float) -> SIMD2<Float>? {
        if abs(strength) < 0x1p-15 { return nil }
        let bigT = Float(time * Double(animationSpeed))
        let l = SIMD3<Float>((p.x + bigT) - f.x, (p.y + bigT) - f.y, bigT)
        let fr = 1.25 / (max(smoothness, 0) + 0.0833333358) - 1
        let sinT = Float(DMath.sin(Double(bigT))), cosT = Float(DMath.cos(Double(bigT)))
        let (value, gradient) = simplexNoise(fr * l.x, fr * l.y, fr * l.z, sin: sinT, cos: cosT)
        let d = SIMD2<Float>(p.x + -f.x, p.y + -f.y)
        let r = (0 + (d.x * d.x + d.y * d.y)).squareRoot()
        let fall = Self.falloff(r, falloff: falloff, minimumRadius: minimumRadius)
        let gx = ((gradient.x * fall) * value) * strength
        let gy = ((gradient.y * fall) * value) * strength
        return SIMD2(gx, gy)
    }

    /// PhysicsKit's `calculatedFalloff` in float: 1 when |k| < 2^-15, else
    /// `powf(max(r, rmin), −k)` (r < rmin takes rmin). `powf` is `DMath.pow` rounded to Float.
    /// - Complexity: O(1).
    @inline(__always)
    static func falloff(_ r: Float, falloff k: Float, minimumRadius: Float) -> Float {
        if abs(k) < 0x1p-15 { return 1 }
        let base = r < minimumRadius ? minimumRadius : r
        return Float(DMath.pow(Double(base), Double(-k)))
    }
}

/// `fmaf(a, b, c)`: a · b + c rounded once to Float, from basic double operations only (no FMA
/// instruction, no libm call — the project's audit forbids both). The product of two floats is
/// exact in double (48 ≤ 53 bits); the sum is rounded to odd in double (Boldo and Melquiond:
/// with 53 ≥ 24 + 2 bits, rounding to odd and then to nearest float equals one rounding to
/// nearest), using Knuth's two-sum for the sum's exact error.
/// - Complexity: O(1).
@inline(__always)
func fusedMultiplyAdd(_ a: Float, _ b: Float, _ c: Float) -> Float {
    let p = Double(a) * Double(b)
    let cd = Double(c)
    let s = p + cd
    guard s.isFinite else { return Float(s) }
    let bb = s - p
    let e = (p - (s - bb)) + (cd - bb)
    if e == 0 { return Float(s) }
    var bits = s.bitPattern
    if bits & 1 == 0 {
        // Not exact and even: step one ulp toward the exact value, which is odd.
        if (e > 0) == (s > 0) { bits += 1 } else { bits -= 1 }
    }
    return Float(Double(bitPattern: bits))
}
