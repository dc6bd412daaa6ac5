/// The tuner's keys: decoding a terminal's bytes and what each key does to a `TuneState`.
/// The state changes here; what touches the outside (re-running the script, writing a file,
/// quitting) comes back as a `TuneState.Action` for the command to carry out.
package enum TuneKeys {
    /// Takes one key from the front of `bytes` (not empty): arrows arrive as ESC [ A…D (or
    /// ESC O A…D), Ctrl-C as byte 3, anything else as its character.
    /// - Complexity: O(`bytes.count`) (it removes from the front).
    package static func decode(_ bytes: inout [UInt8]) -> String {
        let first = bytes.removeFirst()
        if first == 0x1B, bytes.count >= 2, bytes[0] == UInt8(ascii: "[") || bytes[0] == UInt8(ascii: "O") {
            let code = bytes[1]
            bytes.removeFirst(2)
            switch code {
            case UInt8(ascii: "A"): return "up"
            case UInt8(ascii: "B"): return "down"
            case UInt8(ascii: "C"): return "right"
            case UInt8(ascii: "D"): return "left"
            default: return "escape"
            }
        }
        if first == 0x03 { return "ctrl-c" }
        return String(UnicodeScalar(first))
    }
}

extension TuneState {
    /// What a key asks of the command after the state has changed.
    package enum Action: Equatable {
        /// Nothing changed (an unknown key).
        case ignore
        /// Redraw the screen.
        case redraw
        /// Run the script again at `values`, then redraw.
        case rerun
        /// Write `paramsFileText` (then set `saved`), then redraw.
        case save
        /// Write `exportText`, then redraw.
        case export
        /// Leave with this exit status.
        case quit(Int32)
    }

    /// Applies `key` (as `TuneKeys.decode` names it); any key closes the help screen.
    package mutating func press(_ key: String) -> Action {
        if showHelp {
            showHelp = false
            return .redraw
        }
        switch key {
        case "q": return .quit(0)
        case "ctrl-c": return .quit(130)
        case "up", "k": selected = max(0, selected - 1)
        case "down", "j": selected = min(declarations.count - 1, selected + 1)
        case "left", "h", "-": return nudge(-1) ? .rerun : .redraw
        case "right", "l", "+", "=": return nudge(1) ? .rerun : .redraw
        case "r":
            playbackFrame = 0
            message = "replaying"
        case "c":
            comparing.toggle()
            message = saved == nil ? "nothing saved yet: press s to save a run to compare with"
                : (comparing ? "comparing with the saved run (dotted)" : "comparison off")
        case "s": return .save
        case "e":
            guard exportText != nil else {
                message = "export needs parameters named damping and frequency"
                return .redraw
            }
            return .export
        case "w": watched = (watched + 1) % max(run.series.count, 1)
        case "?": showHelp = true
        default: return .ignore
        }
        return .redraw
    }
}
