/// Box2D 2.4.1's `b2CollidePolygons`: the separating axis test over both polygons' face normals,
/// then the incident edge of the other polygon clipped to the reference face's side planes.
/// The reference face is A's unless B's separation is larger by more than 0.1 × linear slop
/// (hysteresis, so the choice does not flicker).
func collidePolygons(_ polyA: PolygonShape, _ xfA: Transform, _ polyB: PolygonShape, _ xfB: Transform, linearSlop: Double) -> Manifold {
    var manifold = Manifold()
    let totalRadius = polyA.radius + polyB.radius
    let (edgeA, separationA) = findMaxSeparation(polyA, xfA, polyB, xfB)
    if separationA > totalRadius { return manifold }
    let (edgeB, separationB) = findMaxSeparation(polyB, xfB, polyA, xfA)
    if separationB > totalRadius { return manifold }

    let poly1: PolygonShape, poly2: PolygonShape, xf1: Transform, xf2: Transform, edge1: Int, flip: Bool
    if separationB > separationA + 0.1 * linearSlop {
        poly1 = polyB; poly2 = polyA; xf1 = xfB; xf2 = xfA; edge1 = edgeB; manifold.kind = .faceB; flip = true
    } else {
        poly1 = polyA; poly2 = polyB; xf1 = xfA; xf2 = xfB; edge1 = edgeA; manifold.kind = .faceA; flip = false
    }
    let incident = findIncidentEdge(poly1, xf1, edge1, poly2, xf2)
    let count1 = poly1.count
    let iv1 = edge1, iv2 = edge1 + 1 < count1 ? edge1 + 1 : 0
    var v11 = poly1.vertices[iv1], v12 = poly1.vertices[iv2]
    var localTangent = v12 - v11
    localTangent /= Vec2.length(localTangent)
    let localNormal = SIMD2(localTangent.y, -localTangent.x)
    let planePoint = 0.5 * (v11 + v12)
    let tangent = xf1.rotate(localTangent)
    let normal = SIMD2(tangent.y, -tangent.x)
    v11 = xf1.apply(v11); v12 = xf1.apply(v12)
    let frontOffset = Vec2.dot(normal, v11)
    let sideOffset1 = -Vec2.dot(tangent, v11) + totalRadius
    let sideOffset2 = Vec2.dot(tangent, v12) + totalRadius
    let clip1 = clipSegmentToLine(incident, normal: -tangent, offset: sideOffset1, vertexIndexA: iv1)
    if clip1.count < 2 { return manifold }
    let clip2 = clipSegmentToLine(clip1, normal: tangent, offset: sideOffset2, vertexIndexA: iv2)
    if clip2.count < 2 { return manifold }
    manifold.localNormal = localNormal
    manifold.localPoint = planePoint
    for c in clip2.prefix(2) where Vec2.dot(normal, c.v) - frontOffset <= totalRadius {
        manifold.points.append(ManifoldPoint(localPoint: xf2.applyInverse(c.v), id: flip ? c.id.flipped : c.id))
    }
    return manifold
}

/// `b2FindMaxSeparation`: the face of poly1 along whose normal poly2 lies farthest out.
private func findMaxSeparation(_ poly1: PolygonShape, _ xf1: Transform, _ poly2: PolygonShape, _ xf2: Transform) -> (Int, Double) {
    let xf = xf2.relative(xf1)
    var bestIndex = 0, maxSeparation = -Double.greatestFiniteMagnitude
    for i in 0..<poly1.count {
        let n = xf.rotate(poly1.normals[i]), v1 = xf.apply(poly1.vertices[i])
        var si = Double.greatestFiniteMagnitude
        for v2 in poly2.vertices { si = min(si, Vec2.dot(n, v2 - v1)) }
        if si > maxSeparation { maxSeparation = si; bestIndex = i }
    }
    return (bestIndex, maxSeparation)
}

/// `b2FindIncidentEdge`: the edge of poly2 most anti-parallel to face `edge1` of poly1, in world points.
private func findIncidentEdge(_ poly1: PolygonShape, _ xf1: Transform, _ edge1: Int, _ poly2: PolygonShape, _ xf2: Transform) -> UpToTwo<ClipVertex> {
    let normal1 = xf2.rotateInverse(xf1.rotate(poly1.normals[edge1]))
    var index = 0, minDot = Double.greatestFiniteMagnitude
    for i in 0..<poly2.count {
        let d = Vec2.dot(normal1, poly2.normals[i])
        if d < minDot { minDot = d; index = i }
    }
    let i1 = index, i2 = i1 + 1 < poly2.count ? i1 + 1 : 0
    return [ClipVertex(v: xf2.apply(poly2.vertices[i1]), id: ContactFeature(indexA: UInt8(edge1), indexB: UInt8(i1), typeA: ContactFeature.face, typeB: ContactFeature.vertex)),
            ClipVertex(v: xf2.apply(poly2.vertices[i2]), id: ContactFeature(indexA: UInt8(edge1), indexB: UInt8(i2), typeA: ContactFeature.face, typeB: ContactFeature.vertex))]
}
