import CMicroHTTPD
import Foundation

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

    public init(status: Int, contentType: String, body: String) {
        self.status = status; self.contentType = contentType; self.body = Array(body.utf8)
    }

    public static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: message + "\n")
    }
}

/// An HTTP server on 127.0.0.1 only, built on libmicrohttpd (which parses HTTP; this type
/// only hands requests to `handler`). Requests are served one at a time on the library's
/// own thread.
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

    /// Starts listening on 127.0.0.1:`port` (0: a free port). `contentSecurityPolicy` goes
    /// out with every response (default: nothing may run or load).
    public init(port: UInt16, contentSecurityPolicy: String = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
                handler: @escaping (HTTPRequest) -> HTTPResponse) throws {
        self.handler = handler
        self.contentSecurityPolicy = contentSecurityPolicy
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let daemon = sks_start_loopback(port, LoopbackHTTPServer.accessHandler, context) else {
            throw StartError(description: port == 0 ? "cannot listen on 127.0.0.1" : "cannot listen on 127.0.0.1:\(port) (is the port in use?)")
        }
        self.daemon = daemon
        self.port = sks_bound_port(daemon)
        var text = [CChar](repeating: 0, count: 64)
        if sks_bound_address(daemon, &text, text.count) == 0 { address = String(cString: text) }
    }

    deinit { stop() }

    /// Stops listening; waits for the request being served.
    public func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    /// libmicrohttpd calls this once when the headers arrived, again for each piece of a
    /// body, and a last time when the request is complete; it answers on the last call.
    private static let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, uploadSize, connectionState in
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
        var request = HTTPRequest(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/")
        request.hasBody = connectionState.pointee == seenBody
        request.headers = pairs(connection, sks_header_kind())
        request.query = pairs(connection, sks_query_kind())
        let answer = server.handler(request)
        return answer.body.withUnsafeBufferPointer { bytes -> MHD_Result in
            let response = MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                                           sks_must_copy())
            guard let response else { return sks_no() }
            defer { MHD_destroy_response(response) }
            let headers = [("Content-Type", answer.contentType), ("Cache-Control", "no-store"),
                           ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                           ("X-Frame-Options", "DENY"),
                           ("Content-Security-Policy", server.contentSecurityPolicy)]
            for (name, value) in headers { _ = MHD_add_response_header(response, name, value) }
            return MHD_queue_response(connection, UInt32(answer.status), response)
        }
    }

    private static func pairs(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
        final class Box { var items: [(name: String, value: String)] = [] }
        let box = Box()
        let pointer = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
            guard let context, let key else { return sks_yes() }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            box.items.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return sks_yes()
        }, pointer)
        return withExtendedLifetime(box) { box.items }
    }
}
