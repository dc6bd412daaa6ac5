import CGnuTLS
import CMicroHTTPD
import Foundation

/// The parts of WebSocket (RFC 6455) the studio's live channel needs: the handshake's answer
/// and the frames. libmicrohttpd parses the HTTP request and hands the upgraded socket over
/// (`LoopbackHTTPServer`), GnuTLS gives the handshake's SHA-1; libmicrohttpd's WebSocket helper
/// library is not in Debian's or Homebrew's packages, so the framing (a two-to-fourteen-byte
/// header and a mask) is here.
public enum WebSocket {
    /// What every handshake's accept value appends to the client's key (RFC 6455 §1.3).
    static let keySuffix = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Frame kinds (§5.2).
    public enum Opcode: UInt8, Sendable {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10
    }

    /// Close codes the studio sends (§7.4.1).
    public enum CloseCode: UInt16, Sendable {
        case normal = 1000, goingAway = 1001, protocolError = 1002, unsupported = 1003, invalidText = 1007, tooBig = 1009
    }

    /// `Sec-WebSocket-Accept` for the client's `Sec-WebSocket-Key`: base64 of SHA-1 of the key
    /// and the fixed suffix. Nil when the key is not 16 bytes in base64 (§4.2.1).
    static func accept(key: String) -> String? {
        guard let raw = Data(base64Encoded: key), raw.count == 16 else { return nil }
        let text = Array((key + keySuffix).utf8)
        var digest = [UInt8](repeating: 0, count: 20)
        guard sks_sha1(text, text.count, &digest) == 0 else { return nil }
        return Data(digest).base64EncodedString()
    }

    /// The upgrade `request` asks for, answered: a 101 response that hands the socket to `serve`
    /// (on a thread of its own), or a refusal when it is no WebSocket handshake: not a GET,
    /// no `Upgrade: websocket` and `Connection: Upgrade`, a version other than 13, or a bad key.
    /// Messages over `maximumPayload` bytes close the connection (1009).
    public static func upgrade(_ request: HTTPRequest, maximumPayload: Int = WebSocketConnection.defaultMaximumPayload,
                               serve: @escaping @Sendable (WebSocketConnection) -> Void) -> HTTPResponse {
        let tokens = { (name: String) in
            request.headerValues(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }
        guard request.method == "GET", tokens("Upgrade").contains("websocket"), tokens("Connection").contains("upgrade") else {
            return .text(426, "refused: this address is a WebSocket (send Upgrade: websocket)")
        }
        guard request.headerValues("Sec-WebSocket-Version") == ["13"] else {
            var refusal = HTTPResponse.text(426, "refused: only WebSocket version 13 is spoken")
            refusal.headers = [("Sec-WebSocket-Version", "13")]   // §4.4
            return refusal
        }
        let keys = request.headerValues("Sec-WebSocket-Key")
        guard keys.count == 1, let accept = accept(key: keys[0]) else {
            return .text(400, "refused: a WebSocket handshake needs one Sec-WebSocket-Key of 16 bytes in base64")
        }
        return HTTPResponse(webSocket: WebSocketUpgrade(accept: accept, maximumPayload: maximumPayload, serve: serve))
    }

    /// One frame from the server (never masked, §5.1), `payload` whole.
    /// - Complexity: O(n) in the payload's length.
    static func frame(_ opcode: Opcode, _ payload: [UInt8]) -> [UInt8] {
        header(opcode, length: payload.count) + payload
    }

    /// The header of a whole server frame of `length` payload bytes.
    static func header(_ opcode: Opcode, length: Int) -> [UInt8] {
        var out: [UInt8] = [0x80 | opcode.rawValue]
        switch length {
        case ..<126: out.append(UInt8(length))
        case ..<65536: out += [126, UInt8(length >> 8), UInt8(length & 0xff)]
        default: out.append(127); for k in (0..<8).reversed() { out.append(UInt8(truncatingIfNeeded: UInt64(length) >> (8 * UInt64(k)))) }
        }
        return out
    }

    /// A close frame with `code` and a reason, cut at a character to fit a control frame's
    /// 125 bytes (a client drops a reason that is not UTF-8).
    static func closeFrame(_ code: CloseCode, _ reason: String) -> [UInt8] {
        var text = Substring(reason)
        while text.utf8.count > 123 { text = text.dropLast() }
        return frame(.close, [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xff)] + Array(text.utf8))
    }

    /// One frame read from a client.
    struct Frame: Equatable {
        var final: Bool
        var opcode: Opcode
        var payload: [UInt8]
    }

