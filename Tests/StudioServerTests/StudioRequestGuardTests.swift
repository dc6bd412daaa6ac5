import XCTest
@testable import StudioServer

/// The studio's request checks: token, Host (DNS rebinding), Origin, methods and bodies.
final class StudioRequestGuardTests: XCTestCase {
    let check = StudioRequestGuard(token: "0123456789abcdef0123456789abcdef", port: 8123)

    func request(_ headers: [(String, String)], query: [(String, String)] = [], method: String = "GET", body: Bool = false) -> HTTPRequest {
        HTTPRequest(method: method, path: "/", headers: headers.map { (name: $0.0, value: $0.1) },
                    query: query.map { (name: $0.0, value: $0.1) }, hasBody: body)
    }

    func testTheStudiosOwnRequestsPass() {
        XCTAssertNil(check.refusal(for: request([("Host", "127.0.0.1:8123")], query: [("token", check.token)])))
        XCTAssertNil(check.refusal(for: request([("host", "localhost:8123"), ("X-Studio-Token", check.token),
                                                 ("Origin", "http://127.0.0.1:8123"), ("Sec-Fetch-Site", "same-origin")], method: "POST")))
    }

    func testRefusals() {
        let token = [("X-Studio-Token", check.token)]
        let cases: [(String, HTTPRequest, Int)] = [
            ("no token", request([("Host", "127.0.0.1:8123")]), 403),
            ("wrong token", request([("Host", "127.0.0.1:8123")], query: [("token", "0123456789abcdef0123456789abcdee")]), 403),
            ("token prefix", request([("Host", "127.0.0.1:8123")], query: [("token", "0123456789abcdef")]), 403),
            ("foreign host", request([("Host", "evil.example")] + token), 403),
            ("foreign host, our port", request([("Host", "evil.example:8123")] + token), 403),
            ("other port", request([("Host", "127.0.0.1:8124")] + token), 403),
            ("no host", request(token), 403),
            ("two hosts", request([("Host", "127.0.0.1:8123"), ("Host", "evil.example")] + token), 403),
            ("foreign origin", request([("Host", "127.0.0.1:8123"), ("Origin", "http://evil.example")] + token), 403),
            ("null origin", request([("Host", "127.0.0.1:8123"), ("Origin", "null")] + token), 403),
            ("cross-site fetch", request([("Host", "127.0.0.1:8123"), ("Sec-Fetch-Site", "cross-site")] + token), 403),
            ("PUT", request([("Host", "127.0.0.1:8123")] + token, method: "PUT"), 405),
            ("a body", request([("Host", "127.0.0.1:8123")] + token, method: "POST", body: true), 413),
        ]
        for (name, request, status) in cases {
            XCTAssertEqual(check.refusal(for: request)?.status, status, name)
        }
    }

    /// The token comparison reads every position whatever the first difference: a wrong
    /// first byte costs what a wrong last byte costs (an early exit would read 1 against 32).
    func testTheTokenComparisonReadsEveryPositionWhereverItDiffers() {
        let token = check.token
        var lastWrong = Array(token.utf8)
        lastWrong[lastWrong.count - 1] ^= 1
        let late = String(decoding: lastWrong, as: UTF8.self)
        let early = "x" + token.dropFirst()
        for (given, expected) in [(token, true), (early, false), (late, false)] {
            let result = StudioRequestGuard.comparison(given, token)
            XCTAssertEqual(result.equal, expected, given)
            XCTAssertEqual(result.positionsRead, token.utf8.count, "\(given): every position read")
        }
        XCTAssertEqual(StudioRequestGuard.comparison("", token).positionsRead, token.utf8.count, "a short guess reads the whole token too")
        XCTAssertEqual(StudioRequestGuard.comparison(token + "extra", token).positionsRead, token.utf8.count + 5)
    }

    func testConstantTimeEqual() {
        XCTAssertTrue(StudioRequestGuard.constantTimeEqual("abc", "abc"))
        XCTAssertFalse(StudioRequestGuard.constantTimeEqual("abc", "abd"))
        XCTAssertFalse(StudioRequestGuard.constantTimeEqual("abc", "ab"))
        XCTAssertFalse(StudioRequestGuard.constantTimeEqual("", "a"))
    }
}
