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

    /// Constraint `k` in the order of solving: its type, its slot in that type's array, and
    /// the island it belongs to this step.
    struct Entry {
        var kind: Kind
        var slot: Int32
        var island: Int32
    }

    /// Constraint `k`'s entry, in island `island`.
    func entry(_ k: Int, island: Int) -> Entry { Entry(kind: kinds[k], slot: Int32(slots[k]), island: Int32(island)) }

    /// Prepares the constraints of `entries` for the step, in order: anchors, masses, warm start.
    /// - Complexity: O(entries).
    mutating func prepare(_ entries: [Entry], _ bodies: inout SolverBodies, _ ctx: JointStepContext) {
        bodies.withPointers { b in withStorage { j in for e in entries { j.prepare(e, b, ctx) } } }
    }

    /// One velocity pass over the constraints of `entries`, in order.
    /// - Complexity: O(entries).
    mutating func solveVelocities(_ entries: [Entry], _ bodies: inout SolverBodies, _ ctx: JointStepContext) {
        bodies.withPointers { b in withStorage { j in for e in entries { j.solveVelocity(e, b, ctx) } } }
    }

    /// One position pass over the constraints of `entries` whose island is not `solved`;
    /// clears `ok` for the island of each that was not within its slop.
    /// - Complexity: O(entries).
    mutating func solvePositions(_ entries: [Entry], solved: [Bool], ok: inout [Bool], _ bodies: inout SolverBodies, _ ctx: JointStepContext) {
        bodies.withPointers { b in
            withStorage { j in
                for e in entries where !solved[Int(e.island)] {
                    if !j.solvePosition(e, b, ctx) { ok[Int(e.island)] = false }
                }
            }
        }
    }

    /// Calls `body` with the joint arrays' storage (valid only inside it): a pass reaches each
    /// joint in place, without a uniqueness or bounds check.
    private mutating func withStorage<R>(_ body: (JointStorage) throws -> R) rethrows -> R {
        try distances.withUnsafeMutableBufferPointer { d in
            try revolutes.withUnsafeMutableBufferPointer { r in
                try welds.withUnsafeMutableBufferPointer { w in
                    try prismatics.withUnsafeMutableBufferPointer { p in
                        try ropes.withUnsafeMutableBufferPointer { o in
                            try body(JointStorage(distances: d, revolutes: r, welds: w, prismatics: p, ropes: o))
                        }
                    }
                }
            }
        }
    }
}

/// The joint arrays of a `JointTable` during one pass, dispatching each stage to the joint's own file.
private struct JointStorage {
    let distances: UnsafeMutableBufferPointer<DistanceJoint>
    let revolutes: UnsafeMutableBufferPointer<RevoluteJoint>
    let welds: UnsafeMutableBufferPointer<WeldJoint>
    let prismatics: UnsafeMutableBufferPointer<PrismaticJoint>
    let ropes: UnsafeMutableBufferPointer<RopeJoint>

    /// The constraint's preparation for the step: anchors, masses, warm start.
    @inline(__always) func prepare(_ e: JointTable.Entry, _ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        let s = Int(e.slot)
        switch e.kind {
        case .distance: distances[s].prepare(bodies, ctx)
        case .revolute: revolutes[s].prepare(bodies, ctx)
        case .weld: welds[s].prepare(bodies, ctx)
        case .prismatic: prismatics[s].prepare(bodies, ctx)
        case .rope: ropes[s].prepare(bodies, ctx)
        }
    }

    /// The constraint's velocity pass.
    @inline(__always) func solveVelocity(_ e: JointTable.Entry, _ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        let s = Int(e.slot)
        switch e.kind {
        case .distance: distances[s].solveVelocity(bodies)
        case .revolute: revolutes[s].solveVelocity(bodies, ctx)
        case .weld: welds[s].solveVelocity(bodies)
        case .prismatic: prismatics[s].solveVelocity(bodies, ctx)
        case .rope: ropes[s].solveVelocity(bodies, ctx)
        }
    }

    /// The constraint's position pass; whether it was within its slop. The joints' position
    /// passes change nothing in them but are `mutating`: called through a pointer, a
    /// non-mutating method is given a copy of the joint (a `memcpy` of it per call).
    @inline(__always) func solvePosition(_ e: JointTable.Entry, _ bodies: SolverBodyPointers, _ ctx: JointStepContext) -> Bool {
        let s = Int(e.slot)
        switch e.kind {
        case .distance: return distances[s].solvePosition(bodies, ctx)
        case .revolute: return revolutes[s].solvePosition(bodies, ctx)
        case .weld: return welds[s].solvePosition(bodies, ctx)
        case .prismatic: return prismatics[s].solvePosition(bodies, ctx)
        case .rope: return ropes[s].solvePosition(bodies, ctx)
        }
    }
}
