import SpringKitDynamics
import SpringKitMotion

/// The gallery's order and selection as plain values: tapping selects and deselects,
/// and a move keeps the selection on its item by the four-case rule.
public struct GallerySelection: Equatable, Sendable {
    /// Item identifiers in display order.
    public private(set) var items: [Int]
    /// Index of the selected item, if any.
    public private(set) var selected: Int?

    /// `count` items in identifier order, none selected.
    /// - Complexity: O(count).
    public init(count: Int) { items = Array(0..<count) }

    /// The selected item's identifier.
    public var selectedItem: Int? { selected.map { items[$0] } }

    /// Tapping the selected item deselects it; tapping another selects it.
    public mutating func tap(_ index: Int) throws {
        try check(index)
        selected = selected == index ? nil : index
    }

    /// Removes the item at `source` and inserts it at `destination`; the selection follows:
    /// selected == source → destination; source < selected ≤ destination → selected − 1;
    /// destination ≤ selected < source → selected + 1; otherwise unchanged.
    /// - Complexity: O(items).
    public mutating func move(from source: Int, to destination: Int) throws {
        try check(source)
        try check(destination)
        let item = items.remove(at: source)
        items.insert(item, at: destination)
        if let s = selected {
            selected = Self.selectionAfterMove(selected: s, source: source, destination: destination)
        }
    }

    public static func selectionAfterMove(selected: Int, source: Int, destination: Int) -> Int {
        if selected == source { return destination }
        if source < selected && selected <= destination { return selected - 1 }
        if destination <= selected && selected < source { return selected + 1 }
        return selected
    }

    private func check(_ index: Int) throws {
        guard items.indices.contains(index) else {
            throw ScenarioError.indexOutOfRange(index: index, count: items.count)
        }
    }
}
