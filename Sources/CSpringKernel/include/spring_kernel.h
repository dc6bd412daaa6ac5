/*
 * spring_kernel.h — the one hot loop of SpringKitSim: anchored soft springs.
 *
 * Kept in C for a single reason: Swift cannot compile one function for several
 * instruction sets, and this loop is 2–3× faster with AVX2/AVX-512 than with the
 * baseline x86-64 vector width. The kernel is compiled once per instruction set and
 * the fastest one the CPU supports is chosen at run time. The math is documented in
 * AnchoredSpringStep.swift, which prepares the coefficients and calls this.
 */
#ifndef SPRINGKIT_SPRING_KERNEL_H
#define SPRINGKIT_SPRING_KERNEL_H

#include <stddef.h>

/* Per-item arrays (structure of arrays, all of length `count`). */
typedef struct skk_AnchoredItems {
    double *px, *py, *vx, *vy;
    /* >= 0: awake anchored item, consecutive resting steps; < 0: not moved here. */
    double *rest;
    const double *anchorX, *anchorY;
    /* D − 1, h ω² D and h ω² D · length, with D = 1 / (1 + 2ζωh + ω²h²). */
    const double *dampingMinusOne, *stiffness, *stiffnessLength;
} skk_AnchoredItems;

typedef struct skk_StepConstants {
    double step;               /* h, seconds */
    double slopSquared;        /* no force within the linear slop */
    double restSpeedSquared;   /* resting at or under this speed ... */
    double restStepsToSleep;   /* ... for this many steps */
    double velocityKeep;       /* 1 / (1 + h · resistance): linear damping per step (1: none) */
    int zeroLength;            /* every spring has length 0: no square root */
} skk_StepConstants;

/* Advances items [0, count) by `steps` fixed steps; returns how many are awake after. */
long skk_advance_anchored(const skk_AnchoredItems *items, long count, long steps, const skk_StepConstants *constants);

/* The instruction set in use: "avx512", "avx2" or "baseline". */
const char *skk_kernel_name(void);

#endif
