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
    let count = vertices.count
    let radius = polygonB.radius + edgeA.radius

    struct Axis { var isEdge: Bool; var index: Int; var separation: Double; var normal: SIMD2<Double> }
    // b2ComputeEdgeSeparation: the segment's two normals.
    var edgeAxis = Axis(isEdge: true, index: -1, separation: -Double.greatestFiniteMagnitude, normal: .zero)
    for (j, axis) in [normal1, -normal1].enumerated() {
        var sj = Double.greatestFiniteMagnitude
        for v in vertices { sj = min(sj, Vec2.dot(axis, v - v1)) }
        if sj > edgeAxis.separation { edgeAxis = Axis(isEdge: true, index: j, separation: sj, normal: axis) }
    }
    if edgeAxis.separation > radius { return manifold }
    // b2ComputePolygonSeparation: the polygon's faces.
    var polygonAxis = Axis(isEdge: false, index: -1, separation: -Double.greatestFiniteMagnitude, normal: .zero)
    for i in 0..<count {
        let n = -normals[i]
        let s = min(Vec2.dot(n, vertices[i] - v1), Vec2.dot(n, vertices[i] - v2))
        if s > polygonAxis.separation { polygonAxis = Axis(isEdge: false, index: i, separation: s, normal: n) }
    }
    if polygonAxis.separation > radius { return manifold }

    // Hysteresis for jitter reduction (0.98 and Box2D's 0.001 m, in points).
    var primary = polygonAxis.separation - radius > 0.98 * (edgeAxis.separation - radius) + 0.1 ? polygonAxis : edgeAxis

    if edgeA.oneSided {
        var edge0 = v1 - edgeA.v0
        edge0 /= Vec2.length(edge0)
        let normal0 = SIMD2(edge0.y, -edge0.x)
        let convex1 = Vec2.cross(edge0, edge1) >= 0
        var edge2 = edgeA.v3 - v2
        edge2 /= Vec2.length(edge2)
        let normal2 = SIMD2(edge2.y, -edge2.x)
        let convex2 = Vec2.cross(edge1, edge2) >= 0
        let sinTolerance = 0.1
        let side1 = Vec2.dot(primary.normal, edge1) <= 0
        if side1 {
            if convex1 {
                if Vec2.cross(primary.normal, normal0) > sinTolerance { return manifold }   // skip region
            } else {
                primary = edgeAxis   // snap region
            }
        } else {
            if convex2 {
                if Vec2.cross(normal2, primary.normal) > sinTolerance { return manifold }
            } else {
                primary = edgeAxis
            }
        }
    }

    var clipPoints: [ClipVertex]
    let refI1: Int, refI2: Int, refV1: SIMD2<Double>, refV2: SIMD2<Double>, refNormal: SIMD2<Double>
    let sideNormal1: SIMD2<Double>
    if primary.isEdge {
        manifold.kind = .faceA
        // The polygon face most anti-parallel to the segment's normal.
        var bestIndex = 0, bestValue = Vec2.dot(primary.normal, normals[0])
        for i in 1..<count {
            let value = Vec2.dot(primary.normal, normals[i])
            if value < bestValue { bestValue = value; bestIndex = i }
        }
        let i1 = bestIndex, i2 = i1 + 1 < count ? i1 + 1 : 0
        clipPoints = [ClipVertex(v: vertices[i1], id: ContactFeature(indexA: 0, indexB: UInt8(i1), typeA: ContactFeature.face, typeB: ContactFeature.vertex)),
                      ClipVertex(v: vertices[i2], id: ContactFeature(indexA: 0, indexB: UInt8(i2), typeA: ContactFeature.face, typeB: ContactFeature.vertex))]
        refI1 = 0; refI2 = 1; refV1 = v1; refV2 = v2; refNormal = primary.normal
        sideNormal1 = -edge1
    } else {
        manifold.kind = .faceB
        clipPoints = [ClipVertex(v: v2, id: ContactFeature(indexA: 1, indexB: UInt8(primary.index), typeA: ContactFeature.vertex, typeB: ContactFeature.face)),
                      ClipVertex(v: v1, id: ContactFeature(indexA: 0, indexB: UInt8(primary.index), typeA: ContactFeature.vertex, typeB: ContactFeature.face))]
        refI1 = primary.index; refI2 = refI1 + 1 < count ? refI1 + 1 : 0
        refV1 = vertices[refI1]; refV2 = vertices[refI2]; refNormal = normals[refI1]
        sideNormal1 = SIMD2(refNormal.y, -refNormal.x)
    }
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
