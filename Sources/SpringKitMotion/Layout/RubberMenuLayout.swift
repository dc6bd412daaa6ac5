import SpringKitSupport
import SpringKitDynamics

/// VPRubberMenu's layout rules over a `World`: springs for the items in the visible
/// rect (bounds inset by −`visibleInset`), the bounds-change resistance rule, and the
/// pre-offset of newly visible items. See docs/rubbermenu.md.
///
/// Costs: `boundsChanged` visits every attached item; `layoutPass` finds the visible items by
/// binary search and removes those that left one by one, each a scan of the world's springs.
public final class RubberMenuLayout {
    /// The menu's constants; all overridable.
    public struct Constants: Equatable, Sendable {
        public var cellHeight = 130.0
        public var cellOverlap = 100.0
        public var maxStretch = 35.0
        public var resistance = 1100.0
        public var springLength = 0.0
        public var damping = 0.5
        public var frequency = 0.8
        public var visibleInset = 100.0
        public init() {}

        /// cell + overlap + max stretch (265 by default).
        public var itemHeight: Double { cellHeight + cellOverlap + maxStretch }
        /// −overlap (−100 by default).
        public var lineSpacing: Double { -cellOverlap }

        func validate() throws {
            for (name, value) in [("cellHeight", cellHeight), ("cellOverlap", cellOverlap), ("maxStretch", maxStretch),
                                  ("resistance", resistance), ("springLength", springLength), ("damping", damping),
                                  ("frequency", frequency), ("visibleInset", visibleInset)] {
                guard value.isFinite, value >= 0 else {
                    throw MotionError.invalidSetting(name: name, reason: "must be a finite number ≥ 0, got \(NumberFormat.shortest(value))")
                }
            }
            guard resistance > 0 else { throw MotionError.invalidSetting(name: "resistance", reason: "must be > 0") }
            guard cellHeight > 0 else { throw MotionError.invalidSetting(name: "cellHeight", reason: "must be > 0") }
        }
    }

    public let constants: Constants
    public let flow: FlowLayout
    /// Ticks `world` (the layout's `UIDynamicAnimator`); centers are read back through it,
    /// rounded to its pixel grid.
    public let animator: DynamicAnimator
    /// The animator's world, where the attached items and springs live.
    public let world: World
    /// The last bounds change, `new.y − old.y` (stays after the scrolling stops).
    public package(set) var latestDelta = 0.0
    /// Items with a spring: a contiguous range of indices, and their world identifiers.
    public private(set) var attached: Range<Int> = 0..<0
    private var items: [ItemID] = []
    private var springs: [SpringID] = []

    public init(constants: Constants, itemCount: Int, width: Double, animator: DynamicAnimator) throws {
        try constants.validate()
        self.constants = constants
        self.animator = animator
        self.world = animator.world
        flow = try FlowLayout(itemCount: itemCount, itemSize: SIMD2(width, constants.itemHeight),
                              lineSpacing: constants.lineSpacing, width: width)
    }

    /// The center shift of the resistance rule: `r = |touchY − anchorY| / resistance`,
    /// `fix(d, r) = clamp(d·r, −maxStretch, maxStretch)`, and
    /// `delta < 0 ? max(fix(delta, 1), fix(delta, r)) : min(fix(delta, 1), fix(delta, r))`.
    public static func resistedShift(delta: Double, touchY: Double, anchorY: Double, resistance: Double, maxStretch: Double) -> Double {
        let r = abs(touchY - anchorY) / resistance
        func fix(_ d: Double, _ r: Double) -> Double { min(max(d * r, -maxStretch), maxStretch) }
        return delta < 0 ? max(fix(delta, 1), fix(delta, r)) : min(fix(delta, 1), fix(delta, r))
    }

    /// `shouldInvalidateLayout(forBoundsChange:)`: records `latestDelta` and shifts every
    /// attached item by the resistance rule, from its center as last written to the layout;
    /// the animator then takes the item's new state (`DynamicAnimator.updateItem`: a shift lost
    /// in the pixel rounding moves nothing).
    /// With no touch location known, only `latestDelta` changes.
    /// - Complexity: O(attached items).
    public func boundsChanged(delta: Double, touchY: Double?) throws {
        latestDelta = delta
        guard let touchY else { return }
        for k in items.indices {
            let anchorY = try world.anchor(springs[k]).y
            var center = try animator.layoutPosition(items[k])
            center.y += Self.resistedShift(delta: delta, touchY: touchY, anchorY: anchorY,
                                           resistance: constants.resistance, maxStretch: constants.maxStretch)
            try animator.updateItem(items[k], center: center)
        }
    }

    /// `prepare()`: springs of items that left the inset visible rect are removed; each
    /// newly visible item gets a spring anchored at its layout center and, while a touch
    /// location is known, is pre-offset by the resistance rule with `latestDelta`.
    /// - Complexity: O(log items + visible + removed × attached): each item that leaves is
    ///   removed from the world, which scans its springs (`World.removeItem`).
    public func layoutPass(bounds: Rect, touchY: Double?) throws {
        let visible = flow.indices(in: bounds.outset(by: constants.visibleInset))
        // Remove from both ends what is no longer visible.
        while let first = attached.first, !visible.contains(first) {
            try detachFront()
        }
        while let last = attached.last, !visible.contains(last) {
            try detachBack()
        }
        if attached.isEmpty { attached = visible.lowerBound..<visible.lowerBound }
        // Add the newly visible at both ends, in index order.
        var front: [(ItemID, SpringID)] = []
        for index in visible.lowerBound..<attached.lowerBound { front.append(try attach(index, touchY: touchY)) }
        items.insert(contentsOf: front.map(\.0), at: 0)
        springs.insert(contentsOf: front.map(\.1), at: 0)
        for index in attached.upperBound..<visible.upperBound {
            let added = try attach(index, touchY: touchY)
            items.append(added.0)
            springs.append(added.1)
        }
        attached = visible
    }

    /// The world item of index `index`, when it has a spring.
    public func item(at index: Int) -> ItemID? {
        attached.contains(index) ? items[index - attached.lowerBound] : nil
    }

    public func spring(at index: Int) -> SpringID? {
        attached.contains(index) ? springs[index - attached.lowerBound] : nil
    }

    /// The center the cell shows: the world's (pixel-rounded) center, or the layout's when not attached.
    public func center(of index: Int) throws -> SIMD2<Double> {
        if let item = item(at: index) { return try animator.layoutPosition(item) }
        return flow.frame(index).center
    }

    private func attach(_ index: Int, touchY: Double?) throws -> (ItemID, SpringID) {
        let anchor = flow.frame(index).center
        var center = anchor
        if let touchY {
            center.y += Self.resistedShift(delta: latestDelta, touchY: touchY, anchorY: anchor.y,
                                           resistance: constants.resistance, maxStretch: constants.maxStretch)
        }
        let item = try world.addItem(center: center, size: flow.itemSize)
        let spring = try world.attach(item, to: anchor, SpringParameters(length: constants.springLength,
                                                                         damping: constants.damping,
                                                                         frequency: constants.frequency))
        return (item, spring)
    }

    private func detachFront() throws {
        try world.removeItem(items.removeFirst())
        springs.removeFirst()
        attached = (attached.lowerBound + 1)..<attached.upperBound
    }

    private func detachBack() throws {
        try world.removeItem(items.removeLast())
        springs.removeLast()
        attached = attached.lowerBound..<(attached.upperBound - 1)
    }
}
