// Box2D 2.4.1 peer for SpringKitSim's `uikit` solver: one dynamic body hanging on a soft
// distance joint from a static body at the origin (anchor at the body's center), zero
// gravity, no sleeping, fixed step 1/120 s, 8 velocity and 3 position iterations.
// Prints one line per step: step x y vx vy (float, 9 significant digits).
//
// usage: box2d_peer DAMPING FREQUENCY LENGTH X0 Y0 VX0 VY0 STEPS MASS
#include "box2d_spring.h"
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    if (argc != 10) {
        std::fprintf(stderr, "usage: box2d_peer DAMPING FREQUENCY LENGTH X0 Y0 VX0 VY0 STEPS MASS\n");
        return 2;
    }
    const float damping = std::strtof(argv[1], nullptr), frequency = std::strtof(argv[2], nullptr);
    const float length = std::strtof(argv[3], nullptr);
    const float x0 = std::strtof(argv[4], nullptr), y0 = std::strtof(argv[5], nullptr);
    const float vx0 = std::strtof(argv[6], nullptr), vy0 = std::strtof(argv[7], nullptr);
    const int steps = std::atoi(argv[8]);
    const float mass = std::strtof(argv[9], nullptr);

    b2World world(b2Vec2(0.0f, 0.0f));
    b2BodyDef groundDef;
    b2Body *ground = world.CreateBody(&groundDef);

    b2Body *body = hangOnSoftSpring(world, ground, b2Vec2(0.0f, 0.0f), b2Vec2(x0, y0), b2Vec2(vx0, vy0), mass,
                                    length, frequency, damping);

    for (int i = 1; i <= steps; ++i) {
        world.Step(1.0f / 120.0f, 8, 3);
        const b2Vec2 p = body->GetPosition(), v = body->GetLinearVelocity();
        std::printf("%d %.9g %.9g %.9g %.9g\n", i, p.x, p.y, v.x, v.y);
    }
    return 0;
}
