import Foundation

/// The pages' Content-Security-Policy: no inline script but the page's own, named by its
/// SHA-256 hash (`'sha256-…'`), so text from a script (a plot's name, a trace column) that
/// reached the markup could not run. Data travels in `<script type="application/json">`
/// blocks, which never execute, and the pages insert text with `textContent`.
package enum ContentSecurityPolicy {
    /// The bodies of the page's executable inline scripts: every `<script>` element without
    /// attributes (JSON blocks carry `type=` and are not scripts).
    /// - Complexity: O(n) in the page's length.
    package static func inlineScripts(of page: String) -> [String] {
        var result: [String] = []
        var rest = page[...]
        while let open = rest.range(of: "<script>") {
            guard let close = rest[open.upperBound...].range(of: "</script>") else { break }
            result.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return result
    }

    /// `'sha256-BASE64'` of each script, in order.
    package static func hashSources(_ scripts: [String]) -> String {
        scripts.map { "'sha256-" + Data(SHA256.digest(Array($0.utf8))).base64EncodedString() + "'" }.joined(separator: " ")
    }

    /// The policy for a page whose executable inline scripts are `scripts`: nothing loads
    /// from elsewhere, only those scripts run; `connect` allows fetches to the page's own
    /// origin (the studio). Styles stay inline (the pages' own sheet and style attributes).
    package static func policy(scripts: [String], connect: Bool = false) -> String {
        "default-src 'none'; script-src \(hashSources(scripts)); style-src 'unsafe-inline'; img-src data:; "
            + "connect-src \(connect ? "'self'" : "'none'"); base-uri 'none'; form-action 'none'"
    }

    /// The policy as a `<meta>` element for a file opened from disk (no server to send the header).
    package static func metaElement(scripts: [String]) -> String {
        "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy(scripts: scripts))\">"
    }
}

/// SHA-256 (FIPS 180-4), for the policy's script hashes.
package enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The 32-byte digest of `message`.
    /// - Complexity: O(n) in the message's length.
    package static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        var data = message
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        var w = [UInt32](repeating: 0, count: 64)
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        for block in stride(from: 0, to: data.count, by: 64) {
            for t in 0..<16 {
                let i = block + 4 * t
                w[t] = UInt32(data[i]) << 24 | UInt32(data[i + 1]) << 16 | UInt32(data[i + 2]) << 8 | UInt32(data[i + 3])
            }
            for t in 16..<64 {
                let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for t in 0..<64 {
                let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            h[0] = h[0] &+ a; h[1] = h[1] &+ b; h[2] = h[2] &+ c; h[3] = h[3] &+ d
            h[4] = h[4] &+ e; h[5] = h[5] &+ f; h[6] = h[6] &+ g; h[7] = h[7] &+ hh
        }
        return h.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> UInt32(24 - 8 * $0)) } }
    }
}
