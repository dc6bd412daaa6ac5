#include "spring_kernel.h"

/* No fused multiply-add: every clone must round exactly as the baseline does, so that
 * traces are the same bytes on every CPU. */
#pragma STDC FP_CONTRACT OFF
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

/* Items are walked in blocks that stay in the L1 cache for all steps of one call. */
enum { BLOCK = 256 };

static inline __attribute__((always_inline)) void step_block(
    double *restrict px, double *restrict py, double *restrict vx, double *restrict vy,
    double *restrict rest, const double *restrict ax, const double *restrict ay,
    const double *restrict dm, const double *restrict kd, const double *restrict kl,
    long start, long end, const skk_StepConstants c, const int zeroLength)
{
    const double h = c.step, slop2 = c.slopSquared, tol2 = c.restSpeedSquared, need = c.restStepsToSleep;
    const double keep = c.velocityKeep;
    for (long i = start; i < end; i++) {
        const double r = rest[i];
        const double moving = r >= 0 ? 1.0 : 0.0;
        /* Integrate velocities: linear damping (Box2D's v *= 1 / (1 + h·damping)). */
        const double damp = r >= 0 ? keep : 1.0;
        const double vx0 = vx[i] * damp, vy0 = vy[i] * damp;
        const double dx = px[i] - ax[i], dy = py[i] - ay[i];
        const double d2 = dx * dx + dy * dy;
        const int outside = d2 > slop2;
        const double inv2 = 1.0 / (outside ? d2 : 1.0);
        double change = dm[i] * ((vx0 * dx + vy0 * dy) * inv2) - kd[i];
        if (!zeroLength) change += kl[i] * __builtin_sqrt(inv2);
        change = outside ? change * moving : 0.0;
        const double u = vx0 + change * dx, v = vy0 + change * dy;
        px[i] += moving * h * u;
        py[i] += moving * h * v;
        const double count = u * u + v * v <= tol2 ? r + 1.0 : 0.0;
        const double next = r < 0 ? r : count;
        const int sleep = next >= need;
        vx[i] = sleep ? 0.0 : u;
        vy[i] = sleep ? 0.0 : v;
        rest[i] = sleep ? -1.0 : next;
    }
}

#define DEFINE_KERNEL(NAME, ATTRIBUTES)                                                            \
    ATTRIBUTES static long NAME(const skk_AnchoredItems *it, long count, long steps,               \
                                const skk_StepConstants *c)                                        \
    {                                                                                              \
        long awake = 0;                                                                            \
        for (long start = 0; start < count; start += BLOCK) {                                      \
            const long end = start + BLOCK < count ? start + BLOCK : count;                        \
            for (long s = 0; s < steps; s++) {                                                     \
                if (c->zeroLength)                                                                 \
                    step_block(it->px, it->py, it->vx, it->vy, it->rest, it->anchorX, it->anchorY, \
                               it->dampingMinusOne, it->stiffness, it->stiffnessLength,            \
                               start, end, *c, 1);                                                 \
                else                                                                               \
                    step_block(it->px, it->py, it->vx, it->vy, it->rest, it->anchorX, it->anchorY, \
                               it->dampingMinusOne, it->stiffness, it->stiffnessLength,            \
                               start, end, *c, 0);                                                 \
            }                                                                                      \
            for (long i = start; i < end; i++) awake += it->rest[i] >= 0;                          \
        }                                                                                          \
        return awake;                                                                              \
    }

DEFINE_KERNEL(advance_baseline, )

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
DEFINE_KERNEL(advance_avx2, __attribute__((target("avx2"))))
DEFINE_KERNEL(advance_avx512, __attribute__((target("avx512f,avx512vl,avx512dq"))))
#define HAS_X86_CLONES 1
#endif

typedef long (*kernel_fn)(const skk_AnchoredItems *, long, long, const skk_StepConstants *);

static kernel_fn chosen_kernel(const char **name) {
#ifdef HAS_X86_CLONES
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq")) {
        *name = "avx512";
        return advance_avx512;
    }
    if (__builtin_cpu_supports("avx2")) {
        *name = "avx2";
        return advance_avx2;
    }
#endif
    *name = "baseline";
    return advance_baseline;
}

/* Every clone computes the same IEEE operations in the same order (contraction is off
 * above), so results do not depend on the CPU. */
long skk_advance_anchored(const skk_AnchoredItems *items, long count, long steps, const skk_StepConstants *constants) {
    const char *name;
    return chosen_kernel(&name)(items, count, steps, constants);
}

const char *skk_kernel_name(void) {
    const char *name;
    chosen_kernel(&name);
    return name;
}
