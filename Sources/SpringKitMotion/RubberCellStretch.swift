/// What stretch a rubber cell shows.
public enum RubberStretchMode: String, Sendable, CaseIterable {
    /// Every cell shows the one global `latestDelta` (the original's behaviour).
    case latestDelta = "global"
    /// Each cell shows its own spring displacement.
    case displacement
}

/// The rubber menu cell: a rectangle whose top edge bends by a stretch. Motion owns the rule
/// that gives the stretch; how the bent edge is drawn (`RubberCellShape.maskPath`) is
/// SpringKitReport's.
public enum RubberCellShape {
    /// The stretch a cell shows: the menu's clamped `latestDelta` (faithful), or the
    /// cell's own spring displacement (center − anchor), clamped to ±`maxStretch`.
    public static func stretch(latestDelta: Double, displacement: Double, mode: RubberStretchMode, maxStretch: Double) -> Double {
        let raw = mode == .latestDelta ? latestDelta : displacement
        return min(max(raw, -maxStretch), maxStretch)
    }
}
