#!/usr/bin/env python3
"""Writes the reference values that DeterministicMathTests compare DMath against.

    pip install mpmath && tools/math-reference.py > Tests/SpringKitSimTests/Data/math-reference.txt
    tools/math-reference.py --constants    # the constants of DeterministicMath.swift, to compare

Each line is `FUNCTION X [Y] NEAREST OFFSET`: IEEE 754 bit patterns in hex of the argument(s),
of the double nearest to the exact value, and of (exact - NEAREST) / ulp(NEAREST), computed with
mpmath at 300 bits (1400 for sin and cos). The arguments are seeded, so the file is reproducible:
the ranges the simulation uses, the full domain, and the hard cases (doubles nearest to
multiples of pi/2, subnormals, the overflow and underflow edges).
"""
import math
import random
import struct
import sys

from mpmath import mp, mpf

mp.prec = 300
rng = random.Random(17)


def bits(x):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def nearest_and_offset(v):
    """The double nearest to v, and (v - it) in units of its ulp (math.ulp: the spacing
    above it), so that subnormal results keep their fraction of an ulp too."""
    hi = float(v)
    if math.isinf(hi) or hi == 0:
        return None
    return hi, float((v - mpf(hi)) / mpf(math.ulp(hi)))


def log_uniform(lo, hi):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def emit(name, args, value):
    reference = nearest_and_offset(value)
    if reference is None:
        return
    print(name, *[bits(a) for a in args], bits(reference[0]), bits(reference[1]))


def main():
    n = 120
    # exp: the spring decays e^(-zeta omega h), the whole domain, the edges.
    xs = [rng.uniform(-12, 0) for _ in range(n)] + [rng.uniform(-1, 1) for _ in range(n)]
    xs += [rng.uniform(-745, 709.78) for _ in range(n)] + [rng.uniform(-1e-6, 1e-6) for _ in range(n // 4)]
    xs += [rng.uniform(-745.13, -708.4) for _ in range(n // 4)] + [709.78, -745.1, 0.5 * math.log(2), -0.5 * math.log(2)]
    xs += [k * 0.5 * math.log(2) for k in range(-40, 41)]
    for x in xs:
        emit("exp", [x], mp.exp(mpf(x)))
    # log: deceleration rates, near 1, the whole range, subnormals.
    xs = [rng.uniform(0.9, 1.0) for _ in range(n)] + [1 + rng.uniform(-1e-3, 1e-3) for _ in range(n)]
    xs += [log_uniform(1e-300, 1e300) for _ in range(n)] + [rng.uniform(0.5, 2) for _ in range(n)]
    xs += [rng.uniform(1, 2) * 2.0 ** rng.randint(-1074, -1023) for _ in range(n // 4)]
    xs += [math.sqrt(0.5), math.sqrt(2), 0.998, 0.99, 2.0, 5e-324, 1.7976931348623157e308]
    for x in xs:
        if x > 0 and x != 1:
            emit("log", [x], mp.log(mpf(x)))
    # pow: rate^(1000 t) (the scroll view's deceleration), moderate and wide arguments.
    pairs = [(rng.uniform(0.98, 1.0), rng.uniform(0, 20000)) for _ in range(n)]
    pairs += [(rng.uniform(0.25, 4), rng.uniform(-60, 60)) for _ in range(n)]
    pairs += [(0.998, 1000 * rng.uniform(0, 10)) for _ in range(n // 2)] + [(0.99, 1000 / 60.0), (0.998, 1000 / 60.0)]
    for _ in range(n):
        x = log_uniform(1e-300, 1e300)
        limit = 700 / abs(math.log(x))
        pairs.append((x, rng.uniform(-limit, limit)))
    pairs += [(-x, float(k)) for x, k in [(1.5, 3), (2.5, 7), (0.75, -5), (3.0, 20)]]
    for x, y in pairs:
        emit("pow", [x, y], mpf(x) ** mpf(y))
    # sin and cos: the spring's omega_d h and t, reduction edges, huge arguments,
    # the doubles nearest to multiples of pi/2.
    xs = [rng.uniform(-math.pi / 4, math.pi / 4) for _ in range(n)] + [rng.uniform(-10, 10) for _ in range(n)]
    xs += [rng.uniform(-1e4, 1e4) for _ in range(n)] + [rng.uniform(-1e9, 1e9) for _ in range(n // 2)]
    xs += [math.copysign(log_uniform(1e9, 1e308), rng.uniform(-1, 1)) for _ in range(n // 2)]
    xs += [float(mp.pi / 2 * k) for k in list(range(1, 60)) + [rng.randint(60, 10 ** 6) for _ in range(40)]]
    xs += [float(mp.pi / 4 * k) for k in range(-9, 10, 2)] + [1e-9, -3e-7, 6381956970095103 * 2.0 ** 797]
    mp.prec = 1400  # the exact reduction of 2^1023 needs over 1100 bits of pi
    for name, function in (("sin", mp.sin), ("cos", mp.cos)):
        for x in xs:
            if x != 0:
                emit(name, [x], function(mpf(x)))


def constants():
    """Prints DMath's constants as the Swift hexadecimal literals it uses (1400-bit mpmath)."""
    mp.prec = 1400

    def leading_bits(x, bits):  # x truncated to `bits` significant bits
        e = int(mp.floor(mp.log(abs(x), 2)))
        scale = mpf(2) ** (bits - 1 - e)
        return mp.floor(x * scale) / scale

    def pair(v):
        hi = mpf(float(v))
        return float(hi).hex(), float(v - hi).hex()

    ln2 = mp.log(2)
    ln2_hi = leading_bits(ln2, 32)
    print("ln2Hi", float(ln2_hi).hex(), "ln2Lo", float(ln2 - ln2_hi).hex())
    print("log2e", float(1 / ln2).hex(), "sqrt2", float(mp.sqrt(2)).hex())
    print("halfPi", *pair(mp.pi / 2))
    for name, v in (("oneSixth", mpf(1) / 6), ("twoThirds", mpf(2) / 3), ("twoFifths", mpf(2) / 5)):
        print(name, *pair(v))
    print("inverseFactorial", ", ".join(float(1 / mp.factorial(n)).hex() for n in range(21)))
    print("atanhTail", ", ".join(float(mpf(2) / k).hex() for k in range(7, 28, 2)))
    words = int(mp.floor(2 / mp.pi * mpf(2) ** (64 * 19)))
    print("twoOverPiBits", ", ".join("0x%016X" % ((words >> (64 * (18 - i))) & (2 ** 64 - 1)) for i in range(19)))


if __name__ == "__main__":
    constants() if sys.argv[1:] == ["--constants"] else main()
