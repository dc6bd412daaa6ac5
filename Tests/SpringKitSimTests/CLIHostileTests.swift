import Foundation
import XCTest

/// Hostile command lines whose set-up a one-line case cannot express: devices, symbolic
/// links, FIFOs, stale temporary files, a process killed mid-write, files that must not be
/// replaced, threads the system refuses. Every case also checks the exit-status promise:
/// 0, 1 or 2, never a signal, and on 2 one `simrun: …` line on stderr.
final class CLIHostileTests: XCTestCase {
    private var directory: URL!
    private let spring = repositoryRoot.appendingPathComponent("scripts/spring.lua").path

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    /// For raw bytes or privileges a `Process` cannot pass.
    private let shell = URL(fileURLWithPath: "/bin/sh")

    /// Runs simrun in the case's folder and checks the promise; returns the result.
    @discardableResult
    private func simrun(_ arguments: [String], expect status: Int32, reason: String? = nil, timeout: Double = 60,
                        file: StaticString = #filePath, line: UInt = #line) throws -> Simrun.Result {
        let result = try Simrun.run(arguments, in: directory, timeout: timeout, file: file, line: line)
        XCTAssertEqual(result.status, status, "simrun \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        let reasons = result.stderr.split(separator: "\n").filter { $0.hasPrefix("simrun: ") }
        if status == 2 {
            XCTAssertEqual(reasons.count, 1, "one reason line: \(result.stderr)", file: file, line: line)
            if let reason { XCTAssertTrue(reasons.first?.contains(reason) ?? false, "'\(reason)' in: \(result.stderr)", file: file, line: line) }
        }
        return result
    }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    private func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    // MARK: Devices, streams, links, FIFOs

    /// Writes through a symbolic link and into a FIFO in the case's folder, which a regression
    /// would replace: the real device nodes are only tried after this canary (a regressed
    /// simrun run as root would replace /dev/full and /dev/null with regular files).
    private func deviceCanarySurvives(file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        XCTAssertEqual(mkfifo(path("canary"), 0o644), 0)
        // `cat` reads the FIFO until its last writer closes it. The test holds a writer of its
        // own from the moment cat has the FIFO open until simrun is done, so simrun finds a
        // reader however late cat starts, and cat ends by itself. (A shell killed while its
        // `cat` still waited to open the FIFO left that cat blocked for ever, holding the
        // descriptor Foundation's Process watches for the shell's exit: waitUntilExit hung.)
        let reader = try SpawnedChild("/bin/cat", ["canary"], in: directory)
        var writer: Int32 = -1
        for _ in 0..<20_000 where reader.isRunning {
            writer = open(path("canary"), O_WRONLY | O_NONBLOCK)   // ENXIO until cat has opened it
            if writer >= 0 || errno != ENXIO { break }
            usleep(500)
        }
        XCTAssertGreaterThanOrEqual(writer, 0, "cat opened the FIFO", file: file, line: line)
        try FileManager.default.createSymbolicLink(atPath: path("canary-link"), withDestinationPath: "canary")
        _ = try Simrun.run([spring, "--trace", "canary-link", "--quiet"], in: directory, timeout: 30)
        if writer >= 0 { close(writer) } else { reader.signal(SIGTERM) }
        reader.wait()
        let survived = fileType(path("canary")) == S_IFIFO && fileType(path("canary-link")) == S_IFLNK
        XCTAssertTrue(survived, "a FIFO behind a symbolic link was replaced: not trying the real devices", file: file, line: line)
        try FileManager.default.removeItem(atPath: path("canary-link"))
        try FileManager.default.removeItem(atPath: path("canary"))
        return survived
    }

    func testDeviceNodesAreWrittenThroughAndNeverReplaced() throws {
        guard try deviceCanarySurvives() else { return }
        try simrun([spring, "--trace", "/dev/full", "--quiet"], expect: 2, reason: "cannot write /dev/full: No space left on device")
        XCTAssertEqual(fileType("/dev/full"), S_IFCHR, "/dev/full is still a character device")
        try simrun([spring, "--trace", "/dev/null", "--quiet"], expect: 0)
        XCTAssertEqual(fileType("/dev/null"), S_IFCHR, "/dev/null is still a character device")
        XCTAssertEqual(entries(), [], "nothing written beside")
    }

    func testStandardOutputGetsTheTraceInOrder() throws {
        guard try deviceCanarySurvives() else { return }
        let result = try simrun([spring, "--trace", "/dev/stdout"], expect: 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(lines.firstIndex(of: "# springkit-trace 1"))
        XCTAssertTrue(lines[..<header].contains("frames: 180"), "the summary comes first: \(lines.prefix(5))")
        XCTAssertEqual(lines.last?.hasPrefix("trace: /dev/stdout (181 rows, hash "), true, "then the list of files written: \(lines.last ?? "")")
        XCTAssertEqual(lines.filter { $0.hasPrefix("180,3,0,") }.count, 1, "the whole trace is there")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")), "no default out/ folder")
    }

    func testAClosedPipeIsAWriteErrorNotASignal() throws {
        guard try deviceCanarySurvives() else { return }
        let menu = repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path
        let result = try Simrun.run(["-c", "{ \"$0\" \"$1\" --trace /dev/stdout --quiet; echo \"status=$?\" >&2; } | head -c 10 > /dev/null",
                                     Simrun.executable.path, menu], in: directory, binary: shell)
        XCTAssertTrue(result.stderr.contains("simrun: cannot write /dev/stdout: Broken pipe"), result.stderr)
        XCTAssertTrue(result.stderr.contains("status=2"), "exit 2, not SIGPIPE (141): \(result.stderr)")
    }

    func testSymbolicLinksAreWrittenThrough() throws {
        try writeFile(directory, "real.csv", "old\n")
        try FileManager.default.createSymbolicLink(atPath: path("link.csv"), withDestinationPath: "real.csv")
        try simrun([spring, "--trace", "link.csv", "--quiet"], expect: 0)
        XCTAssertEqual(fileType(path("link.csv")), S_IFLNK, "the link stays a link")
        XCTAssertTrue(try String(contentsOfFile: path("real.csv"), encoding: .utf8).hasPrefix("# springkit-trace 1\n"), "its target has the trace")

        try FileManager.default.createSymbolicLink(atPath: path("dangling.csv"), withDestinationPath: "missing.csv")
        try simrun([spring, "--trace", "dangling.csv", "--quiet"], expect: 2, reason: "symbolic link to a missing file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("missing.csv")))
    }

    func testAFIFOWithoutAReaderIsRefusedAtOnce() throws {
        XCTAssertEqual(mkfifo(path("pipe"), 0o644), 0)
        let result = try simrun([spring, "--trace", "pipe", "--quiet"], expect: 2, reason: "no process is reading it", timeout: 20)
        XCTAssertLessThan(result.seconds, 15)
        XCTAssertEqual(fileType(path("pipe")), S_IFIFO, "still a FIFO")
        // As --params, a FIFO without a writer reads as empty instead of blocking.
        try simrun([spring, "--params", "pipe", "--quiet"], expect: 0, timeout: 20)
    }

    func testReplacedFilesKeepTheirPermissions() throws {
        try writeFile(directory, "kept.csv", "old\n")
        XCTAssertEqual(chmod(path("kept.csv"), 0o600), 0)
        try simrun([spring, "--trace", "kept.csv", "--quiet"], expect: 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: path("kept.csv"))
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    func testDirectoriesAndBadNamesAreRefusedAndLeftAlone() throws {
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: true)
        try simrun([spring, "--trace", "folder", "--quiet"], expect: 2, reason: "it is a directory")
        try simrun([spring, "--trace", "folder/", "--quiet"], expect: 2, reason: "ends in '/'")
        try writeFile(directory, "plain", "x\n")
        try simrun([spring, "--trace", "plain/sub.csv", "--quiet"], expect: 2, reason: "cannot write plain/sub.csv")
        XCTAssertEqual(try String(contentsOfFile: path("plain"), encoding: .utf8), "x\n", "untouched")
        XCTAssertEqual(entries(), ["folder", "plain"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("folder")), [])
    }

    func testTheSameFileTwiceInOneRunIsRefused() throws {
        let menu = repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path
        try simrun([menu, "--trace", "same", "--report", "same", "--quiet"], expect: 2, reason: "this run already writes that file")
        XCTAssertEqual(entries(), [])
    }

    // MARK: Failed runs write nothing

    func testAFailedRunWritesNothing() throws {
        // The trace is fine, but --report has nothing to write: no trace either, no out/ folder.
        try simrun([spring, "--report", "r.html", "--trace", "deep/t.csv"], expect: 2, reason: "returned no report")
        try simrun([spring, "--images", "pictures"], expect: 2, reason: "returned no images")
        // A write that fails after another was staged: neither lands, the folders made are removed.
        let menu = repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path
        guard try deviceCanarySurvives() else { return }
        try simrun([menu, "--trace", "new/sub/t.csv", "--report", "/dev/full", "--quiet"], expect: 2, reason: "/dev/full")
        XCTAssertEqual(entries(), [], "nothing written, no folder left")
    }

    func testASweepWithAFailedPointShowsTheWholeReasonAndWritesNothing() throws {
        let reason = "this reason is much longer than a table column and must be shown whole, damping"
        try writeFile(directory, "fails.lua", """
        local sk = require "springkit"
        local d = sk.param("damping", 0.5, {min = 0, max = 1})
        if d > 0.6 then error("\(reason) " .. d) end
        sk.metric("m", d)
        """)
        let result = try simrun(["sweep", "fails.lua", "--param", "damping=0:1:0.5", "--jobs", "2"], expect: 2,
                                reason: "sweep: 1 of 3 points failed, nothing written; the first, at damping=1: fails.lua:3: \(reason) 1.0")
        XCTAssertTrue(result.stdout.contains("error: fails.lua:3: \(reason) 1.0"), result.stdout)
        XCTAssertEqual(entries(), ["fails.lua"])
    }

    // MARK: Temporary files

    func testStaleTemporaryFilesOfDeadProcessesAreRemoved() throws {
        // A process that has ended: its pid is free again until reused, which a test cannot
        // rule out, so the pid is one that just exited.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "exit 0"]
        try ended.run()
        ended.waitUntilExit()
        let stale = ".t.csv.simrun-tmp-\(ended.processIdentifier)-AbC123"
        let live = ".t.csv.simrun-tmp-\(getpid())-XyZ789"
        try writeFile(directory, stale, "half a file")
        try writeFile(directory, live, "another run's file in progress")
        try simrun([spring, "--trace", "t.csv", "--quiet"], expect: 0)
        XCTAssertEqual(entries(), [live, "t.csv"], "the dead process's temporary file is gone, the live one stays")
    }

    func testARunKilledMidWriteLeavesTheOldFileAndTheNextRunCleansUp() throws {
        try writeFile(directory, "big.lua", """
        local sk = require "springkit"
        local rows = sk.param("rows", 10)
        local tr = sk.trace{"x", "y", "vx", "vy"}
        for i = 1, rows do tr:add(i, i / 60, i % 7, i * 0.1, i * 0.2, i * 0.3, i * 0.4) end
        return tr
        """)
        try simrun(["big.lua", "--trace", "big.csv", "--quiet"], expect: 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path("big.csv")))
        // Signalled through SpawnedChild: a pid is only killed while it is still this child's.
        // A run that ends before the kill lands is tried again with a longer write (the
        // race is lost on a fast machine, never for ever): the test never skips.
        var sawTemporary = false
        for rows in [600_000, 1_500_000, 3_000_000, 6_000_000] where !sawTemporary {
            let run = try SpawnedChild(Simrun.executable.path, ["big.lua", "--trace", "big.csv", "--quiet", "--param", "rows=\(rows)",
                                                                "--max-instructions", "2000000000", "--max-memory", "4096"],
                                       in: directory, keepOutput: true)
            for _ in 0..<120_000 where run.isRunning {
                if entries().contains(where: { $0.hasPrefix(".big.csv.simrun-tmp-") }) { sawTemporary = true; break }
                usleep(500)
            }
            run.signal(SIGKILL)
            run.wait()
            if !sawTemporary { try before.write(to: URL(fileURLWithPath: path("big.csv"))) }   // the lost run replaced it
        }
        guard sawTemporary else { throw UnavailableInCI(reason: "four runs, up to 6,000,000 rows, ended before the kill could land mid-write") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("big.csv"))), before, "the old file is whole")
        XCTAssertTrue(entries().contains { $0.hasPrefix(".big.csv.simrun-tmp-") }, "the killed run left its temporary file")
        try simrun(["big.lua", "--trace", "other.csv", "--quiet"], expect: 0)
        XCTAssertEqual(entries(), ["big.csv", "big.lua", "other.csv"], "the next run into the folder removed it")
    }

