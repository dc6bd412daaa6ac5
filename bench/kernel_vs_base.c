/* The anchored-spring kernel alone beside an earlier revision's (bench/kernel-vs-base builds
 * this with both): the workload of `simrun bench dynamics` (zero-length springs, damping
 * ratio 0.1, 0.8–1.8 Hz, items up to 20 pt off their anchors, no resistance, no sleeping, two
 * steps a call), each size timed in paired rounds that take turns at going first. Prints, per
 * size and variant, the best ns per spring-step of each and the median of the rounds' ratios
 * with its quartiles (a round's two timings ran back to back: the machine's load cancels).
 *
 * usage: kernel_vs_base ITEMS...   (default 1000 100000 1000000) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "spring_kernel.h"
#include "base_spring_kernel.h"

enum { ROUNDS = 41 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The ten arrays of n items, set up as `simrun bench dynamics` sets them up. */
typedef struct { double *px, *py, *vx, *vy, *rest, *ax, *ay, *dm, *kd, *kl; } Arrays;

static double *array(long n) {
    double *p = aligned_alloc(64, (size_t)((n * 8 + 63) / 64 * 64));
    if (!p) { fprintf(stderr, "kernel_vs_base: out of memory\n"); exit(2); }
    return p;
}

static Arrays make(long n, double h) {
    Arrays a = {array(n), array(n), array(n), array(n), array(n), array(n), array(n), array(n), array(n), array(n)};
    unsigned long long seed = 1;
    for (long i = 0; i < n; i++) {
        double u[3];
        for (int k = 0; k < 3; k++) { seed = seed * 6364136223846793005ULL + 1442695040888963407ULL; u[k] = (double)(seed >> 11) / 9007199254740992.0; }
        a.ax[i] = (double)(i % 1000) * 10; a.ay[i] = (double)(i / 1000) * 10;
        a.px[i] = a.ax[i] + u[0] * 40 - 20; a.py[i] = a.ay[i] + u[1] * 40 - 20;
        a.vx[i] = a.vy[i] = 0; a.rest[i] = 0;
        const double w = 2 * 3.141592653589793 * (0.8 + u[2]), z = 0.1, d = 1 / (1 + 2 * z * w * h + w * w * h * h);
        a.dm[i] = d - 1; a.kd[i] = h * w * w * d; a.kl[i] = 0;
    }
    return a;
}

static int by_value(const void *x, const void *y) {
    const double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static void compare(long n, int variant) {
    const double h = 1.0 / 120;
    const long calls = n >= 1000000 ? 1 : 100000000 / n / 100;
    Arrays a = make(n, h), b = make(n, h);
    skk_AnchoredItems now_items = {a.px, a.py, a.vx, a.vy, a.rest, a.ax, a.ay, a.dm, a.kd, a.kl};
    base_skk_AnchoredItems base_items = {b.px, b.py, b.vx, b.vy, b.rest, b.ax, b.ay, b.dm, b.kd, b.kl};
    skk_StepConstants now_constants = {.step = h, .slopSquared = 0.25, .restSpeedSquared = 1, .restStepsToSleep = 1e300,
                                       .velocityKeep = 1, .maximumTranslation = 200, .zeroLength = 1};
    base_skk_StepConstants base_constants = {.step = h, .slopSquared = 0.25, .restSpeedSquared = 1, .restStepsToSleep = 1e300,
#ifdef BASE_HAS_MAXIMUM_TRANSLATION
                                             .maximumTranslation = 200,
#endif
                                             .velocityKeep = 1, .zeroLength = 1};
    double ratios[ROUNDS], best_now = 1e300, best_base = 1e300;
    for (int r = 0; r < ROUNDS; r++) {
        double t_now = 0, t_base = 0;
        for (int turn = 0; turn < 2; turn++) {
            const int now_first = r % 2 == 0;
            const double t = now();
            if ((turn == 0) == now_first) {
                for (long c = 0; c < calls; c++) skk_advance_anchored(variant, &now_items, n, 2, &now_constants);
                t_now = now() - t;
            } else {
                for (long c = 0; c < calls; c++) base_skk_advance_anchored(variant, &base_items, n, 2, &base_constants);
                t_base = now() - t;
            }
        }
        ratios[r] = t_now / t_base;
        if (t_now < best_now) best_now = t_now;
        if (t_base < best_base) best_base = t_base;
    }
    qsort(ratios, ROUNDS, sizeof ratios[0], by_value);
    const double per = 1e9 / ((double)n * 2 * (double)calls);
    printf("%10ld  %-8s  %9.3f  %9.3f  %7.3f×  (%.3f–%.3f)\n", n, skk_variant_name(variant), best_base * per, best_now * per,
           ratios[ROUNDS / 2], ratios[ROUNDS / 4], ratios[3 * ROUNDS / 4]);
    double **arrays[] = {&a.px, &a.py, &a.vx, &a.vy, &a.rest, &a.ax, &a.ay, &a.dm, &a.kd, &a.kl,
                         &b.px, &b.py, &b.vx, &b.vy, &b.rest, &b.ax, &b.ay, &b.dm, &b.kd, &b.kl};
    for (int k = 0; k < 20; k++) free(*arrays[k]);
}

int main(int argc, char **argv) {
    long sizes[16] = {1000, 100000, 1000000};
    int count = 3;
    if (argc > 1) {
        count = 0;
        for (int k = 1; k < argc && count < 16; k++) {
            char *end;
            const long n = strtol(argv[k], &end, 10);
            if (*end || n < 1 || n > 10000000) { fprintf(stderr, "kernel_vs_base: ITEMS must be whole numbers from 1 to 10000000, not '%s'\n", argv[k]); return 2; }
            sizes[count++] = n;
        }
    }
    printf("%10s  %-8s  %9s  %9s  %8s  %s\n", "items", "variant", "base ns", "now ns", "now/base", "(quartiles of 41 paired rounds)");
    for (int k = 0; k < count; k++)
        for (int variant = 0; variant < SKK_VARIANT_COUNT; variant++)
            if (skk_variant_supported(variant)) compare(sizes[k], variant);
    printf("ns: best round, per spring-step; now/base: the median of the rounds' ratios (goal ≤ 1.05)\n");
    return 0;
}
