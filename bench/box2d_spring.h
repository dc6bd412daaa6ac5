// The one Box2D 2.4.1 set-up the peers use: a fixed-rotation dynamic body of a given mass that
// never sleeps, hanging on a distance joint from `anchor` on a static body, attached at the
// body's center — the joint UIKit's attachment maps to. Soft: minLength < maxLength with a
// stiffness from (frequency, damping ratio); rigid: minLength == maxLength == length.
// Units are the caller's (the peers pass metres, as UIKit does).
#ifndef SPRINGKIT_BOX2D_SPRING_H
#define SPRINGKIT_BOX2D_SPRING_H
#include <box2d/box2d.h>
#include <cfloat>

inline b2Body *hangOnSoftSpring(b2World &world, b2Body *ground, b2Vec2 anchor, b2Vec2 position, b2Vec2 velocity,
                                float mass, float length, float frequency, float damping,
                                bool rigid = false, float linearDamping = 0.0f) {
    b2BodyDef bodyDef;
    bodyDef.type = b2_dynamicBody;
    bodyDef.position = position;
    bodyDef.linearVelocity = velocity;
    bodyDef.linearDamping = linearDamping;
    bodyDef.allowSleep = false;
    bodyDef.fixedRotation = true;
    b2Body *body = world.CreateBody(&bodyDef);
    b2MassData massData;
    massData.mass = mass;
    massData.center.SetZero();
    massData.I = 0.0f;
    body->SetMassData(&massData);

    b2DistanceJointDef jointDef;
    jointDef.bodyA = ground;
    jointDef.bodyB = body;
    jointDef.localAnchorA = anchor;
    jointDef.localAnchorB.SetZero();
    jointDef.length = length;      // Box2D raises lengths below b2_linearSlop to it
    if (rigid) {
        jointDef.minLength = length;
        jointDef.maxLength = length;
    } else {
        jointDef.minLength = 0.0f;
        jointDef.maxLength = FLT_MAX;  // minLength < maxLength: the soft spring path
        b2LinearStiffness(jointDef.stiffness, jointDef.damping, frequency, damping, ground, body);
    }
    world.CreateJoint(&jointDef);
    return body;
}

#endif
