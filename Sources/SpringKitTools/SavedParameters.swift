import Foundation
import SpringKitSupport

/// The params file that `simrun tune` (`s`) and `simrun studio` (*save params*) write and
/// `--params FILE` reads: one place for its default path and its text, so both tools agree.
package enum SavedParameters {
    /// Where a save goes unless the command line names a file (`--save FILE`):
    /// `out/NAME.params`, NAME being the script's file name without its extension, relative to
    /// the current directory — beside the trace, report and sweep files simrun writes, and out
    /// of the source tree (`out/` is git-ignored).
    package static func defaultPath(script: String) -> String {
        OutputFiles.defaultPath(script: script, ending: ".params")
    }

    /// The file's text: a comment naming the tool and the script (on one line whatever the
    /// path holds), then `NAME=VALUE` per
    /// parameter in declaration order, values in shortest round-trip form.
    /// - Complexity: O(n) in the number of parameters.
    package static func text(tool: String, script: String, values: [(name: String, value: Double)]) -> String {
        "# saved by simrun \(tool) for \(TextLines.singleLine(script))\n" + values.map { "\($0.name)=\(NumberFormat.shortest($0.value))\n" }.joined()
    }
}

/// Default paths of the files simrun's tools write for a script.
package enum OutputFiles {
    /// `out/NAME` + `ending`, NAME being the script's file name without its extension
    /// (`scripts/rubbermenu.lua`, `-spring.swift` → `out/rubbermenu-spring.swift`).
    package static func defaultPath(script: String, ending: String) -> String {
        "out/" + URL(fileURLWithPath: script).deletingPathExtension().lastPathComponent + ending
    }
}
