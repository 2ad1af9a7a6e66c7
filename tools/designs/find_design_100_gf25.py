"""Search for a resolvable (100, 4, 1) design over GF(25) x 4 levels: found in seconds.

Not used at run time: ``tournament/seating/designs.py`` stores the answer (``gf25_levels``). Needs
``python-sat`` (in requirements.txt).

The shape: points ``(x, i)``, ``x`` in the additive group of GF(25) (``Z5 x Z5``, ``x = 5a + b``),
``i`` in four levels; the group acts by translation on ``x``. Under it the 4,950 pairs fall into 198
orbits of 25: per level the 12 pure ones ``{d, -d}`` (``d != 0``), per pair of levels ``k < m`` the 25
mixed ones ``(k, m, d)``, ``d = y - x`` for the pair ``(x, k), (y, m)``.

- 8 invariant rounds: the 25 translates of a block ``{(0, 0), (a1, 1), (a2, 2), (a3, 3)}`` (one
  player per level). Such a round holds the mixed orbit ``(k, m, a_m - a_k)`` for each ``k < m``, so
  the 8 differences of each pair of levels must be distinct.
- 25 developed rounds: a base round ``C`` (25 tables) and its 24 translates. ``C`` must hold each
  pure orbit once and each mixed orbit not used by the invariant rounds once (48 + 102 = 150 pairs).

The symmetry that makes it easy: ``C`` invariant under ``x -> -x`` (levels fixed). Then a pure pair
of ``C`` and its negative cover the same orbit, so they are the same pair: every pure pair is
``{(y, k), (-y, k)}``, all 24 nonzero points of a level lie in the 12 such pairs, and a table holding
one holds two (of different levels: two of one level would repeat a pure orbit). The four points
``(0, i)`` are left, and the zero mixed orbits force them into one table. So ``C`` is
``{(0, 0), (0, 1), (0, 2), (0, 3)}`` plus 24 tables ``{(+-y, k), (+-z, m)}`` (4 per pair of levels),
the table covering the mixed orbits ``(k, m, +-(z - y))`` and ``(k, m, +-(z + y))``; the invariant
rounds must then use, for each pair of levels, 8 nonzero differences closed under negation.

SAT (CaDiCaL 1.5.3 through python-sat): one-hot variables for ``a1, a2, a3`` of the 8 invariant
blocks (``a1`` increasing), their differences, a "used" flag per mixed orbit (at most one block each,
``d`` used iff ``-d`` used, 0 never), and one variable per candidate table ``(k, y, m, z)`` of ``C``
(``y``, ``z`` classes of ``+-``; every class of a level in exactly one table; every mixed class
covered exactly once by ``C`` or the invariant rounds). 7,464 variables, 32,497 clauses: satisfiable
in 4 to 17 s (23 Nov 2026, one process under ``nice`` on a shared 2-core machine). The answer is
checked by brute force (33 rounds, each a partition of the 100 players, every pair exactly once) and
printed in the form ``designs.py`` stores.

    .venv/bin/python tools/designs/find_design_100_gf25.py
"""

from __future__ import annotations

import itertools
import time

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

PAIRS = [(k, m) for k in range(4) for m in range(k + 1, 4)]


def add(x: int, y: int) -> int:
    (a, b), (c, d) = divmod(x, 5), divmod(y, 5)
    return 5 * ((a + c) % 5) + (b + d) % 5


def neg(x: int) -> int:
    a, b = divmod(x, 5)
    return 5 * (-a % 5) + -b % 5


def sub(x: int, y: int) -> int:
    return add(x, neg(y))


def cl(x: int) -> int:
    """The class ``{x, -x}``, by its smaller member."""
    return min(x, neg(x))


CLASSES = sorted({cl(x) for x in range(1, 25)})  # 12


