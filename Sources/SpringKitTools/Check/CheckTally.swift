/// The outcome of a check over all its test cases (goldens and expectations): the closing
/// line `check: N passed, M failed[, K skipped]` and the exit status (2 when any case is an
/// error, 1 when any failed, else 0). One run and `simrun merge` of its shards count alike.
package struct CheckTally: Equatable {
    package var passed = 0
    package var failed = 0
    package var skipped = 0
    package var errors = 0

    /// - Complexity: O(cases).
    package init(_ cases: [JUnitReport.Case]) {
        for c in cases {
            switch c.result {
            case .passed: passed += 1
            case .skipped: skipped += 1
            case .error: errors += 1; failed += 1
            case .failure: failed += 1
            }
        }
    }

    /// - Complexity: O(cases).
    package init(_ kinds: [JUnitReport.Parsed.Kind]) {
        for kind in kinds {
            switch kind {
            case .passed: passed += 1
            case .skipped: skipped += 1
            case .error: errors += 1; failed += 1
            case .failure: failed += 1
            }
        }
    }

    package var summaryLine: String {
        "check: \(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }

    package var exitStatus: Int32 { errors > 0 ? 2 : failed > 0 ? 1 : 0 }
}
