// Box2D 2.4.1 peer for SpringKitSim's rigid solver: UIKit's iOS 9 attachments and offset
// attachments, set up as UIKit sets up Box2D (in metres at 100 pt per metre, UIKit's clock: a
// double accumulator fed 1/60 s frames, sub-steps of (float)1/120 s, 8 velocity and 3 position
// iterations). Bodies are boxes without fixtures (mass density × w × h, inertia of the box), so
// nothing collides; gravity is UIKit's magnitude 1 (10 m/s²) down; damping as given.
//
// usage: box2d_joints SCENE FRAMES LINEAR_DAMPING ANGULAR_DAMPING
//   SCENE: pin | offset-rigid | offset-soft | weld | sliding | limit
// Prints one line per frame: frame, then per dynamic body x y angle (points, radians).
#include <box2d/box2d.h>
#include "box2d_uikit_clock.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static const float kPointsPerMeter = 100.0f;
static b2Vec2 m(float x, float y) { return b2Vec2(x / kPointsPerMeter, y / kPointsPerMeter); }

static float linearDamping = 0.0f, angularDamping = 0.0f;

static b2Body *box(b2World &world, float x, float y, float w, float h) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position = m(x, y);
    def.linearDamping = linearDamping;
    def.angularDamping = angularDamping;
    def.allowSleep = false;
    b2Body *body = world.CreateBody(&def);
    b2MassData mass;
    const float wm = w / kPointsPerMeter, hm = h / kPointsPerMeter;
    mass.mass = wm * hm;  // density 1
    mass.center.SetZero();
    mass.I = mass.mass * (wm * wm + hm * hm) / 12.0f;
    body->SetMassData(&mass);
    return body;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: box2d_joints SCENE FRAMES LINEAR_DAMPING ANGULAR_DAMPING\n");
        return 2;
    }
    const char *scene = argv[1];
    const int frames = std::atoi(argv[2]);
    linearDamping = std::strtof(argv[3], nullptr);
    angularDamping = std::strtof(argv[4], nullptr);
    b2World world(b2Vec2(0.0f, 10.0f));
    b2BodyDef groundDef;
    b2Body *ground = world.CreateBody(&groundDef);
    std::vector<b2Body *> bodies;
    if (!std::strcmp(scene, "pin")) {
        b2Body *b = box(world, 200, 100, 40, 40);
        b2RevoluteJointDef def;
        def.Initialize(ground, b, m(100, 100));
        world.CreateJoint(&def);
        bodies.push_back(b);
    } else if (!std::strcmp(scene, "offset-rigid") || !std::strcmp(scene, "offset-soft")) {
        // A 100 × 50 item at (200, 200) hanging by the point (25, 10) from its centre on an
        // attachment to (100, 100), of its length when made.
        b2Body *b = box(world, 200, 200, 100, 50);
        b2DistanceJointDef def;
        def.bodyA = b;
        def.bodyB = ground;
        def.localAnchorA = m(25, 10);
        def.localAnchorB = m(100, 100);
        def.length = (b->GetWorldPoint(def.localAnchorA) - def.localAnchorB).Length();
        if (!std::strcmp(scene, "offset-soft")) {
            def.minLength = 0.0f;
            def.maxLength = FLT_MAX;
            b2LinearStiffness(def.stiffness, def.damping, 2.0f, 0.3f, b, ground);
        } else {
            def.minLength = def.length;
            def.maxLength = def.length;
        }
        world.CreateJoint(&def);
        bodies.push_back(b);
    } else if (!std::strcmp(scene, "weld")) {
        // A pinned at (60, 100); B welded to A at (120, 100): a bent rigid pendulum.
        b2Body *a = box(world, 100, 100, 40, 40), *b = box(world, 140, 120, 40, 40);
        b2RevoluteJointDef pin;
        pin.Initialize(ground, a, m(60, 100));
        world.CreateJoint(&pin);
        b2WeldJointDef weld;
        weld.Initialize(a, b, m(120, 100));
        world.CreateJoint(&weld);
        bodies.push_back(a);
        bodies.push_back(b);
    } else if (!std::strcmp(scene, "sliding")) {
        // An item sliding on the axis (1, 1) through the anchor (100, 100), stopped 80 pt on.
        b2Body *b = box(world, 100, 100, 40, 40);
        b2PrismaticJointDef def;
        def.Initialize(ground, b, m(100, 100), b2Vec2(0.70710678f, 0.70710678f));
        def.enableLimit = true;
        def.lowerTranslation = -50.0f / kPointsPerMeter;
        def.upperTranslation = 80.0f / kPointsPerMeter;
        world.CreateJoint(&def);
        b->SetLinearVelocity(b2Vec2(3.0f, 0.0f));
        bodies.push_back(b);
    } else if (!std::strcmp(scene, "limit")) {
        // A pinned at (100, 100); B at (200, 100) on a rope from A, as long as they are apart.
        b2Body *a = box(world, 150, 100, 40, 40), *b = box(world, 250, 100, 40, 40);
        b2RevoluteJointDef pin;
        pin.Initialize(ground, a, m(100, 100));
        world.CreateJoint(&pin);
        b2DistanceJointDef rope;
        rope.bodyA = a;
        rope.bodyB = b;
        rope.localAnchorA.SetZero();
        rope.localAnchorB.SetZero();
        rope.length = 1.0f;
        rope.minLength = 0.0f;
        rope.maxLength = 1.0f;
        world.CreateJoint(&rope);
        bodies.push_back(a);
        bodies.push_back(b);
    } else {
        std::fprintf(stderr, "box2d_joints: unknown scene '%s'\n", scene);
        return 2;
    }
    runUIKitFrames(world, bodies, frames);
    return 0;
}
