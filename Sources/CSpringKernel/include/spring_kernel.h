/*
 * spring_kernel.h — the one hot loop of SpringKitSim: anchored soft springs.
 *
 * Kept in C for a single reason: Swift cannot compile one function for several
 * instruction sets, and this loop is 2–3× faster with AVX2/AVX-512 than with the
 * baseline x86-64 vector width. The kernel is compiled once per instruction set; the
 * caller picks a variant once (SpringKernelVariant.swift: the fastest this CPU runs, or
 * the one SPRINGKIT_KERNEL names) and passes it on every call. The math is documented in
 * AnchoredSpringStep.swift, which prepares the coefficients and calls this.
 */
#ifndef SPRINGKIT_SPRING_KERNEL_H
#define SPRINGKIT_SPRING_KERNEL_H

#include <stddef.h>

/* Per-item arrays (structure of arrays, all of length `count`). */
typedef struct skk_AnchoredItems {
    double *px, *py, *vx, *vy;
    /* >= 0: awake anchored item, consecutive resting steps; -1: not moved here (asleep or not
     * anchored). Values of -2 and less are the kernel's own marks during a call. */
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
    double maximumTranslation; /* largest h·|v| a step moves an item (Box2D's b2_maxTranslation), points */
    int zeroLength;            /* every spring has length 0: no square root */
} skk_StepConstants;

/* The compiled variants. Every one computes the same IEEE operations in the same order,
 * so all give the same bits; they differ only in speed. */
enum {
    SKK_VARIANT_BASELINE = 0,  /* the target's baseline (SSE2 on x86-64, NEON on arm64) */
    SKK_VARIANT_AVX2 = 1,      /* x86-64 only */
    SKK_VARIANT_AVX512 = 2,    /* x86-64 only: AVX-512 F, VL and DQ */
    SKK_VARIANT_COUNT = 3
};

/* "baseline", "avx2" or "avx512"; NULL for a number out of range. */
const char *skk_variant_name(int variant);

/* 1 when this build holds the variant and this CPU runs its instructions, else 0. The CPU
 * is asked once, on the first call of this or skk_advance_anchored (thread-safe). */
int skk_variant_supported(int variant);

/* 1 when the vector loop marks lanes over the maximum translation for these constants (and
 * finishes them after the call's steps), 0 when every lane is stepped one at a time. */
int skk_marks_fast_lanes(const skk_StepConstants *constants);

/* Advances items [0, count) by `steps` fixed steps with `variant`; returns how many are
 * awake after. A variant that skk_variant_supported refuses touches nothing and returns -1
 * (never an illegal instruction). */
long skk_advance_anchored(int variant, const skk_AnchoredItems *items, long count, long steps,
                          const skk_StepConstants *constants);

#endif
