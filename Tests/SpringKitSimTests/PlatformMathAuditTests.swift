import Foundation
import XCTest

/// The simulation path calls no platform transcendental function and fuses no multiply-add,
/// so its traces are the same bytes on every platform (docs/physics.md, "Math functions").
/// Checked twice: in the built object files (undefined symbols with `nm`, instructions with
/// `objdump`) and in the sources (calls outside `DMath`, the C kernel's contraction pragmas).
final class PlatformMathAuditTests: XCTestCase {
    /// The library's folders left out of the audit, below Sources/: only the display side
    /// (SpringKitReport's Rendering draws reports and images from values already computed).
    /// Everything else — every layer from Support to Tools (sweeps, whose tables shards on
    /// several hosts must reproduce) — computes values that users compare across machines.
    static let displayFolders: Set<String> = ["SpringKitReport/Rendering"]

    /// The engine's targets, whose folders below Sources/ are their names.
    static let engineTargets = ["SpringKitSupport", "SpringKitMath", "SpringKitDynamics", "SpringKitMotion", "SpringKitScenarios",
                                "SpringKitReport", "SpringKitScripting", "SpringKitTools", "SpringKitSim"]

    /// Transcendental functions of C's math library and their float/long double variants.
    static let transcendentals = ["exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p", "logb", "pow",
                                  "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
                                  "asinh", "acosh", "atanh", "cbrt", "hypot", "erf", "erfc", "lgamma", "tgamma", "sincos"]

    /// Whether an undefined symbol is a platform transcendental: `exp`, `expf`, `expl`,
    /// glibc's `__exp_finite`, Apple's `_exp` / `___sincos_stret` / `___exp10`, or a Swift
    /// overlay wrapper such as `$s10Foundation3expyS2dF`.
    static func isPlatformTranscendental(_ symbol: String) -> Bool {
        let names = transcendentals.joined(separator: "|")
        let patterns = [
            "^_?(\(names))[fl]?$",
            "^_?__(\(names))[fl]?_finite$",
            "^_{0,3}(sincos|sincospi|sinpi|cospi|tanpi|exp10)f?(_stret)?$",
            "^_?\\$s(10Foundation|5Glibc|6Darwin|4Musl|12CoreGraphics)[0-9]+(\(names))[fl]?y",
        ]
        return patterns.contains { symbol.range(of: $0, options: .regularExpression) != nil }
    }

    /// Mnemonics of fused multiply-add instructions (x86 FMA3/AVX-512, ARM64).
    static func isFusedMultiplyAdd(_ mnemonic: String) -> Bool {
        mnemonic.range(of: "^(v?fn?m(add|sub)[0-9]*[ps]?[sdh]?|fmla|fmls)$", options: [.regularExpression, .caseInsensitive]) != nil
    }

    func testSymbolAndInstructionClassifiers() {
        for symbol in ["exp", "_exp", "expf", "powl", "__exp_finite", "___sincos_stret", "__sincospi_stret", "$s10Foundation3expyS2dF", "_$s6Darwin3powyS2d_SdtF"] {
            XCTAssertTrue(Self.isPlatformTranscendental(symbol), symbol)
        }
        for symbol in ["sqrt", "floor", "round", "rint", "fmod", "memcpy", "expected", "$s12SpringKitSim5DMathO3expyS2dFZ", "skk_advance_anchored"] {
            XCTAssertFalse(Self.isPlatformTranscendental(symbol), symbol)
        }
        for mnemonic in ["vfmadd231pd", "vfmadd213sd", "vfnmadd231sd", "vfmsub132pd", "fmadd", "fnmsub", "fmla"] {
            XCTAssertTrue(Self.isFusedMultiplyAdd(mnemonic), mnemonic)
        }
        for mnemonic in ["vmulpd", "vaddpd", "fmul", "fadd", "vfixupimmpd", "fmov", "mulsd"] {
            XCTAssertFalse(Self.isFusedMultiplyAdd(mnemonic), mnemonic)
        }
    }

    // MARK: Object files

