/* Chipmunk 7 on SpringKitSim's dynamics benchmark: N bodies, each on a zero-length
 * cpDampedSpring to a point of the static body (anchors on a 10-pt grid, bodies up to
 * 20 pt off, damping ratio 0.1, frequency 0.8–1.8 Hz as k = m ω², c = 2 m ζ ω), zero
 * gravity, no sleeping, fixed steps of 1/120 s with 8 iterations, as
 * `simrun bench dynamics`. Prints: N ns-per-spring-step steps
 *
 * usage: chipmunk_bench N STEPS */
#include <chipmunk/chipmunk.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double unit(uint64_t *state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*state >> 11) * (1.0 / 9007199254740992.0);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: chipmunk_bench N STEPS\n");
        return 2;
    }
    const long n = atol(argv[1]), steps = atol(argv[2]);
    cpSpace *space = cpSpaceNew();
    cpSpaceSetIterations(space, 8);
    cpBody *ground = cpSpaceGetStaticBody(space);
    uint64_t state = 1;
    const double mass = 64, zeta = 0.1;
    for (long i = 0; i < n; i++) {
        const double ax = (double)(i % 1000) * 10, ay = (double)(i / 1000) * 10;
        cpBody *body = cpSpaceAddBody(space, cpBodyNew(mass, INFINITY));
        cpBodySetPosition(body, cpv(ax + unit(&state) * 40 - 20, ay + unit(&state) * 40 - 20));
        const double omega = 2 * M_PI * (0.8 + unit(&state));
        cpSpaceAddConstraint(space, cpDampedSpringNew(ground, body, cpv(ax, ay), cpvzero, 0,
                                                      mass * omega * omega, 2 * mass * zeta * omega));
    }
    cpSpaceStep(space, 1.0 / 120);  /* warm up */
    const double start = now();
    for (long s = 0; s < steps; s++) cpSpaceStep(space, 1.0 / 120);
    printf("%ld %.3f %ld\n", n, (now() - start) * 1e9 / ((double)n * (double)steps), steps);
    return 0;
}
