"""Search for the base class of a 1-rotational resolvable 4-GDD (the data of ``rotational.py``).

Not used at run time: ``tournament/seating/designs.py`` stores the base classes found here.

Shape: points ``Z_n x {0, 1, 2}`` and ``k`` fixed points ``inf_0 .. inf_{k-1}`` (one group); the
other groups are the orbits of the subgroup ``H`` of ``Z_n`` of order ``h`` on each column
``{x + H} x levels`` cut as given below. The base class has ``k`` blocks ``{inf_a, (x,0), (y,1), (z,2)}``
(one point per level, so ``inf_a`` meets every finite point once over the ``n`` translations) and
full blocks of four finite points; translating by ``t in Z_n`` gives the ``n`` classes. A pair of
finite points meets once over the classes exactly when its difference occurs once in the base class:

- ``3^u`` (N = 12s, u = N/3 = n + 1 groups of three): ``k = 3``, ``h = 1``, groups
  ``{(x,0), (x,1), (x,2)}``; needed: every pure difference ``d != 0`` within a level, every mixed
  difference ``d != 0`` between two levels.
- ``2^u`` (44 players: n = 14, groups of two): ``k = 2``, groups ``{(x,i), (x+n/2,i)}``; needed:
  every pure difference but 0 and n/2, every mixed difference.

The search is simulated annealing over the base class (swaps of two finite points; a fixed block
only trades a point for one of its level), cost = differences covered twice or more.

    .venv/bin/python tools/designs/find_design_gdd.py 7 3      # 24 players, 7 rounds
    .venv/bin/python tools/designs/find_design_gdd.py 14 2     # 44 players, 14 rounds
"""

from __future__ import annotations

import argparse
import math
import random
import time


def needed(n: int, k: int) -> dict[tuple[int, int, int], int]:
    """(level i, level j, difference) -> how often it must occur (pure ones folded to d <= n/2)."""
    need = {}
    for i in range(3):
        for j in range(i, 3):
            for d in range(n):
                if i == j:
                    if d == 0 or d > n - d or (k == 2 and 2 * d == n):
                        continue
                    need[(i, i, d)] = 1
                elif k == 3 and d == 0:
                    continue
                else:
                    need[(i, j, d)] = 1
    return need


def key(n: int, a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int, int]:
    (x, i), (y, j) = a, b
    if i > j:
        (x, i), (y, j) = (y, j), (x, i)
    d = (y - x) % n
    if i == j:
        d = min(d, n - d)
    return (i, j, d)


def search(n: int, k: int, seed: int, iters: int) -> list[list[tuple[int, int]]] | None:
    rng = random.Random(seed)
    need = needed(n, k)
    pts = [(x, i) for i in range(3) for x in range(n)]
    rng.shuffle(pts)
    blocks: list[list[tuple[int, int]]] = []
    for _ in range(k):  # fixed blocks: one point per level (the fixed point itself is implicit)
        blk = []
        for lvl in range(3):
            p = next(p for p in pts if p[1] == lvl)
            pts.remove(p)
            blk.append(p)
        blocks.append(blk)
    while pts:
        blocks.append([pts.pop() for _ in range(4)])
    count: dict[tuple[int, int, int], int] = {}

    def pairs(blk):
        return [key(n, blk[s], blk[t]) for s in range(len(blk)) for t in range(s + 1, len(blk))]

    for blk in blocks:
        for kk in pairs(blk):
            count[kk] = count.get(kk, 0) + 1

    def bad(c: dict) -> int:
        return sum(max(0, v - 1) for v in c.values()) + sum(v for kk, v in c.items() if kk not in need)

    cost = bad(count)
    temp = 2.0
    for it in range(iters):
        if cost == 0:
            return blocks
        temp = max(0.05, 2.0 * (1 - it / iters))
        b1, b2 = rng.randrange(len(blocks)), rng.randrange(len(blocks))
        if b1 == b2:
            continue
        s1, s2 = rng.randrange(len(blocks[b1])), rng.randrange(len(blocks[b2]))
        if (b1 < k or b2 < k) and blocks[b1][s1][1] != blocks[b2][s2][1]:
            continue
        old = pairs(blocks[b1]) + pairs(blocks[b2])
        blocks[b1][s1], blocks[b2][s2] = blocks[b2][s2], blocks[b1][s1]
        new = pairs(blocks[b1]) + pairs(blocks[b2])
        delta = 0
        for kk in old:
            v = count[kk]
            delta -= (v - 1 > 0) + (kk not in need)
            count[kk] = v - 1
        for kk in new:
            v = count.get(kk, 0)
            delta += (v >= 1) + (kk not in need)
            count[kk] = v + 1
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            cost += delta
        else:
            for kk in new:
                count[kk] -= 1
            for kk in old:
                count[kk] += 1
            blocks[b1][s1], blocks[b2][s2] = blocks[b2][s2], blocks[b1][s1]
    return None