    /// The folder holding the build's `<target>.build` folders.
    static func buildProducts() throws -> URL {
        var candidates = [Bundle(for: PlatformMathAuditTests.self).bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(repositoryRoot.appendingPathComponent(".build/debug"))
        for folder in candidates where FileManager.default.fileExists(atPath: folder.appendingPathComponent("SpringKitSim.build").path) {
            return folder
        }
        throw unavailable("no SpringKitSim.build next to the test bundle (looked in \(candidates.map(\.path)))")
    }

    /// The engine's Swift files outside `displayFolders`, as paths below Sources/ (the
    /// first component the target), sorted.
    static func simulationSources() throws -> [String] {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        var result: [String] = []
        for target in engineTargets {
            guard let walker = FileManager.default.enumerator(atPath: sources.appendingPathComponent(target).path) else { continue }
            while let path = walker.nextObject() as? String {
                let folder = target + "/" + (path.split(separator: "/").dropLast().first.map(String.init) ?? "")
                if path.hasSuffix(".swift") && !displayFolders.contains(folder) { result.append(target + "/" + path) }
            }
        }
        return result.sorted()
    }

    /// The simulation's object files: one per source file of `simulationSources()` (debug
    /// builds compile file by file), the C kernel's, and `DMath`'s own.
    static func simulationObjects() throws -> [URL] {
        let products = try buildProducts()
        var result = try simulationSources().map { path in
            let target = String(path.split(separator: "/")[0])
            return products.appendingPathComponent("\(target).build").appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent + ".o")
        }
        let kernel = products.appendingPathComponent("CSpringKernel.build")
        for name in try FileManager.default.contentsOfDirectory(atPath: kernel.path).sorted() where name.hasSuffix(".o") {
            result.append(kernel.appendingPathComponent(name))
        }
        let missing = result.filter { !FileManager.default.fileExists(atPath: $0.path) }
        if !missing.isEmpty {
            throw unavailable("per-file objects not found (a whole-module build?): \(missing.prefix(3).map(\.lastPathComponent))")
        }
        return result
    }

