/// The studio's checks on every request, before any route runs: only GET and POST, no body,
/// a Host naming the loopback address and the studio's port (a DNS-rebinding page sends its
/// own host name), no Origin but the studio's own (cross-site pages), and the per-run token
/// (in the `token` query argument or the `X-Studio-Token` header).
public struct StudioRequestGuard: Sendable {
    public let token: String
    public let port: UInt16

    public init(token: String, port: UInt16) {
        self.token = token
        self.port = port
    }

    /// The hosts a request may name: the loopback address or `localhost`, with the port.
    public var allowedHosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)"] }
    public var allowedOrigins: [String] { allowedHosts.map { "http://" + $0 } }

    /// A refusal for `request`, or nil when it may be served.
    public func refusal(for request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "GET" || request.method == "POST" else {
            return .text(405, "method not allowed")
        }
        let hosts = request.headerValues("Host")
        guard hosts.count == 1, allowedHosts.contains(hosts[0].lowercased()) else {
            return .text(403, "refused: the Host must be 127.0.0.1:\(port)")
        }
        let origins = request.headerValues("Origin")
        guard origins.count <= 1, origins.allSatisfy({ allowedOrigins.contains($0.lowercased()) }) else {
            return .text(403, "refused: cross-origin request")
        }
        if request.headerValues("Sec-Fetch-Site").contains(where: { $0 == "cross-site" || $0 == "same-site" }) {
            return .text(403, "refused: cross-site request")
        }
        let given = request.headerValues("X-Studio-Token").last ?? request.queryValue("token") ?? ""
        guard Self.constantTimeEqual(given, token) else {
            return .text(403, "refused: missing or wrong token (open the URL simrun studio printed)")
        }
        guard !request.hasBody else { return .text(413, "refused: request bodies are not accepted") }
        return nil
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool { comparison(a, b).equal }

    /// The comparison and how many byte positions it read: always the longer string's
    /// length, wherever the first difference lies (what the tests check; an early exit
    /// would read fewer).
    static func comparison(_ a: String, _ b: String) -> (equal: Bool, positionsRead: Int) {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        var read = 0
        for i in 0..<max(x.count, y.count) {
            difference |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
            read += 1
        }
        return (difference == 0, read)
    }
}
