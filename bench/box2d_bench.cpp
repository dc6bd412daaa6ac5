// Box2D 2.4.1 on SpringKitSim's dynamics benchmark: N bodies, each on a zero-length soft
// distance joint to a point of a static body (anchors on a 10-pt grid, bodies up to 20 pt
// off, damping 0.1, frequency 0.8–1.8 Hz), zero gravity, no sleeping, frames of two fixed
// steps of 1/120 s with 8 velocity and 3 position iterations, as `simrun bench dynamics`.
// Prints: N ns-per-spring-step steps
//
// usage: box2d_bench N STEPS
#include "box2d_spring.h"
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

// Any fixed spread does; it need not be SpringKitSim's own generator.
static double unit(uint64_t &state) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return double(state >> 11) * (1.0 / 9007199254740992.0);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: box2d_bench N STEPS\n");
        return 2;
    }
    const long n = std::atol(argv[1]), steps = std::atol(argv[2]);
    b2World world(b2Vec2(0.0f, 0.0f));
    world.SetAllowSleeping(false);
    b2BodyDef groundDef;
    b2Body *ground = world.CreateBody(&groundDef);
    uint64_t state = 1;
    for (long i = 0; i < n; i++) {
        const float ax = float(i % 1000) * 10, ay = float(i / 1000) * 10;
        const float x = ax + float(unit(state) * 40 - 20);  // one draw per statement: a fixed order
        const float y = ay + float(unit(state) * 40 - 20);
        const float frequency = float(0.8 + unit(state));
        hangOnSoftSpring(world, ground, b2Vec2(ax, ay), b2Vec2(x, y), b2Vec2(0, 0), 64, 0, frequency, 0.1f);
    }
    world.Step(1.0f / 120.0f, 8, 3);  // warm up
    const auto start = std::chrono::steady_clock::now();
    for (long s = 0; s < steps; s++) world.Step(1.0f / 120.0f, 8, 3);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%ld %.3f %ld\n", n, seconds * 1e9 / (double(n) * double(steps)), steps);
    return 0;
}
