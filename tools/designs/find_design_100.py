"""Search for a resolvable (100, 4, 1) design (100 players, 33 rounds, every pair once): not found.

Not used at run time. Needs ``python-sat`` (in requirements.txt).

The shape: points ``V x Z4`` with ``V = Z5 x Z5``, 25 fibres of four players.

1. A (25, 4, 1) difference family over ``Z5 x Z5``: base blocks ``D1, D2`` whose 24 differences
   are the nonzero elements once each (1,280 with 0 in both blocks; every base block is in one
   orbit of the affine group AGL(2, 5), so a resolution of one half carries over to the other).
2. On each translate ``B = D + g = {b_1 .. b_4}`` the transversal design TD(4, 4) with groups
   ``{b_k} x Z4``: row ``r = (a, b)`` of GF(4)^2 (``r = 4a + b``) gives the block
   ``{(b_k, a + b c_k)}``, ``c_k`` the element ``k`` of GF(4). Every pair of players of different
   fibres lies in exactly one such block.
3. (``halves``, the default) Split each half (400 blocks over the translates of ``D1``, and of
   ``D2``) into 16 parallel classes by SAT: ``X[g, c, r]`` = "class ``c`` uses row ``r`` at
   translate ``g``", ``r -> c`` a bijection at each ``g``, every player once per class; class ``c``
   uses row ``c`` at translate 0.
4. The 33rd class: the 25 fibres.

What was tried (23 Nov 2026, CaDiCaL 1.5.3 through python-sat, one process on a shared 2-core
machine); none gave a design:

- ``halves``: no answer within 5 minutes. Asking for only 4 or 8 classes (each row at most once
  per translate): found in 0.25 s and 5 s.
- A row with ``b != 0`` used at every translate is a parallel class (12 such per half), but a
  class of constant rows (``b = 0``) cannot exist (25 players of each level, 4 per block), so those
  12 cannot all be kept. Keeping the 8 of slopes 2 and 3 and solving the other 8: unsatisfiable in
  7 s; keeping the 4 of slope 3: no answer in 200 s.
- Every class invariant under a subgroup of order 5 (each of the six): unsatisfiable at once.
  Classes closed under adding a level to all blocks (4 base classes of distinct slopes at each
  translate): no answer in 5 minutes; closed under one such shift (8 pairs): none in 150 s.
- Classes indexed by GF(4)^2 with an affine map to the rows at each translate: over GF(4) the
  linear parts must agree fibre by fibre, a small constraint problem, unsatisfiable for all 24
  orders of the base block (both halves); over GF(2): no answer in 120 s.
- The family ``{0, 1, w, w^2}``, ``6 {0, 1, w, w^2}`` over GF(25) (``w`` a cube root of unity)
  with the multiplier ``w`` as an automorphism: with the levels fixed, or with the levels only
  multiplied, unsatisfiable at once (the multiplier fixes fibre 0); with the levels multiplied by
  a cube root of unity of GF(4) as well: no answer in 100 s.
- Annealing over the 25 permutations (swap two classes' rows at a translate): stuck at 174
  (sum of squared coverings minus 1,600).
- (``orbit``) Mixing the halves in a class. Each base block has exactly one difference pair in
  each subgroup of order 5, so no orbit of a constant block under such a subgroup is disjoint;
  under ``Z5 x Z5`` the constant blocks can then only lie in classes with a trivial stabiliser:
  one class ``C`` holding one block from each of 25 of the 32 orbits (all 8 constant ones) would
  give the 25 classes ``C + t``, 7 classes of one row each, and the fibres. No answer in 6
  minutes; without forcing the constant orbits none in 150 s (allowing two blocks per orbit: found
  in 10 s); annealing always stops four players short (cost 8).
- Classes in orbits of 5 under a subgroup of order 5 (``5m + f = 32``, ``f`` classes invariant):
  ``m = 6, 5, 4``: no answer in 200 s each (``m = 6`` with another subgroup: none in 500 s).

    .venv/bin/python tools/designs/find_design_100.py           # halves
    .venv/bin/python tools/designs/find_design_100.py orbit
"""

from __future__ import annotations

import itertools
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

# GF(4) = {0, 1, 2, 3} as polynomials over GF(2) (2 = x, 3 = x + 1), x^2 = x + 1
ADD = [[a ^ b for b in range(4)] for a in range(4)]
MUL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
ROWS = [(a, b) for a in range(4) for b in range(4)]  # row r = (a, b): f_r(k) = a + b * k


def f(r: int, k: int) -> int:
    a, b = ROWS[r]
    return ADD[a][MUL[b][k]]


def vec(x: int) -> tuple[int, int]:
    return divmod(x, 5)


def num(p: tuple[int, int]) -> int:
    return 5 * (p[0] % 5) + p[1] % 5


def plus(x: int, y: int) -> int:
    (a, b), (c, d) = vec(x), vec(y)
    return num((a + c, b + d))


def minus(x: int, y: int) -> int:
    (a, b), (c, d) = vec(x), vec(y)
    return num((a - c, b - d))


