#include "spring_kernel.h"

/* No fused multiply-add: every clone must round exactly as the baseline does, so that
 * traces are the same bytes on every CPU. */
#pragma STDC FP_CONTRACT OFF
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

/* Items are walked in blocks that stay in the L1 cache for all steps of one call: 128
 * items are 9–10 KiB of arrays (256 items gave the same speed in cache and less overlap
 * with the prefetch below). */
enum { BLOCK = 128 };

/* From this many items in one call the arrays (72–80 bytes an item) overflow the caches and
 * the first step of each block waits on memory, while the later steps run from L1 and
 * leave memory idle. So the last step of a block prefetches the next block, one line of
 * each array per 8 items, interleaved in chunks of PREFETCH_CHUNK items: the next block's
 * first step then reads from cache. Below this the data is in cache anyway and the extra
 * loads cost time (up to 1.3× at 4,096 items). Speed only: the arithmetic is unchanged.
 * Blocks of 128 and chunks of 32 beat 256 and 64 (0.70–0.78× against 0.75–0.96× the time of
 * no prefetch at 1M items); blocks of 64 or chunks of 8 cost up to 1.17× in cache.
 * `simrun bench suite` (scene grid-1M) shows the effect; docs/physics.md gives figures. */
enum { PREFETCH_FROM = 262144, PREFETCH_CHUNK = 32, CACHE_LINE_DOUBLES = 8 };

/* A lane that went fast in step k of a call is marked rest = FAST_MARK − k until the call
 * ends; lanes the kernel does not move hold −1, moving ones a count ≥ 0. */
#define FAST_MARK (-2.0)

/* A square speed under which no lane is fast (`speed2 · h² > maxT²` fails): a little under
 * (maxT / h)², and finite, so that an infinite speed counts as near. `step_block` marks
 * the lanes over it; `finish_marked_lanes` takes the exact test. */
static inline double near_limit_squared(const skk_StepConstants *c) {
    const double maxT = c->maximumTranslation, h = c->step;
    const double near = (maxT * maxT) / (h * h) * 0.999999;
    return near < __DBL_MAX__ ? near : __DBL_MAX__;
}

/* Whether the vector loop may mark fast lanes for these constants: a lane over the limit then
 * counts no resting step (scaled down to the limit it is still over the rest speed: a quarter
 * of the bound's square leaves room for rounding), and 0 steps never reach
 * `restStepsToSleep` (at least 1), so it does not sleep, and `finish_marked_lanes` needs not
 * its earlier count. The bound must be a normal number (an underflowing limit would be read
 * as 0). Otherwise every lane takes `step_lane_exactly`, counting on the clamped speed. */
static inline int marking_is_exact(const skk_StepConstants *c) {
    const double near = near_limit_squared(c);
    return c->restStepsToSleep >= 1.0 && near >= __DBL_MIN__ && c->restSpeedSquared < 0.25 * near;
}

int skk_marks_fast_lanes(const skk_StepConstants *constants) { return marking_is_exact(constants); }

/* One lane through `steps` steps with the maximum translation applied in line: the
 * reference arithmetic of `step_block` (the same IEEE operations in the same order), one
 * lane at a time. Not inlined into the variants: it is compiled once, for the baseline.
 * Where the vector loop marks fast lanes (`marking_is_exact`), a lane over the limit counts
 * no resting step, as a marked lane does; this differs from counting on the clamped speed
 * only for a lane whose squared speed overflows (the clamp's ratio is then 0, and its
 * velocity would read as resting). Elsewhere the count follows the clamped speed. */
