/// One element of a cell's mask path.
public enum PathElement: Equatable, Sendable {
    case move(SIMD2<Double>)
    case line(SIMD2<Double>)
    /// A cubic bezier to `to` with two control points.
    case curve(to: SIMD2<Double>, control1: SIMD2<Double>, control2: SIMD2<Double>)
    case close
}

/// What stretch a rubber cell shows.
public enum RubberStretchMode: String, Sendable, CaseIterable {
    /// Every cell shows the one global `latestDelta` (the original's behaviour).
    case latestDelta = "global"
    /// Each cell shows its own spring displacement.
    case displacement
}

/// The rubber menu cell's mask: a rectangle whose top edge, `edgeInset` below the
/// cell's top, bends into a bezier curve by `stretch`:
///
///     move (0, inset); curve to (w, inset) with control points (w/2, inset + stretch)
///     and (w, inset); line (w, h); line (0, h); close
///
/// Positive stretch bows the edge down, negative up. Coordinates are the cell's own.
public enum RubberCellShape {
    public static func maskPath(width w: Double, height h: Double, edgeInset inset: Double, stretch: Double) -> [PathElement] {
        [
            .move(SIMD2(0, inset)),
            .curve(to: SIMD2(w, inset), control1: SIMD2(w / 2, inset + stretch), control2: SIMD2(w, inset)),
            .line(SIMD2(w, h)),
            .line(SIMD2(0, h)),
            .close,
        ]
    }

    /// The stretch a cell shows: the menu's clamped `latestDelta` (faithful), or the
    /// cell's own spring displacement (center − anchor), clamped to ±`maxStretch`.
    public static func stretch(latestDelta: Double, displacement: Double, mode: RubberStretchMode, maxStretch: Double) -> Double {
        let raw = mode == .latestDelta ? latestDelta : displacement
        return min(max(raw, -maxStretch), maxStretch)
    }
}
