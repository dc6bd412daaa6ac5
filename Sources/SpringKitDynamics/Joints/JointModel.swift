/// One constraint of the rigid solver: a spring (a distance joint, possibly with offsets) or
/// one of UIKit's iOS 9 attachments (the solver keeps them in a `JointTable`).
enum JointModel {
    case distance(DistanceJoint)
    case revolute(RevoluteJoint)
    case weld(WeldJoint)
    case prismatic(PrismaticJoint)
    case rope(RopeJoint)

    /// Solver body indices of the two ends (−1: the world).
    var ends: (a: Int, b: Int) {
        switch self {
        case .distance(let j): return (j.a, j.b)
        case .revolute(let j): return (j.a, j.b)
        case .weld(let j): return (j.a, j.b)
        case .prismatic(let j): return (j.a, j.b)
        case .rope(let j): return (j.a, j.b)
        }
    }

    mutating func setEnds(_ a: Int, _ b: Int) {
        switch self {
        case .distance(var j): j.a = a; j.b = b; self = .distance(j)
        case .revolute(var j): j.a = a; j.b = b; self = .revolute(j)
        case .weld(var j): j.a = a; j.b = b; self = .weld(j)
        case .prismatic(var j): j.a = a; j.b = b; self = .prismatic(j)
        case .rope(var j): j.a = a; j.b = b; self = .rope(j)
        }
    }
}
