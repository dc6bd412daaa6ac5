import Foundation
import XCTest
import SpringKitSim

/// The hostile-input battery (Tests/Hostile, see its README.md): every case must end in exit
/// 0, 1 or 2 within its time limit, never by a signal; exit 2 comes with exactly one
/// `simrun: …` reason line first on stderr and leaves no file behind.
///
/// Runs against the `simrun` the test build made (a debug build, which traps on overflow)
/// and, when `SIMRUN_RELEASE` names one (as `make test` does), against the release build too.
final class HostileInputTests: XCTestCase {
    static let batteryRoot = repositoryRoot.appendingPathComponent("Tests/Hostile")

    /// Every Lua case states what it expects: its exit status, and for exit 2 the reason
    /// (text of the first stderr line). A case that checks only "no crash" passes whatever
    /// reason a regression gives.
    func testEveryLuaCaseStatesItsExitAndReason() throws {
        let cases = try HostileCase.all(in: Self.batteryRoot).filter { $0.script != nil }
        let silent = cases.filter { $0.expectedStatus == nil || ($0.expectedStatus == 2 && ($0.expectedReason ?? "").isEmpty) }
        XCTAssertEqual(silent.map(\.name), [], "cases without --! exit (and, for exit 2, --! stderr)")
    }

    func testEveryHostileCaseKeepsTheExitStatusPromise() throws {
        var cases = try HostileCase.all(in: Self.batteryRoot)
        XCTAssertGreaterThanOrEqual(cases.count, 100, "the battery lost its cases")
        // HOSTILE_FILTER=TEXT[,TEXT…] runs only the cases whose name contains one of them (while working on them).
        if let filter = ProcessInfo.processInfo.environment["HOSTILE_FILTER"], !filter.isEmpty {
            let parts = filter.split(separator: ",").map(String.init)
            cases = cases.filter { hostile in parts.contains { hostile.name.contains($0) } }
        }
        var binaries = [("debug", Simrun.executable)]
        if let release = ProcessInfo.processInfo.environment["SIMRUN_RELEASE"], !release.isEmpty {
            binaries.append(("release", URL(fileURLWithPath: release)))
        }
        for (label, binary) in binaries {
            let failures = HostileCase.runAll(cases, binary: binary)
            for failure in failures { XCTFail("[\(label)] \(failure)") }
            print("hostile battery (\(label)): \(cases.count) cases, \(cases.count - failures.count) passed, \(failures.count) failed")
        }
    }
}

/// One case of the battery: a Lua script (`lua/NAME.lua`) or a line of `cli.txt`.
struct HostileCase {
    /// `lua/NAME.lua` or `cli.txt:LINE`.
    var name: String
    var arguments: [String]
    /// The script to copy into the case's folder under its own name, for Lua cases.
    var script: URL?
    /// Expected exit status, when the case names one (`--! exit: 2`, `=> 2`).
    var expectedStatus: Int32?
    /// Text the first stderr line must contain, when the case names one.
    var expectedReason: String?
    /// Seconds before the case counts as hung.
    var timeout: Double = 60
    /// Symbolic links to make in the case's folder first (name, target).
    var symlinks: [(String, String)] = []
    /// FIFOs to make in the case's folder first (nothing ever writes to them).
    var fifos: [String] = []

    /// Arguments every Lua case starts with (its own `--! args` come after and win): a
    /// smaller instruction budget than the default, so that cases which spend it all end
    /// quickly in a debug build too.
    static let luaDefaults = ["--max-instructions", "20000000"]

    static func all(in root: URL) throws -> [HostileCase] {
        var cases: [HostileCase] = []
        let luaFolder = root.appendingPathComponent("lua")
        let names = try FileManager.default.contentsOfDirectory(atPath: luaFolder.path).filter { $0.hasSuffix(".lua") }.sorted()
        for name in names {
            let url = luaFolder.appendingPathComponent(name)
            var hostile = HostileCase(name: "lua/\(name)", arguments: [name] + Self.luaDefaults, script: url)
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("--!") {
                let directive = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                guard let colon = directive.firstIndex(of: ":") else { continue }
                let key = directive[..<colon], value = directive[directive.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                switch key {
                case "args": hostile.arguments += splitArguments(value)
                case "exit": hostile.expectedStatus = Int32(value)
                case "stderr": hostile.expectedReason = value
                case "timeout": hostile.timeout = Double(value) ?? hostile.timeout
                case "symlink":
                    let parts = value.components(separatedBy: " -> ")
                    if parts.count == 2 { hostile.symlinks.append((parts[0], parts[1])) }
                case "fifo": hostile.fifos.append(value)
                default: break
                }
            }
            cases.append(hostile)
        }
        let listURL = root.appendingPathComponent("cli.txt")
        if let list = try? String(contentsOf: listURL, encoding: .utf8) {
            for (number, rawLine) in list.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = rawLine.trimmingCharacters(in: .whitespaces)
                if line.isEmpty || line.hasPrefix("#") { continue }
                var hostile = HostileCase(name: "cli.txt:\(number + 1)", arguments: [])
                var command = line
                if let arrow = line.range(of: " => ") {
                    command = String(line[..<arrow.lowerBound])
                    let expectation = line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
                    let status = expectation.prefix { $0.isNumber }
                    hostile.expectedStatus = Int32(status)
                    let reason = expectation.dropFirst(status.count).trimmingCharacters(in: .whitespaces)
                    if !reason.isEmpty { hostile.expectedReason = reason }
                }
                hostile.arguments = splitArguments(command)
                cases.append(hostile)
            }
        }
        return cases
    }

