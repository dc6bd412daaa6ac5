// Box2D 2.4.1 peer for SpringKitSim's joint solver and its per-island sleeping: chains of
// dynamic bodies (fixed rotation, mass 1) joined by soft distance joints, each chain hung
// from a static body by one more joint at its first body; zero gravity, sleeping allowed,
// UIKit's linear damping 0.1, fixed step (float)1/120 s, 8 velocity and 3 position iterations.
// As in UIKit Dynamics, Box2D works in metres at 100 points per metre (so its sleep tolerance,
// 0.01 m/s, is 1 pt/s); arguments and output are in points.
// Joints are created top-down (anchor, then link 1–2, 2–3, ...); Box2D's island search then
// solves them bottom-up, the order the test gives its springs.
//
// usage: box2d_islands STEPS CHAIN...   CHAIN = "X Y COUNT SPACING FREQUENCY DAMPING VX VY"
//   the anchor is at (X, Y); body k (1…COUNT) starts at (X + k·SPACING, Y) with velocity
//   (VX, VY) · k; every joint's length is SPACING.
// Prints one line per step: step, then per body (chain by chain) x y vx vy awake.
#include <box2d/box2d.h>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <vector>

static const float kPointsPerMeter = 100.0f;

static void softJoint(b2World &world, b2Body *a, b2Body *b, b2Vec2 anchorA, float length, float frequency, float damping) {
    b2DistanceJointDef def;
    def.bodyA = a;
    def.bodyB = b;
    def.localAnchorA = anchorA;
    def.localAnchorB.SetZero();
    def.length = length;
    def.minLength = 0.0f;
    def.maxLength = FLT_MAX;
    b2LinearStiffness(def.stiffness, def.damping, frequency, damping, a, b);
    world.CreateJoint(&def);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: box2d_islands STEPS \"X Y COUNT SPACING FREQUENCY DAMPING VX VY\"...\n");
        return 2;
    }
    const int steps = std::atoi(argv[1]);
    b2World world(b2Vec2(0.0f, 0.0f));
    b2BodyDef groundDef;
    b2Body *ground = world.CreateBody(&groundDef);
    std::vector<b2Body *> bodies;
    for (int c = 2; c < argc; ++c) {
        std::istringstream in(argv[c]);
        float x, y, spacing, frequency, damping, vx, vy;
        int count;
        if (!(in >> x >> y >> count >> spacing >> frequency >> damping >> vx >> vy) || count < 1) {
            std::fprintf(stderr, "box2d_islands: bad chain '%s'\n", argv[c]);
            return 2;
        }
        x /= kPointsPerMeter; y /= kPointsPerMeter; spacing /= kPointsPerMeter;
        vx /= kPointsPerMeter; vy /= kPointsPerMeter;
        std::vector<b2Body *> chain;
        for (int k = 1; k <= count; ++k) {
            b2BodyDef def;
            def.type = b2_dynamicBody;
            def.position = b2Vec2(x + k * spacing, y);
            def.linearVelocity = b2Vec2(vx * k, vy * k);
            def.fixedRotation = true;
            def.linearDamping = 0.1f;
            b2Body *body = world.CreateBody(&def);
            b2MassData mass;
            mass.mass = 1.0f;
            mass.center.SetZero();
            mass.I = 0.0f;
            body->SetMassData(&mass);
            chain.push_back(body);
            bodies.push_back(body);
        }
        softJoint(world, ground, chain[0], b2Vec2(x, y), spacing, frequency, damping);
        for (int k = 1; k < count; ++k) softJoint(world, chain[k - 1], chain[k], b2Vec2(0.0f, 0.0f), spacing, frequency, damping);
    }
    for (int i = 1; i <= steps; ++i) {
        world.Step(1.0f / 120.0f, 8, 3);
        std::printf("%d", i);
        for (b2Body *b : bodies) {
            const b2Vec2 p = b->GetPosition(), v = b->GetLinearVelocity();
            std::printf(" %.9g %.9g %.9g %.9g %d", 100.0f * p.x, 100.0f * p.y, 100.0f * v.x, 100.0f * v.y, b->IsAwake() ? 1 : 0);
        }
        std::printf("\n");
    }
    return 0;
}
