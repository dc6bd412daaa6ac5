/// The rigid solver's constraints while it steps: one array per joint type (Box2D v3's manner)
/// and the order they are solved in as (type, slot) pairs. Each stage works on a joint in
/// place in its own array, so no joint is copied in or out of an enum on every iteration
/// (which a `[JointModel]` costs: a few hundred bytes moved per joint per pass). The order is
/// the one the constraints were appended in, so Gauss–Seidel passes see what they saw before.
struct JointTable {
    enum Kind: UInt8 { case distance, revolute, weld, prismatic, rope }

    private(set) var kinds: [Kind] = []
    private(set) var slots: [Int] = []
    private(set) var distances: [DistanceJoint] = []
    private(set) var revolutes: [RevoluteJoint] = []
    private(set) var welds: [WeldJoint] = []
    private(set) var prismatics: [PrismaticJoint] = []
    private(set) var ropes: [RopeJoint] = []

    /// How many constraints, and their positions in the order of solving.
    var count: Int { kinds.count }
    var indices: Range<Int> { kinds.indices }
    var isEmpty: Bool { kinds.isEmpty }

    /// Appends `model` as the last constraint solved.
    /// - Complexity: amortized O(1).
    mutating func append(_ model: JointModel) {
        switch model {
        case .distance(let j): kinds.append(.distance); slots.append(distances.count); distances.append(j)
        case .revolute(let j): kinds.append(.revolute); slots.append(revolutes.count); revolutes.append(j)
        case .weld(let j): kinds.append(.weld); slots.append(welds.count); welds.append(j)
        case .prismatic(let j): kinds.append(.prismatic); slots.append(prismatics.count); prismatics.append(j)
        case .rope(let j): kinds.append(.rope); slots.append(ropes.count); ropes.append(j)
        }
    }

    /// Constraint `k` as a value (the world's cold copy); setting it keeps its type.
    subscript(k: Int) -> JointModel {
        get {
            let s = slots[k]
            switch kinds[k] {
            case .distance: return .distance(distances[s])
            case .revolute: return .revolute(revolutes[s])
            case .weld: return .weld(welds[s])
            case .prismatic: return .prismatic(prismatics[s])
            case .rope: return .rope(ropes[s])
            }
        }
        set {
            let s = slots[k]
            switch (kinds[k], newValue) {
            case (.distance, .distance(let j)): distances[s] = j
            case (.revolute, .revolute(let j)): revolutes[s] = j
            case (.weld, .weld(let j)): welds[s] = j
            case (.prismatic, .prismatic(let j)): prismatics[s] = j
            case (.rope, .rope(let j)): ropes[s] = j
            default: preconditionFailure("a constraint keeps its joint type")
            }
        }
    }

    /// Solver body indices of constraint `k`'s two ends (−1: the world).
    @inline(__always) func ends(_ k: Int) -> (a: Int, b: Int) {
        let s = slots[k]
        switch kinds[k] {
        case .distance: return (distances[s].a, distances[s].b)
        case .revolute: return (revolutes[s].a, revolutes[s].b)
        case .weld: return (welds[s].a, welds[s].b)
        case .prismatic: return (prismatics[s].a, prismatics[s].b)
        case .rope: return (ropes[s].a, ropes[s].b)
        }
    }

    /// The spring solved as constraint `k` when it is a distance joint.
    func distance(_ k: Int) -> DistanceJoint? { kinds[k] == .distance ? distances[slots[k]] : nil }

    /// Constraint `k` when it is a revolute joint (a pin, or a spring pinned on its anchor).
    func revolute(_ k: Int) -> RevoluteJoint? { kinds[k] == .revolute ? revolutes[slots[k]] : nil }

    /// Constraint `k`'s preparation for the step: anchors, masses, warm start.
    @inline(__always) mutating func prepare(_ k: Int, _ bodies: inout SolverBodies, _ ctx: JointStepContext) {
        let s = slots[k]
        switch kinds[k] {
        case .distance: distances[s].prepare(&bodies, ctx)
        case .revolute: revolutes[s].prepare(&bodies, ctx)
        case .weld: welds[s].prepare(&bodies, ctx)
        case .prismatic: prismatics[s].prepare(&bodies, ctx)
        case .rope: ropes[s].prepare(&bodies, ctx)
        }
    }

    /// Constraint `k`'s velocity pass.
    @inline(__always) mutating func solveVelocity(_ k: Int, _ bodies: inout SolverBodies, _ ctx: JointStepContext) {
        let s = slots[k]
        switch kinds[k] {
        case .distance: distances[s].solveVelocity(&bodies)
        case .revolute: revolutes[s].solveVelocity(&bodies, ctx)
        case .weld: welds[s].solveVelocity(&bodies)
        case .prismatic: prismatics[s].solveVelocity(&bodies, ctx)
        case .rope: ropes[s].solveVelocity(&bodies, ctx)
        }
    }

    /// Constraint `k`'s position pass; whether it was within its slop.
    @inline(__always) func solvePosition(_ k: Int, _ bodies: inout SolverBodies, _ ctx: JointStepContext) -> Bool {
        let s = slots[k]
        switch kinds[k] {
        case .distance: return distances[s].solvePosition(&bodies, ctx)
        case .revolute: return revolutes[s].solvePosition(&bodies, ctx)
        case .weld: return welds[s].solvePosition(&bodies, ctx)
        case .prismatic: return prismatics[s].solvePosition(&bodies, ctx)
        case .rope: return ropes[s].solvePosition(&bodies, ctx)
        }
    }
}