static __attribute__((noinline)) void step_lane_exactly(const skk_AnchoredItems *it, long i, long steps,
                                                        const skk_StepConstants *c)
{
    const double h = c->step, keep = c->velocityKeep, maxT = c->maximumTranslation;
    const double maxT2 = maxT * maxT, h2 = h * h;
    const int fastIsNotResting = marking_is_exact(c);
    for (long s = 0; s < steps && it->rest[i] >= 0; s++) {
        const double r = it->rest[i];
        double vx0 = it->vx[i], vy0 = it->vy[i];
        if (keep != 1.0) { vx0 *= keep; vy0 *= keep; }
        const double dx = it->px[i] - it->anchorX[i], dy = it->py[i] - it->anchorY[i];
        const double d2 = dx * dx + dy * dy;
        const double inv2 = 1.0 / d2;
        double change = it->dampingMinusOne[i] * ((vx0 * dx + vy0 * dy) * inv2) - it->stiffness[i];
        if (!c->zeroLength) change += it->stiffnessLength[i] * __builtin_sqrt(inv2);
        change = d2 > c->slopSquared ? change : 0.0;
        double u = vx0 + change * dx, v = vy0 + change * dy;
        const double speed2 = u * u + v * v;
        const int fast = speed2 * h2 > maxT2;
        if (fast) {
            const double ratio = maxT / (h * __builtin_sqrt(speed2));
            u *= ratio; v *= ratio;
        }
        const double count = fast && fastIsNotResting ? 0.0 : u * u + v * v <= c->restSpeedSquared ? r + 1.0 : 0.0;
        const int sleep = count >= c->restStepsToSleep;
        it->px[i] += h * u; it->py[i] += h * v;
        it->vx[i] = sleep ? 0.0 : u; it->vy[i] = sleep ? 0.0 : v;
        it->rest[i] = sleep ? -1.0 : count;
    }
}

/* Lanes [start, end) through `steps` steps, one at a time; returns how many are awake. */
static __attribute__((noinline)) long advance_exactly(const skk_AnchoredItems *it, long start, long end, long steps,
                                                      const skk_StepConstants *c)
{
    long awake = 0;
    for (long i = start; i < end; i++) {
        step_lane_exactly(it, i, steps, c);
        awake += it->rest[i] >= 0;
    }
    return awake;
}

/* The marked lanes of [start, end) after `steps` steps of `step_block`: a lane marked in
 * step k holds its position from before step k and its velocity as solved in it. Each is
 * finished as `step_lane_exactly` finishes a fast step (scaled to the maximum translation,
 * count 0, awake) and then taken through the steps after k. Returns how many of
 * [start, end) are awake after. */
static __attribute__((noinline)) long finish_marked_lanes(const skk_AnchoredItems *it, long start, long end,
                                                          long steps, const skk_StepConstants *c)
{
    const double h = c->step, maxT = c->maximumTranslation;
    long awake = 0;
    for (long i = start; i < end; i++) {
        if (it->rest[i] <= FAST_MARK) {
            const long k = (long)(FAST_MARK - it->rest[i]);
            double u = it->vx[i], v = it->vy[i];
            const double speed2 = u * u + v * v;
            if (speed2 * (h * h) > maxT * maxT) {
                const double ratio = maxT / (h * __builtin_sqrt(speed2));
                u *= ratio; v *= ratio;
            }
            it->px[i] += h * u; it->py[i] += h * v;
            it->vx[i] = u; it->vy[i] = v;
            it->rest[i] = 0.0;
            step_lane_exactly(it, i, steps - k - 1, c);
        }
        awake += it->rest[i] >= 0;
    }
    return awake;
}

/* One step of items [start, end) (step number `stepIndex` of this call). Every lane
 * computes the full step; items that are not moved here (rest < 0) keep their state through
 * the final selects, and the pull is dropped within the slop. Selects rather than
 * multiplications by 0/1 keep the stored bits of unmoved items untouched and compile to
 * AVX-512 masked stores for free. `zeroLength`, `resisted` and `allAwake` are compile-time
 * constants at each call site.
 *
 * `allAwake`: the caller knows every lane is moved here (rest >= 0), the common block of a
 * moving effect. The selects on "moved here" go (five a lane), a fast lane's mark rides in
 * its resting count (`count` is then the mark, which no `need` reaches), and the loop returns
 * 1 when a lane stopped being moved here (slept or was marked: the sign bit of what it
 * stored), so that the caller takes the general loop for the later steps. The stored bits
 * are those of the general loop.
 *
 * A lane whose solved velocity would carry it farther than the maximum translation in this
 * step (Box2D's b2_maxTranslation: rare) is not finished here, which would cost a square
 * root and a division in every lane: it keeps its position, stores its velocity as solved
 * and is marked (rest = FAST_MARK - stepIndex) so that the later steps of this call leave
 * it; `finish_marked_lanes` then completes it exactly as `step_lane_exactly` would have.
 * This relies on `marking_is_exact` (a fast lane never rests in the step it is fast in),
 * which the kernel checks once per call. A lane is marked when its speed is over
 * `near_limit_squared`, a little under the limit; `finish_marked_lanes` applies the exact
 * test. Marking costs the general loop a compare and two selects (about a tenth of its time,
 * where the square root and division in every lane cost it four fifths); in the `allAwake`
 * loop it costs a compare and a select, fewer than the selects that loop leaves out. */
