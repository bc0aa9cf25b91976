#!/usr/bin/env python3
"""Writes the hand-shaped inputs of wythoff-play (the generated ones come from
wythoff-play-gen; the .out answer files from `wythoff-play-gen --answer`).
Exact big-integer arithmetic only: a_k = floor(k*phi) = (k + isqrt(5k^2)) // 2."""
from math import isqrt

MAX = 10**18


def lower(k):
    return (k + isqrt(5 * k * k)) // 2


def write(name, seed, games):
    with open(name, "w") as f:
        f.write(f"{len(games)} {seed}\n")
        for a, b in games:
            assert 0 <= a <= MAX and 0 <= b <= MAX, (a, b)
            f.write(f"{a} {b}\n")


fib = [1, 2]
while fib[-1] <= 4 * MAX:
    fib.append(fib[-1] + fib[-2])  # fib[i] = F_{i+2}

# Every position with both piles up to 20.
write("02-every-position-up-to-20.in", 2, [(a, b) for a in range(21) for b in range(21)])

# Fibonacci traps: f64 misplaces floor(k*phi) from k = F_40 = 102334155 on.
traps = []
for i in range(38, len(fib)):  # F_40 and beyond
    k = fib[i]
    ak = lower(k)
    if ak + k + 1 > MAX:
        break
    traps += [(ak, ak + k), (ak + k, ak), (ak + 1, ak + k + 1), (ak - 1, ak + k), (ak, ak + k + 1)]
    if fib[i + 1] <= MAX:
        traps += [(fib[i], fib[i + 1]), (fib[i + 1], fib[i])]
write("03-fibonacci-traps-from-f40.in", 3, traps)

# Extremes at 10^18.
k = 0
while lower(k + 1) + k + 1 <= MAX:
    step = 1
    while lower(k + 2 * step) + k + 2 * step <= MAX:
        step *= 2
    k += step
ak = lower(k)
ext = [(MAX, MAX), (0, MAX), (MAX, 0), (MAX - 1, MAX), (1, MAX), (MAX, 1),
       (ak, ak + k), (ak + k, ak), (ak + 1, ak + k), (ak, MAX), (MAX // 2, MAX)]
write("04-extremes-at-1e18.in", 4, ext)
