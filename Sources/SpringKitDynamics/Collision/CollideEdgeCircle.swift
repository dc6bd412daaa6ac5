/// Box2D 2.4.1's `b2CollideEdgeAndCircle`: the circle against segment A, by Voronoi region (end
/// A, end B, or the face). A one-sided (chain) segment ignores a circle behind it and leaves an
/// end region to the neighbouring segment when the circle lies in that segment's face region.
func collideEdgeAndCircle(_ edgeA: EdgeShape, _ xfA: Transform, _ circleB: CircleShape, _ xfB: Transform) -> Manifold {
    var manifold = Manifold()
    let Q = xfA.applyInverse(xfB.apply(circleB.center))
    let A = edgeA.v1, B = edgeA.v2, e = B - A
    var n = SIMD2(e.y, -e.x)
    let offset = Vec2.dot(n, Q - A)
    if edgeA.oneSided && offset < 0 { return manifold }
    let u = Vec2.dot(e, B - Q), v = Vec2.dot(e, Q - A)
    let radius = edgeA.radius + circleB.radius
    var cf = ContactFeature(indexA: 0, indexB: 0, typeA: ContactFeature.vertex, typeB: ContactFeature.vertex)
    func vertexContact(_ P: SIMD2<Double>) -> Manifold {
        var m = Manifold()
        m.kind = .circles
        m.localPoint = P
        m.points = [ManifoldPoint(localPoint: circleB.center, id: cf)]
        return m
    }
    if v <= 0 {   // Region A
        let d = Q - A
        if Vec2.dot(d, d) > radius * radius { return manifold }
        if edgeA.oneSided && Vec2.dot(A - edgeA.v0, A - Q) > 0 { return manifold }   // the previous segment's face region
        return vertexContact(A)
    }
    if u <= 0 {   // Region B
        let d = Q - B
        if Vec2.dot(d, d) > radius * radius { return manifold }
        if edgeA.oneSided && Vec2.dot(edgeA.v3 - B, Q - B) > 0 { return manifold }   // the next segment's face region
        cf.indexA = 1
        return vertexContact(B)
    }
    let P = (1 / Vec2.dot(e, e)) * (u * A + v * B)
    let d = Q - P
    if Vec2.dot(d, d) > radius * radius { return manifold }
    if offset < 0 { n = -n }
    n /= Vec2.length(n)
    cf.typeA = ContactFeature.face
    manifold.kind = .faceA
    manifold.localNormal = n
    manifold.localPoint = A
    manifold.points = [ManifoldPoint(localPoint: circleB.center, id: cf)]
    return manifold
}