def search() -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int, int]]] | None:
    """(invariant blocks ``(a1, a2, a3)``, tables ``(k, y, m, z)`` of C) or None."""
    pool, cnf = IDPool(), CNF()

    def v(*key: object) -> int:
        return pool.id(key)

    def equals(lits: list[int], bound: int) -> None:
        cnf.extend(CardEnc.equals(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter).clauses)

    def at_most_one(lits: list[int]) -> None:
        cnf.extend(CardEnc.atmost(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)

    def diff(b: int, k: int, m: int, d: int) -> int:  # block b has a_m - a_k = d
        return v("A", b, m, d) if k == 0 else v("E", b, k, m, d)

    for b in range(8):
        for i in (1, 2, 3):
            equals([v("A", b, i, x) for x in range(25)], 1)
        for k, m in PAIRS:
            if k:
                equals([diff(b, k, m, d) for d in range(25)], 1)
                for x, d in itertools.product(range(25), repeat=2):
                    cnf.append([-v("A", b, k, x), -v("A", b, m, add(x, d)), diff(b, k, m, d)])
    for b, x in itertools.product(range(7), range(25)):  # a1 increasing
        cnf.append([-v("A", b, 1, x)] + [v("A", b + 1, 1, y) for y in range(x + 1, 25)])
    for k, m in PAIRS:
        for d in range(25):
            lits = [diff(b, k, m, d) for b in range(8)]
            at_most_one(lits)
            used = v("U", k, m, d)
            cnf.extend([-q, used] for q in lits)
            cnf.append([-used, *lits])
            cnf.append([-used, v("U", k, m, neg(d))])
        cnf.append([-v("U", k, m, 0)])

    def table(k: int, y: int, m: int, z: int) -> int:
        return v("X", k, y, m, z) if k < m else v("X", m, z, k, y)

    for k, y in itertools.product(range(4), CLASSES):
        equals([table(k, y, m, z) for m in range(4) if m != k for z in CLASSES if z != y], 1)
    for k, m in PAIRS:
        for c in CLASSES:
            lits = [
                table(k, y, m, z)
                for y in CLASSES
                for z in CLASSES
                if z != y and c in (cl(sub(z, y)), cl(add(z, y)))
            ]
            equals([*lits, v("U", k, m, c)], 1)
    print(f"{pool.top} variables, {len(cnf.clauses)} clauses")
    with Solver(name="cadical153", bootstrap_with=cnf.clauses) as solver:
        start = time.monotonic()
        ok = solver.solve()
        print(f"{'SAT' if ok else 'UNSAT'} in {time.monotonic() - start:.1f} s")
        if not ok:
            return None
        model = {x for x in solver.get_model() if x > 0}
    invariant = [
        tuple(next(x for x in range(25) if v("A", b, i, x) in model) for i in (1, 2, 3)) for b in range(8)
    ]
    tables = [
        (k, y, m, z)
        for k, m in PAIRS
        for y in CLASSES
        for z in CLASSES
        if z != y and v("X", k, y, m, z) in model
    ]
    return invariant, tables  # type: ignore[return-value]


def rounds(invariant, tables) -> list[list[tuple[int, ...]]]:
    """The 33 rounds, player ``(x, i)`` numbered ``25 i + x``."""
    base = [[(0, 0), (0, 1), (0, 2), (0, 3)]]
    base += [[(y, k), (neg(y), k), (z, m), (neg(z), m)] for k, y, m, z in tables]
    out = [[tuple(25 * i + add(x, t) for x, i in block) for block in base] for t in range(25)]
    for a in invariant:
        a = (0, *a)
        out.append([tuple(25 * i + add(a[i], t) for i in range(4)) for t in range(25)])
    return out


def check(rnds: list[list[tuple[int, ...]]]) -> None:
    assert len(rnds) == 33
    seen: dict[tuple[int, int], int] = {}
    for rnd in rnds:
        assert sorted(p for block in rnd for p in block) == list(range(100))
        for block in rnd:
            for pair in itertools.combinations(sorted(block), 2):
                seen[pair] = seen.get(pair, 0) + 1
    assert len(seen) == 4950 and set(seen.values()) == {1}
    print("checked: 33 rounds, every one of the 4,950 pairs exactly once")


def main() -> None:
    found = search()
    if found is None:
        print("nothing found")
        return
    invariant, tables = found
    check(rounds(invariant, tables))
    print("_GF25_INVARIANT = (" + ", ".join(f"({a1}, {a2}, {a3})" for a1, a2, a3 in invariant) + ")")
    print("_GF25_TABLES = (")
    for k, m in PAIRS:
        row = ", ".join(f"({y}, {z})" for k2, y, m2, z in tables if (k2, m2) == (k, m))
        print(f"    ({row}),  # levels {k}, {m}")
    print(")")


if __name__ == "__main__":
    main()
