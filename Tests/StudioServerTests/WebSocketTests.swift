import Foundation
import XCTest
@testable import StudioServer

/// The live channel's WebSocket: the handshake's answer, the frames, and an upgraded
/// connection served by `LoopbackHTTPServer` end to end.
final class WebSocketTests: XCTestCase {
    /// A client's frame: masked with `mask`, as browsers send them.
    func clientFrame(_ opcode: UInt8, _ payload: [UInt8], mask: [UInt8] = [0x37, 0xfa, 0x21, 0x3d], final: Bool = true) -> [UInt8] {
        var out: [UInt8] = [(final ? 0x80 : 0) | opcode]
        if payload.count < 126 { out.append(0x80 | UInt8(payload.count)) } else { out += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)] }
        return out + mask + payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
    }

    func testTheAcceptValueIsTheRFCsExample() {
        // RFC 6455 §1.3: this key is answered with this value.
        XCTAssertEqual(WebSocket.accept(key: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        XCTAssertNil(WebSocket.accept(key: "c2hvcnQ="), "a key must be 16 bytes")
        XCTAssertNil(WebSocket.accept(key: "not base64!"))
    }

    func testAMaskedFrameIsReadWhateverItsLength() {
        for count in [0, 1, 125, 126, 1000] {
            let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let bytes = clientFrame(1, payload) + [0x81]   // the start of the next frame stays
            XCTAssertEqual(WebSocket.parse(bytes[...], maximumPayload: 1024),
                           .frame(.init(final: true, opcode: .text, payload: payload), consumed: bytes.count - 1), "\(count)")
            for cut in [1, 2, bytes.count - 2] {
                XCTAssertEqual(WebSocket.parse(bytes[..<cut], maximumPayload: 1024), .incomplete, "\(count) cut at \(cut)")
            }
        }
    }

    func testWhatNoClientMaySendIsRefusedWithTheReason() {
        var unmasked = clientFrame(1, Array("up".utf8))
        unmasked[1] &= 0x7f
        let cases: [([UInt8], WebSocket.CloseCode)] = [
            (unmasked, .protocolError),
            ([0xc1] + clientFrame(1, [1]).dropFirst(), .protocolError),          // a reserved bit
            (clientFrame(3, [1]), .protocolError),                               // no such opcode
            (clientFrame(9, [1], final: false), .protocolError),                 // a fragmented ping
            (clientFrame(2, [UInt8](repeating: 0, count: 2000)), .tooBig),
            ([0x82, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], .tooBig),      // 2^64 − 1 bytes announced
        ]
        for (bytes, code) in cases {
            guard case .refused(let got, let reason) = WebSocket.parse(bytes[...], maximumPayload: 1024) else {
                return XCTFail("accepted \(bytes.prefix(4))")
            }
            XCTAssertEqual(got, code)
            XCTAssertFalse(reason.isEmpty)
        }
    }

    func testTheServersFramesCarryTheirLength() {
        XCTAssertEqual(WebSocket.frame(.binary, [1, 2]), [0x82, 2, 1, 2])
        XCTAssertEqual(Array(WebSocket.frame(.binary, [UInt8](repeating: 0, count: 300)).prefix(4)), [0x82, 126, 1, 44])
        XCTAssertEqual(Array(WebSocket.frame(.binary, [UInt8](repeating: 0, count: 70_000)).prefix(10)), [0x82, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70])
        XCTAssertEqual(WebSocket.closeFrame(.tooBig, "x"), [0x88, 3, 0x03, 0xf1, 0x78])
        // A long reason is cut at a character: what is sent stays UTF-8.
        let long = WebSocket.closeFrame(.unsupported, String(repeating: "é", count: 100))
        XCTAssertLessThanOrEqual(long.count, 2 + 125)
        XCTAssertNotNil(String(bytes: long.dropFirst(4), encoding: .utf8))
        XCTAssertEqual(long.count, 2 + 2 + 122)
    }

    func testAHandshakeMissingItsPartsIsRefused() {
        let good = [("Upgrade", "websocket"), ("Connection", "keep-alive, Upgrade"), ("Sec-WebSocket-Version", "13"),
                    ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")]
        let serve: @Sendable (WebSocketConnection) -> Void = { _ in }
        func answer(_ headers: [(String, String)], method: String = "GET") -> HTTPResponse {
            WebSocket.upgrade(HTTPRequest(method: method, path: "/", headers: headers.map { (name: $0.0, value: $0.1) }), serve: serve)
        }
        XCTAssertEqual(answer(good).status, 101)
        XCTAssertEqual(answer(good).webSocket?.accept, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        XCTAssertEqual(answer(good, method: "POST").status, 426)
        for dropped in 0..<good.count {
            var headers = good
            headers.remove(at: dropped)
            XCTAssertNotEqual(answer(headers).status, 101, "without \(good[dropped].0)")
            XCTAssertNil(answer(headers).webSocket)
        }
        let version = answer(good.map { $0.0 == "Sec-WebSocket-Version" ? ($0.0, "8") : $0 })
        XCTAssertEqual(version.status, 426)
        XCTAssertEqual(version.headers.map(\.value), ["13"], "RFC 6455 §4.4: the versions spoken")
    }

    /// The server end to end: a handshake over a real socket, an echo of two messages, a ping
    /// answered, and a bad frame closed with its reason.
    func testAnUpgradedConnectionIsServedUntilItCloses() throws {
        let server = try LoopbackHTTPServer(port: 0) { request in
            WebSocket.upgrade(request) { socket in
                while let message = socket.receive() {
                    guard case .text(let text) = message else { return socket.close(.unsupported, "text only") }
                    socket.send(Array(text.uppercased().utf8))
                }
            }
        }
        defer { server.stop() }
        let fd = try connect(port: server.port)
        defer { close(fd) }
        // The first message rides in the same packet as the handshake (the bytes read past it).
        try write(fd, handshake(path: "/socket") + clientFrame(1, Array("live".utf8)))
        let head = try readHead(fd)
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 101"), head)
        XCTAssertTrue(head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), head)
        XCTAssertEqual(try readFrame(fd), [0x82, 4] + Array("LIVE".utf8))
        try write(fd, clientFrame(9, [7]))
        XCTAssertEqual(try readFrame(fd), [0x8a, 1, 7], "a ping is answered with its payload")
        try write(fd, clientFrame(1, Array("again".utf8)))
        XCTAssertEqual(try readFrame(fd), [0x82, 5] + Array("AGAIN".utf8))
        try write(fd, clientFrame(2, [1]))
        XCTAssertEqual(try readFrame(fd), WebSocket.closeFrame(.unsupported, "text only"))
    }

    /// A message sent as a prefix and a payload arrives as one message, small or large (over
    /// 64 KB the two are written apart); every message goes at once (`TCP_NODELAY`: without
    /// it, the second write of a message waits for the first to be acknowledged, 40 ms on Linux).
    func testAPrefixedMessageArrivesWholeAndNothingIsHeldBack() throws {
        let noDelay = LockedValue<Int32>(0)
        let server = try LoopbackHTTPServer(port: 0) { request in
            WebSocket.upgrade(request) { socket in
                var value: Int32 = 0
                var size = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(socket.fd, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &size)
                noDelay.set(value)
                while let message = socket.receive() {
                    guard case .text(let text) = message, let count = Int(text) else { return }
                    socket.send(prefix: [1, 2, 3, 4], [UInt8](repeating: 7, count: count))
                }
            }
        }
        defer { server.stop() }
        let fd = try connect(port: server.port)
        defer { close(fd) }
        try write(fd, handshake())
        XCTAssertTrue(try readHead(fd).hasPrefix("HTTP/1.1 101"))
        for count in [3, 70_000] {
            try write(fd, clientFrame(1, Array(String(count).utf8)))
            let header = try readExactly(fd, 2)
            XCTAssertEqual(header[0], 0x82)
            let extra = header[1] == 126 ? 2 : header[1] == 127 ? 8 : 0
            let length = try readExactly(fd, extra).reduce(extra == 0 ? Int(header[1]) : 0) { $0 << 8 | Int($1) }
            XCTAssertEqual(length, 4 + count)
            XCTAssertEqual(try readExactly(fd, length), [1, 2, 3, 4] + [UInt8](repeating: 7, count: count))
        }
        XCTAssertNotEqual(noDelay.get(), 0, "TCP_NODELAY is set on an upgraded socket")
    }

    /// Text that is not UTF-8 is closed with 1007; a handshake over HTTP/1.0 is refused.
    func testBadTextAndAnOldHandshakeAreRefused() throws {
        let server = try serverReadingUntilTheEnd(expectation(description: "the connection's loop ended"))
        defer { server.stop() }
        let fd = try connect(port: server.port)
        defer { close(fd) }
        try write(fd, handshake())
        XCTAssertTrue(try readHead(fd).hasPrefix("HTTP/1.1 101"))
        try write(fd, clientFrame(1, [0xff, 0xfe]))
        XCTAssertEqual(try readFrame(fd), WebSocket.closeFrame(.invalidText, "a text message must be UTF-8"))
        let old = try connect(port: server.port)
        defer { close(old) }
        try write(old, handshake("HTTP/1.0"))
        XCTAssertTrue(try readHead(old).contains(" 426 "))
        waitForExpectations(timeout: 10)   // the first socket's loop ended after its close frame
    }

    /// A frame begun must arrive whole within the transfer deadline from its first byte: a
    /// client that trickles a byte now and then is closed, however short each pause.
    func testAFrameTrickledByteByByteIsCutOff() throws {
        let ended = expectation(description: "the connection's loop ended")
        let server = try serverReadingUntilTheEnd(ended)
        defer { server.stop() }
        let fd = try connect(port: server.port)
        defer { close(fd) }
        try write(fd, handshake())
        XCTAssertTrue(try readHead(fd).hasPrefix("HTTP/1.1 101"))
        // A 1,000-byte frame, a byte every 0.5 s: 500 s to finish if each wait restarted.
        let frame = clientFrame(1, [UInt8](repeating: 0x61, count: 1000))
        var sent = 0
        let began = Date()
        var byte: UInt8 = 0
        while sent < frame.count && Date().timeIntervalSince(began) < 20 {
            guard (try? write(fd, [frame[sent]])) != nil else { break }
            sent += 1
            Thread.sleep(forTimeInterval: 0.5)
            if recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0 { break }   // the server closed it
        }
        wait(for: [ended], timeout: 10)
        XCTAssertLessThan(sent, 20, "closed \(sent) bytes in: within the deadline of \(WebSocketConnection.transferDeadline) ms")
    }

    /// Stopping the server ends a connection that waits for a message.
    func testStoppingTheServerEndsAnIdleConnection() throws {
        let ended = expectation(description: "the connection's loop ended")
        let began = expectation(description: "the connection is served")
        let server = try serverReadingUntilTheEnd(ended, began: began)
        let fd = try connect(port: server.port)
        defer { close(fd) }
        try write(fd, handshake())
        XCTAssertTrue(try readHead(fd).hasPrefix("HTTP/1.1 101"))
        // The 101 can reach the client before its handler has a thread (a stop then serves
        // nothing): stop once the socket is being read.
        wait(for: [began], timeout: 10)
        // Without the shutdown, stop would wait out the 5-minute idle deadline; it returns
        // after the loop has ended (it joins the socket's thread).
        server.stop()
        wait(for: [ended], timeout: 0)
        server.stop()   // a second stop (as deinit makes) joins nothing twice
    }

    // MARK: - a blocking client socket

    /// The RFC's example handshake over `version`, for `path`.
    func handshake(_ version: String = "HTTP/1.1", path: String = "/") -> [UInt8] {
        Array(("GET \(path) \(version)\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
    }

    /// A server whose sockets fulfil `began` when served, read until they end and then fulfil
    /// `ended`.
    func serverReadingUntilTheEnd(_ ended: XCTestExpectation, began: XCTestExpectation? = nil) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(port: 0) { request in
            WebSocket.upgrade(request) { socket in
                began?.fulfill()
                while socket.receive() != nil {}
                ended.fulfill()
            }
        }
    }

    struct SocketError: Error { var what: String }

    func connect(port: UInt16) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, status == 0 else { throw SocketError(what: "connect") }
        return fd
    }

    func write(_ fd: Int32, _ bytes: [UInt8]) throws {
        guard bytes.withUnsafeBytes({ Foundation.send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else { throw SocketError(what: "send") }
    }

    func readExactly(_ fd: Int32, _ count: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        while out.count < count {
            var byte: UInt8 = 0
            guard recv(fd, &byte, 1, 0) == 1 else { throw SocketError(what: "recv after \(out.count) of \(count) bytes") }
            out.append(byte)
        }
        return out
    }

    func readHead(_ fd: Int32) throws -> String {
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) { head += try readExactly(fd, 1) }
        return String(decoding: head, as: UTF8.self)
    }

    /// One whole server frame (payloads under 126 bytes here), header included.
    func readFrame(_ fd: Int32) throws -> [UInt8] {
        let header = try readExactly(fd, 2)
        return header + (try readExactly(fd, Int(header[1] & 0x7f)))
    }
}

/// A value shared between a test and a server's thread.
final class LockedValue<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T
    init(_ value: T) { self.value = value }
    func set(_ new: T) { lock.withLock { value = new } }
    func get() -> T { lock.withLock { value } }
}