def search_rot(n: int, seed: int, iters: int, mult: int = 1) -> list[list[tuple[int, int]]] | None:
    """Type 3^u with the base class invariant under turning the levels ``(x, i) -> (x, i + 1)``.

    A block's turns are blocks too, so only one block of each orbit is searched: a fixed block
    ``(x0,0), (x1,1), (x2,2)`` and ``(n - 3) / 4`` full blocks, together holding every ``x`` of
    ``Z_n`` once (their turns then partition the points). Needed: each pure difference once, each
    mixed difference ``(0, 1, d != 0)`` once (``(i, i+1, d)`` and ``(i, i+2, -d)`` are its turns).
    With ``mult`` (``mult ** 3 = 1 mod n``) a turn also multiplies ``x`` by ``mult``: the symmetry is
    ``(x, i) -> (mult * x, i + 1)``.
    """
    if pow(mult, 3, n) != 1:
        raise SystemExit(f"--mult {mult}: its cube is not 1 mod {n}")
    inv = pow(mult, -1, n)
    back = [pow(inv, i, n) for i in range(3)]
    ahead = [pow(mult, i, n) for i in range(3)]
    rng = random.Random(seed)
    xs = list(range(n))
    rng.shuffle(xs)
    lv = [0, 1, 2] + [rng.randrange(3) for _ in range(n - 3)]

    def keyr(a, b):
        (x, i), (y, j) = a, b
        x, y = x * back[i] % n, y * back[i] % n  # turn back so that a is on level 0
        j, i = (j - i) % 3, 0
        if i == j:
            d = (y - x) % n
            return (0, min(d, n - d))
        if j == 1:
            return (1, (y - x) % n)
        return (1, (x - y) * back[2] % n)

    def point(x, level):
        return (x * ahead[level] % n, level)

    def blocks_of(xs, lv):
        out = [[point(xs[s], lv[s]) for s in range(3)]]
        out += [[point(xs[s], lv[s]) for s in range(b, b + 4)] for b in range(3, n, 4)]
        return out

    def cost_of(xs, lv):
        count: dict = {}
        for blk in blocks_of(xs, lv):
            for s in range(len(blk)):
                for t in range(s + 1, len(blk)):
                    kk = keyr(blk[s], blk[t])
                    count[kk] = count.get(kk, 0) + 1
        bad = sum(max(0, v - 1) for v in count.values())
        return bad + count.get((1, 0), 0) + count.get((0, 0), 0)

    cost = cost_of(xs, lv)
    for it in range(iters):
        if cost == 0:
            return blocks_of(xs, lv)
        temp = max(0.05, 1.5 * (1 - it / iters))
        if rng.random() < 0.5:
            a, b = rng.randrange(n), rng.randrange(n)
            xs[a], xs[b] = xs[b], xs[a]
            new = cost_of(xs, lv)
            if new <= cost or rng.random() < math.exp(-(new - cost) / temp):
                cost = new
            else:
                xs[a], xs[b] = xs[b], xs[a]
        else:
            a = rng.randrange(3, n)
            old, lv[a] = lv[a], rng.randrange(3)
            new = cost_of(xs, lv)
            if new <= cost or rng.random() < math.exp(-(new - cost) / temp):
                cost = new
            else:
                lv[a] = old
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("k", type=int, choices=(2, 3))
    parser.add_argument("--iters", type=int, default=2_000_000)
    parser.add_argument("--tries", type=int, default=50)
    parser.add_argument("--rot", action="store_true", help="type 3^u: invariant under turning the levels")
    parser.add_argument("--mult", type=int, default=1, help="with --rot: a turn multiplies by this")
    args = parser.parse_args()
    started = time.monotonic()
    for seed in range(args.tries):
        if args.rot:
            found = search_rot(args.n, seed, args.iters, args.mult)
            if found:  # the turns of each block
                m = args.mult
                found = [
                    [(x * m**r % args.n, (i + r) % 3) for x, i in blk] for r in range(3) for blk in found
                ]
                found.sort(key=len)
        else:
            found = search(args.n, args.k, seed, args.iters)
        if found:
            print(f"n={args.n} k={args.k} seed={seed} {time.monotonic() - started:.1f}s")
            print(tuple(tuple(x + args.n * i for x, i in blk) for blk in found))
            return
        print(f"seed {seed}: none ({time.monotonic() - started:.0f}s)", flush=True)


if __name__ == "__main__":
    main()
