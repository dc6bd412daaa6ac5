/// Box2D 2.4.1's `b2CollideCircles`: one point when the circles overlap or touch.
func collideCircles(_ circleA: CircleShape, _ xfA: Transform, _ circleB: CircleShape, _ xfB: Transform) -> Manifold {
    var manifold = Manifold()
    let pA = xfA.apply(circleA.center), pB = xfB.apply(circleB.center)
    let d = pB - pA
    let radius = circleA.radius + circleB.radius
    if Vec2.dot(d, d) > radius * radius { return manifold }
    manifold.kind = .circles
    manifold.localPoint = circleA.center
    manifold.points = [ManifoldPoint(localPoint: circleB.center, id: ContactFeature())]
    return manifold
}
