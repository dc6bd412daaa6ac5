import Foundation
import SpringKitSim
import SpringKitTools
import SpringKitSupport

/// The studio's application: the page, the session (parameters, presets, the last good run)
/// and the re-runs and saves the page asks for. Every run is `ScriptRunner.run` with the
/// command line's options (sandbox, limits, seed) and the page's values as `--param`
/// overrides: the same deterministic run as `simrun SCRIPT --param …`.
public final class Studio {
    public struct Configuration {
        public var script: String
        /// The command line's script options; the page's values are added as overrides.
        public var options: ScriptOptions
        /// Where "save" writes the params file: `out/NAME.params` (relative to the current
        /// directory, as `simrun tune` saves) unless given.
        public var savePath: String
        /// The save path is the default one, written on the repository's behalf: it must
        /// resolve inside the current folder (a link leading out is refused).
        public var confinesSave: Bool

        public init(script: String, options: ScriptOptions, savePath: String? = nil) {
            self.script = script; self.options = options
            self.savePath = savePath ?? SavedParameters.defaultPath(script: script)
            self.confinesSave = savePath == nil
        }
    }

    public let configuration: Configuration
    /// Guards the re-runs' state (`lastGood`, `current`, `stuckRuns`), held only briefly:
    /// runs go on threads of their own.
    private let lock = NSLock()
    /// Orders the live run's requests (a start waits until its run is ready; a frame until it
    /// is played); a re-run never waits on it.
    private let liveLock = NSLock()
    private var lastGood: ScriptRun

    /// Runs the script once (with `--preset`, when given, as every run does). Throws what
    /// `ScriptRunner.run` throws.
    public init(configuration: Configuration) throws {
        self.configuration = configuration
        var options = configuration.options
        options.output = nil
        lastGood = try ScriptRunner.run(path: configuration.script, options: options)
    }

