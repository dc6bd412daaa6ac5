import Foundation
import SpringKitSim
import SpringKitTools

/// `simrun merge FILE... [--junit OUT] [--csv OUT] [--descending]`: joins the outputs of
/// `simrun check --shard i/n --junit FILE` or `simrun sweep --shard i/n --csv FILE` into what
/// one run would have written and printed.
enum MergeCommand {
    static let help = """
    usage: simrun merge FILE... [options]

    Joins shards' outputs into exactly what one run would have written:
      JUnit files of 'simrun check --shard i/n --junit FILE' (every shard 1…n once, any order):
        prints the check's output and closing line, exits as the check would (0, 1 or 2);
      CSV files of 'simrun sweep --shard i/n --csv FILE': prints the ranked table.

    options:
      --junit FILE     write the merged JUnit file
      --csv FILE       write the merged sweep CSV
      --descending     the sweep ranked largest first (as its shards were)
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        var args = CommandLineArguments(arguments, command: "merge")
        var files: [String] = []
        var junitOut: String?, csvOut: String?
        var descending = false
        let read = try args.parse([
            .once("--junit") { junitOut = $0 },
            .once("--csv") { csvOut = $0 },
            .toggle("--descending") { descending = true },
        ], help: help)
        guard let positionals = read else {
            print(help)
            return 0
        }
        files = positionals
        guard !files.isEmpty else { throw UsageError("merge: no files given (see 'simrun help merge')") }
        var texts: [String] = []
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("merge: cannot read \(path)") }
            guard let text = String(data: data, encoding: .utf8) else { throw UsageError("merge: \(path) is not UTF-8 text") }
            texts.append(text)
        }
        let isJUnit = texts.map { $0.hasPrefix("<?xml") }
        if isJUnit.allSatisfy({ $0 }) {
            guard csvOut == nil else { throw UsageError("merge: --csv is for sweep CSV files; these are JUnit files") }
            return try mergeJUnit(zip(files, texts).map { ($0, $1) }, output: junitOut)
        }
        guard !isJUnit.contains(true) else { throw UsageError("merge: give either JUnit files (from check) or CSV files (from sweep), not both") }
        guard junitOut == nil else { throw UsageError("merge: --junit is for JUnit files; these are sweep CSV files") }
        return try mergeSweep(zip(files, texts).map { ($0, $1) }, output: csvOut, descending: descending)
    }

    private static func mergeJUnit(_ files: [(path: String, text: String)], output: String?) throws -> Int32 {
        var shards: [(shard: Shard?, parsed: JUnitReport.Parsed, path: String)] = []
        for (path, text) in files {
            let parsed: JUnitReport.Parsed
            do { parsed = try JUnitReport.parse(text, path: path) } catch { throw UsageError("merge: \(error)") }
            shards.append((try parsed.property("shard").map { try Shard(parsing: $0, flag: "merge: \(path): shard") }, parsed, path))
        }
        try checkShards(shards.map { ($0.shard, $0.path) })
        let ordered = shards.count == 1 && shards[0].shard == nil ? [shards[0].parsed]
            : shards.sorted { $0.shard!.index < $1.shard!.index }.map(\.parsed)
        return try finishJUnit(ordered, output: output)
    }

    private static func finishJUnit(_ shards: [JUnitReport.Parsed], output: String?) throws -> Int32 {
        let merged = JUnitReport.merge(shards)
        if let output { try AtomicFile.write(merged, to: output) }
        // The shards' output, each line with its control characters shown escaped (a shard file
        // is input: it could hold a terminal escape or a line break inside a line).
        let output = JUnitReport.unescape(shards.map(\.escapedSystemOut).joined())
        print(output.split(separator: "\n", omittingEmptySubsequences: false).map { VisibleText.escaped(String($0)) }.joined(separator: "\n"), terminator: "")
        let tally = CheckTally(shards.flatMap(\.cases).map(\.kind))
        print(tally.summaryLine)
        for message in shards.flatMap(\.errorMessages) {
            StandardError.write("simrun: check: \(VisibleText.escaped(message))\n")
        }
        return tally.exitStatus
    }

    /// Every shard 1…n once, all of one n; a file written without --shard only alone (JUnit
    /// files and sweep CSVs alike).
    private static func checkShards(_ shards: [(shard: Shard?, path: String)]) throws {
        if shards.count == 1 && shards[0].shard == nil { return }
        if let unmarked = shards.first(where: { $0.shard == nil }) {
            throw UsageError("merge: \(unmarked.path) is not a shard (written without --shard i/n)")
        }
        let count = shards[0].shard!.count
        if let other = shards.first(where: { $0.shard!.count != count }) {
            throw UsageError("merge: \(other.path) is shard \(other.shard!.text), \(shards[0].path) is of \(count)")
        }
        var byIndex: [Int: String] = [:]
        for s in shards {
            if let earlier = byIndex[s.shard!.index] { throw UsageError("merge: \(earlier) and \(s.path) are both shard \(s.shard!.text)") }
            byIndex[s.shard!.index] = s.path
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw UsageError("merge: shard\(missing.count > 1 ? "s" : "") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing")
        }
    }

    private static func mergeSweep(_ files: [(path: String, text: String)], output: String?, descending: Bool) throws -> Int32 {
        var header: [String]?
        var rows: [SweepTable.Row] = []
        var shards: [(shard: Shard?, path: String)] = []
        for (path, text) in files {
            let part = try SweepTable.parseShard(text, path: path)
            shards.append((part.shard, path))
            if let header, header != part.header {
                throw UsageError("merge: \(path) has columns \(part.header.joined(separator: ",")), \(files[0].path) has \(header.joined(separator: ","))")
            }
            header = part.header
            rows += part.rows
        }
        guard let header else { throw UsageError("merge: no files given") }
        try checkShards(shards)
        // Grid order is the parameter values' order (every axis ascending, the first slowest);
        // ranking from there breaks ties exactly as one run does.
        rows.sort { $0.values.lexicographicallyPrecedes($1.values) }
        for (a, b) in zip(rows, rows.dropFirst()) where a.values == b.values {
            throw UsageError("merge: the point \(a.values.map(NumberFormat.shortest).joined(separator: ",")) is in more than one file")
        }
        let order = Sweep.ranking(rows.map(\.metric), descending: descending)
        let (table, csv) = SweepTable.render(header: header, rows: order.map { rows[$0] })
        table.forEach { print($0) }
        if let output { try AtomicFile.write(csv, to: output) }
        print("\(rows.count) points from \(files.count) files\(output.map { "; wrote \($0)" } ?? "")")
        return 0
    }
}
