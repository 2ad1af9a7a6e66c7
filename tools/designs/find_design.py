"""Search for a resolvable (3n+1, 4, 1) design with a SAT solver (how the seating designs are hunted).

Not used at run time: ``tournament/seating/designs.py`` needs only stored data. This
script needs ``python-sat`` (in requirements.txt).

Two shapes, both a base class developed over ``Z_n`` (``n`` classes, a fixed point ``inf``):

- ``levels``: points ``Z_n x {0,1,2}``; the base class holds ``inf`` with one point of each
  level, and every pure difference (nonzero, within a level) and mixed difference (between
  two levels) occurs exactly once. ``--rot`` also asks the base class to be invariant under
  turning the levels (the group ``Z_3 x Z_n``).
- ``cyclic``: 1-rotational over ``Z_3n`` with the fixed block ``{inf, 0, n, 2n}`` (what
  ``designs.one_rotational`` develops): the base class is invariant under adding ``n``, and
  every difference outside ``{0, n, 2n}`` occurs three times (once per turn of a base block).

The base class is encoded by one variable per pair of points (do they share a block?): each
point has three partners, partners are closed under transitivity, and each difference class
gets its count. ``--mult m`` adds invariance under multiplying by the unit ``m`` (with
``--swap``, levels 1 and 2 trading places at the same time).

Results on a shared 2-core machine (23 Nov 2026): n = 9 (28 players), levels: found in 0.1
s; n = 13 (40 players), levels --rot --mult 12 (the symmetry of the field construction):
found in 0.4 s, while the plain levels search had no answer within 2 minutes. n = 33 (100
players): every variant with a multiplier (levels, levels --rot, cyclic; m = -1, 10, -10 of
order 2, over Z33 x {0,1,2} also 4, 16 of order 5 and 2 of order 10; and with --swap m = 1,
-1, 10) is unsatisfiable within seconds to minutes; the plain levels, levels --rot and
cyclic searches ran over 30 minutes without an answer.

    .venv/bin/python tools/designs/find_design.py 9 levels
    .venv/bin/python tools/designs/find_design.py 33 levels --rot --mult 32
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver


def encode(n: int, shape: str, rot: bool, mult: int, swap: bool = False) -> tuple[CNF, list, Callable]:
    pool, cnf = IDPool(), CNF()
    if shape == "levels":
        inf = (-1, -1)
        points = [(x, j) for j in range(3) for x in range(n)] + [inf]

        def image(p, f):  # f acts on finite points only
            return p if p == inf else f(p)

        if swap:  # levels 1 and 2 trade places as well
            symmetries = [lambda p: ((p[0] * mult) % n, -p[1] % 3)]
        else:
            symmetries = [lambda p: ((p[0] * mult) % n, p[1])] if mult != 1 else []
        if rot:
            symmetries.append(lambda p: (p[0], (p[1] + 1) % 3))
    else:
        inf = None
        points = [e for e in range(3 * n) if e % n]
        symmetries = [lambda e: (e + n) % (3 * n)]
        if mult != 1:
            symmetries.append(lambda e: (e * mult) % (3 * n))

        def image(p, f):
            return f(p)

    def var(u, v):
        return pool.id((min(u, v), max(u, v)))

    def exactly(lits, k):
        enc = EncType.seqcounter if len(lits) < 50 else EncType.totalizer
        cnf.extend(CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=enc).clauses)

    for u in points:
        exactly([var(u, v) for v in points if v != u], 3)
    for u, v, w in itertools.combinations(points, 3):
        cnf.extend([[-var(u, v), -var(u, w), var(v, w)], [-var(u, v), -var(v, w), var(u, w)]])
        cnf.append([-var(u, w), -var(v, w), var(u, v)])
    for u, v in itertools.combinations(points, 2):
        for f in symmetries:
            cnf.append([-var(u, v), var(image(u, f), image(v, f))])
    if shape == "levels":
        for j in range(3):
            exactly([var(inf, (x, j)) for x in range(n)], 1)
        cnf.append([var(inf, (0, 0))])
        for i, j in itertools.combinations_with_replacement(range(3), 2):
            for d in range(1, (n + 1) // 2) if i == j else range(n):
                exactly(sorted({var((x, i), ((x + d) % n, j)) for x in range(n)}), 1)
    else:
        for u in points:
            cnf.append([-var(u, (u + n) % (3 * n))])
        for d in range(1, (3 * n + 1) // 2):
            if d % n:
                exactly([var(u, (u + d) % (3 * n)) for u in points if (u + d) % n], 3)
    return cnf, points, var


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="odd n: 3n + 1 players, n classes")
    parser.add_argument("shape", choices=["levels", "cyclic"])
    parser.add_argument("--rot", action="store_true", help="levels: invariant under turning the levels")
    parser.add_argument("--mult", type=int, default=1, help="invariant under multiplying by this unit")
    parser.add_argument(
        "--swap", action="store_true", help="levels: the multiplier also swaps levels 1 and 2"
    )
    parser.add_argument("--solver", default="cadical153")
    args = parser.parse_args()
    cnf, points, var = encode(args.n, args.shape, args.rot, args.mult, args.swap)
    started = time.monotonic()
    with Solver(name=args.solver, bootstrap_with=cnf.clauses) as solver:
        found = solver.solve()
        print("found" if found else "none exists", f"({time.monotonic() - started:.1f} s)")
        if found:
            true = {lit for lit in solver.get_model() if lit > 0}
            blocks = {
                tuple(sorted([u] + [v for v in points if v != u and var(u, v) in true])) for u in points
            }
            print(sorted(blocks))
            print("checked: every pair exactly once" if check(args.n, args.shape, blocks) else "CHECK FAILED")


def check(n: int, shape: str, base: set[tuple]) -> bool:
    """Develop the base class over Z_n and count every pair of the 3n + 1 points."""
    inf = (-1, -1) if shape == "levels" else 3 * n

    def moved(p, t):
        if p == inf:
            return p
        return ((p[0] + t) % n, p[1]) if shape == "levels" else (p + t) % (3 * n)

    blocks = [*base, (inf, 0, n, 2 * n)] if shape == "cyclic" else list(base)
    seen: dict = {}
    for t in range(n):
        for block in blocks:
            for pair in itertools.combinations(sorted((moved(p, t) for p in block), key=str), 2):
                seen[pair] = seen.get(pair, 0) + 1
    return len(seen) == (3 * n + 1) * 3 * n // 2 and set(seen.values()) == {1}


if __name__ == "__main__":
    main()