    /// What the front of a client's bytes holds.
    enum Parsed: Equatable {
        /// A whole frame, `consumed` bytes long.
        case frame(Frame, consumed: Int)
        /// Not a whole frame yet.
        case incomplete
        /// Bytes no client may send: the connection closes with `code` and `reason`.
        case refused(CloseCode, String)
    }

    /// Parses the frame at the front of `bytes` (§5.2): clients must mask, set no reserved
    /// bit, use a known opcode, keep control frames whole and under 126 bytes, and send at
    /// most `maximumPayload` bytes a frame.
    /// - Complexity: O(n) in the frame's payload.
    static func parse(_ bytes: ArraySlice<UInt8>, maximumPayload: Int) -> Parsed {
        guard bytes.count >= 2 else { return .incomplete }
        let first = bytes[bytes.startIndex], second = bytes[bytes.startIndex + 1]
        guard first & 0x70 == 0 else { return .refused(.protocolError, "reserved bits set") }
        guard let opcode = Opcode(rawValue: first & 0x0f) else { return .refused(.protocolError, "unknown opcode \(first & 0x0f)") }
        guard second & 0x80 != 0 else { return .refused(.protocolError, "a client's frame must be masked") }
        var length = Int(second & 0x7f), at = bytes.startIndex + 2
        let control = opcode.rawValue >= 8
        if control && (length > 125 || first & 0x80 == 0) { return .refused(.protocolError, "a control frame must be whole and under 126 bytes") }
        let extra = length == 126 ? 2 : length == 127 ? 8 : 0
        guard bytes.count >= 2 + extra + 4 else { return .incomplete }
        if extra > 0 {
            var value: UInt64 = 0
            for k in 0..<extra { value = value << 8 | UInt64(bytes[at + k]) }
            at += extra
            guard value <= UInt64(maximumPayload) else { return .refused(.tooBig, "a frame over \(maximumPayload) bytes") }
            length = Int(value)
        }
        guard length <= maximumPayload else { return .refused(.tooBig, "a frame over \(maximumPayload) bytes") }
        let mask = Array(bytes[at..<at + 4])
        at += 4
        guard bytes.endIndex - at >= length else { return .incomplete }
        let payload = (0..<length).map { bytes[at + $0] ^ mask[$0 & 3] }
        return .frame(Frame(final: first & 0x80 != 0, opcode: opcode, payload: payload), consumed: at + length - bytes.startIndex)
    }
}

/// A `101` answer: the accept value and what serves the connection once upgraded.
public struct WebSocketUpgrade: Sendable {
    let accept: String
    let maximumPayload: Int
    let serve: @Sendable (WebSocketConnection) -> Void
}

extension HTTPResponse {
    init(webSocket: WebSocketUpgrade) {
        self.init(status: 101, contentType: "", bytes: [])
        self.webSocket = webSocket
    }
}

/// One upgraded connection, read by the one thread that serves it (`receive`) and written by
/// it or by one other (`send` and `close` take a lock, so frames never interleave; a long send
/// never holds up `receive`, which waits on that lock only to answer a ping). Every wait
/// has a deadline: a client that goes quiet mid-frame or stops reading is closed, never waited
/// on for ever; `LoopbackHTTPServer.stop` shuts the socket down to end a wait at once.
public final class WebSocketConnection: @unchecked Sendable {
    /// A message: text or binary, whole.
    public enum Message: Equatable, Sendable {
        case text(String), binary([UInt8])
    }

    let fd: Int32
    private var pending: [UInt8]
    /// Set once nothing more is read or sent; guarded by `state`.
    private var closed = false
    private let state = NSLock()
    /// Held while a frame is written (taken before `state`, never after).
    private let sending = NSLock()
    /// The largest message accepted.
    let maximumPayload: Int
    /// The default largest message (a live frame's request is a few dozen bytes).
    public static let defaultMaximumPayload = 1024
    /// How long a frame may take to arrive once begun, and a send to be taken, ms.
    static let transferDeadline: UInt64 = 5_000
    /// How long the connection may stay idle between frames, ms.
    static let idleDeadline: UInt64 = 300_000
    /// When the frame being read began to arrive (ms on the monotonic clock); nil between frames.
    private var frameBegan: UInt64?

