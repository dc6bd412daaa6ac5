import SpringKitSupport

/// Reading many items' positions at once: one pass over the identifiers, no per-item call
/// (scenarios that record every item every frame read thousands a frame).
extension World {
    /// Calls `body` with a reader of item positions that checks each identifier once; the
    /// reader is valid only inside `body` (the world must not change meanwhile).
    /// - Complexity: O(1) per position read, plus `body`.
    public func withPositionReader<R>(_ body: (PositionReader) throws -> R) rethrows -> R {
        try items.px.withUnsafeBufferPointer { px in
            try items.py.withUnsafeBufferPointer { py in
                try body(PositionReader(table: items.table, px: px, py: py))
            }
        }
    }

    /// Positions by item identifier, read without per-call exclusivity checks or copies.
    public struct PositionReader {
        let table: DenseIndexTable
        let px: UnsafeBufferPointer<Double>, py: UnsafeBufferPointer<Double>

        /// The unrounded physics position of `id` (`World.position`).
        public func position(_ id: ItemID) throws -> SIMD2<Double> {
            guard let i = table.denseIndex(id.rawValue) else { throw DynamicsError.unknownItem(id) }
            return SIMD2(px[i], py[i])
        }
    }
}
