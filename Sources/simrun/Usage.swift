import SpringKitSim

/// Help texts.
enum Usage {
    static let main = """
    simrun \(SpringKitSim.version) — deterministic UIKit Dynamics-style spring scenarios, scripted in Lua

    usage:
      simrun SCRIPT [options]          run a scenario; print its summary, write its trace and report
      simrun check [PATH]... [options] compare scripts' traces with their goldens (regression tests)
      simrun tune SCRIPT [options]     full-screen tuner: preview, plot, parameters, readouts
      simrun studio SCRIPT [--port N] [--no-open] [options]
                                       local web page: sliders, live replay, plots, readouts, export
      simrun sweep SCRIPT --param NAME=START:STOP:STEP... [--metric NAME] [--jobs N]
                                       run a parameter grid in parallel; table, CSV, SVG heatmap
      simrun merge FILE... [options]   join shards' JUnit files (check --shard) or CSVs (sweep --shard)
      simrun convert FROM KEY=VALUE... print a spring in every convention (UIKit, SwiftUI, CA, Rebound, …)
      simrun bench [SECTION]...        print speed and memory figures (release build)
      simrun --help | --version

    \(runOptions)

    exit status: 0 success, 1 a check found differences, 2 bad input (usage, script error,
    invalid parameter, unreadable file) with a one-line reason on stderr.
    'simrun help run', 'simrun help check', 'simrun help tune', 'simrun help studio', 'simrun help sweep', 'simrun help merge', 'simrun help convert', 'simrun help bench' for those commands.
    docs: docs/cli.md, docs/lua-api.md, docs/tutorial.md, docs/effects.md, docs/physics.md, docs/traces.md,
      docs/ci.md, docs/studio.md, docs/tuning.md, docs/rubbermenu.md, docs/dotart.md, docs/gallery.md,
      docs/architecture.md, docs/adding-a-scenario.md, docs/fields.md
    """

    /// The options of `simrun SCRIPT` (also `simrun help run`).
    static let runOptions = """
    run options:
      --trace FILE           where the trace goes (default out/NAME.csv when the script returns one)
      --jsonl                write the trace as JSON Lines instead of CSV
      --report FILE          where the HTML report goes (default out/NAME.html when the script returns one)
      --images DIR           where returned SVG images go (default out/, as NAME-1.svg, NAME-2.svg, …)
      --quiet, -q            print nothing but errors
      --list-params          list the script's parameters (defaults, ranges, docs) and exit
      --gesture FILE         replay a recorded gesture (a gesture file simrun studio saves) in place of
                             the script's own gestures, from its first one on
    \(ScriptOptionFlags.help)
    """

    static let topics = ["run", "check", "tune", "studio", "sweep", "merge", "convert", "bench"]

    static func topic(_ name: String) -> String? {
        switch name {
        case "run": return "usage: simrun SCRIPT [options]\n\nRuns a scenario script: prints its summary, writes its trace and report.\n\n" + runOptions
        case "check": return CheckCommand.help
        case "bench": return BenchCommand.help
        case "convert": return ConvertCommand.help
        case "sweep": return SweepCommand.help
        case "merge": return MergeCommand.help
        case "tune": return TuneCommand.help
        case "studio": return StudioCommand.help
        default: return nil
        }
    }
}
