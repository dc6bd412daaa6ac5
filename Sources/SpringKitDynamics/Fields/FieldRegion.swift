/// The area in which a field acts: UIKit's `UIRegion`, with the structure and quirks of the
/// `PKRegion` it wraps (charon `UIFieldBehavior.md` §10.6, measured on the host).
///
/// A region is tested in the field's local space, in points: a field at `f` acts on a body at
/// `b` when `region.contains(b - f)`.
///
/// - A circle of radius R holds `x² + y² ≤ R²` (its edge included; a negative R acts as |R|).
/// - A rectangle of size (w, h), centred, holds `|x| < w/2 && |y| < h/2` (its edge excluded;
///   a negative size holds nothing).
/// - `infinite` holds every point; its `inverse` none.
///
/// **Not a tree.** As `PKRegion`, a region is one primitive shape with an inversion flag, plus
/// at most one second shape and the operation joining them. `union`, `difference` and
/// `intersection` copy the receiver and put the *other region's primitive shape* into the
/// second slot, replacing whatever was there and dropping the other's own second shape; the
/// inversion flag belongs to the first shape only, so:
/// - `a.union(b.inverse)` becomes `a.difference(b)` and `a.difference(b.inverse)` becomes
///   `a.union(b)`;
/// - `intersection` ignores the other's inversion and tests its shape as "not outside", which
///   for a rectangle includes the edge: `circle(50) ∩ rect(100 × 50)` holds (50, 0) and (0, 25);
/// - `inverse` flips the first shape's flag only: `a.union(b).inverse` holds `!a || b`.
///
/// Value semantics: copying a region copies it (UIKit's NSCopying); `infinite` is one value.
public struct FieldRegion: Equatable, Sendable, CustomStringConvertible {
    /// A primitive shape, centred on the field, in points.
    enum Area: Equatable, Sendable {
        /// `x² + y² ≤ radius²`.
        case circle(radius: Double)
        /// `|x| < width/2 && |y| < height/2`.
        case rectangle(width: Double, height: Double)
        /// Every point.
        case infinite

        /// PKRegion's containment test: inclusive for a circle, strict for a rectangle.
        @inline(__always)
        func contains(_ p: SIMD2<Double>) -> Bool {
            switch self {
            case .circle(let r): return p.x * p.x + p.y * p.y <= r * r
            case .rectangle(let w, let h): return abs(p.x) < w / 2 && abs(p.y) < h / 2
            case .infinite: return true
            }
        }

        /// PKRegion's "not outside" test, used by intersection only: a rectangle's edge is in.
        @inline(__always)
        func isNotOutside(_ p: SIMD2<Double>) -> Bool {
            switch self {
            case .circle(let r): return p.x * p.x + p.y * p.y <= r * r
            case .rectangle(let w, let h): return abs(p.x) <= w / 2 && abs(p.y) <= h / 2
            case .infinite: return true
            }
        }

        var description: String {
            switch self {
            case .circle(let r): return "circle of radius \(r)"
            case .rectangle(let w, let h): return "rectangle \(w) × \(h)"
            case .infinite: return "infinite"
            }
        }
    }

    /// How the second shape joins the first.
    enum Operation: Equatable, Sendable {
        case union, difference, intersection
    }

    /// The first shape, its inversion flag, and the optional second shape with its operation.
    var shape: Area
    var isInverted: Bool
    var second: (operation: Operation, shape: Area)?

    private init(shape: Area, isInverted: Bool = false, second: (operation: Operation, shape: Area)? = nil) {
        self.shape = shape
        self.isInverted = isInverted
        self.second = second
    }

    /// `UIRegion.infiniteRegion`: holds every point (the default region of every field).
    public static let infinite = FieldRegion(shape: .infinite)

    /// `UIRegion(radius:)`: the disc `x² + y² ≤ radius²` in points, edge included. A negative
    /// radius acts as its absolute value (as UIKit's). Throws unless `radius` is finite.
    /// - Complexity: O(1).
    public init(radius: Double) throws {
        try checkFieldNumber(radius, "radius", of: "region", asFloat: false)
        self.init(shape: .circle(radius: radius))
    }

    /// `UIRegion(size:)`: the centred rectangle `|x| < width/2 && |y| < height/2` in points,
    /// edge excluded; a negative width or height holds nothing (as UIKit's). Throws unless both
    /// are finite.
    /// - Complexity: O(1).
    public init(width: Double, height: Double) throws {
        try checkFieldNumber(width, "width", of: "region", asFloat: false)
        try checkFieldNumber(height, "height", of: "region", asFloat: false)
        self.init(shape: .rectangle(width: width, height: height))
    }

    /// `inverseRegion`: the first shape's complement (`!(|x| < w/2 && |y| < h/2)` for a
    /// rectangle, so its edge is in the inverse). Only the first shape's flag flips; a second
    /// shape and its operation are kept as they are.
    /// - Complexity: O(1).
    public var inverse: FieldRegion {
        FieldRegion(shape: shape, isInverted: !isInverted, second: second)
    }

    /// `region(byUnionWith:)`: `self || other`'s shape — or, when `other` is inverted,
    /// `self && !other`'s shape (UIKit's quirk). `other`'s own second shape is dropped.
    /// - Complexity: O(1).
    public func union(_ other: FieldRegion) -> FieldRegion {
        joined(other.shape, other.isInverted ? .difference : .union)
    }

    /// `region(byDifferenceFrom:)`: `self && !other`'s shape — or, when `other` is inverted,
    /// `self || other`'s shape (UIKit's quirk). `other`'s own second shape is dropped.
    /// - Complexity: O(1).
    public func difference(_ other: FieldRegion) -> FieldRegion {
        joined(other.shape, other.isInverted ? .union : .difference)
    }

    /// `region(byIntersectionWith:)`: `self && (other's shape, edge included)`, whether or not
    /// `other` is inverted (UIKit's quirk). `other`'s own second shape is dropped.
    /// - Complexity: O(1).
    public func intersection(_ other: FieldRegion) -> FieldRegion {
        joined(other.shape, .intersection)
    }

    private func joined(_ other: Area, _ operation: Operation) -> FieldRegion {
        FieldRegion(shape: shape, isInverted: isInverted, second: (operation, other))
    }

    /// Whether the region holds `point`, in points, relative to the field's position
    /// (UIKit's `containsPoint:` in the field's local space).
    /// - Complexity: O(1).
    public func contains(_ point: SIMD2<Double>) -> Bool {
        let first = shape.contains(point) != isInverted
        guard let second else { return first }
        switch second.operation {
        case .union: return first || second.shape.contains(point)
        case .difference: return first && !second.shape.contains(point)
        case .intersection: return first && second.shape.isNotOutside(point)
        }
    }

    public static func == (a: FieldRegion, b: FieldRegion) -> Bool {
        a.shape == b.shape && a.isInverted == b.isInverted
            && a.second?.operation == b.second?.operation && a.second?.shape == b.second?.shape
    }

    public var description: String {
        var text = (isInverted ? "inverse of " : "") + shape.description
        if let second {
            text += " \(second.operation) \(second.shape.description)"
        }
        return text
    }
}
