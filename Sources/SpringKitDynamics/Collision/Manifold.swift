/// Box2D's `b2ContactFeature` packed as its `key`: the features (vertex or face, and index) of
/// shapes A and B that meet at a manifold point; warm starting matches points by it.
struct ContactFeature: Equatable {
    static let vertex: UInt8 = 0, face: UInt8 = 1
    var indexA: UInt8 = 0, indexB: UInt8 = 0, typeA: UInt8 = 0, typeB: UInt8 = 0

    /// `b2ContactID::key`.
    var key: UInt32 { UInt32(indexA) | UInt32(indexB) << 8 | UInt32(typeA) << 16 | UInt32(typeB) << 24 }
    var flipped: ContactFeature { ContactFeature(indexA: indexB, indexB: indexA, typeA: typeB, typeB: typeA) }
}

/// One point of a manifold (`b2ManifoldPoint`): in the local frame of the body that is not the
/// reference (B for `faceA` and `circles`, A for `faceB`), with the impulses carried between steps.
struct ManifoldPoint: Equatable {
    var localPoint: SIMD2<Double>
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var id: ContactFeature
}

/// `b2Manifold`: how two shapes touch, in local coordinates so it survives small motions.
struct Manifold: Equatable {
    enum Kind: Equatable { case circles, faceA, faceB }
    var kind: Kind = .circles
    /// faceA / faceB: the reference face's normal; circles: unused.
    var localNormal = SIMD2<Double>.zero
    /// circles: the center of circle A; faceA / faceB: a point on the reference face.
    var localPoint = SIMD2<Double>.zero
    /// At most two (`b2_maxManifoldPoints`).
    var points: UpToTwo<ManifoldPoint> = []

    var pointCount: Int { points.count }
}

/// `b2WorldManifold`: a manifold in world points, for the solver and for drawing.
struct WorldManifold {
    /// From A to B.
    var normal = SIMD2<Double>.zero
    /// Midway between the two surfaces.
    var points: UpToTwo<SIMD2<Double>> = []
    /// Negative when overlapping.
    var separations: UpToTwo<Double> = []

    /// `b2WorldManifold::Initialize`.
    init(_ m: Manifold, _ xfA: Transform, _ radiusA: Double, _ xfB: Transform, _ radiusB: Double) {
        guard m.pointCount > 0 else { return }
        switch m.kind {
        case .circles:
            normal = SIMD2(1, 0)
            let pointA = xfA.apply(m.localPoint), pointB = xfB.apply(m.points[0].localPoint)
            let d = pointB - pointA
            if Vec2.dot(d, d) > Double.ulpOfOne * Double.ulpOfOne { normal = d / Vec2.length(d) }
            let cA = pointA + radiusA * normal, cB = pointB - radiusB * normal
            points = [0.5 * (cA + cB)]
            separations = [Vec2.dot(cB - cA, normal)]
        case .faceA:
            placeClipPoints(m, reference: xfA, radiusA, incident: xfB, radiusB)
        case .faceB:
            placeClipPoints(m, reference: xfB, radiusB, incident: xfA, radiusA)
            normal = -normal
        }
    }

    /// The face cases: the reference face's normal, and each clip point of the incident shape
    /// moved onto the reference surface and back by the incident radius; the point midway.
    private mutating func placeClipPoints(_ m: Manifold, reference xfR: Transform, _ radiusR: Double, incident xfI: Transform, _ radiusI: Double) {
        normal = xfR.rotate(m.localNormal)
        let plane = xfR.apply(m.localPoint)
        for mp in m.points {
            let clip = xfI.apply(mp.localPoint)
            let onReference = clip + (radiusR - Vec2.dot(clip - plane, normal)) * normal, onIncident = clip - radiusI * normal
            points.append(0.5 * (onReference + onIncident)); separations.append(Vec2.dot(onIncident - onReference, normal))
        }
    }
}

/// `b2ClipVertex`.
struct ClipVertex {
    var v: SIMD2<Double>
    var id: ContactFeature
}

/// `b2ClipSegmentToLine`: the part of segment `vIn` behind the line n·x = offset; a point made
/// by the cut takes vertex `vertexIndexA` of A as its feature.
func clipSegmentToLine(_ vIn: UpToTwo<ClipVertex>, normal: SIMD2<Double>, offset: Double, vertexIndexA: Int) -> UpToTwo<ClipVertex> {
    var out = UpToTwo<ClipVertex>()
    let d0 = Vec2.dot(normal, vIn[0].v) - offset, d1 = Vec2.dot(normal, vIn[1].v) - offset
    if d0 <= 0 { out.append(vIn[0]) }
    if d1 <= 0 { out.append(vIn[1]) }
    if d0 * d1 < 0 {
        let interp = d0 / (d0 - d1)
        out.append(ClipVertex(v: vIn[0].v + interp * (vIn[1].v - vIn[0].v),
                              id: ContactFeature(indexA: UInt8(vertexIndexA), indexB: vIn[0].id.indexB,
                                                 typeA: ContactFeature.vertex, typeB: ContactFeature.face)))
    }
    return out
}
