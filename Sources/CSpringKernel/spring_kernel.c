#include "spring_kernel.h"

/* No fused multiply-add: every clone must round exactly as the baseline does, so that
 * traces are the same bytes on every CPU. */
#pragma STDC FP_CONTRACT OFF
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

/* Items are walked in blocks that stay in the L1 cache for all steps of one call. */
enum { BLOCK = 256 };

/* One step of items [start, end). Every lane computes the full step; items that are not
 * moved here (rest < 0) keep their state through the final selects, and the pull is
 * dropped within the slop. Selects rather than multiplications by 0/1 keep the stored
 * bits of unmoved items untouched and compile to AVX-512 masked stores for free.
 * `zeroLength` and `resisted` are compile-time constants at each call site. */
static inline __attribute__((always_inline)) void step_block(
    double *restrict px, double *restrict py, double *restrict vx, double *restrict vy,
    double *restrict rest, const double *restrict ax, const double *restrict ay,
    const double *restrict dm, const double *restrict kd, const double *restrict kl,
    long start, long end, const skk_StepConstants c, const int zeroLength, const int resisted)
{
    const double h = c.step, slop2 = c.slopSquared, tol2 = c.restSpeedSquared, need = c.restStepsToSleep;
    const double keep = c.velocityKeep;
    for (long i = start; i < end; i++) {
        const double r = rest[i];
        const int moving = r >= 0;
        /* Integrate velocities: linear damping (Box2D's v *= 1 / (1 + h·damping)). */
        double vx0 = vx[i], vy0 = vy[i];
        if (resisted) { vx0 *= keep; vy0 *= keep; }
        /* Solve the joint along d = p − a. Within the slop 1/d2 may be infinite; the
         * select below discards it. */
        const double dx = px[i] - ax[i], dy = py[i] - ay[i];
        const double d2 = dx * dx + dy * dy;
        const double inv2 = 1.0 / d2;
        double change = dm[i] * ((vx0 * dx + vy0 * dy) * inv2) - kd[i];
        if (!zeroLength) change += kl[i] * __builtin_sqrt(inv2);
        change = d2 > slop2 ? change : 0.0;
        const double u = vx0 + change * dx, v = vy0 + change * dy;
        /* Integrate positions, then count resting steps and sleep. */
        const double count = u * u + v * v <= tol2 ? r + 1.0 : 0.0;
        const int sleep = count >= need;
        px[i] = moving ? px[i] + h * u : px[i];
        py[i] = moving ? py[i] + h * v : py[i];
        vx[i] = moving ? (sleep ? 0.0 : u) : vx[i];
        vy[i] = moving ? (sleep ? 0.0 : v) : vy[i];
        rest[i] = moving ? (sleep ? -1.0 : count) : r;
    }
}

/* Every step of one block, with the variant chosen once per call. */
static inline __attribute__((always_inline)) void step_block_repeatedly(
    const skk_AnchoredItems *it, long start, long end, long steps, const skk_StepConstants *c)
{
    const int resisted = c->velocityKeep != 1.0;
#define SKK_STEPS(ZERO, RESISTED)                                                                  \
    for (long s = 0; s < steps; s++)                                                               \
        step_block(it->px, it->py, it->vx, it->vy, it->rest, it->anchorX, it->anchorY,             \
                   it->dampingMinusOne, it->stiffness, it->stiffnessLength, start, end, *c, ZERO, RESISTED)
    if (c->zeroLength) {
        if (resisted) SKK_STEPS(1, 1); else SKK_STEPS(1, 0);
    } else {
        if (resisted) SKK_STEPS(0, 1); else SKK_STEPS(0, 0);
    }
#undef SKK_STEPS
}

#define DEFINE_KERNEL(NAME, ATTRIBUTES)                                                            \
    ATTRIBUTES static long NAME(const skk_AnchoredItems *it, long count, long steps,               \
                                const skk_StepConstants *c)                                        \
    {                                                                                              \
        long awake = 0;                                                                            \
        for (long start = 0; start < count; start += BLOCK) {                                      \
            const long end = start + BLOCK < count ? start + BLOCK : count;                        \
            step_block_repeatedly(it, start, end, steps, c);                                       \
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

/* Indexed by SKK_VARIANT_*; NULL where this build has no such variant. */
static const kernel_fn kernels[SKK_VARIANT_COUNT] = {
    advance_baseline,
#ifdef HAS_X86_CLONES
    advance_avx2,
    advance_avx512,
#else
    NULL,
    NULL,
#endif
};

static const char *const variant_names[SKK_VARIANT_COUNT] = {"baseline", "avx2", "avx512"};

const char *skk_variant_name(int variant) {
    return variant >= 0 && variant < SKK_VARIANT_COUNT ? variant_names[variant] : NULL;
}

/* Bit v set when variant v runs here. Asked of the CPU once: the answer is the same on
 * every thread, so a race between two first callers stores the same value twice. */
static int supported_mask(void) {
    static int cached = -1;
    int mask = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    if (mask >= 0) return mask;
    mask = 1 << SKK_VARIANT_BASELINE;
#ifdef HAS_X86_CLONES
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) mask |= 1 << SKK_VARIANT_AVX2;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
        mask |= 1 << SKK_VARIANT_AVX512;
#endif
    __atomic_store_n(&cached, mask, __ATOMIC_RELEASE);
    return mask;
}

int skk_variant_supported(int variant) {
    return variant >= 0 && variant < SKK_VARIANT_COUNT && kernels[variant] != NULL && (supported_mask() >> variant & 1);
}

long skk_advance_anchored(int variant, const skk_AnchoredItems *items, long count, long steps,
                          const skk_StepConstants *constants) {
    if (!skk_variant_supported(variant)) return -1;
    return kernels[variant](items, count, steps, constants);
}
