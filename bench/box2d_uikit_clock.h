// UIKit's clock for the Box2D peers: a double accumulator fed 1/60 s frames, sub-steps of
// (float)1/120 s with 8 velocity and 3 position iterations (charon UIDynamicAnimator.md §0, §1.2).
// After each frame one line: the frame, then per body x y angle (points at 100 pt/m, radians).
#pragma once
#include <box2d/box2d.h>
#include <cstdio>
#include <vector>

static inline void runUIKitFrames(b2World &world, const std::vector<b2Body *> &bodies, int frames) {
    const float h = 1.0f / 120.0f;
    double accumulator = 0;
    for (int frame = 1; frame <= frames; ++frame) {
        accumulator += 1.0 / 60.0;
        while (accumulator >= (double)h) {
            world.Step(h, 8, 3);
            accumulator -= (double)h;
        }
        std::printf("%d", frame);
        for (b2Body *b : bodies) {
            const b2Vec2 p = b->GetPosition();
            std::printf(" %.9g %.9g %.9g", 100.0f * p.x, 100.0f * p.y, b->GetAngle());
        }
        std::printf("\n");
    }
}
