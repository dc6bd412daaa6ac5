// UIKit's clock for the Box2D peers: a double accumulator fed 1/60 s frames, sub-steps of
// (float)1/120 s with 8 velocity and 3 position iterations (charon UIDynamicAnimator.md §0, §1.2).
// After each frame one line: the frame, then per body x y angle (points at 100 pt/m, radians).
// `beforeFrame(frame)` runs before a frame's sub-steps (UIKit's behaviours' pre-solver step) and
// `beforeSubStep()` before each; forces are cleared after the frame's sub-steps, as UIKit's world
// does with Box2D's auto-clear off (§1.1).
#pragma once
#include <box2d/box2d.h>
#include <cstdio>
#include <vector>

struct NoUIKitHook { void operator()(int) const {} void operator()() const {} };

template <typename BeforeFrame = NoUIKitHook, typename BeforeSubStep = NoUIKitHook>
static inline void runUIKitFrames(b2World &world, const std::vector<b2Body *> &bodies, int frames,
                                  BeforeFrame beforeFrame = {}, BeforeSubStep beforeSubStep = {}) {
    const float h = 1.0f / 120.0f;
    double accumulator = 0;
    for (int frame = 1; frame <= frames; ++frame) {
        beforeFrame(frame);
        accumulator += 1.0 / 60.0;
        while (accumulator >= (double)h) {
            beforeSubStep();
            world.Step(h, 8, 3);
            accumulator -= (double)h;
        }
        world.ClearForces();
        std::printf("%d", frame);
        for (b2Body *b : bodies) {
            const b2Vec2 p = b->GetPosition();
            std::printf(" %.9g %.9g %.9g", 100.0f * p.x, 100.0f * p.y, b->GetAngle());
        }
        std::printf("\n");
    }
}