def difference_families() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(25, 4, 1) difference families over Z5 x Z5 with 0 in both blocks (D1 < D2)."""
    out = []
    blocks = [(0, *rest) for rest in itertools.combinations(range(1, 25), 3)]
    diffs = {b: [minus(x, y) for x in b for y in b if x != y] for b in blocks}
    good = [b for b in blocks if len(set(diffs[b])) == 12]
    for i, b1 in enumerate(good):
        s1 = set(diffs[b1])
        for b2 in good[i + 1 :]:
            if s1.isdisjoint(diffs[b2]):
                out.append((b1, b2))
    return out


def resolve(base: tuple[int, ...]) -> list[list[int]] | None:
    """table[g][c] = the row class c uses at translate g, or None."""
    pool, cnf = IDPool(), CNF()

    def x(g: int, c: int, r: int) -> int:
        return pool.id(("x", g, c, r))

    def exactly_one(lits: list[int]) -> None:
        cnf.extend(CardEnc.equals(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)

    for g in range(25):
        for c in range(16):
            exactly_one([x(g, c, r) for r in range(16)])
        for r in range(16):
            exactly_one([x(g, c, r) for c in range(16)])
    for c in range(16):
        for p in range(25):
            for i in range(4):
                lits = []
                for k, d in enumerate(base):
                    g = minus(p, d)
                    lits += [x(g, c, r) for r in range(16) if f(r, k) == i]
                exactly_one(lits)
    for c in range(16):
        cnf.append([x(0, c, c)])
    with Solver(name="cadical153", bootstrap_with=cnf.clauses) as solver:
        start = time.monotonic()
        ok = solver.solve()  # no interrupt: cadical answers quickly or not at all here
        print(f"  {base}: {'SAT' if ok else 'UNSAT'} in {time.monotonic() - start:.1f} s", file=sys.stderr)
        if not ok:
            return None
        model = set(v for v in solver.get_model() if v > 0)
    return [[next(r for r in range(16) if x(g, c, r) in model) for c in range(16)] for g in range(25)]


def check(d1, d2, t1, t2) -> None:
    classes = []
    for base, table in ((d1, t1), (d2, t2)):
        for c in range(16):
            classes.append(
                [tuple(4 * plus(g, d) + f(table[g][c], k) for k, d in enumerate(base)) for g in range(25)]
            )
    classes.append([tuple(range(4 * p, 4 * p + 4)) for p in range(25)])
    seen = set()
    for cls in classes:
        assert sorted(p for b in cls for p in b) == list(range(100))
        for b in cls:
            for pair in itertools.combinations(sorted(b), 2):
                assert pair not in seen
                seen.add(pair)
    assert len(seen) == 4950 and len(classes) == 33


def orbit_class(d1: tuple[int, ...], d2: tuple[int, ...]) -> list[tuple[int, int, int]] | None:
    """A parallel class with one block (half, row, translate) from each of 25 orbits, all 8 constant ones."""
    pool, cnf = IDPool(), CNF()

    def z(j: int, r: int, g: int) -> int:
        return pool.id((j, r, g))

    cover: list[list[int]] = [[] for _ in range(100)]
    for j, base in enumerate((d1, d2)):
        for r in range(16):
            lits = [z(j, r, g) for g in range(25)]
            bound = CardEnc.equals if ROWS[r][1] == 0 else CardEnc.atmost
            cnf.extend(bound(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)
            for g in range(25):
                for k, d in enumerate(base):
                    cover[4 * plus(g, d) + f(r, k)].append(z(j, r, g))
    for lits in cover:
        cnf.extend(CardEnc.equals(lits=lits, bound=1, vpool=pool, encoding=EncType.pairwise).clauses)
    with Solver(name="cadical153", bootstrap_with=cnf.clauses) as solver:
        start = time.monotonic()
        ok = solver.solve()
        seconds = time.monotonic() - start
        print(f"  orbit class: {'SAT' if ok else 'UNSAT'} in {seconds:.1f} s", file=sys.stderr)
        if not ok:
            return None
        model = set(v for v in solver.get_model() if v > 0)
    return [(j, r, g) for j in range(2) for r in range(16) for g in range(25) if z(j, r, g) in model]


def main() -> None:
    families = difference_families()
    print(f"{len(families)} difference families", file=sys.stderr)
    d1, d2 = families[0]
    if sys.argv[1:] == ["orbit"]:
        print(orbit_class(d1, d2))
        return
    # one half suffices: every base block is an image of D1 under an affine map of Z5 x Z5
    t1 = resolve(d1)
    if t1 is None:
        print("nothing found", file=sys.stderr)
        return
    t2 = resolve(d2)
    if t2 is None:
        print("nothing found", file=sys.stderr)
        return
    check(d1, d2, t1, t2)
    print(f"D1 = {d1}\nD2 = {d2}")
    for t in (t1, t2):
        print("(")
        for row in t:
            print(f'    "{"".join(f"{r:x}" for r in row)}",')
        print(")")


if __name__ == "__main__":
    main()
