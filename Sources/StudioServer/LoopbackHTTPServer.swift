import CMicroHTTPD
import Foundation
import SpringKitSupport

/// One HTTP request, as libmicrohttpd parsed it.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query (`/api/run`).
    public var path: String
    /// Header fields in arrival order, names as sent.
    public var headers: [(name: String, value: String)]
    /// Query arguments in arrival order, decoded.
    public var query: [(name: String, value: String)]
    /// Whether the request carried a body (the studio accepts none).
    public var hasBody: Bool

    public init(method: String, path: String, headers: [(name: String, value: String)] = [],
                query: [(name: String, value: String)] = [], hasBody: Bool = false) {
        self.method = method; self.path = path; self.headers = headers; self.query = query; self.hasBody = hasBody
    }

    /// Every value of the header `name` (case-insensitive).
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The last value of the query argument `name`.
    public func queryValue(_ name: String) -> String? { query.last { $0.name == name }?.value }
}

/// One HTTP response.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    /// A body sent as it is made (chunked), instead of `body`.
    public var stream: HTTPByteStream?
    /// A `101` that turns the connection into a WebSocket (`WebSocket.upgrade`), instead of a body.
    public var webSocket: WebSocketUpgrade?
    /// Header fields beyond the ones every response carries.
    public var headers: [(name: String, value: String)] = []

    public init(status: Int, contentType: String, body: String) {
        self.status = status; self.contentType = contentType; self.body = Array(body.utf8)
    }

    public init(status: Int, contentType: String, bytes: [UInt8]) {
        self.status = status; self.contentType = contentType; self.body = bytes
    }

    public init(status: Int, contentType: String, stream: HTTPByteStream) {
        self.status = status; self.contentType = contentType; self.body = []; self.stream = stream
    }

    public static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: message + "\n")
    }
}

/// An HTTP server on 127.0.0.1 only, built on libmicrohttpd (which parses HTTP; this type
/// only hands requests to `handler`). Each connection is served on a thread of its own, so
/// `handler` may be called from several threads at once; a streamed answer
/// (`HTTPResponse.stream`) is sent as it is written, and an upgrade (`HTTPResponse.webSocket`)
/// is served on a thread of its own until either side closes.
public final class LoopbackHTTPServer {
    public struct StartError: Error, CustomStringConvertible { public var description: String }

    /// The port it listens on.
    public private(set) var port: UInt16 = 0
    /// The address it listens on, as the system reports it ("127.0.0.1").
    public private(set) var address = ""
    private var daemon: OpaquePointer?
    private let handler: (HTTPRequest) -> HTTPResponse
    /// The Content-Security-Policy header of every response.
    let contentSecurityPolicy: String

    /// Open connections and when each began waiting for its request's headers (`nil`: the
    /// request arrived and is being answered). A reaper shuts a connection down when its
    /// headers have not all arrived `headerDeadline` seconds after it opened or after its
    /// previous answer: clients that trickle their headers a byte at a time (each byte
    /// resets libmicrohttpd's idle timeout) cannot hold every connection slot. Each connection
    /// reads its own headers on its own thread, so one request's answer (a script run, a
    /// stream) delays no other's clock.
    private final class Connections: @unchecked Sendable {
        private let lock = NSLock()
        private var waiting: [OpaquePointer: (fd: Int32, since: UInt64?)] = [:]
        let headerDeadline: UInt64 = 5_000_000_000

