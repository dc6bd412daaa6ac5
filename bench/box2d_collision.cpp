// Box2D 2.4.1 peer for SpringKitSim's contact pipeline, set up as UIKit sets up Box2D: in metres
// at 100 pt per metre, UIKit's clock (a double accumulator fed 1/60 s frames, sub-steps of
// (float)1/120 s, 8 velocity and 3 position iterations), gravity 10 m/s² down (y grows
// downwards, as on screen), no damping. Items are full-size boxes with radius 0 (the host's
// shapes, charon UIDynamicAnimator.md §0 and §2.3: Box2D 2.4.1's SetAsBox would add a
// b2_polygonRadius skin of 1 pt, set back to 0 here); boundaries are two-sided edges of radius 0
// with friction 0.2 and restitution 0.2 (UIKit's fixtures). Bodies: density 1, friction 0.2,
// restitution 0.2 unless the scene says otherwise.
//
// usage: box2d_collision SCENE FRAMES [DROP DENSITY]
//   SCENE: drop | bounce | slide | pyramid | cradle | pushthrough
// cradle: Newton's cradle, five balls of diameter 40 (circles; mass and inertia of the item's
// 40 x 40 box, as UIKit's item masses are) on pins 200 pt above them, restitution 1, friction
// 0; the first ball starts 60 degrees out.
// pushthrough: a 16 x 12 box resting on the line (centre 6 pt above it) and a ball of diameter
// 60 (a circle with the mass and inertia of its 60 x 60 item, density 1) dropped onto it from
// DROP pt above the box (500: it lands at about 1000 pt/s), the ball's density DENSITY (1);
// bodies: the box, then the ball.
// Prints one line per frame: frame, then per dynamic body x y angle (points, radians).
#include <box2d/box2d.h>
#include "box2d_edge.h"
#include "box2d_uikit_clock.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// A dynamic body at (x, y) points with one fixture of `shape`.
static b2Body *dynamicBody(b2World &world, float x, float y, const b2Shape &shape, float density, float friction, float restitution) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position = m(x, y);
    b2Body *body = world.CreateBody(&def);
    b2FixtureDef fixture;
    fixture.shape = &shape;
    fixture.density = density;
    fixture.friction = friction;
    fixture.restitution = restitution;
    body->CreateFixture(&fixture);
    return body;
}

static b2Body *box(b2World &world, float x, float y, float w, float h, float friction, float restitution) {
    b2PolygonShape shape;
    shape.SetAsBox(w / 2 / kPointsPerMeter, h / 2 / kPointsPerMeter);
    shape.m_radius = 0.0f;  // the host's full-size box, no skin
    return dynamicBody(world, x, y, shape, 1.0f, friction, restitution);
}

// A square item of side `side` with ellipse bounds: a circle of that diameter, with the mass
// and inertia of the item's box (UIKit's item masses are density x the item's area).
static b2Body *roundItem(b2World &world, float x, float y, float side, float density, float friction, float restitution) {
    b2CircleShape circle;
    circle.m_radius = side / 2 / kPointsPerMeter;
    b2Body *body = dynamicBody(world, x, y, circle, 0.0f, friction, restitution);
    const float metres = side / kPointsPerMeter;
    b2MassData mass;
    mass.mass = density * metres * metres;
    mass.center.SetZero();
    mass.I = mass.mass * (metres * metres + metres * metres) / 12.0f;
    body->SetMassData(&mass);
    return body;
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 5) {
        std::fprintf(stderr, "usage: box2d_collision SCENE FRAMES [DROP DENSITY]\n");
        return 2;
    }
    const char *scene = argv[1];
    const int frames = std::atoi(argv[2]);
    b2World world(b2Vec2(0.0f, 10.0f));
    std::vector<b2Body *> bodies;
    edge(world, 0, 400, 800, 400);
    if (!std::strcmp(scene, "drop")) {
        bodies.push_back(box(world, 400, 100, 50, 50, 0.2f, 0.2f));
    } else if (!std::strcmp(scene, "bounce")) {
        bodies.push_back(box(world, 400, 0, 40, 40, 0.2f, 0.8f));
    } else if (!std::strcmp(scene, "slide")) {
        b2Body *b = box(world, 100, 380, 40, 40, 0.5f, 0.2f);
        b->SetLinearVelocity(m(500, 0));
        bodies.push_back(b);
    } else if (!std::strcmp(scene, "pyramid")) {
        // 10 levels of 20 x 20 boxes, 55 in all, bottom row resting on the ground.
        const int levels = 10;
        for (int row = 0; row < levels; ++row) {
            for (int k = 0; k < levels - row; ++k) {
                float x = 400 - (levels - row - 1) * 10.0f + k * 20.0f;
                float y = 390 - row * 20.0f;
                bodies.push_back(box(world, x, y, 20, 20, 0.2f, 0.2f));
            }
        }
    } else if (!std::strcmp(scene, "cradle")) {
        b2BodyDef groundDef;
        b2Body *ground = world.CreateBody(&groundDef);
        for (int k = 0; k < 5; ++k) {
            const float pivotX = 300 + 40 * k, pivotY = 100;
            float x = pivotX, y = 300;
            if (k == 0) { x = pivotX - 200 * 0.8660254037844386f; y = pivotY + 200 * 0.5f; }
            b2Body *ball = roundItem(world, x, y, 40, 1.0f, 0.0f, 1.0f);
            b2RevoluteJointDef pin;
            pin.Initialize(ground, ball, m(pivotX, pivotY));
            world.CreateJoint(&pin);
            bodies.push_back(ball);
        }
    } else if (!std::strcmp(scene, "pushthrough")) {
        const float drop = argc == 5 ? (float)std::atof(argv[3]) : 500.0f;
        const float density = argc == 5 ? (float)std::atof(argv[4]) : 1.0f;
        bodies.push_back(box(world, 400, 394, 16, 12, 0.2f, 0.2f));
        bodies.push_back(roundItem(world, 400, 394 - drop, 60, density, 0.2f, 0.2f));
    } else {
        std::fprintf(stderr, "unknown scene %s\n", scene);
        return 2;
    }
    runUIKitFrames(world, bodies, frames);
    return 0;
}
