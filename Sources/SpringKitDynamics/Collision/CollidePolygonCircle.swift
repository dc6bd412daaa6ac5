/// Box2D 2.4.1's `b2CollidePolygonAndCircle`: the face of least penetration, or the nearest
/// vertex when the circle's center lies beyond the face's ends.
func collidePolygonAndCircle(_ polyA: PolygonShape, _ xfA: Transform, _ circleB: CircleShape, _ xfB: Transform) -> Manifold {
    var manifold = Manifold()
    let cLocal = xfA.applyInverse(xfB.apply(circleB.center))
    var normalIndex = 0, separation = -Double.greatestFiniteMagnitude
    let radius = polyA.radius + circleB.radius
    for i in 0..<polyA.count {
        let s = Vec2.dot(polyA.normals[i], cLocal - polyA.vertices[i])
        if s > radius { return manifold }
        if s > separation { separation = s; normalIndex = i }
    }
    let v1 = polyA.vertices[normalIndex], v2 = polyA.vertices[normalIndex + 1 < polyA.count ? normalIndex + 1 : 0]
    manifold.kind = .faceA
    let point: UpToTwo<ManifoldPoint> = [ManifoldPoint(localPoint: circleB.center, id: ContactFeature())]
    // The center inside the polygon (Box2D's b2_epsilon, in points).
    if separation < 100 * Double(Float.ulpOfOne) {
        manifold.localNormal = polyA.normals[normalIndex]
        manifold.localPoint = 0.5 * (v1 + v2)
        manifold.points = point
        return manifold
    }
    let u1 = Vec2.dot(cLocal - v1, v2 - v1), u2 = Vec2.dot(cLocal - v2, v1 - v2)
    if u1 <= 0 || u2 <= 0 {
        let v = u1 <= 0 ? v1 : v2
        let d = cLocal - v
        if Vec2.dot(d, d) > radius * radius { return manifold }
        manifold.localNormal = d / Vec2.length(d)
        manifold.localPoint = v
    } else {
        let faceCenter = 0.5 * (v1 + v2)
        if Vec2.dot(cLocal - faceCenter, polyA.normals[normalIndex]) > radius { return manifold }
        manifold.localNormal = polyA.normals[normalIndex]
        manifold.localPoint = faceCenter
    }
    manifold.points = point
    return manifold
}