    /// Splits on spaces; '…' and "…" group words (no escapes inside).
    static func splitArguments(_ text: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, inWord = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character; inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(character); inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// Runs every case, two at a time; returns one line per failed case.
    static func runAll(_ cases: [HostileCase], binary: URL) -> [String] {
        final class Failures: @unchecked Sendable { var list: [(Int, String)] = [] }
        let lock = NSLock()
        let failures = Failures()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        for (index, hostile) in cases.enumerated() {
            queue.addOperation {
                let problems: [String]
                let start = Date()
                do { problems = try hostile.run(binary: binary) } catch { problems = ["could not run: \(error)"] }
                let seconds = Date().timeIntervalSince(start)
                if seconds > 5 { print("hostile battery: \(hostile.name) took \(NumberFormat.fixed(seconds, 1)) s") }
                guard !problems.isEmpty else { return }
                lock.lock()
                failures.list.append((index, "\(hostile.name) (simrun \(hostile.arguments.joined(separator: " "))): " + problems.joined(separator: "; ")))
                lock.unlock()
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        return failures.list.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Runs the case in a fresh folder holding the fixtures (and the script); returns what broke the promise.
    func run(binary: URL) throws -> [String] {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixtures = HostileInputTests.batteryRoot.appendingPathComponent("fixtures")
        if let names = try? FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            for name in names {
                try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: directory.appendingPathComponent(name))
            }
        }
        if let script { try FileManager.default.copyItem(at: script, to: directory.appendingPathComponent(script.lastPathComponent)) }
        for name in symlinks.map(\.0) + fifos {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(name).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
        }
        for (name, target) in symlinks {
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(name).path, withDestinationPath: target)
        }
        for name in fifos where mkfifo(directory.appendingPathComponent(name).path, 0o644) != 0 {
            throw CocoaError(.fileWriteUnknown)
        }
        let before = Set(try Self.files(in: directory))
        let contentsBefore = Self.regularFileContents(in: directory, before)
        let result = try Simrun.run(arguments, in: directory, environment: ["SPRINGKIT_HOSTILE": "1"],
                                    timeout: timeout, binary: binary)
        var problems: [String] = []
        let firstLine = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if result.signalled {
            problems.append(result.seconds >= timeout ? "hung (killed after \(timeout) s)" : "killed by signal \(result.status)")
            return problems
        }
        if ![0, 1, 2].contains(result.status) { problems.append("exit \(result.status)") }
        if let expectedStatus, result.status != expectedStatus {
            problems.append("exit \(result.status), expected \(expectedStatus) (stderr: \(firstLine.prefix(200)))")
        }
        if result.status == 2 {
            if !firstLine.hasPrefix("simrun: ") || firstLine.count <= "simrun: ".count {
                problems.append("exit 2 without a 'simrun: …' reason first on stderr (got '\(firstLine.prefix(200))')")
            }
            let reasonLines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("simrun:") }
            if reasonLines.count != 1 { problems.append("\(reasonLines.count) 'simrun:' lines on stderr, expected one") }
            let after = Set(try Self.files(in: directory))
            let written = after.subtracting(before).sorted()
            if !written.isEmpty { problems.append("a failed run left files behind: \(written.joined(separator: ", "))") }
            let replaced = contentsBefore.filter { Self.regularFileContents(in: directory, [$0.key])[$0.key] != $0.value }.keys.sorted()
            if !replaced.isEmpty { problems.append("a failed run changed or removed files: \(replaced.joined(separator: ", "))") }
        }
        if let expectedReason, !firstLine.contains(expectedReason) {
            problems.append("the reason '\(firstLine.prefix(300))' does not mention '\(expectedReason)'")
        }
        let leftovers = try Self.files(in: directory).filter { $0.contains(".tmp.") || $0.contains(".simrun-tmp-") }
        if !leftovers.isEmpty { problems.append("temporary files left: \(leftovers.joined(separator: ", "))") }
        return problems
    }

    /// The bytes of the regular files among `paths` (relative to `directory`; links, FIFOs and folders left out).
    static func regularFileContents(in directory: URL, _ paths: Set<String>) -> [String: Data] {
        var contents: [String: Data] = [:]
        for path in paths {
            let url = directory.appendingPathComponent(path)
            var info = stat()
            guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let data = try? Data(contentsOf: url) else { continue }
            contents[path] = data
        }
        return contents
    }

    /// Every path under `directory`, relative to it (symbolic links are not followed).
    static func files(in directory: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
    }
}
