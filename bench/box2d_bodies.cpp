// Box2D 2.4.1 on the worlds of `simrun bench bodies`, in metres at 100 pt/m with UIKit's
// step ((float)1/120, 8 velocity and 3 position iterations), one thread: 100,000 free bodies
// under gravity with a drag force (F = -v|v|, applied before each step, as a drag field with
// strength 1 acts), and 1,000 chains of 10 boxes on pin or weld joints under gravity.
// Prints ns per body-step for each, best of 3.
#include <box2d/box2d.h>
#include <chrono>
#include <cstdio>
#include <vector>

static b2Body *body(b2World &w, float x, float y, float size, b2Vec2 v) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position.Set(x / 100.0f, y / 100.0f);
    def.linearVelocity = v;
    def.linearDamping = 0.1f;
    def.angularDamping = 0.1f;
    def.allowSleep = false;
    b2Body *b = w.CreateBody(&def);
    b2MassData m;
    const float s = size / 100.0f;
    m.mass = s * s;
    m.center.SetZero();
    m.I = m.mass * (s * s + s * s) / 12.0f;
    b->SetMassData(&m);
    return b;
}

static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

static double freeBodies() {
    double best = 1e30;
    for (int r = 0; r < 3; ++r) {
        b2World w(b2Vec2(0.0f, 10.0f));
        std::vector<b2Body *> bodies;
        unsigned seed = 1;
        auto unit = [&] { seed = seed * 1103515245u + 12345u; return (seed >> 8) / 16777216.0f; };
        for (int i = 0; i < 100000; ++i)
            bodies.push_back(body(w, (i % 1000) * 10.0f, (i / 1000) * 10.0f, 8, b2Vec2(unit() * 2 - 1, unit() * 2 - 1)));
        const int steps = 60;
        auto step = [&] {
            for (b2Body *b : bodies) {
                const b2Vec2 v = b->GetLinearVelocity();
                b->ApplyForceToCenter(-v.Length() * v, false);
            }
            w.Step(1.0f / 120.0f, 8, 3);
        };
        step(); step();
        const double t0 = now();
        for (int s = 0; s < steps; ++s) step();
        best = std::min(best, (now() - t0) * 1e9 / (100000.0 * steps));
    }
    return best;
}

static double chains(bool weld) {
    double best = 1e30;
    for (int r = 0; r < 3; ++r) {
        b2World w(b2Vec2(0.0f, 10.0f));
        b2BodyDef groundDef;
        b2Body *ground = w.CreateBody(&groundDef);
        for (int c = 0; c < 1000; ++c) {
            const float x0 = (c % 100) * 400.0f, y0 = (c / 100) * 400.0f;
            b2Body *previous = nullptr;
            for (int k = 0; k < 10; ++k) {
                b2Body *b = body(w, x0 + 30.0f * (k + 1), y0, 20, b2Vec2(0, 0));
                const b2Vec2 p((x0 + 30.0f * k + 15.0f) / 100.0f, y0 / 100.0f);
                if (previous) {
                    if (weld) { b2WeldJointDef d; d.Initialize(previous, b, p); w.CreateJoint(&d); }
                    else { b2RevoluteJointDef d; d.Initialize(previous, b, p); w.CreateJoint(&d); }
                } else {
                    b2RevoluteJointDef d;
                    d.Initialize(ground, b, b2Vec2(x0 / 100.0f, y0 / 100.0f));
                    w.CreateJoint(&d);
                }
                previous = b;
            }
        }
        const int steps = 60;
        w.Step(1.0f / 120.0f, 8, 3); w.Step(1.0f / 120.0f, 8, 3);
        const double t0 = now();
        for (int s = 0; s < steps; ++s) w.Step(1.0f / 120.0f, 8, 3);
        best = std::min(best, (now() - t0) * 1e9 / (10000.0 * steps));
    }
    return best;
}

int main() {
    std::printf("free %.3f\n", freeBodies());
    std::printf("pin %.3f\n", chains(false));
    std::printf("weld %.3f\n", chains(true));
    return 0;
}
