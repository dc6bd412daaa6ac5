import Foundation
import SpringKitSim
import StudioServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `simrun studio SCRIPT [--port N] [--no-open] [--save FILE] [script options]` (`--preset NAME` is a script option).
enum StudioCommand {
    static let help = """
    usage: simrun studio SCRIPT [--port N] [--no-open] [--save FILE] [script options]

    A local web page for the script: every declared parameter as a slider and a number field,
    the script's presets, and on each change the scenario re-runs in the engine (the same run as
    'simrun SCRIPT --param …') and replays at once: real time or slow motion, scrub, loop, the
    finger, the previous run as a ghost, plots with units and the gesture steps, readouts of
    any item, and copy-ready code (UIKit, SwiftUI, Core Animation, Android, react-spring,
    Framer Motion). The first line printed is the URL (with a per-run token); the default
    browser opens it unless --no-open. Serves 127.0.0.1 only; Ctrl-C stops it.
      --port N         listen on port N (default: a free port)
      --no-open        do not open a browser
      --save FILE      where "save params" writes (default: out/NAME.params, as simrun tune)
    \(ScriptOptionFlags.help)
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        var args = CommandLineArguments(arguments, command: "studio")
        // The limits of plain runs: --timeout (default 60 s) for every run; a first run stuck
        // where no check reaches ends the command with exit 2, later ones are answered with
        // the reason (Studio.run).
        var options = ScriptOptionFlags.defaults()
        var port: UInt16 = 0
        var open = true
        var savePath: String?
        let read = try args.parse([
            .value("--port") { text in
                guard let value = UInt16(text) else { throw UsageError("studio: --port: '\(text)' is not a port number (0…65535)") }
                port = value
            },
            .bare("--no-open") { open = false },
            .once("--save") { savePath = $0 },
        ], help: help, oneScript: true) { flag, inline, args in
            try ScriptOptionFlags.consume(flag, inline: inline, from: &args, into: &options)
        }
        guard let positionals = read else {
            print(help)
            return 0
        }
        let script = positionals.first
        guard let script else { throw UsageError("studio: no script given (see 'simrun help studio')") }
        let studio = try Studio(configuration: Studio.Configuration(script: script, options: options, savePath: savePath))
        let save = studio.configuration.savePath

        // Signals are taken by sigwait below; block them before the server's thread starts.
        var signals = blockStopSignals()

        let token = randomToken()
        // The guard needs the bound port, known once the server listens; until then every
        // request is refused (port 0 matches no Host).
        let requestGuard = GuardBox(StudioRequestGuard(token: token, port: 0))
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer(port: port, contentSecurityPolicy: PlayerPage.studioPolicy + "; frame-ancestors 'none'") { request in
                requestGuard.value.refusal(for: request) ?? studio.handle(request)
            }
        } catch let error as LoopbackHTTPServer.StartError {
            throw UsageError("studio: \(error.description)")
        }
        requestGuard.value = StudioRequestGuard(token: token, port: server.port)
        let address = "http://127.0.0.1:\(server.port)/?token=\(token)"
        print(address)
        print("studio: \(script) on \(server.address):\(server.port); params save to \(save); Ctrl-C stops")
        fflush(stdout)
        if open { openBrowser(address) }

        var received: Int32 = 0
        sigwait(&signals, &received)
        stop(server)
        return 0
    }

    /// Blocks SIGINT, SIGTERM and SIGHUP in this thread (and the threads it starts) and returns them.
    private static func blockStopSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        return signals
    }

    /// Stops the server. Stopping waits for the request being served; a run stuck in C never
    /// ends, so the wait is bounded and the process leaves without it.
    private static func stop(_ server: LoopbackHTTPServer) {
        let stopped = DispatchSemaphore(value: 0)
        let stopper = WorkerThread { server.stop(); stopped.signal() }
        if stopper == nil || stopped.wait(timeout: .now() + 3) != .success {
            print("studio: stopped (a script run still going was abandoned)")
            fflush(stdout)
            _exit(0)
        }
        print("studio: stopped")
    }

    /// 128 random bits from the system's generator, as hex.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }

    /// Opens `address` in the default browser (xdg-open, or `open` on macOS); a missing
    /// opener is reported, not fatal.
    static func openBrowser(_ address: String) {
        #if os(macOS)
        let opener: String? = "/usr/bin/open"
        #else
        let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open", "/bin/xdg-open"].first { FileManager.default.isExecutableFile(atPath: $0) }
        #endif
        guard let opener, FileManager.default.isExecutableFile(atPath: opener) else {
            StandardError.write("studio: no xdg-open to start a browser: open the URL above yourself (or pass --no-open)\n")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            StandardError.write("studio: could not start \(opener): open the URL above yourself\n")
        }
    }
}

/// The request guard, read by the server's thread and set once by the main thread.
final class GuardBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: StudioRequestGuard
    init(_ value: StudioRequestGuard) { stored = value }
    var value: StudioRequestGuard {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