static inline __attribute__((always_inline)) int step_block(
    double *restrict px, double *restrict py, double *restrict vx, double *restrict vy,
    double *restrict rest, const double *restrict ax, const double *restrict ay,
    const double *restrict dm, const double *restrict kd, const double *restrict kl,
    long start, long end, const skk_StepConstants c, const double stepIndex, const int zeroLength,
    const int resisted, const int allAwake)
{
    const double h = c.step, slop2 = c.slopSquared, tol2 = c.restSpeedSquared, need = c.restStepsToSleep;
    const double keep = c.velocityKeep;
    const double nearLimit2 = near_limit_squared(&c);
    const double mark = FAST_MARK - stepIndex;
    unsigned long long stopped = 0;
    for (long i = start; i < end; i++) {
        const double r = rest[i];
        const int moving = allAwake || r >= 0;
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
        /* Integrate positions, then count resting steps and sleep (a fast lane: marked). */
        const double speed2 = u * u + v * v;
        const int fast = speed2 > nearLimit2;
        if (allAwake) {
            const double count = speed2 <= tol2 ? r + 1.0 : (fast ? mark : 0.0);
            const int sleep = count >= need;
            px[i] = fast ? px[i] : px[i] + h * u;
            py[i] = fast ? py[i] : py[i] + h * v;
            vx[i] = sleep ? 0.0 : u;
            vy[i] = sleep ? 0.0 : v;
            const double stored = sleep ? -1.0 : count;
            rest[i] = stored;
            unsigned long long bits;
            __builtin_memcpy(&bits, &stored, sizeof bits);
            stopped |= bits;
        } else {
            const double count = speed2 <= tol2 ? r + 1.0 : 0.0;
            const int sleep = count >= need;
            const int finish = moving && !fast;
            px[i] = finish ? px[i] + h * u : px[i];
            py[i] = finish ? py[i] + h * v : py[i];
            vx[i] = moving ? (sleep ? 0.0 : u) : vx[i];
            vy[i] = moving ? (sleep ? 0.0 : v) : vy[i];
            rest[i] = finish ? (sleep ? -1.0 : count) : (moving ? mark : r);
        }
    }
    return (int)(stopped >> 63);
}

static inline __attribute__((always_inline)) void prefetch_lines(const double *p, long from, long to, const int write) {
    for (long i = from; i < to; i += CACHE_LINE_DOUBLES) {
        if (write) __builtin_prefetch(p + i, 1, 3); else __builtin_prefetch(p + i, 0, 3);
    }
}

/* One step of the full block [start, start + BLOCK) that prefetches the block after it;
 * returns what `step_block` returns for the block. */
static inline __attribute__((always_inline)) int step_block_prefetching_next(
    const skk_AnchoredItems *it, long start, const skk_StepConstants *c, const double stepIndex,
    const int zeroLength, const int resisted, const int allAwake)
{
    int stopped = 0;
    for (long a = start; a < start + BLOCK; a += PREFETCH_CHUNK) {
        const long from = a + BLOCK, to = a + BLOCK + PREFETCH_CHUNK;
        prefetch_lines(it->px, from, to, 1); prefetch_lines(it->py, from, to, 1);
        prefetch_lines(it->vx, from, to, 1); prefetch_lines(it->vy, from, to, 1);
        prefetch_lines(it->rest, from, to, 1);
        prefetch_lines(it->anchorX, from, to, 0); prefetch_lines(it->anchorY, from, to, 0);
        prefetch_lines(it->dampingMinusOne, from, to, 0); prefetch_lines(it->stiffness, from, to, 0);
        if (!zeroLength) prefetch_lines(it->stiffnessLength, from, to, 0);
        stopped |= step_block(it->px, it->py, it->vx, it->vy, it->rest, it->anchorX, it->anchorY, it->dampingMinusOne,
                              it->stiffness, it->stiffnessLength, a, a + PREFETCH_CHUNK, *c, stepIndex, zeroLength, resisted,
                              allAwake);
    }
    return stopped;
}