    init(fd: Int32, alreadyRead: [UInt8], maximumPayload: Int = defaultMaximumPayload) {
        self.fd = fd
        self.pending = alreadyRead
        self.maximumPayload = maximumPayload
        var one: Int32 = 1
        // Each message goes at once (a frame is a reply the page waits on), never held back
        // until the last one is acknowledged.
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// The next message, answering pings on the way; nil when the client closed, broke the
    /// protocol (it is sent a close frame with the reason), or a deadline passed.
    public func receive() -> Message? {
        while !isClosed {
            switch WebSocket.parse(pending[...], maximumPayload: maximumPayload) {
            case .incomplete:
                if frameBegan == nil && !pending.isEmpty { frameBegan = Self.milliseconds() }
                let deadline = frameBegan.map { $0 + Self.transferDeadline } ?? Self.milliseconds() + Self.idleDeadline
                guard fill(until: deadline) else { markClosed(); return nil }
            case .refused(let code, let reason):
                close(code, reason)
            case .frame(let frame, let consumed):
                pending.removeFirst(consumed)
                frameBegan = nil
                if let message = handle(frame) { return message }
            }
        }
        return nil
    }

    /// A control frame answered, or a data frame as its message.
    private func handle(_ frame: WebSocket.Frame) -> Message? {
        switch frame.opcode {
        case .ping: sending.withLock { if !isClosed { _ = write(WebSocket.frame(.pong, frame.payload)) } }
        case .pong: break
        case .close: close(.normal, "")
        case .continuation: close(.unsupported, "fragmented messages are not accepted")
        case .text, .binary:
            guard frame.final else { close(.unsupported, "fragmented messages are not accepted"); return nil }
            if frame.opcode == .binary { return .binary(frame.payload) }
            guard let text = String(bytes: frame.payload, encoding: .utf8) else { close(.invalidText, "a text message must be UTF-8"); return nil }
            return .text(text)
        }
        return nil
    }

    /// Whether nothing more is read or sent.
    public var isClosed: Bool { state.withLock { closed } }

    private func markClosed() { state.withLock { closed = true } }

    /// Sends `bytes` as one binary message; false when the connection is gone or the client
    /// did not take it within the deadline (the connection is then closed, and shut down so
    /// that a `receive` waiting on another thread returns at once).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool { send(prefix: [], bytes) }

    /// Sends `prefix` and then `bytes` as one binary message (in one write up to 64 KB; past
    /// that the payload is not copied: a run's message can be megabytes); as `send(_:)` otherwise.
    @discardableResult
    public func send(prefix: [UInt8], _ bytes: [UInt8]) -> Bool {
        sending.withLock {
            guard !isClosed else { return false }
            let head = WebSocket.header(.binary, length: prefix.count + bytes.count) + prefix
            let sent = bytes.count <= 65_536 ? write(head + bytes) : write(head) && write(bytes)
            if !sent {
                markClosed()
                shutdown(fd, Int32(SHUT_RDWR))
            }
            return sent
        }
    }

    /// Sends a close frame with `code` and `reason`; nothing is read or sent after it.
    public func close(_ code: WebSocket.CloseCode, _ reason: String) {
        sending.withLock {
            guard !isClosed else { return }
            _ = write(WebSocket.closeFrame(code, reason))
            markClosed()
        }
    }

    /// Reads what is there into `pending`, waiting until `deadline` (ms, monotonic) at the
    /// latest; false at the end.
    private func fill(until deadline: UInt64) -> Bool {
        guard wait(for: Int16(POLLIN), until: deadline) else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 { pending += chunk[..<n]; return true }
        return n < 0 && (errno == EAGAIN || errno == EINTR)
    }

    /// Writes all of `bytes` within the transfer deadline. Called holding `sending`.
    private func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        let deadline = Self.milliseconds() + Self.transferDeadline
        while sent < bytes.count {
            guard wait(for: Int16(POLLOUT), until: deadline) else { return false }
            let n = bytes.withUnsafeBytes { socketSend(fd, $0.baseAddress! + sent, bytes.count - sent, Self.noSignal) }
            if n > 0 { sent += n } else if n < 0 && errno != EAGAIN && errno != EINTR { return false }
        }
        return true
    }

    #if canImport(Glibc)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif

    /// Whether the socket is ready for `events` before `deadline` (ms, monotonic).
    private func wait(for events: Int16, until deadline: UInt64) -> Bool {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        while true {
            let now = Self.milliseconds()
            guard now < deadline else { return false }
            let n = poll(&entry, 1, Int32(min(deadline - now, UInt64(Int32.max))))
            if n < 0 && errno == EINTR { continue }
            if n == 0 { continue }   // the clock decides, not poll's rounding
            return n > 0 && entry.revents & events != 0
        }
    }

    /// The monotonic clock in ms (the deadlines only: nothing simulated reads it).
    private static func milliseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds / 1_000_000 }
}

/// The system's `send` (the connection's own `send(_:)` hides it inside the class).
private func socketSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}
