import Foundation
import SpringKitSim
import SpringKitTools

/// `simrun sweep SCRIPT --param NAME=START:STOP:STEP... [--metric NAME] [--jobs N]`
enum SweepCommand {
    static let help = """
    usage: simrun sweep SCRIPT --param NAME=START:STOP:STEP... [options]

    Runs the script at every point of the grid (in parallel), prints a table sorted by the
    metric, and writes the table as CSV and an SVG heatmap. A --param without ':' is a fixed
    override for every point. At most 100000 values per parameter and 1000000 points.

    options:
      --metric NAME    the springkit.metric to sort by (default: the script's first metric;
                       case, spaces and '_' do not matter: settle_time = "settle time")
      --jobs N         parallel runs, 1 to 1024 (default: the number of cores; never more
                       than the grid's points)
      --csv FILE       default out/NAME-sweep.csv
      --svg FILE       default out/NAME-sweep.svg (one or two swept parameters)
      --descending     sort largest first
      --shard i/n      run only block i of n of the grid (1 ≤ i ≤ n; no SVG); join with 'simrun merge'
    \(ScriptOptionFlags.help)
    """

    /// The most `--jobs` a sweep accepts.
    static let maximumJobs = 1024

    /// The flags of one `simrun sweep`: the script's options, the swept axes, the outputs.
    private struct Invocation {
        var options = ScriptOptionFlags.defaults()
        var axes: [Sweep.Axis] = []
        var metricName: String?
        var jobs = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), maximumJobs)
        var csvPath: String?, svgPath: String?
        var descending = false
        var shard: Shard?
        var positionals: [String] = []
    }

    /// Reads the flags (`--param NAME=START:STOP:STEP` is an axis); nil when it printed the help.
    private static func parse(_ arguments: [String]) throws -> Invocation? {
        var args = CommandLineArguments(arguments, command: "sweep")
        var i = Invocation()
        let read = try args.parse([
            .once("--metric") { i.metricName = $0 },
            .once("--jobs") { i.jobs = try CommandLineArguments.integer($0, flag: "--jobs", in: 1...maximumJobs) },
            .once("--csv") { i.csvPath = $0 },
            .once("--svg") { i.svgPath = $0 },
            .toggle("--descending") { i.descending = true },
            .once("--shard") { i.shard = try Shard(parsing: $0) },
        ], help: help, oneScript: true) { flag, inline, args in
            if flag == "--param" {
                let value = try args.value(for: flag, inline: inline)
                if value.contains(":") { i.axes.append(try Sweep.Axis(parsing: value)) } else { try i.options.parameters.addOverride(value) }
                return true
            }
            return try ScriptOptionFlags.consume(flag, inline: inline, from: &args, into: &i.options)
        }
        guard let positionals = read else {
            print(help)
            return nil
        }
        i.positionals = positionals
        return i
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let invocation = try parse(arguments) else { return 0 }
        let options = invocation.options, axes = invocation.axes, metricName = invocation.metricName, jobs = invocation.jobs
        let csvPath = invocation.csvPath, svgPath = invocation.svgPath, descending = invocation.descending, shard = invocation.shard
        let positionals = invocation.positionals
        let script = positionals.first
        guard let script else { throw UsageError("sweep: no script given (see 'simrun help sweep')") }
        guard !axes.isEmpty else { throw UsageError("sweep: give at least one --param NAME=START:STOP:STEP") }
        try Sweep.validate(axes)
        if axes.count > 2, svgPath != nil { throw UsageError("sweep: --svg draws one or two swept parameters, not \(axes.count)") }
        // Validate the script and the parameter names once, before the grid.
        var probe = options
        probe.output = nil
        for axis in axes { probe.parameters.setOverride(axis.name, axis.values[0]) }
        let first = try ScriptRunner.run(path: script, options: probe)
        let metric = metricName ?? first.metrics.first?.name
        guard let metric else { throw UsageError("sweep: \(script) reports no springkit.metric to sort by") }

        let gridSize = Sweep.grid(axes).count
        let block = shard?.range(of: gridSize) ?? 0..<gridSize
        let total = block.count
        let start = DispatchTime.now().uptimeNanoseconds
        let terminal = isatty(2) != 0
        // Progress only on a terminal (one line, redrawn): redirected, stderr holds nothing but
        // a failure's `simrun: …` reason.
        let points = Sweep.run(script: script, axes: axes, base: options, jobs: jobs, only: block) { done, total in
            if terminal { StandardError.write("\rsweep: \(done)/\(total) points") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if terminal { StandardError.write("\n") }
        let values = Sweep.metricValues(points, named: metric)
        guard values.contains(where: { $0 != nil }) || (shard != nil && points.allSatisfy { $0.failure == nil }) else {
            let seen = Set(points.flatMap { $0.metrics.map(\.name) }).sorted()
            throw UsageError("sweep: no point reports a metric '\(metric)' (reported: \(seen.joined(separator: ", ")))")
        }

        let order = Sweep.ranking(values, descending: descending)
        let header = axes.map(\.name) + [Sweep.normalized(metric)]
        let rows = order.map { SweepTable.Row(values: points[$0].values, metric: values[$0], failure: points[$0].failure) }
        let (table, csv) = SweepTable.render(header: header, rows: rows)
        table.forEach { print($0) }
        let name = URL(fileURLWithPath: script).deletingPathExtension().lastPathComponent
        let failed = points.filter { $0.failure != nil }
        if let first = failed.first {
            // A sweep with a failed point is a failed run: the table above shows every point, nothing is written.
            let at = zip(axes, first.values).map { "\($0.name)=\(NumberFormat.shortest($1))" }.joined(separator: " ")
            throw UsageError("sweep: \(failed.count) of \(total) points failed, nothing written; the first, at \(at): \(TextLines.singleLine(first.failure ?? ""))")
        }
        let outputs = AtomicFile.Batch()
        let written = try write(csv: csv, values: values, name: name, axes: axes, metric: metric, shard: shard,
                                csvPath: csvPath, svgPath: svgPath, into: outputs)
        try outputs.commit()
        print("\(total) points\(shard.map { " (shard \($0.text) of \(gridSize))" } ?? "") in \(NumberFormat.fixed(seconds, 2)) s with \(min(jobs, total)) jobs; wrote \(written.joined(separator: ", "))")
        return 0
    }

    /// Adds the sweep's CSV (`out/NAME-sweep.csv` unless given) and, for one or two axes and no
    /// shard, its heatmap SVG to `outputs`; returns their paths.
    private static func write(csv: String, values: [Double?], name: String, axes: [Sweep.Axis], metric: String, shard: Shard?,
                              csvPath: String?, svgPath: String?, into outputs: AtomicFile.Batch) throws -> [String] {
        let csvOut = csvPath ?? "out/\(name)-sweep.csv"
        if csvPath == nil { try AtomicFile.requireInside(csvOut, root: ".", what: "sweep CSV") }
        // A shard's CSV says which shard it is, so merge can tell a missing one.
        try outputs.add((shard.map { SweepTable.shardLine($0) + "\n" } ?? "") + csv, to: csvOut)
        var written = [csvOut]
        if axes.count <= 2 && shard == nil {
            let svgOut = svgPath ?? "out/\(name)-sweep.svg"
            if svgPath == nil { try AtomicFile.requireInside(svgOut, root: ".", what: "sweep SVG") }
            let x = axes[0], y = axes.count > 1 ? axes[1] : nil
            let svg = SVGHeatmap.render(xName: x.name, xValues: x.values, yName: y?.name, yValues: y?.values ?? [],
                                        metricName: metric) { c, r in
                let index = y == nil ? c : c * y!.values.count + r
                return values[index]
            }
            try outputs.add(svg, to: svgOut)
            written.append(svgOut)
        }
        return written
    }
}
