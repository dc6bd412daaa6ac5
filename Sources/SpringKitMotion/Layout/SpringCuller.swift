import SpringKitDynamics

/// Hangs the items a rect shows on springs and takes them off when they leave, as the
/// springy collection-view layouts do in `prepare()`: each item whose frame intersects the
/// bounds grown by `inset` gets a world item at its layout center, attached by a spring to
/// that center; items that left the rect lose both.
///
/// `resyncDistance` > 0 re-syncs only after the bounds moved more than that far since the
/// last sync (THSpringyCollectionView's 30 pt).
///
/// Costs: `update` is linear in the attached and visible items, but each item that leaves
/// costs a scan of the world's springs (`World.removeItem`); `entry(at:)` is a binary search.
public final class SpringCuller {
    /// One attached layout item.
    public struct Entry: Equatable, Sendable {
        public var index: Int
        public var item: ItemID
        public var spring: SpringID
    }

    /// Ticks `world`; centers are read back through it, rounded to its pixel grid.
    public let animator: DynamicAnimator
    /// The animator's world, where the items and springs live.
    public let world: World
    public var spring: SpringParameters
    /// How far the visible rect is grown on every side, points.
    public var inset: Double
    public var resyncDistance: Double
    /// The attached items, by ascending layout index.
    public private(set) var entries: [Entry] = []
    private var lastSyncOrigin: SIMD2<Double>?

    public init(animator: DynamicAnimator, spring: SpringParameters, inset: Double, resyncDistance: Double = 0) throws {
        try spring.validate()
        guard inset.isFinite, resyncDistance.isFinite, resyncDistance >= 0 else {
            throw MotionError.invalidParameter("culler inset must be finite and the resync distance finite and ≥ 0")
        }
        self.animator = animator
        self.world = animator.world
        self.spring = spring
        self.inset = inset
        self.resyncDistance = resyncDistance
    }

    /// Syncs the springs with `bounds` grown by `inset`: removes the items that left (in
    /// index order), then adds the newly visible ones in index order, each at its layout center
    /// moved by `preShift(index, center)` (a pre-offset; nil: none). Returns the indices added
    /// and removed; both are empty when the resync distance was not reached.
    /// - Complexity: O(attached + visible + removed × springs in the world), plus the layout's
    ///   `indices(intersecting:)`: each item that left is removed from the world, which scans
    ///   its springs (`World.removeItem`).
    @discardableResult
    public func update(layout: ItemLayout, bounds: Rect,
                       preShift: ((Int, SIMD2<Double>) throws -> SIMD2<Double>)? = nil) throws -> (added: [Int], removed: [Int]) {
        let origin = SIMD2(bounds.x, bounds.y)
        if resyncDistance > 0, let last = lastSyncOrigin {
            let moved = origin - last
            guard max(abs(moved.x), abs(moved.y)) > resyncDistance else { return ([], []) }
        }
        lastSyncOrigin = origin
        let area = bounds.outset(by: inset)
        if let budget = world.budget {
            // The visible list is made before any spring is added: check it fits the memory cap first.
            let (bytes, overflow) = layout.indexCountBound(intersecting: area).multipliedReportingOverflow(by: 2 * MemoryLayout<Int>.stride)
            try budget.reserve(bytes: overflow ? Int.max : bytes)
            budget.release(bytes: bytes)
        }
        let visible = layout.indices(intersecting: area)
        var kept: [Entry] = [], removed: [Int] = []
        var v = 0
        for entry in entries {
            while v < visible.count && visible[v] < entry.index { v += 1 }
            if v < visible.count && visible[v] == entry.index {
                kept.append(entry)
            } else {
                try world.removeItem(entry.item)
                removed.append(entry.index)
            }
        }
        var merged: [Entry] = [], added: [Int] = []
        merged.reserveCapacity(visible.count)
        var k = 0
        for index in visible {
            while k < kept.count && kept[k].index < index { merged.append(kept[k]); k += 1 }
            if k < kept.count && kept[k].index == index { merged.append(kept[k]); k += 1; continue }
            let frame = layout.frame(index)
            let anchor = frame.center
            let center = try preShift?(index, anchor) ?? anchor
            let item = try world.addItem(center: center, size: SIMD2(frame.width, frame.height))
            let spring = try world.attach(item, to: anchor, spring)
            merged.append(Entry(index: index, item: item, spring: spring))
            added.append(index)
        }
        merged.append(contentsOf: kept[k...])
        entries = merged
        return (added, removed)
    }

    /// The entry of layout index `index`, when attached. - Complexity: O(log attached).
    public func entry(at index: Int) -> Entry? {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].index < index { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].index == index ? entries[low] : nil
    }

    /// The bounds-change rule of the springy layouts: every attached item's center (as last
    /// written to the layout) moves by `RubberMenuLayout.resistedShift` of `delta` along y, with
    /// `r = |touchY − anchorY| / resistance` and the shift clamped to ±`maxShift` (infinite: the
    /// WWDC / TeehanLax rule `delta < 0 ? max(delta, delta·r) : min(delta, delta·r)`).
    /// - Complexity: O(attached).
    package func shiftAttached(delta: Double, touchY: Double, resistance: Double, maxShift: Double) throws {
        guard delta.isFinite, touchY.isFinite, resistance.isFinite, resistance > 0, !maxShift.isNaN, maxShift >= 0 else {
            throw MotionError.invalidParameter("shift needs finite delta and touch, resistance > 0, max shift ≥ 0")
        }
        for entry in entries {
            let anchorY = try world.anchor(entry.spring).y
            var center = try animator.layoutPosition(entry.item)
            center.y += RubberMenuLayout.resistedShift(delta: delta, touchY: touchY, anchorY: anchorY,
                                                       resistance: resistance, maxStretch: maxShift)
            try animator.updateItem(entry.item, center: center)
        }
    }

    /// Removes every attached item from the world.
    /// - Complexity: O(attached × springs in the world) (`World.removeItem` scans the springs).
    public func removeAll() throws {
        for entry in entries { try world.removeItem(entry.item) }
        entries = []
        lastSyncOrigin = nil
    }
}
