import SpringKitSupport

/// A rejected field, region or field set operation. `description` is one line naming the field
/// (its kind) or the region and the value at fault; the layers above add their own prefix.
public enum FieldError: SpringKitError, Equatable {
    /// A number outside what it may be (not finite, out of `Float`'s range, negative where it
    /// may not be); the text names the field and the property.
    case invalidParameter(String)
    /// A 33rd field added to a `FieldSet` (UIKit raises `Invalid Association`, "UIDynamicAnimator
    /// supports a maximum of 32 distinct fields").
    case tooManyFields
    /// A `FieldSet.Handle` whose field was removed, or that never belonged to this set.
    case unknownField(FieldSet.Handle)
    /// A custom field's force that is not finite (the text names the value).
    case invalidCustomForce(String)

    /// Whether the values of the call that threw are at fault: all but `tooManyFields` (the
    /// set's state) and `invalidCustomForce` (the custom function's result, not an argument).
    public var blamesArguments: Bool {
        switch self {
        case .invalidParameter, .unknownField: return true
        case .tooManyFields, .invalidCustomForce: return false
        }
    }

    public var description: String {
        switch self {
        case .invalidParameter(let text): return text
        case .tooManyFields:
            return "at most \(FieldSet.capacity) fields can act at once (UIKit's limit): remove one before adding another"
        case .unknownField(let handle): return "no \(handle) in this field set"
        case .invalidCustomForce(let text): return text
        }
    }
}

/// Checks one parameter: `value` must be finite (and, stored as UIKit stores it, within
/// `Float`'s range), and at least `minimum` when one is given.
/// - Complexity: O(1).
@inline(__always)
func checkFieldNumber(_ value: Double, _ name: String, of owner: String, minimum: Double? = nil,
                      asFloat: Bool = true) throws {
    guard value.isFinite else {
        throw FieldError.invalidParameter("\(owner): \(name) must be finite, got \(NumberFormat.shortest(value))")
    }
    if asFloat, !Float(value).isFinite {
        throw FieldError.invalidParameter(
            "\(owner): \(name) must be within ±3.4028235e+38 (it is stored as a Float), got \(NumberFormat.shortest(value))")
    }
    if let minimum, value < minimum {
        throw FieldError.invalidParameter(
            "\(owner): \(name) must be ≥ \(NumberFormat.shortest(minimum)), got \(NumberFormat.shortest(value))")
    }
}
