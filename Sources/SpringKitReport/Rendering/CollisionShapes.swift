import SpringKitDynamics
import SpringKitMotion

/// A world's collision boundaries and current contact points as report shapes, in the
/// shapes' existing vocabulary: a two-point boundary is a line, a chain or loop an outlined
/// path, a contact point a small filled circle. `rep:frame{collisions = w}` puts the
/// boundaries under the frame's own shapes and the contact points over them; a frame that
/// does not ask for them is drawn (and encoded) as before.
extension ReportData {
    /// Colours of the collision overlay.
    public enum CollisionStyle {
        public static let boundaryColor: UInt32 = 0x37474F
        public static let boundaryWidth = 2.0
        public static let contactColor: UInt32 = 0xE53935
        /// A contact dot's radius, points.
        public static let contactRadius = 2.5
    }

    /// The boundaries, in the order the world added them.
    /// - Complexity: O(boundary points).
    public static func boundaryShapes(_ world: World) -> [Shape] {
        var shapes: [Shape] = []
        for id in world.boundaryIDs {
            guard let (points, loop) = try? world.boundaryPoints(id), let first = points.first else { continue }
            let geometry: Shape.Geometry
            if points.count == 2 && !loop {
                geometry = .line(from: first, to: points[1])
            } else {
                var elements: [PathElement] = [.move(first)]
                for p in points.dropFirst() { elements.append(.line(p)) }
                if loop { elements.append(.close) }
                geometry = .path(elements, origin: .zero)
            }
            shapes.append(Shape(geometry, color: CollisionStyle.boundaryColor, filled: false, lineWidth: CollisionStyle.boundaryWidth))
        }
        return shapes
    }

    /// A dot on every point of every touching contact.
    /// - Complexity: O(contacts).
    public static func contactShapes(_ world: World) -> [Shape] {
        world.contactPoints().map { Shape(.circle(center: $0, radius: CollisionStyle.contactRadius), color: CollisionStyle.contactColor) }
    }
}
