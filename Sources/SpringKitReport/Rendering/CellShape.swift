import SpringKitMotion

extension RubberCellShape {
    /// The rubber menu cell's mask: a rectangle whose top edge, `edgeInset` below the
    /// cell's top, bends into a bezier curve by `stretch`:
    ///
    ///     move (0, inset); curve to (w, inset) with control points (w/2, inset + stretch)
    ///     and (w, inset); line (w, h); line (0, h); close
    ///
    /// Positive stretch bows the edge down, negative up. Coordinates are the cell's own.
    public static func maskPath(width w: Double, height h: Double, edgeInset inset: Double, stretch: Double) -> [PathElement] {
        [
            .move(SIMD2(0, inset)),
            .curve(to: SIMD2(w, inset), control1: SIMD2(w / 2, inset + stretch), control2: SIMD2(w, inset)),
            .line(SIMD2(w, h)),
            .line(SIMD2(0, h)),
            .close,
        ]
    }
}

/// The outline a cell is drawn with, in the cell's own coordinates (origin top-left).
public enum CellShape: Equatable, Sendable {
    /// The rubber menu's mask: the top edge, `inset` below the top, bends by the stretch (see `RubberCellShape`).
    case rubber(inset: Double)
    case rect
    /// A rectangle with corners of `radius` (clamped to half the shorter side), drawn with cubic curves.
    case rounded(radius: Double)

    /// The outline of a `width` × `height` cell; `stretch` bends the rubber shape's top edge.
    public func path(width w: Double, height h: Double, stretch: Double = 0) -> [PathElement] {
        switch self {
        case .rubber(let inset):
            return RubberCellShape.maskPath(width: w, height: h, edgeInset: inset, stretch: stretch)
        case .rect:
            return [.move(SIMD2(0, 0)), .line(SIMD2(w, 0)), .line(SIMD2(w, h)), .line(SIMD2(0, h)), .close]
        case .rounded(let radius):
            let r = max(0, min(radius, w / 2, h / 2))
            let k = r * 0.5522847498  // cubic approximation of a quarter circle
            return [
                .move(SIMD2(r, 0)), .line(SIMD2(w - r, 0)),
                .curve(to: SIMD2(w, r), control1: SIMD2(w - r + k, 0), control2: SIMD2(w, r - k)),
                .line(SIMD2(w, h - r)),
                .curve(to: SIMD2(w - r, h), control1: SIMD2(w, h - r + k), control2: SIMD2(w - r + k, h)),
                .line(SIMD2(r, h)),
                .curve(to: SIMD2(0, h - r), control1: SIMD2(r - k, h), control2: SIMD2(0, h - r + k)),
                .line(SIMD2(0, r)),
                .curve(to: SIMD2(r, 0), control1: SIMD2(0, r - k), control2: SIMD2(r - k, 0)),
                .close,
            ]
        }
    }
}
