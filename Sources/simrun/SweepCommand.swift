import Foundation
import SpringKitSim

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
    \(ScriptOptionFlags.help)
    """

    /// The most `--jobs` a sweep accepts.
    static let maximumJobs = 1024

    static func run(_ arguments: [String]) throws -> Int32 {
        var args = CommandLineArguments(arguments, command: "sweep")
        var options = ScriptOptions()
        var axes: [Sweep.Axis] = []
        var script: String?
        var metricName: String?
        var jobs = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), maximumJobs)
        var jobsText: String?
        var csvPath: String?, svgPath: String?
        var descending = false
        while let argument = args.next() {
            let (flag, inline) = CommandLineArguments.split(argument)
            if flag == "--param" {
                let value = try args.value(for: flag, inline: inline)
                if value.contains(":") { axes.append(try Sweep.Axis(parsing: value)) } else { try options.parameters.addOverride(value) }
                continue
            }
            if try ScriptOptionFlags.consume(flag, inline: inline, from: &args, into: &options) { continue }
            switch flag {
            case "--metric": metricName = try args.singleValue(for: flag, inline: inline, current: metricName)
            case "--jobs":
                jobsText = try args.singleValue(for: flag, inline: inline, current: jobsText)
                jobs = try CommandLineArguments.integer(jobsText!, flag: flag, in: 1...maximumJobs)
            case "--csv": csvPath = try args.singleValue(for: flag, inline: inline, current: csvPath)
            case "--svg": svgPath = try args.singleValue(for: flag, inline: inline, current: svgPath)
            case "--descending":
                try args.checkSwitch(flag, inline: inline)
                descending = true
            case "--help", "-h":
                print(help)
                return 0
            default:
                if flag.hasPrefix("-") && flag.count > 1 { throw UsageError("sweep: unknown option '\(flag)' (see 'simrun help sweep')") }
                guard script == nil else { throw UsageError("sweep: one script at a time") }
                script = argument
            }
        }
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

        let total = Sweep.grid(axes).count
        let start = DispatchTime.now().uptimeNanoseconds
        let terminal = isatty(2) != 0
        let points = Sweep.run(script: script, axes: axes, base: options, jobs: jobs) { done, total in
            if terminal {
                FileHandle.standardError.write(Data("\rsweep: \(done)/\(total) points".utf8))
            } else if done == total || done % max(1, total / 10) == 0 {
                FileHandle.standardError.write(Data("sweep: \(done)/\(total) points\n".utf8))
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
        let values = Sweep.metricValues(points, named: metric)
        guard values.contains(where: { $0 != nil }) else {
            let seen = Set(points.flatMap { $0.metrics.map(\.name) }).sorted()
            throw UsageError("sweep: no point reports a metric '\(metric)' (reported: \(seen.joined(separator: ", ")))")
        }

        let order = Sweep.ranking(values, descending: descending)
        let header = axes.map(\.name) + [Sweep.normalized(metric)]
        print(header.map { $0.padding(toLength: max(12, $0.count + 2), withPad: " ", startingAt: 0) }.joined())
        var csv = header.joined(separator: ",") + "\n"
        for k in order {
            let point = points[k]
            let value = values[k]
            var shown = "-"
            if let value { shown = NumberFormat.human(value) } else if let failure = point.failure { shown = "error: " + TextLines.singleLine(failure) }
            let cells: [String] = point.values.map { NumberFormat.human($0, decimals: 6) } + [shown]
            // Pad to the column, never cut: the last cell (an error's reason) is shown whole.
            print(zip(cells, header).map { cell, name in
                cell.count >= max(12, name.count + 2) ? cell + " " : cell.padding(toLength: max(12, name.count + 2), withPad: " ", startingAt: 0)
            }.joined().trimmingCharacters(in: .whitespaces))
            csv += (point.values.map(NumberFormat.shortest) + [value.map(NumberFormat.shortest) ?? ""]).joined(separator: ",") + "\n"
        }
        let name = URL(fileURLWithPath: script).deletingPathExtension().lastPathComponent
        let failed = points.filter { $0.failure != nil }
        if let first = failed.first {
            // A sweep with a failed point is a failed run: the table above shows every point, nothing is written.
            let at = zip(axes, first.values).map { "\($0.name)=\(NumberFormat.shortest($1))" }.joined(separator: " ")
            throw UsageError("sweep: \(failed.count) of \(total) points failed, nothing written; the first, at \(at): \(TextLines.singleLine(first.failure ?? ""))")
        }
        let csvOut = csvPath ?? "out/\(name)-sweep.csv"
        let outputs = AtomicFile.Batch()
        try outputs.add(csv, to: csvOut)
        var written = [csvOut]
        if axes.count <= 2 {
            let svgOut = svgPath ?? "out/\(name)-sweep.svg"
            let x = axes[0], y = axes.count > 1 ? axes[1] : nil
            let svg = SVGHeatmap.render(xName: x.name, xValues: x.values, yName: y?.name, yValues: y?.values ?? [],
                                        metricName: metric) { c, r in
                let index = y == nil ? c : c * y!.values.count + r
                return values[index]
            }
            try outputs.add(svg, to: svgOut)
            written.append(svgOut)
        }
        try outputs.commit()
        print("\(total) points in \(NumberFormat.fixed(seconds, 2)) s with \(min(jobs, total)) jobs; wrote \(written.joined(separator: ", "))")
        return 0
    }
}