/* Every step of one block, with the variant chosen once per call; `prefetch`: the last
 * step fetches the next block (which is whole). Steps take the `allAwake` loop while every
 * lane of the block is moved here; returns 1 when every lane still is after the last step
 * (none slept or was marked: the caller then needs no scan of the block). */
static inline __attribute__((always_inline)) int step_block_repeatedly(
    const skk_AnchoredItems *it, long start, long end, long steps, const skk_StepConstants *c, const int prefetch)
{
    const int resisted = c->velocityKeep != 1.0;
    /* Every lane moved here: no sign bit among the block's counts (each a count, −1 or a
     * mark, never NaN), one "or" a lane. */
    unsigned long long signs = 0;
    for (long i = start; i < end; i++) {
        unsigned long long bits;
        __builtin_memcpy(&bits, &it->rest[i], sizeof bits);
        signs |= bits;
    }
    int allAwake = (int)(~signs >> 63);
#define SKK_STEP(ZERO, RESISTED, AWAKE)                                                            \
    if (prefetch && s == steps - 1) {                                                              \
        if (step_block_prefetching_next(it, start, c, (double)s, ZERO, RESISTED, AWAKE))           \
            allAwake = 0;                                                                          \
    } else if (step_block(it->px, it->py, it->vx, it->vy, it->rest, it->anchorX, it->anchorY,      \
                          it->dampingMinusOne, it->stiffness, it->stiffnessLength, start, end, *c, \
                          (double)s, ZERO, RESISTED, AWAKE)) {                                     \
        allAwake = 0;                                                                              \
    }
#define SKK_STEPS(ZERO, RESISTED)                                                                  \
    for (long s = 0; s < steps; s++) {                                                             \
        if (allAwake) { SKK_STEP(ZERO, RESISTED, 1) } else { SKK_STEP(ZERO, RESISTED, 0) }         \
    }
    if (c->zeroLength) {
        if (resisted) { SKK_STEPS(1, 1) } else { SKK_STEPS(1, 0) }
    } else {
        if (resisted) { SKK_STEPS(0, 1) } else { SKK_STEPS(0, 0) }
    }
#undef SKK_STEP
#undef SKK_STEPS
    return allAwake;
}

/* Every step of items [0, count), block by block; returns how many are awake after. When
 * `marking_is_exact` does not hold for these constants, every lane is stepped by the scalar
 * `step_lane_exactly` instead (the same bits, slowly: a rest speed near the speed limit or
 * a rest time under one step). */
#define DEFINE_KERNEL(NAME, ATTRIBUTES)                                                            \
    ATTRIBUTES static long NAME(const skk_AnchoredItems *it, long count, long steps,               \
                                const skk_StepConstants *c)                                        \
    {                                                                                              \
        if (!marking_is_exact(c)) return advance_exactly(it, 0, count, steps, c);                  \
        long awake = 0;                                                                            \
        for (long start = 0; start < count; start += BLOCK) {                                      \
            const long end = start + BLOCK < count ? start + BLOCK : count;                        \
            const int prefetch = count >= PREFETCH_FROM && end + BLOCK <= count;                   \
            if (step_block_repeatedly(it, start, end, steps, c, prefetch)) {                       \
                awake += end - start;                                                              \
                continue;                                                                          \
            }                                                                                      \
            long marked = 0, awakeHere = 0;                                                        \
            for (long i = start; i < end; i++) {                                                   \
                awakeHere += it->rest[i] >= 0;                                                     \
                marked += it->rest[i] <= FAST_MARK;                                                \
            }                                                                                      \
            awake += marked ? finish_marked_lanes(it, start, end, steps, c) : awakeHere;           \
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
