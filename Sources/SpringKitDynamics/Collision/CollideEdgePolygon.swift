/// Box2D 2.4.1's `b2CollideEdgeAndPolygon`: segment A against polygon B. The axis of least
/// overlap among the segment's two normals and the polygon's faces, with hysteresis (a polygon
/// face must beat the segment's by 2 % and 0.1 pt); for a one-sided chain segment, the ghost
/// vertices decide whether a normal is admitted, skipped (the neighbour handles it) or snapped
/// to the segment's normal, so bodies slide over the chain's joints (Box2D's "ghost collisions").
/// Then the incident edge is clipped to the reference face, as `collidePolygons` does.
func collideEdgeAndPolygon(_ edgeA: EdgeShape, _ xfA: Transform, _ polygonB: PolygonShape, _ xfB: Transform) -> Manifold {
    var manifold = Manifold()
    let xf = xfA.relative(xfB)
    let centroidB = xf.apply(polygonB.centroid)
    let v1 = edgeA.v1, v2 = edgeA.v2
    var edge1 = v2 - v1
    edge1 /= Vec2.length(edge1)
    // Normal points to the right for a counter-clockwise winding.
    let normal1 = SIMD2(edge1.y, -edge1.x)
    let offset1 = Vec2.dot(normal1, centroidB - v1)
    if edgeA.oneSided && offset1 < 0 { return manifold }

    let vertices = polygonB.vertices.map(xf.apply), normals = polygonB.normals.map(xf.rotate)
    let radius = polygonB.radius + edgeA.radius

    let edgeAxis = edgeSeparation(vertices, v1: v1, normal1: normal1)
    if edgeAxis.separation > radius { return manifold }
    let polygonAxis = polygonSeparation(vertices, normals, v1: v1, v2: v2)
    if polygonAxis.separation > radius { return manifold }

    // Hysteresis for jitter reduction (0.98 and Box2D's 0.001 m, in points).
    var primary = polygonAxis.separation - radius > 0.98 * (edgeAxis.separation - radius) + 0.1 ? polygonAxis : edgeAxis
    if edgeA.oneSided {
        guard let admitted = ghostRegion(primary, edgeAxis: edgeAxis, edgeA, edge1: edge1) else { return manifold }
        primary = admitted
    }

    let face = referenceFace(primary, vertices, normals, v1: v1, v2: v2, edge1: edge1)
    manifold.kind = face.kind
    let clipPoints = face.clipPoints, refI1 = face.i1, refI2 = face.i2, refV1 = face.v1, refV2 = face.v2
    let refNormal = face.normal, sideNormal1 = face.sideNormal
    let sideNormal2 = -sideNormal1
    let sideOffset1 = Vec2.dot(sideNormal1, refV1), sideOffset2 = Vec2.dot(sideNormal2, refV2)
    let clip1 = clipSegmentToLine(clipPoints, normal: sideNormal1, offset: sideOffset1, vertexIndexA: refI1)
    if clip1.count < 2 { return manifold }
    let clip2 = clipSegmentToLine(clip1, normal: sideNormal2, offset: sideOffset2, vertexIndexA: refI2)
    if clip2.count < 2 { return manifold }
    if primary.isEdge {
        manifold.localNormal = refNormal
        manifold.localPoint = refV1
    } else {
        manifold.localNormal = polygonB.normals[refI1]
        manifold.localPoint = polygonB.vertices[refI1]
    }
    for c in clip2.prefix(2) where Vec2.dot(refNormal, c.v - refV1) <= radius {
        if primary.isEdge {
            manifold.points.append(ManifoldPoint(localPoint: xf.applyInverse(c.v), id: c.id))
        } else {
            manifold.points.append(ManifoldPoint(localPoint: c.v, id: c.id.flipped))
        }
    }
    return manifold
}

/// A separating axis: one of the segment's normals (`isEdge`) or a face of the polygon.
private struct SeparatingAxis { var isEdge: Bool; var index: Int; var separation: Double; var normal: SIMD2<Double> }

/// `b2ComputeEdgeSeparation`: the segment's two normals, the one the polygon is furthest out along.
private func edgeSeparation(_ vertices: [SIMD2<Double>], v1: SIMD2<Double>, normal1: SIMD2<Double>) -> SeparatingAxis {
    var axis = SeparatingAxis(isEdge: true, index: -1, separation: -Double.greatestFiniteMagnitude, normal: .zero)
    for (j, normal) in [normal1, -normal1].enumerated() {
        var sj = Double.greatestFiniteMagnitude
        for v in vertices { sj = min(sj, Vec2.dot(normal, v - v1)) }
        if sj > axis.separation { axis = SeparatingAxis(isEdge: true, index: j, separation: sj, normal: normal) }
    }
    return axis
}

