import CTerminal
import Foundation
import SpringKitSim
import SpringKitTools

/// `simrun tune SCRIPT [--save FILE] [script options]`: the full-screen tuner.
enum TuneCommand {
    static let help = """
    usage: simrun tune SCRIPT [--save FILE] [script options]

    A full-screen terminal tuner: a live preview of the scenario, a plot of the watched value,
    the script's parameters (change each by its declared step) and readouts (settle time,
    overshoot, peak, oscillations) that update on every change. Keys: ↑↓ select, ←→ change,
    r replay, c compare with the last saved run, s save (out/NAME.params, for --params),
    e export (out/NAME-spring.swift), w watch another value, ? help, q quit.
    Needs a terminal; the terminal is restored on every exit (q, Ctrl-C, errors, signals).
      --save FILE            where s saves the parameters (default: out/NAME.params, as the studio)
    \(ScriptOptionFlags.help)
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        var args = CommandLineArguments(arguments, command: "tune")
        var options = ScriptOptionFlags.defaults()
        var savePath: String?
        let read = try args.parse([.once("--save") { savePath = $0 }], help: help, oneScript: true) { flag, inline, args in
            try ScriptOptionFlags.consume(flag, inline: inline, from: &args, into: &options)
        }
        guard let positionals = read else {
            print(help)
            return 0
        }
        let script = positionals.first
        guard let script else { throw UsageError("tune: no script given (see 'simrun help tune')") }
        guard skt_is_interactive() != 0 else {
            throw UsageError("tune needs a terminal: run it in an interactive shell (standard input and output must be a TTY)")
        }
        options.output = nil
        let first = try ScriptRunner.run(path: script, options: options)
        guard !first.parameters.declarations.isEmpty else {
            throw UsageError("tune: \(script) declares no parameters (springkit.param) to tune")
        }
        var state = TuneState(script: script, declarations: first.parameters.declarations,
                              run: TuneState.Run(first, values: first.parameters.declarations.map(\.value)), savePath: savePath)

        guard skt_enter() == 0 else { throw UsageError("tune: cannot put the terminal in raw mode") }
        defer { skt_restore() }
        var size = windowSize()
        var dirty = true
        var buffer = [UInt8](repeating: 0, count: 64)
        var lastFrame = DispatchTime.now().uptimeNanoseconds
        while true {
            if skt_take_resized() != 0 {
                size = windowSize()
                dirty = true
            }
            let n = Int(skt_read(&buffer, Int32(buffer.count), 16))
            if n < 0 { return 0 }
            var keys = Array(buffer.prefix(n))
            while !keys.isEmpty {
                switch state.press(TuneKeys.decode(&keys)) {
                case .ignore: continue
                case .quit(let status): return status
                case .redraw: break
                case .rerun: rerun(&state, script: script, options: options)
                case .save: save(&state, script: script, chosenPath: savePath != nil)
                case .export: export(&state)
                }
                dirty = true
            }
            if advancePlayback(&state, lastFrame: &lastFrame) { dirty = true }
            if dirty {
                let lines = TuneScreen.render(state, columns: size.columns, rows: size.rows)
                let text = "\u{1B}[H" + lines.joined(separator: "\r\n")
                text.utf8CString.withUnsafeBufferPointer { skt_write($0.baseAddress, $0.count - 1) }
                dirty = false
            }
        }
    }

    /// `s`: saves the parameters (inside the current folder unless --save chose the path).
    private static func save(_ state: inout TuneState, script: String, chosenPath: Bool) {
        let path = state.savePath
        do {
            if !chosenPath { try AtomicFile.requireInside(path, root: ".", what: "saved parameters") }
            try AtomicFile.write(state.paramsFileText, to: path)
            state.saved = state.run
            state.message = "saved \(path) (use: simrun \(script) --params \(path))"
        } catch {
            state.message = "cannot save: \(error)"
        }
    }

    /// `e`: writes the export (out/NAME-spring.swift).
    private static func export(_ state: inout TuneState) {
        let path = state.exportPath
        do {
            try AtomicFile.requireInside(path, root: ".", what: "export")
            try AtomicFile.write(state.exportText ?? "", to: path)
            state.message = "exported \(path)"
        } catch {
            state.message = "cannot export: \(error)"
        }
    }

    /// Playback at 60 frames per wall second: whether a new frame is due to be drawn.
    private static func advancePlayback(_ state: inout TuneState, lastFrame: inout UInt64) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        let frames = state.run.report?.frames.count ?? state.run.times.count
        guard now - lastFrame >= 16_666_667 else { return false }
        lastFrame = now
        guard state.playbackFrame < frames - 1 else { return false }
        state.playbackFrame += 1
        return true
    }

    /// Runs the script at the state's values; keeps the last good run on errors.
    static func rerun(_ state: inout TuneState, script: String, options: ScriptOptions) {
        var options = options
        for (d, value) in zip(state.declarations, state.values) { options.parameters.setOverride(d.name, value) }
        do {
            let run = try ScriptRunner.run(path: script, options: options)
            state.run = TuneState.Run(run, values: state.values)
            state.playbackFrame = 0
            state.message = "\(state.declarations[state.selected].name) = \(NumberFormat.human(state.values[state.selected], decimals: 6))"
        } catch {
            // Keep the last good run and its values; say why the new ones failed.
            let d = state.declarations[state.selected]
            let tried = NumberFormat.human(state.values[state.selected], decimals: 6)
            state.values = state.run.values
            state.message = TextLines.singleLine("\(d.name) = \(tried) failed (kept \(NumberFormat.human(state.values[state.selected], decimals: 6))): \(error)")
        }
    }

    static func windowSize() -> (rows: Int, columns: Int) {
        var rows: Int32 = 0, columns: Int32 = 0
        if skt_window_size(&rows, &columns) != 0 { return (24, 80) }
        return (Int(rows), Int(columns))
    }
}
