import SpringKitSupport
import CSpringKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A compiled variant of the anchored-spring kernel (`CSpringKernel`): the same loop built
/// for one instruction set. Every variant computes the same IEEE operations in the same
/// order (no contraction), so all give the same bits; `KernelVariantTests` checks it on
/// every variant the machine runs.
///
/// The variant is chosen once per process (`selection`, on first use): the fastest this CPU
/// runs, unless the environment variable `SPRINGKIT_KERNEL` names one (`avx512`, `avx2`,
/// `baseline`; `auto` or empty: the fastest). A name that is unknown, or of a variant this
/// build or CPU cannot run, is never forced (no illegal instruction): the fastest is used
/// and `selection.problem` says why; `simrun` refuses to start with that line.
package enum SpringKernelVariant: Int32, CaseIterable, Sendable {
    case baseline = 0   // SKK_VARIANT_BASELINE
    case avx2 = 1       // SKK_VARIANT_AVX2
    case avx512 = 2     // SKK_VARIANT_AVX512

    /// The name `SPRINGKIT_KERNEL` takes and `simrun bench` prints.
    package var name: String { String(cString: skk_variant_name(rawValue)) }

    /// Whether this build holds the variant and this CPU runs its instructions.
    package var isSupported: Bool { skk_variant_supported(rawValue) != 0 }

    /// The variants this machine runs, fastest first (baseline always last).
    package static let supported: [SpringKernelVariant] = allCases.reversed().filter(\.isSupported)

    /// The environment variable that forces a variant.
    package static let environmentKey = "SPRINGKIT_KERNEL"

    /// The variant every world uses unless its configuration says otherwise, and the reason
    /// `SPRINGKIT_KERNEL` was not followed (nil when it is unset or was followed). Read once.
    package static let selection: (variant: SpringKernelVariant, problem: String?) =
        choose(getenv(environmentKey).map { String(cString: $0) }, supported: supported)

    /// The variant for a `SPRINGKIT_KERNEL` value (nil: unset) on a machine that runs
    /// `supported` (fastest first, never empty), and why the value was not followed.
    package static func choose(_ request: String?, supported: [SpringKernelVariant]) -> (variant: SpringKernelVariant, problem: String?) {
        let fastest = supported.first ?? .baseline
        guard let request, !request.isEmpty, request != "auto" else { return (fastest, nil) }
        let runs = supported.map(\.name).joined(separator: ", ")
        guard let named = allCases.first(where: { $0.name == request }) else {
            let known = (allCases.reversed().map(\.name) + ["auto"]).joined(separator: ", ")
            return (fastest, "\(environmentKey)=\(VisibleText.escaped(request)): unknown kernel variant (known: \(known); this machine runs \(runs))")
        }
        guard supported.contains(named) else {
            return (fastest, "\(environmentKey)=\(request): this machine cannot run the \(request) kernel (it runs \(runs))")
        }
        return (named, nil)
    }
}