/// `b2ComputePolygonSeparation`: the polygon's face the segment is furthest out of.
private func polygonSeparation(_ vertices: [SIMD2<Double>], _ normals: [SIMD2<Double>], v1: SIMD2<Double>, v2: SIMD2<Double>) -> SeparatingAxis {
    var axis = SeparatingAxis(isEdge: false, index: -1, separation: -Double.greatestFiniteMagnitude, normal: .zero)
    for i in vertices.indices {
        let n = -normals[i]
        let s = min(Vec2.dot(n, vertices[i] - v1), Vec2.dot(n, vertices[i] - v2))
        if s > axis.separation { axis = SeparatingAxis(isEdge: false, index: i, separation: s, normal: n) }
    }
    return axis
}

/// A one-sided chain segment's ghost vertices: the axis admitted, the segment's own normal
/// where the neighbour's corner is concave (snap), or nil where the neighbour handles it (skip).
private func ghostRegion(_ primary: SeparatingAxis, edgeAxis: SeparatingAxis, _ edgeA: EdgeShape, edge1: SIMD2<Double>) -> SeparatingAxis? {
    var edge0 = edgeA.v1 - edgeA.v0
    edge0 /= Vec2.length(edge0)
    let normal0 = SIMD2(edge0.y, -edge0.x)
    let convex1 = Vec2.cross(edge0, edge1) >= 0
    var edge2 = edgeA.v3 - edgeA.v2
    edge2 /= Vec2.length(edge2)
    let normal2 = SIMD2(edge2.y, -edge2.x)
    let convex2 = Vec2.cross(edge1, edge2) >= 0
    let sinTolerance = 0.1
    if Vec2.dot(primary.normal, edge1) <= 0 {
        if !convex1 { return edgeAxis }
        return Vec2.cross(primary.normal, normal0) > sinTolerance ? nil : primary
    }
    if !convex2 { return edgeAxis }
    return Vec2.cross(normal2, primary.normal) > sinTolerance ? nil : primary
}

/// The reference face and the incident edge to clip against it: the polygon's face most
/// anti-parallel to the segment's normal when the segment is the reference (`faceA`), else
/// the segment against the polygon's face (`faceB`).
private struct ReferenceFace {
    var kind: Manifold.Kind
    var clipPoints: UpToTwo<ClipVertex>
    var i1: Int, i2: Int
    var v1: SIMD2<Double>, v2: SIMD2<Double>, normal: SIMD2<Double>, sideNormal: SIMD2<Double>
}

private func referenceFace(_ primary: SeparatingAxis, _ vertices: [SIMD2<Double>], _ normals: [SIMD2<Double>],
                           v1: SIMD2<Double>, v2: SIMD2<Double>, edge1: SIMD2<Double>) -> ReferenceFace {
    let count = vertices.count
    if primary.isEdge {
        var bestIndex = 0, bestValue = Vec2.dot(primary.normal, normals[0])
        for i in 1..<count {
            let value = Vec2.dot(primary.normal, normals[i])
            if value < bestValue { bestValue = value; bestIndex = i }
        }
        let i1 = bestIndex, i2 = i1 + 1 < count ? i1 + 1 : 0
        let clip: UpToTwo<ClipVertex> = [ClipVertex(v: vertices[i1], id: ContactFeature(indexA: 0, indexB: UInt8(i1), typeA: ContactFeature.face, typeB: ContactFeature.vertex)),
                    ClipVertex(v: vertices[i2], id: ContactFeature(indexA: 0, indexB: UInt8(i2), typeA: ContactFeature.face, typeB: ContactFeature.vertex))]
        return ReferenceFace(kind: .faceA, clipPoints: clip, i1: 0, i2: 1, v1: v1, v2: v2, normal: primary.normal, sideNormal: -edge1)
    }
    let clip: UpToTwo<ClipVertex> = [ClipVertex(v: v2, id: ContactFeature(indexA: 1, indexB: UInt8(primary.index), typeA: ContactFeature.vertex, typeB: ContactFeature.face)),
                ClipVertex(v: v1, id: ContactFeature(indexA: 0, indexB: UInt8(primary.index), typeA: ContactFeature.vertex, typeB: ContactFeature.face))]
    let i1 = primary.index, i2 = i1 + 1 < count ? i1 + 1 : 0
    let normal = normals[i1]
    return ReferenceFace(kind: .faceB, clipPoints: clip, i1: i1, i2: i2, v1: vertices[i1], v2: vertices[i2], normal: normal,
                         sideNormal: SIMD2(normal.y, -normal.x))
}