        func opened(_ connection: OpaquePointer, fd: Int32) { lock.withLock { waiting[connection] = (fd, DispatchTime.now().uptimeNanoseconds) } }
        /// An upgraded connection sends no more headers: its deadlines are the WebSocket's.
        func upgraded(_ connection: OpaquePointer) { _ = lock.withLock { waiting.removeValue(forKey: connection) } }
        func closed(_ connection: OpaquePointer) { _ = lock.withLock { waiting.removeValue(forKey: connection) } }
        func headersArrived(_ connection: OpaquePointer) { lock.withLock { waiting[connection]?.since = nil } }
        func answered(_ connection: OpaquePointer) {
            lock.withLock { waiting[connection]?.since = DispatchTime.now().uptimeNanoseconds }
        }
        func reap() {
            lock.withLock {
                let now = DispatchTime.now().uptimeNanoseconds
                for (key, value) in waiting {
                    guard let since = value.since, now - since > headerDeadline else { continue }
                    shutdown(value.fd, Int32(SHUT_RDWR))
                    waiting[key]?.since = UInt64.max / 2   // once
                }
            }
        }
    }
    private let connections = Connections()
    private var reaper: DispatchSourceTimer?

    /// At most this many query arguments; more are refused with 414 and the reason.
    public static let maximumQueryArguments = 64

    /// Starts listening on 127.0.0.1:`port` (0: a free port). `contentSecurityPolicy` goes
    /// out with every response (default: nothing may run or load).
    public init(port: UInt16, contentSecurityPolicy: String = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
                handler: @escaping (HTTPRequest) -> HTTPResponse) throws {
        self.handler = handler
        self.contentSecurityPolicy = contentSecurityPolicy
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let daemon = sks_start_loopback(port, LoopbackHTTPServer.accessHandler, context,
                                              LoopbackHTTPServer.notifyConnection, LoopbackHTTPServer.requestCompleted) else {
            throw StartError(description: port == 0 ? "cannot listen on 127.0.0.1" : "cannot listen on 127.0.0.1:\(port) (is the port in use?)")
        }
        self.daemon = daemon
        self.port = sks_bound_port(daemon)
        var text = [CChar](repeating: 0, count: 64)
        if sks_bound_address(daemon, &text, text.count) == 0 { address = String(cString: text) }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        let connections = self.connections
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler { connections.reap() }
        timer.resume()
        reaper = timer
    }

    private static let notifyConnection: MHD_NotifyConnectionCallback = { context, connection, _, code in
        guard let context, let connection else { return }
        let server = Unmanaged<LoopbackHTTPServer>.fromOpaque(context).takeUnretainedValue()
        if code == sks_connection_started() {
            server.connections.opened(connection, fd: sks_connection_fd(connection))
        } else {
            server.connections.closed(connection)
        }
    }

    private static let requestCompleted: MHD_RequestCompletedCallback = { context, connection, _, _ in
        guard let context, let connection else { return }
        Unmanaged<LoopbackHTTPServer>.fromOpaque(context).takeUnretainedValue().connections.answered(connection)
    }

    deinit { stop() }

