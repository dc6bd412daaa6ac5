// Box2D 2.4.1 on the worlds of `simrun bench collision`, in metres at 100 pt/m with UIKit's
// step ((float)1/120, 8 velocity and 3 position iterations), one thread, no sleeping: a
// 20-level pyramid of 20 x 20 pt boxes on a line, and 100 x 100 boxes of 10 x 10 pt falling
// into a container of three lines. Boxes as the host builds them (radius 0, density 1,
// friction 0.2, restitution 0.2, damping 0.1); edges two-sided, radius 0. Prints ns per
// body-step for each, best of 3, and the peak resident memory.
//
// usage: box2d_collision_bench [pyramid|container]...   (default: both)
#include <box2d/box2d.h>
#include "box2d_edge.h"
#include <sys/resource.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

static void box(b2World &w, float x, float y, float size) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position = m(x, y);
    def.linearDamping = 0.1f;
    def.angularDamping = 0.1f;
    def.allowSleep = false;
    b2Body *b = w.CreateBody(&def);
    b2PolygonShape shape;
    shape.SetAsBox(size / 200.0f, size / 200.0f);
    shape.m_radius = 0.0f;
    b2FixtureDef f;
    f.shape = &shape;
    f.density = 1.0f;
    f.friction = 0.2f;
    f.restitution = 0.2f;
    b->CreateFixture(&f);
}

static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// ns per body and sub-step over `frames` frames (two sub-steps each) after the first frame's one.
template <class Build> static double timeWorld(int bodies, int frames, Build build) {
    double best = 1e30;
    for (int r = 0; r < 3; ++r) {
        b2World w(b2Vec2(0.0f, 10.0f));
        build(w);
        const float h = 1.0f / 120.0f;
        w.Step(h, 8, 3);
        const double t0 = now();
        for (int s = 0; s < 2 * frames; ++s) w.Step(h, 8, 3);
        best = std::min(best, (now() - t0) * 1e9 / (double(bodies) * 2 * frames));
    }
    return best;
}

int main(int argc, char **argv) {
    bool pyramid = argc == 1, container = argc == 1;
    for (int k = 1; k < argc; ++k) {
        if (!std::strcmp(argv[k], "pyramid")) pyramid = true;
        else if (!std::strcmp(argv[k], "container")) container = true;
        else { std::fprintf(stderr, "usage: box2d_collision_bench [pyramid|container]...\n"); return 2; }
    }
    if (pyramid) {
        const int levels = 20;
        std::printf("pyramid %.3f\n", timeWorld(levels * (levels + 1) / 2, 300, [&](b2World &w) {
            edge(w, -1000, 1000, 1800, 1000);
            for (int row = 0; row < levels; ++row)
                for (int k = 0; k < levels - row; ++k)
                    box(w, 400 - (levels - row - 1) * 10.0f + k * 20.0f, 990 - row * 20.0f, 20);
        }));
    }
    if (container) {
        std::printf("container %.3f\n", timeWorld(10000, 30, [&](b2World &w) {
            edge(w, 0, -200, 0, 1300);
            edge(w, 0, 1300, 1220, 1300);
            edge(w, 1220, 1300, 1220, -200);
            for (int r = 0; r < 100; ++r)
                for (int c = 0; c < 100; ++c) box(w, 16 + 12.0f * c, 1290 - 12.0f * r, 10);
        }));
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    std::printf("peak %ld\n", usage.ru_maxrss);
    return 0;
}
