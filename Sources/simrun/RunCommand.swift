import Foundation
import SpringKitSim

/// `simrun SCRIPT [options]`: runs a scenario, prints its summary and writes its trace and report.
enum RunCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var args = CommandLineArguments(arguments, command: "simrun")
        var options = ScriptOptionFlags.defaults()
        var tracePath: String?
        var reportPath: String?
        var imagesDirectory: String?
        var quiet = false
        var listParams = false
        var jsonLines = false
        var gesturePath: String?
        let read = try args.parse([
            .once("--trace") { tracePath = $0 },
            .once("--report") { reportPath = $0 },
            .once("--images") { imagesDirectory = $0 },
            .once("--gesture") { gesturePath = $0 },
            .toggle("--jsonl") { jsonLines = true },
            .toggle("--quiet", "-q") { quiet = true },
            .toggle("--list-params") { listParams = true },
        ], help: Usage.runOptions, oneScript: true) { flag, inline, args in
            try ScriptOptionFlags.consume(flag, inline: inline, from: &args, into: &options)
        }
        guard let positionals = read else {
            print(Usage.main)
            return 0
        }
        let script = positionals.first
        guard let script else { throw UsageError("no script given (usage: simrun SCRIPT [options]; see 'simrun --help')") }
        options.output = (quiet || listParams) ? nil : { print($0) }
        if let gesturePath {
            // The recorded gesture replaces the script's own from its first gesture call (GestureDrive).
            options.gesture = GestureDrive(steps: try GestureFile.read(gesturePath, limits: options.limits))
            options.gestureName = GestureFile.stem(gesturePath) + ".lua"
        }

        let run = try ScriptRunner.run(path: script, options: options)
        if listParams {
            print(ParameterListing.text(run.parameters.declarations, presets: run.parameters.presets))
            return 0
        }
        // Everything that can fail is checked before the first byte is written: a failed run writes nothing.
        if run.trace == nil, tracePath != nil { throw UsageError("\(script) returned no trace, so --trace has nothing to write") }
        if run.report == nil, reportPath != nil { throw UsageError("\(script) returned no report, so --report has nothing to write") }
        if run.images.isEmpty, imagesDirectory != nil { throw UsageError("\(script) returned no images, so --images has nothing to write") }
        let name = URL(fileURLWithPath: script).deletingPathExtension().lastPathComponent
        let outputs = AtomicFile.Batch()
        let written = try addOutputs(run, name: name, tracePath: tracePath, jsonLines: jsonLines, reportPath: reportPath,
                                     imagesDirectory: imagesDirectory, to: outputs)
        if !quiet {
            for metric in run.metrics {
                print("\(metric.name): \(NumberFormat.human(metric.value))\(metric.unit.isEmpty ? "" : " " + metric.unit)")
            }
        }
        try outputs.commit()
        if !quiet { written.forEach { print($0) } }
        return 0
    }

    /// Adds the run's trace (CSV or JSON lines), report and images to `outputs`, each at its given
    /// path or under out/ (which must stay inside the current folder); returns a line for each.
    private static func addOutputs(_ run: ScriptRun, name: String, tracePath: String?, jsonLines: Bool, reportPath: String?,
                                   imagesDirectory: String?, to outputs: AtomicFile.Batch) throws -> [String] {
        var written: [String] = []
        if let trace = run.trace {
            let path = tracePath ?? "out/\(name).\(jsonLines ? "jsonl" : "csv")"
            if tracePath == nil { try AtomicFile.requireInside(path, root: ".", what: "trace") }
            let csv = TraceCSV.bytes(trace)
            try outputs.add(jsonLines ? TraceCSV.jsonLinesBytes(trace) : csv, to: path)
            written.append("trace: \(path) (\(trace.rowCount) rows, hash \(DeterminismHash.hex(DeterminismHash.of(csv: csv))))")
        }
        if let report = run.report {
            let path = reportPath ?? "out/\(name).html"
            if reportPath == nil { try AtomicFile.requireInside(path, root: ".", what: "report") }
            try outputs.add(HTMLReport.bytes(report), to: path)
            written.append("report: \(path) (\(report.frames.count) frames)")
        }
        for (k, svg) in run.images.enumerated() {
            let path = "\(imagesDirectory ?? "out")/\(name)-\(k + 1).svg"
            if imagesDirectory == nil { try AtomicFile.requireInside(path, root: ".", what: "image") }
            try outputs.add(svg, to: path)
            written.append("image: \(path)")
        }
        return written
    }
}

/// The `--list-params` table.
enum ParameterListing {
    static func text(_ declarations: [ParameterDeclaration], presets: [PresetDeclaration] = []) -> String {
        guard !declarations.isEmpty else { return "(the script declares no parameters)" }
        return parameterTable(declarations) + presetTable(presets)
    }

    /// `presets (pick with --preset NAME):` and one line per preset; empty when there are none.
    private static func presetTable(_ presets: [PresetDeclaration]) -> String {
        guard !presets.isEmpty else { return "" }
        let width = presets.map(\.name.count).max()! + 2
        let lines = presets.map { p in
            "  " + p.name + String(repeating: " ", count: width - p.name.count) + p.valuesText + (p.doc.isEmpty ? "" : "  (\(p.doc))")
        }
        return "\n\npresets (pick with --preset NAME):\n" + lines.joined(separator: "\n")
    }

    private static func parameterTable(_ declarations: [ParameterDeclaration]) -> String {
        var lines = ["NAME        DEFAULT   MIN       MAX       STEP      UNIT  DOC"]
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
        for d in declarations {
            let cells = [d.name, NumberFormat.shortest(d.defaultValue), d.minimum.map(NumberFormat.shortest) ?? "-",
                         d.maximum.map(NumberFormat.shortest) ?? "-", d.step.map(NumberFormat.shortest) ?? "-",
                         d.unit.isEmpty ? "-" : d.unit]
            lines.append(zip(cells, [12, 10, 10, 10, 10, 6]).map { pad($0, $1) }.joined() + d.doc)
        }
        return lines.joined(separator: "\n")
    }
}