    /// The first of `names` found on PATH or beside `swift` (Linux toolchains ship llvm-nm).
    static func tool(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    static func output(_ tool: String, _ arguments: [String]) throws -> String {
        let result = try runTool(tool, arguments)
        guard result.status == 0 else { throw NSError(domain: "\(tool) \(arguments) failed", code: Int(result.status)) }
        return result.stdout
    }

    /// The audit proper: no undefined platform transcendental in any simulation object.
    func testSimulationObjectsCallNoPlatformTranscendental() throws {
        let objects = try Self.simulationObjects()
        let nm = try XCTUnwrap(Self.tool(["llvm-nm", "nm"]), "neither llvm-nm nor nm on PATH")
        var offenders: [String] = []
        // One run for all objects: each file's symbols follow a "PATH:" line.
        var current = ""
        for line in try Self.output(nm, ["-u"] + objects.map(\.path)).split(separator: "\n") {
            if line.hasSuffix(":"), !line.hasPrefix(" ") {
                current = URL(fileURLWithPath: String(line.dropLast())).lastPathComponent
            } else if let symbol = line.split(separator: " ").last.map(String.init), Self.isPlatformTranscendental(symbol) {
                offenders.append("\(current) calls \(symbol)")
            }
        }
        print("platform math audit: \(objects.count) simulation objects, \(offenders.count) platform transcendental calls")
        XCTAssertGreaterThan(objects.count, 30)
        XCTAssertEqual(offenders, [], "the simulation must call DMath, not the platform's math library")
    }

    /// No fused multiply-add instruction in the simulation's machine code (every clone of the
    /// C kernel included: AVX-512 implies FMA, only the contraction pragmas keep it out).
    func testSimulationObjectsFuseNoMultiplyAdd() throws {
        let objects = try Self.simulationObjects()
        let objdump = try XCTUnwrap(Self.tool(["llvm-objdump", "objdump"]), "neither llvm-objdump nor objdump on PATH")
        var found: [String: Set<String>] = [:]
        // One run for all objects: each file's code follows a "PATH:\tfile format …" line.
        var current = ""
        for line in try Self.output(objdump, ["-d", "--no-show-raw-insn"] + objects.map(\.path)).split(separator: "\n") {
            if line.contains("file format") {
                current = URL(fileURLWithPath: String(line.prefix { $0 != ":" })).lastPathComponent
                continue
            }
            // "  4f:\tvfmadd231sd\t%xmm1, …" (llvm) or "  4f:   vfmadd231sd %xmm1,…" (GNU)
            guard line.contains("fm") || line.contains("fnm"), let colon = line.firstIndex(of: ":"),
                  line[..<colon].allSatisfy({ $0.isHexDigit || $0 == " " }) else { continue }
            let mnemonic = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            if Self.isFusedMultiplyAdd(mnemonic) { found[current, default: []].insert(mnemonic) }
        }
        let offenders = found.keys.sorted().map { "\($0): \(found[$0]!.sorted().joined(separator: ", "))" }
        XCTAssertEqual(offenders, [], "fused multiply-adds round differently from a multiply and an add")
    }

    // MARK: Sources

    /// A source scan that needs no tools: no call of a math-library function (bare,
    /// or qualified by Foundation/Glibc/Darwin), no `fma`/`addingProduct`, in the simulation's
    /// Swift files outside DeterministicMath.swift; in the C kernel no <math.h>, no libm or
    /// `__builtin_` transcendental, and contraction turned off.
    func testSimulationSourcesRouteMathThroughDMath() throws {
        let names = Self.transcendentals.joined(separator: "|")
        let swiftCall = "(^|[^\\w.])((Foundation|Glibc|Darwin)\\.)?(\(names)|fma)\\s*\\(|\\.(formA|a)ddingProduct\\("
        let sources = repositoryRoot.appendingPathComponent("Sources")
        var offenders: [String] = []
        var scanned = 0
        for path in try Self.simulationSources() where !path.hasSuffix("/DeterministicMath.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            scanned += 1
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = Self.withoutCommentsAndStrings(String(line))
                if code.range(of: swiftCall, options: .regularExpression) != nil {
                    offenders.append("\(path):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        let kernel = repositoryRoot.appendingPathComponent("Sources/CSpringKernel")
        let cCall = "(^|[^\\w.])(__builtin_)?(\(names)|fma)[fl]?\\s*\\(|#\\s*include\\s*<(tg)?math\\.h>"
        for name in ["spring_kernel.c", "include/spring_kernel.h"] {
            let text = try String(contentsOf: kernel.appendingPathComponent(name), encoding: .utf8)
            scanned += 1
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.range(of: cCall, options: .regularExpression) != nil {
                offenders.append("CSpringKernel/\(name):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
            if name.hasSuffix(".c") {
                XCTAssertTrue(text.contains("#pragma STDC FP_CONTRACT OFF"), "\(name): contraction must be off")
                XCTAssertTrue(text.contains("#pragma clang fp contract(off)"), "\(name): contraction must be off under clang")
            }
        }
        XCTAssertGreaterThan(scanned, 30)
        XCTAssertEqual(offenders, [], "call DMath (Sources/SpringKitMath/DeterministicMath.swift) instead")
    }

    func testSourceScanSeesCallsButNotCommentsOrMembers() {
        let names = Self.transcendentals.joined(separator: "|")
        let swiftCall = "(^|[^\\w.])((Foundation|Glibc|Darwin)\\.)?(\(names)|fma)\\s*\\(|\\.(formA|a)ddingProduct\\("
        func flagged(_ line: String) -> Bool { Self.withoutCommentsAndStrings(line).range(of: swiftCall, options: .regularExpression) != nil }
        XCTAssertTrue(flagged("let e = exp(-x)"))
        XCTAssertTrue(flagged("let f = Foundation.pow(r, t)"))
        XCTAssertTrue(flagged("y = a.addingProduct(b, c)"))
        XCTAssertTrue(flagged("return (sin (x), 1)"))
        XCTAssertFalse(flagged("let e = DMath.exp(-x)"))
        XCTAssertFalse(flagged("let e = DMath.exp(-x) // not exp(x)"))
        XCTAssertFalse(flagged("print(\"log(2) is\", v)"))
        XCTAssertFalse(flagged("let expected = costs(x)"))
    }

    /// The code of one Swift line: string literals blanked, `//` comments dropped.
    static func withoutCommentsAndStrings(_ line: String) -> String {
        var out = ""
        var inString = false
        var previous: Character = " "
        for c in line {
            if inString {
                if c == "\"" && previous != "\\" { inString = false }
                out.append(" ")
            } else if c == "\"" {
                inString = true
                out.append(" ")
            } else if c == "/" && previous == "/" {
                out.removeLast()
                break
            } else {
                out.append(c)
            }
            previous = c
        }
        return out
    }
}