    /// Answers one request that passed `StudioRequestGuard` (from any connection's thread).
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: PlayerPage.studio)
        case ("GET", "/api/session"):
            return json(sessionJSON())
        case ("POST", "/api/run"):
            do {
                let streamed = try lock.withLock { try streamRun(values(request)) }
                return HTTPResponse(status: 200, contentType: "application/x-springkit-run-stream", stream: streamed.stream)
            } catch {
                return json(Self.refusal(Self.describe(error)))
            }
        case ("POST", "/api/save"):
            do {
                let path = try save(values(request))
                return json("{\"ok\":true,\"path\":\(JSONText.quoted(path))}")
            } catch {
                return json(Self.refusal(Self.describe(error)))
            }
        case ("POST", "/api/live/start"):
            return liveLock.withLock { liveStart(values(request).filter { $0.name != "id" }) }
        case ("POST", "/api/live/frame"):
            return liveLock.withLock { liveFrame(request) }
        case ("POST", "/api/live/save"):
            return liveLock.withLock { liveSave(request.queryValue("id")) }
        case ("GET", "/api/live/socket"):
            return liveSocket(request)
        case ("GET", "/api/run/socket"):
            return runSocket(request)
        case (_, "/"), (_, "/api/session"), (_, "/api/run"), (_, "/api/save"), (_, "/api/live/start"), (_, "/api/live/frame"),
             (_, "/api/live/save"), (_, "/api/live/socket"), (_, "/api/run/socket"):
            return .text(405, "method not allowed")
        default:
            return .text(404, "not found")
        }
    }

    /// One display frame of the live run (`LiveSession.frame`). Called under `liveLock`.
    private func liveFrame(_ request: HTTPRequest) -> HTTPResponse {
        switch liveFrame(id: request.queryValue("id"), x: request.queryValue("x"), y: request.queryValue("y")) {
        case .success(let bytes): return HTTPResponse(status: 200, contentType: "application/octet-stream", bytes: bytes)
        case .failure(let reason): return json(Self.refusal(reason.description), status: 409)
        }
    }

    /// The frame of live run `id` with the finger at (`x`, `y`) (text numbers), or up when
    /// either is missing or not a finite number. Called under `liveLock`.
    private func liveFrame(id: String?, x: String?, y: String?) -> Result<[UInt8], StudioError> {
        guard let live, id == String(live.id) else { return .failure(StudioError(description: "no such live run (start one)")) }
        var finger: SIMD2<Double>?
        if let x = x.flatMap(NumberFormat.parseFinite), let y = y.flatMap(NumberFormat.parseFinite) {
            // To 0.01 pt: what a gesture file writes is exactly what the live run played.
            finger = SIMD2((x * 100).rounded() / 100, (y * 100).rounded() / 100)
        }
        do {
            return .success(try live.frame(finger: finger))
        } catch {
            return .failure(StudioError(description: "\(error)"))
        }
    }

    /// The live channel of run `id` as a WebSocket: each text message from the page is one
    /// display frame, `X Y` (the finger down there, viewport points) or `up`, answered with
    /// that frame's bytes in one binary message, as `/api/live/frame` answers. A message for
    /// a run that ended (or a bad one) closes the socket with the reason; the page then starts
    /// a new run or falls back to `/api/live/frame`.
    private func liveSocket(_ request: HTTPRequest) -> HTTPResponse {
        let id = request.queryValue("id")
        guard liveLock.withLock({ live.map { String($0.id) == id } ?? false }) else {
            return json(Self.refusal("no such live run (start one)"), status: 409)
        }
        return WebSocket.upgrade(request) { [weak self] socket in
            while let message = socket.receive() {
                guard let self, case .text(let text) = message else { socket.close(.unsupported, "send text: X Y, or up"); return }
                let fields = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                let point = fields.compactMap(NumberFormat.parseFinite)
                guard fields == ["up"] || point.count == 2 && fields.count == 2 else {
                    socket.close(.unsupported, "send text: X Y (finite numbers), or up"); return
                }
                let finger = fields == ["up"] ? nil : fields
                switch self.liveLock.withLock({ self.liveFrame(id: id, x: finger?[0], y: finger?[1]) }) {
                case .success(let bytes): socket.send(bytes)
                case .failure(let reason): socket.close(.goingAway, reason.description); return
                }
            }
        }
    }

    /// Re-runs over a WebSocket (`RunSocketRequest`): each request starts a re-run as
    /// `POST /api/run` does, cancelling the one in progress, and the run's stream messages go
    /// back as binary messages after the run's number. Requests hold a script's values, so
    /// they may be up to 64 KB. When the socket ends, a re-run it started that is still
    /// going is cancelled.
    private func runSocket(_ request: HTTPRequest) -> HTTPResponse {
        WebSocket.upgrade(request, maximumPayload: 64 << 10) { [weak self] socket in
            guard let sender = RunSocketSender(socket: socket) else { return socket.close(.goingAway, "the system refused a thread") }
            var latest: StreamedRun?
            defer {
                if let self {
                    if let latest { self.lock.withLock { if self.current === latest { latest.cancel(); self.current = nil } } }
                } else {
                    latest?.cancel()
                }
                sender.finish()
            }
            while let message = socket.receive() {
                guard let self, case .text(let text) = message, let (number, values) = RunSocketRequest.parse(text) else {
                    return socket.close(.unsupported, "send text: run N, then one name=value a line")
                }
                do {
                    let streamed = try self.lock.withLock { try self.streamRun(values) }
                    latest = streamed
                    sender.send(streamed, number: number)
                } catch {
                    sender.drop()
                    let refusal = RunStreamMessage.refusal.bytes(Array(Self.refusal(Self.describe(error)).utf8))
                    guard socket.send(prefix: RunSocketRequest.prefix(number), refusal) else { return }
                }
            }
        }
    }

    /// The page's values: every query argument but the token, in order.
    private func values(_ request: HTTPRequest) -> [(name: String, value: String)] {
        request.query.filter { $0.name != "token" }
    }

    /// One run at `values` (text, validated like `--param`), watched as `simrun SCRIPT` is:
    /// the run goes on a thread of its own, and one that is still going a second past
    /// `--timeout` (stuck where no check reaches, such as C code in a pattern match) is left
    /// behind and answered with the reason, so the server keeps serving and a signal still
    /// stops it. While `maximumStuckRuns` runs are stuck, no further run starts.
    func run(_ values: [(name: String, value: String)]) throws -> ScriptRun {
        let options = try lock.withLock { try runOptions(values) }
        let timeout = options.limits.timeout
        final class Outcome: @unchecked Sendable { var result: Result<ScriptRun, Error>? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let script = configuration.script
        guard let thread = WorkerThread({
            outcome.result = Result { try ScriptRunner.run(path: script, options: options) }
            done.signal()
        }) else {
            throw StudioError(description: "\(script): the system refused a thread for the run")
        }
        let limit = Self.hardDeadline(timeout)
        guard done.wait(timeout: limit) == .success else {
            lock.withLock { stuckRuns.append(thread) }
            throw StudioError(description: Self.stuckReason(script, timeout))
        }
        thread.join()
        return try outcome.result!.get()
    }

    /// The command line's options with `values` as overrides (validated here: a bad value
    /// throws before anything runs), refused while too many runs are stuck. Called under `lock`.
    private func runOptions(_ values: [(name: String, value: String)]) throws -> ScriptOptions {
        var options = configuration.options
        options.output = nil
        options.onHardTimeout = nil
        for (name, value) in values { try options.parameters.addOverride("\(name)=\(value)") }
        guard stuckRuns.count < Self.maximumStuckRuns else {
            throw StudioError(description: "\(configuration.script): \(stuckRuns.count) runs are stuck past --timeout (C code such as a pattern match); restart the studio")
        }
        return options
    }

    /// The re-run in progress, streamed to the page; a newer one cancels it.
    private var current: StreamedRun?

    /// A re-run at `values` streamed (`RunStreamMessage`): its report frames as the script
    /// makes them (the first within milliseconds), then the whole run, or the reason it
    /// failed. It runs on a thread of its own, watched as `run` watches its run; the run in
    /// progress before it is cancelled. Called under `lock`.
    private func streamRun(_ values: [(name: String, value: String)]) throws -> StreamedRun {
        var options = try runOptions(values)
        current?.cancel()
        let streamed = StreamedRun()
        current = streamed
        options.cancellation = streamed.cancellation
        options.reportFrameMade = streamed.frameSender()
        let script = configuration.script, runOptions = options
        let done = DispatchSemaphore(value: 0)
        guard let thread = WorkerThread({ [weak self] in
            let result = Result { try ScriptRunner.run(path: script, options: runOptions) }
            self?.finish(streamed, with: result)
            done.signal()
        }) else {
            current = nil
            throw StudioError(description: "\(script): the system refused a thread for the run")
        }
        watch(thread, of: streamed, done: done, timeout: options.limits.timeout)
        return streamed
    }

    /// Ends `streamed` with its run (kept as the last good one while it is the current
    /// re-run) or the reason it failed; a cancelled run's stream has ended already.
    private func finish(_ streamed: StreamedRun, with result: Result<ScriptRun, Error>) {
        guard !streamed.cancellation.isCancelled else { return }
        switch result {
        case .success(let run):
            let isCurrent = lock.withLock { () -> Bool in
                guard current === streamed else { return false }
                lastGood = run
                current = nil
                return true
            }
            if isCurrent { streamed.end(.run, Self.runBytes(run)) } else { streamed.stream.abort() }
        case .failure(let error):
            lock.withLock { if current === streamed { current = nil } }
            streamed.end(.refusal, Array(Self.refusal(Self.describe(error)).utf8))
        }
    }

    /// Joins the run's thread when it ends; one still going a second past `timeout` (stuck
    /// where no check reaches) is left behind, as `run` leaves it, and its stream ends with the reason.
    private func watch(_ thread: WorkerThread, of streamed: StreamedRun, done: DispatchSemaphore, timeout: Double) {
        let limit = Self.hardDeadline(timeout)
        let script = configuration.script
        DispatchQueue.global().async { [weak self] in
            if done.wait(timeout: limit) == .success {
                thread.join()
                // A run's working set is freed on its own thread's heap arena: give it back,
                // or each thread's arena keeps its largest run resident.
                ProcessMemory.returnFreedHeap()
                return
            }
            streamed.end(.refusal, Array(Self.refusal(Self.stuckReason(script, timeout)).utf8))
            guard let self else { return }
            self.lock.withLock {
                self.stuckRuns.append(thread)
                if self.current === streamed { self.current = nil }
            }
        }
    }

    /// When a run still going is taken as stuck: a second past `timeout` (never, without one).
    private static func hardDeadline(_ timeout: Double) -> DispatchTime {
        timeout > 0 && timeout.isFinite ? .now() + min(timeout + 1, 1e9) : .distantFuture
    }

    /// The answer for a run stuck past its hard deadline.
    private static func stuckReason(_ script: String, _ timeout: Double) -> String {
        "\(script): timed out after \(NumberFormat.human(timeout)) s of wall-clock time, stuck where no check reaches (C code such as a pattern match; raise it with --timeout)"
    }

    /// Runs still going past their hard deadline, left behind (they cannot be unwound).
    private var stuckRuns: [WorkerThread] = []
    static let maximumStuckRuns = 2

    /// A studio run that could not be answered with a result.
    struct StudioError: Error, CustomStringConvertible { var description: String }

    /// Writes `values` (validated by a run) as the params file, atomically; returns its path.
    func save(_ values: [(name: String, value: String)]) throws -> String {
        let run = try self.run(values)
        let text = SavedParameters.text(tool: "studio", script: configuration.script,
                                        values: run.parameters.declarations.map { ($0.name, $0.value) })
        if configuration.confinesSave { try AtomicFile.requireInside(configuration.savePath, root: ".", what: "saved parameters") }
        try AtomicFile.write(text, to: configuration.savePath)
        return configuration.savePath
    }

    private func sessionJSON() -> String {
        let run = lock.withLock { lastGood }
        return "{\"script\":\(JSONText.quoted(configuration.script)),\"savePath\":\(JSONText.quoted(configuration.savePath)),\"run\":\(PlayerData.json(run))}"
    }

    /// A re-run's answer in one body (docs/studio.md, "Run data"): UInt32 (little-endian) n,
    /// n bytes of `PlayerData` JSON without the cells, zeros to a multiple of 4, then the
    /// cells as `PlayerData.binary` lays them out.
    /// - Complexity: O(frames × cells + trace rows).
    static func runBytes(_ run: ScriptRun) -> [UInt8] {
        let (json, cells) = PlayerData.binary(run)
        let text = Array(json.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(4 + text.count + 3 + cells.count)
        withUnsafeBytes(of: UInt32(text.count).littleEndian) { out.append(contentsOf: $0) }
        out.append(contentsOf: text)
        out.append(contentsOf: [UInt8](repeating: 0, count: (4 - text.count % 4) % 4))
        out.append(contentsOf: cells)
        return out
    }

    private func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: text)
    }

    // MARK: Live runs (direct manipulation)

    /// The live run the page drives, if any (one at a time: a new one ends the old).
    private var live: LiveSession?
    private var liveCount = 0

    /// The script file (modification time and size) last found to make no gesture a hand can
    /// drive: further live starts answer at once instead of running the whole script again.
    private var undriveable: (stamp: String, error: String)?

    private func scriptStamp() -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: configuration.script)
        return "\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) \((attributes?[.size] as? NSNumber)?.intValue ?? -1)"
    }

    private func liveStart(_ values: [(name: String, value: String)]) -> HTTPResponse {
        live?.stop()
        live = nil
        liveCount += 1
        let stamp = scriptStamp()
        if let undriveable, undriveable.stamp == stamp {
            return json("{\"ok\":false,\"driveable\":false,\"error\":\(JSONText.quoted(undriveable.error))}")
        }
        do {
            let session = try LiveSession(id: liveCount, script: configuration.script, options: configuration.options, values: values)
            live = session
            let info = try session.waitUntilReady()
            return json("{\"ok\":true,\"id\":\(session.id),\"kind\":\(JSONText.quoted(info.kind)),\"viewport\":[\(NumberFormat.shortest(info.viewport.x)),\(NumberFormat.shortest(info.viewport.y))],\"edgeInset\":\(NumberFormat.shortest(info.edgeInset))}")
        } catch {
            live?.stop()
            live = nil
            var driveable = true
            if case LiveSession.LiveError.notDriveable = error {
                driveable = false
                undriveable = (stamp, Self.describe(error))
            }
            return json("{\"ok\":false,\"driveable\":\(driveable),\"error\":\(JSONText.quoted(Self.describe(error)))}")
        }
    }

    /// Ends the live run and keeps it as a test: the gesture file `DIR/NAME.gesture-K.lua` beside
    /// the script (K the first free number) and its golden `DIR/__traces__/NAME.gesture-K.csv`,
    /// the live run's trace, byte for byte what `simrun SCRIPT --gesture FILE` writes.
    private func liveSave(_ id: String?) -> HTTPResponse {
        guard let session = live, id == String(session.id) else { return json("{\"ok\":false,\"error\":\"no such live run (start one)\"}", status: 409) }
        live = nil
        do {
            guard let outcome = session.stop() else { throw StudioError(description: "the live run did not end") }
            let run = try outcome.get()
            guard var trace = run.trace else { throw StudioError(description: "\(configuration.script) returns no trace to keep") }
            let script = configuration.script
            let folder = (script as NSString).deletingLastPathComponent
            let stem = ((script as NSString).lastPathComponent as NSString).deletingPathExtension
            let prefix = folder.isEmpty ? "" : folder + "/"
            var k = 1
            while FileManager.default.fileExists(atPath: "\(prefix)\(stem).gesture-\(k).lua") { k += 1 }
            let gesture = "\(prefix)\(stem).gesture-\(k).lua"
            let golden = "\(prefix)__traces__/\(stem).gesture-\(k).csv"
            trace.setMetadata("gesture", "\(stem).gesture-\(k).lua")
            let text = GestureFile.text(steps: session.drive.played, script: (script as NSString).lastPathComponent, scriptPath: script,
                                        gesturePath: gesture, params: run.parameters.headerText)
            let root = folder.isEmpty ? "." : folder
            try AtomicFile.requireInside(gesture, root: root, what: "gesture file")
            try AtomicFile.requireInside(golden, root: root, what: "golden")
            let bytes = TraceCSV.bytes(trace)
            try AtomicFile.write(text, to: gesture)
            try AtomicFile.write(bytes, to: golden)
            return json("{\"ok\":true,\"gesture\":\(JSONText.quoted(gesture)),\"golden\":\(JSONText.quoted(golden)),\"rows\":\(trace.rowCount),\"hash\":\(JSONText.quoted(DeterminismHash.hex(DeterminismHash.of(csv: bytes))))}")
        } catch {
            return json(Self.refusal(Self.describe(error)))
        }
    }

    /// `{"ok":false,"error":REASON}`: how the page is told a request failed.
    static func refusal(_ reason: String) -> String { "{\"ok\":false,\"error\":\(JSONText.quoted(reason))}" }

    /// The one-line reason simrun would print (with a script's traceback below it).
    static func describe(_ error: Error) -> String {
        if let error = error as? ScriptError { return error.traceback.isEmpty ? error.message : error.message + "\n" + error.traceback }
        if let error = error as? ParameterError { return error.description }
        return "\(error)"
    }
}
