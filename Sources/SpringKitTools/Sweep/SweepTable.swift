import SpringKitSupport

/// A sweep's ranked results as `simrun sweep` prints and writes them (the table and the CSV),
/// and the CSV read back, so `simrun merge` rebuilds one run's output from its shards.
/// A point that failed is shown in the table (`error: reason`); its sweep writes no CSV.
package enum SweepTable {
    package struct Row: Equatable {
        package var values: [Double]
        package var metric: Double?
        package var failure: String?
        package init(values: [Double], metric: Double?, failure: String?) {
            self.values = values; self.metric = metric; self.failure = failure
        }
    }

    /// A sweep CSV that `parse` cannot read; the description names the file and line.
    package struct FormatError: SpringKitError, Equatable {
        package var description: String
        package var blamesArguments: Bool { false }
        init(_ description: String) { self.description = description }
    }

    /// The printed table's lines (header first) and the CSV text (no failed rows: a sweep
    /// with a failed point writes nothing). `header` is the axes' names and the metric's.
    /// - Complexity: O(rows × columns).
    package static func render(header: [String], rows: [Row]) -> (table: [String], csv: String) {
        var table = [header.map { $0.padding(toLength: max(12, $0.count + 2), withPad: " ", startingAt: 0) }.joined()]
        var csv = header.joined(separator: ",") + "\n"
        for row in rows {
            var shown = "-"
            if let value = row.metric { shown = NumberFormat.human(value) } else if let failure = row.failure { shown = "error: " + TextLines.singleLine(failure) }
            let cells: [String] = row.values.map { NumberFormat.human($0, decimals: 6) } + [shown]
            // Pad to the column, never cut: the last cell (an error's reason) is shown whole.
            table.append(zip(cells, header).map { cell, name in
                cell.count >= max(12, name.count + 2) ? cell + " " : cell.padding(toLength: max(12, name.count + 2), withPad: " ", startingAt: 0)
            }.joined().trimmingCharacters(in: .whitespaces))
            csv += (row.values.map(NumberFormat.shortest) + [row.metric.map(NumberFormat.shortest) ?? ""]).joined(separator: ",") + "\n"
        }
        return (table, csv)
    }

    /// Reads a CSV written by `render`: the header and the rows.
    /// - Complexity: O(n) in the text's length.
    package static func parse(_ text: String, path: String) throws -> (header: [String], rows: [Row]) {
        let (header, rows, _) = try parseShard(text, path: path)
        return (header, rows)
    }

    /// The first line of a shard's CSV (`simrun sweep --shard i/n`): `# shard i/n`.
    package static func shardLine(_ shard: Shard) -> String { "# shard \(shard.text)" }

    /// Reads a CSV written by `render`, with the shard line a shard's CSV starts with.
    /// - Complexity: O(n) in the text's length.
    package static func parseShard(_ text: String, path: String) throws -> (header: [String], rows: [Row], shard: Shard?) {
        var text = Substring(text)
        var shard: Shard?
        if text.hasPrefix("# shard ") {
            let line = text.prefix { $0 != "\n" }
            do {
                shard = try Shard(parsing: String(line.dropFirst("# shard ".count)), flag: "merge: \(path):1: shard")
            } catch {
                throw FormatError("\(error)")
            }
            text = text.dropFirst(line.count + 1)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines.last == "", let header = lines.first.map({ $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }),
              header.count >= 2 else {
            throw FormatError("merge: \(path): not a sweep CSV (a header row and lines that end in a line end)")
        }
        var rows: [Row] = []
        for (k, line) in lines.dropFirst().dropLast().enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count else {
                throw FormatError("merge: \(path):\(k + 2): expected \(header.count) fields, found \(fields.count)")
            }
            var values: [Double] = []
            for text in fields.dropLast() {
                guard let value = NumberFormat.parseFinite(text) else {
                    throw FormatError("merge: \(path):\(k + 2): '\(VisibleText.escaped(text))' is not a parameter value")
                }
                values.append(value)
            }
            var metric: Double?
            if let text = fields.last, !text.isEmpty {
                guard let value = Double(text) else {
                    throw FormatError("merge: \(path):\(k + 2): '\(VisibleText.escaped(text))' is not a metric value")
                }
                metric = value
            }
            rows.append(Row(values: values, metric: metric, failure: nil))
        }
        return (header, rows, shard)
    }
}