    /// Stops listening: ends the streams being sent, then waits for the requests being served.
    public func stop() {
        reaper?.cancel()
        reaper = nil
        openStreams.abortAll()
        openSockets.closeAll()
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    /// The streamed answers being sent (ended when the server stops).
    private final class OpenStreams: @unchecked Sendable {
        private let lock = NSLock()
        private var streams: [ObjectIdentifier: HTTPByteStream] = [:]
        func add(_ stream: HTTPByteStream) { lock.withLock { streams[ObjectIdentifier(stream)] = stream } }
        func remove(_ stream: HTTPByteStream) { _ = lock.withLock { streams.removeValue(forKey: ObjectIdentifier(stream)) } }
        func abortAll() { for stream in lock.withLock({ Array(streams.values) }) { stream.abort() } }
    }
    private let openStreams = OpenStreams()

    /// A stream's answer: libmicrohttpd reads it on the connection's thread (waiting for its
    /// pieces) and releases it once when done, sent or not.
    private func streamedResponse(_ stream: HTTPByteStream) -> OpaquePointer? {
        openStreams.add(stream)
        final class Entry { let stream: HTTPByteStream; let streams: OpenStreams; init(_ s: HTTPByteStream, _ o: OpenStreams) { stream = s; streams = o } }
        let context = Unmanaged.passRetained(Entry(stream, openStreams)).toOpaque()
        let response = sks_streamed_response({ context, _, buffer, size in
            guard let context, let buffer else { return sks_end_of_stream() }
            let entry = Unmanaged<Entry>.fromOpaque(context).takeUnretainedValue()
            guard let n = entry.stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size)) else { return sks_end_of_stream() }
            return n
        }, context, { context in
            guard let context else { return }
            let entry = Unmanaged<Entry>.fromOpaque(context).takeRetainedValue()
            entry.stream.readerGone()
            entry.streams.remove(entry.stream)
        })
        if response == nil {
            Unmanaged<Entry>.fromOpaque(context).release()
            openStreams.remove(stream)
            stream.readerGone()
        }
        return response
    }

    /// The upgraded connections being served, each on its thread (shut down and waited for
    /// when the server stops: libmicrohttpd's own stop waits until each is handed back).
    private final class OpenSockets: @unchecked Sendable {
        private let lock = NSLock()
        private var serving: [Int: (socket: Int32, thread: WorkerThread?)] = [:]
        /// Threads that ended, joined at the next upgrade or the stop.
        private var ended: [WorkerThread] = []
        private var count = 0
        private var stopping = false

        /// Serves `socket` with `body` on a new thread, then hands it back with `close`; false
        /// (and nothing run) when the server is stopping or the system gives no thread.
        func serve(_ socket: Int32, _ body: @escaping () -> Void, close: @escaping () -> Void) -> Bool {
            let finished: [WorkerThread] = lock.withLock { defer { ended = [] }; return ended }
            for thread in finished { thread.join() }
            return lock.withLock {
                guard !stopping else { return false }
                count += 1
                let key = count
                serving[key] = (socket, nil)
                // The thread cannot reach its entry before this lock is let go. It leaves the
                // table before the socket is closed (a stop never shuts down a number reused
                // since), and is joined once: by the next upgrade, or by the stop.
                guard let thread = WorkerThread({
                    body()
                    self.lock.withLock {
                        if let entry = self.serving.removeValue(forKey: key), let thread = entry.thread, !self.stopping {
                            self.ended.append(thread)
                        }
                    }
                    close()
                }) else {
                    serving.removeValue(forKey: key)
                    return false
                }
                serving[key]?.thread = thread
                return true
            }
        }

        /// Shuts every served socket down (its reads and writes end at once) and waits for
        /// every thread, once.
        func closeAll() {
            let threads: [WorkerThread] = lock.withLock {
                stopping = true
                for entry in serving.values { shutdown(entry.socket, Int32(SHUT_RDWR)) }
                defer { ended = []; serving = [:] }
                return serving.values.compactMap(\.thread) + ended
            }
            for thread in threads { thread.join() }
        }
    }
    private let openSockets = OpenSockets()

    /// What an upgrade handler needs; retained for libmicrohttpd until the handler runs, or
    /// released at once when the `101` is not queued.
    private final class UpgradeEntry {
        let upgrade: WebSocketUpgrade
        weak var server: LoopbackHTTPServer?
        init(_ upgrade: WebSocketUpgrade, _ server: LoopbackHTTPServer) { self.upgrade = upgrade; self.server = server }
    }

    /// A `101` answer whose upgrade handler serves the socket with `upgrade.serve`, and its
    /// retained context.
    private func upgradeResponse(_ upgrade: WebSocketUpgrade) -> (OpaquePointer?, Unmanaged<UpgradeEntry>) {
        let entry = Unmanaged.passRetained(UpgradeEntry(upgrade, self))
        let response = sks_upgrade_response({ context, connection, _, extra, extraSize, socket, handle in
            guard let context else { return }
            let entry = Unmanaged<UpgradeEntry>.fromOpaque(context).takeRetainedValue()
            guard let server = entry.server else { return sks_upgrade_close(handle) }
            if let connection { server.connections.upgraded(connection) }
            let read = extra.map { Array(UnsafeRawBufferPointer(start: $0, count: extraSize)) } ?? []
            let serve = entry.upgrade.serve
            let served = server.openSockets.serve(socket, {
                serve(WebSocketConnection(fd: socket, alreadyRead: read, maximumPayload: entry.upgrade.maximumPayload))
            },
                                                  close: { sks_upgrade_close(handle) })
            if !served { sks_upgrade_close(handle) }
        }, entry.toOpaque())
        return (response, entry)
    }

    /// libmicrohttpd calls this once when the headers arrived, again for each piece of a
    /// body, and a last time when the request is complete; it answers on the last call.
    private static let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, version, _, uploadSize, connectionState in
        guard let context, let connection, let connectionState, let uploadSize else { return sks_no() }
        let seenBody = UnsafeMutableRawPointer(bitPattern: 2)
        if connectionState.pointee == nil {
            connectionState.pointee = UnsafeMutableRawPointer(bitPattern: 1)
            return sks_yes()
        }
        if uploadSize.pointee != 0 {
            uploadSize.pointee = 0                       // bodies are read and dropped
            connectionState.pointee = seenBody
            return sks_yes()
        }
        let server = Unmanaged<LoopbackHTTPServer>.fromOpaque(context).takeUnretainedValue()
        server.connections.headersArrived(connection)
        var request = HTTPRequest(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/")
        request.hasBody = connectionState.pointee == seenBody
        request.headers = pairs(connection, sks_header_kind())
        request.query = pairs(connection, sks_query_kind())
        var answer = refusal(request) ?? server.handler(request)
        if answer.webSocket != nil && version.map({ String(cString: $0) }) != "HTTP/1.1" {
            answer = .text(426, "refused: a WebSocket handshake needs HTTP/1.1")
        }
        let made: OpaquePointer?
        var upgradeEntry: Unmanaged<UpgradeEntry>?
        if let upgrade = answer.webSocket {
            (made, upgradeEntry) = server.upgradeResponse(upgrade)
        } else if let stream = answer.stream {
            made = server.streamedResponse(stream)
        } else {
            made = answer.body.withUnsafeBufferPointer { bytes in
                MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), sks_must_copy())
            }
        }
        guard let response = made else { upgradeEntry?.release(); return sks_no() }
        defer { MHD_destroy_response(response) }
        let headers = (answer.webSocket.map { [("Upgrade", "websocket"), ("Sec-WebSocket-Accept", $0.accept)] } ?? [("Content-Type", answer.contentType)])
                    + [("Cache-Control", "no-store"),
                       ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                       ("X-Frame-Options", "DENY"),
                       ("Content-Security-Policy", server.contentSecurityPolicy)]
        for (name, value) in headers + answer.headers { _ = MHD_add_response_header(response, name, value) }
        let queued = MHD_queue_response(connection, UInt32(answer.status), response)
        // A 101 not queued never reaches its handler. (One queued whose client leaves before
        // it is sent leaks its small entry: libmicrohttpd has no release callback for it.)
        if queued == sks_no() { upgradeEntry?.release() }
        return queued
    }

    /// What the server refuses before the application sees it: too many query arguments,
    /// a NUL byte (`%00`) in a name or value (a C string would end there: `0.55%00junk` read
    /// as 0.55).
    static func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        if request.query.count > maximumQueryArguments {
            return .text(414, "refused: too many query arguments (\(request.query.count); at most \(maximumQueryArguments))")
        }
        if request.query.contains(where: { $0.name.utf8.contains(0) || $0.value.utf8.contains(0) })
            || request.headers.contains(where: { $0.name.utf8.contains(0) || $0.value.utf8.contains(0) }) {
            return .text(400, "refused: a NUL byte (%00) in a query argument or header")
        }
        return nil
    }

    /// Names and values with their lengths, so a NUL inside one is kept (and refused).
    private static func pairs(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
        final class Box { var items: [(name: String, value: String)] = [] }
        let box = Box()
        let pointer = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values_n(connection, kind, { context, _, key, keySize, value, valueSize in
            guard let context, let key else { return sks_yes() }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
            let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
            box.items.append((name, text))
            return sks_yes()
        }, pointer)
        return withExtendedLifetime(box) { box.items }
    }
}
