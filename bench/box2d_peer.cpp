// Box2D 2.4.1 peer for SpringKitSim's `uikit` solver, set up as UIKit Dynamics sets up Box2D:
// in metres at 100 points per metre, stepped by UIDynamicAnimator's clock (a double
// accumulator fed 1/60 s a frame, fixed sub-steps of (float)1/120 s, 8 velocity and 3 position
// iterations). One dynamic body of fixed rotation that never sleeps hangs on a distance joint
// from a static body at the anchor (the joint UIKit's attachment maps to); the anchor body moves
// at a constant velocity, placed before each frame as `setAnchorPoint` places it. Arguments and
// output are in points; Box2D sees metres.
//
// usage: box2d_peer soft|rigid DAMPING FREQUENCY LENGTH X0 Y0 VX0 VY0 MASS RESISTANCE AX AY AVX AVY FRAMES
//   MASS in kilograms (a 100 × 100 pt item of density 1 is 1 kg), RESISTANCE Box2D's linearDamping.
// Prints one line per frame: frame substeps x y vx vy (points, 9 significant digits).
#include "box2d_spring.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>

static const double kPointsPerMeter = 100.0;

static b2Vec2 meters(double x, double y) {
    return b2Vec2((float)(x / kPointsPerMeter), (float)(y / kPointsPerMeter));
}

int main(int argc, char **argv) {
    if (argc != 16 || (std::strcmp(argv[1], "soft") != 0 && std::strcmp(argv[1], "rigid") != 0)) {
        std::fprintf(stderr, "usage: box2d_peer soft|rigid DAMPING FREQUENCY LENGTH X0 Y0 VX0 VY0 MASS RESISTANCE AX AY AVX AVY FRAMES\n");
        return 2;
    }
    const bool rigid = std::strcmp(argv[1], "rigid") == 0;
    double a[14];
    for (int k = 0; k < 14; ++k) a[k] = std::strtod(argv[k + 2], nullptr);
    const float damping = (float)a[0], frequency = (float)a[1], length = (float)(a[2] / kPointsPerMeter);
    const double ax = a[9], ay = a[10], avx = a[11], avy = a[12];
    const int frames = (int)a[13];

    b2World world(b2Vec2(0.0f, 0.0f));
    b2BodyDef groundDef;
    groundDef.position = meters(ax, ay);
    b2Body *ground = world.CreateBody(&groundDef);
    b2Body *body = hangOnSoftSpring(world, ground, b2Vec2(0.0f, 0.0f), meters(a[3], a[4]), meters(a[5], a[6]),
                                    (float)a[7], length, frequency, damping, rigid, (float)a[8]);

    const float h = 1.0f / 120.0f;
    double accumulator = 0, elapsed = 0;
    for (int frame = 1; frame <= frames; ++frame) {
        elapsed += 1.0 / 60.0;
        ground->SetTransform(meters(ax + avx * elapsed, ay + avy * elapsed), 0.0f);
        accumulator += 1.0 / 60.0;
        int substeps = 0;
        while (accumulator >= (double)h) {
            world.Step(h, 8, 3);
            accumulator -= (double)h;
            ++substeps;
        }
        const b2Vec2 p = body->GetPosition(), v = body->GetLinearVelocity();
        std::printf("%d %d %.9g %.9g %.9g %.9g\n", frame, substeps, 100.0f * p.x, 100.0f * p.y, 100.0f * v.x, 100.0f * v.y);
    }
    return 0;
}