    // MARK: Inputs

    func testParamsFilesWithWindowsLineEndsAByteOrderMarkOrBadBytes() throws {
        try writeFile(directory, "crlf.params", "\u{FEFF}damping=0.7\r\nfrequency=1.5\r\n")
        let result = try simrun([spring, "--params", "crlf.params", "--trace", "t.csv", "--quiet"], expect: 0)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(try String(contentsOfFile: path("t.csv"), encoding: .utf8).contains("# params: damping=0.7 frequency=1.5 "))
        try Data([0x64, 0x61, 0x6D, 0x70, 0x69, 0x6E, 0x67, 0x3D, 0x31, 0x0A, 0x78, 0x30, 0x3D, 0xFF, 0x0A]).write(to: directory.appendingPathComponent("bad.params"))
        try simrun([spring, "--params", "bad.params"], expect: 2, reason: "bad.params:2: not UTF-8 text")
        try simrun([spring, "--params", "/dev/zero"], expect: 2, reason: "larger than 16 MiB", timeout: 30)
        try simrun([spring, "--params", directory.path], expect: 2, reason: "is a directory")
    }

    func testFileNamesThatAreNotUTF8AreRefusedByPosition() throws {
        // Process passes arguments as UTF-8, so the shell hands over the raw byte.
        let result = try Simrun.run(["-c", "exec \"$0\" --params \"$(printf 'x\\377.params')\"", Simrun.executable.path],
                                    in: directory, binary: shell)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("simrun: argument 2 ("), result.stderr)
        XCTAssertTrue(result.stderr.contains("is not valid UTF-8"), result.stderr)
    }

    // MARK: Threads

    func testASweepFinishesWhenTheSystemRefusesThreads() throws {
        // Only root can drop to another user whose thread limit bites (root ignores RLIMIT_NPROC).
        let setpriv = "/usr/bin/setpriv", prlimit = "/usr/bin/prlimit"
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv), FileManager.default.isExecutableFile(atPath: prlimit) else {
            throw unavailable("needs root with setpriv and prlimit to limit another user's threads")
        }
        let script = try writeFile(directory, "quick.lua", """
        local sk = require "springkit"
        sk.metric("d", sk.param("damping", 0.5, {min = 0, max = 1}))
        """)
        XCTAssertEqual(chmod(directory.path, 0o777), 0)
        let result = try Simrun.run(["-c", "exec \(setpriv) --reuid=65534 --regid=65534 --clear-groups \(prlimit) --nproc=16 \"$@\"", "sh",
                                     Simrun.executable.path, "sweep", script, "--param", "damping=0:1:0.05", "--jobs", "400",
                                     "--csv", path("s.csv"), "--svg", path("s.svg")],
                                    in: directory, timeout: 60, binary: shell)
        guard !result.stderr.contains("setpriv:") && !result.stderr.contains("prlimit:") else {
            throw unavailable("this system does not let root drop privileges: \(result.stderr)")
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("21 points in "), result.stdout)
    }
}
