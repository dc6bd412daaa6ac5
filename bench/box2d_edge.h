// Shared by the Box2D 2.4.1 collision programs (box2d_collision.cpp, box2d_collision_bench.cpp):
// points to metres at 100 pt/m, and a boundary as UIKit builds one: a two-sided edge of radius
// 0 on a static body, friction 0.2 and restitution 0.2 (UIKit's fixtures).
#pragma once
#include <box2d/box2d.h>

static const float kPointsPerMeter = 100.0f;
static b2Vec2 m(float x, float y) { return b2Vec2(x / kPointsPerMeter, y / kPointsPerMeter); }

static void edge(b2World &world, float x1, float y1, float x2, float y2) {
    b2BodyDef def;
    b2Body *ground = world.CreateBody(&def);
    b2EdgeShape shape;
    shape.SetTwoSided(m(x1, y1), m(x2, y2));
    shape.m_radius = 0.0f;
    b2FixtureDef fixture;
    fixture.shape = &shape;
    fixture.friction = 0.2f;
    fixture.restitution = 0.2f;
    ground->CreateFixture(&fixture);
}
