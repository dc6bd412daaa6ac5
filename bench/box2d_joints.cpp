// Box2D 2.4.1 peer for SpringKitSim's rigid solver: UIKit's iOS 9 attachments and offset
// attachments, set up as UIKit sets up Box2D (in metres at 100 pt per metre, UIKit's clock: a
// double accumulator fed 1/60 s frames, sub-steps of (float)1/120 s, 8 velocity and 3 position
// iterations). Bodies are boxes without fixtures (mass density × w × h, inertia of the box), so
// nothing collides; gravity is UIKit's magnitude 1 (10 m/s²) down; damping as given.
//
// usage: box2d_joints SCENE FRAMES LINEAR_DAMPING ANGULAR_DAMPING
//   SCENE: pin | offset-rigid | offset-soft | weld | sliding | limit
//          | free | push-continuous | push-instant | push-offset
// The free and push scenes have no joints: free flight under gravity with a spin, and
// UIPushBehavior's three ways (charon UIDynamicAnimator.md §4.2) without gravity: a force of
// (0.6, -0.3) N applied before each frame's sub-steps and cleared after them (UIKit turns
// Box2D's auto-clear off, §1.1), one impulse of (0.2, 0.1) N·s, and the force applied 30 pt
// right of and 10 pt below the centre, in the world's axes.
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

// Box2D 2.2.1's soft distance joint takes its spring from the joint's effective mass along
// its axis, with the anchors' lever arms, at the start of every step; 2.4.1 takes a stiffness
// and damping. Set before each sub-step, 2.4.1 solves 2.2.1's spring.
static void softnessAs221(b2DistanceJoint *joint, float frequency, float ratio) {
    b2Body *a = joint->GetBodyA(), *b = joint->GetBodyB();
    const b2Vec2 pa = joint->GetAnchorA(), pb = joint->GetAnchorB();
    const b2Vec2 ra = pa - a->GetWorldCenter(), rb = pb - b->GetWorldCenter();
    b2Vec2 u = pb - pa;
    u.Normalize();
    const float ia = a->GetType() == b2_dynamicBody ? 1.0f / a->GetInertia() : 0.0f;
    const float ib = b->GetType() == b2_dynamicBody ? 1.0f / b->GetInertia() : 0.0f;
    const float ma = a->GetType() == b2_dynamicBody ? 1.0f / a->GetMass() : 0.0f;
    const float mb = b->GetType() == b2_dynamicBody ? 1.0f / b->GetMass() : 0.0f;
    const float cra = b2Cross(ra, u), crb = b2Cross(rb, u);
    const float inverse = ma + ia * cra * cra + mb + ib * crb * crb;
    const float mass = inverse != 0.0f ? 1.0f / inverse : 0.0f;
    const float omega = 2.0f * b2_pi * frequency;
    joint->SetStiffness(mass * omega * omega);
    joint->SetDamping(2.0f * mass * ratio * omega);
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
    b2DistanceJoint *softJoint = nullptr;
    // The push scenes: the force (N) or impulse (N·s), and where it acts from the centre (pt).
    b2Vec2 push(0.0f, 0.0f), pushOffset(0.0f, 0.0f);
    bool pushEveryFrame = false;
    world.SetAutoClearForces(false);
    if (!std::strcmp(scene, "free")) {
        b2Body *b = box(world, 100, 100, 100, 60);
        b->SetLinearVelocity(b2Vec2(3.0f, -4.0f));
        b->SetAngularVelocity(2.0f);
        bodies.push_back(b);
    } else if (!std::strncmp(scene, "push-", 5)) {
        world.SetGravity(b2Vec2(0.0f, 0.0f));
        b2Body *b = box(world, 100, 100, 100, 60);
        pushEveryFrame = std::strcmp(scene, "push-instant") != 0;
        if (pushEveryFrame) {
            push = b2Vec2(0.6f, -0.3f);
        } else {
            push = b2Vec2(0.2f, 0.1f);
        }
        if (!std::strcmp(scene, "push-offset")) pushOffset = b2Vec2(30.0f, 10.0f);
        bodies.push_back(b);
    } else if (!std::strcmp(scene, "pin")) {
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
            def.stiffness = 1.0f;  // set before every sub-step by softnessAs221
        } else {
            def.minLength = def.length;
            def.maxLength = def.length;
        }
        b2Joint *joint = world.CreateJoint(&def);
        if (!std::strcmp(scene, "offset-soft")) softJoint = static_cast<b2DistanceJoint *>(joint);
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
    runUIKitFrames(world, bodies, frames, [&](int frame) {
        if (push.x == 0.0f && push.y == 0.0f) return;
        b2Body *b = bodies[0];
        const b2Vec2 at = b->GetWorldCenter() + m(pushOffset.x, pushOffset.y);
        if (pushEveryFrame) {
            b->ApplyForce(push, at, true);
        } else if (frame == 1) {
            b->ApplyLinearImpulse(push, at, true);
        }
    }, [&]() {
        if (softJoint) softnessAs221(softJoint, 2.0f, 0.3f);
    });
    return 0;
}
