"""SAT search for a resolvable minimum covering of pairs by quadruples, excess a perfect matching.

Nothing found so far (see the runs below); ``docs/seating.md`` ("What is not built") says what else
was tried. Needs ``python-sat`` (in requirements.txt).

``N = 12 m`` players over ``N / 3 = 4 m`` rounds: every pair meets at least once and each player
meets exactly one other player twice (``N / 2`` repeats, the counting bound: ``N / 3`` rounds of
``N / 4`` tables hold ``N^2 / 2`` pair-meetings against ``N (N - 1) / 2`` pairs).

Points ``(x, i)``, ``x`` in a group ``G`` of order ``4 m``, ``i`` in three levels; the rounds are a
base round ``C`` and its ``4 m`` left translates ``(x, i) -> (g x, i)``. A pair's orbit is named by
its levels and its difference ``x^-1 y`` (within a level, up to inverse). ``G`` must have exactly one
involution ``z`` (``Z_4m``, ``z = 2m``, or the dicyclic group, ``z = a^m``; a second involution would
double a second orbit within each level): the pairs ``{(x, i), (x z, i)}`` are then the doubled ones,
met in rounds ``g`` and ``g z``, never two rounds running in the order of ``g``. So ``C`` must hold,
within each level, one pair at each difference up to inverse (``2 m`` of them, ``z`` among them) and
between two levels one pair at each difference in ``G``: ``6 m + 12 m = 18 m`` pairs, exactly the
pairs of ``3 m`` tables of four.

SAT: ``p[point, table]`` (each point at one table, tables of four), ``s[pair, table]`` for a pair
seated together, and one clause per orbit (at least one of its pairs together; counting makes it
exactly one). ``(0, 0)`` sits at table 0, tables in first-fit order. ``--turn``: ``C`` also
invariant under turning the levels ``(x, i) -> (x, i + 1)`` (its tables in orbits of three).

Usage: ``.venv/bin/python tools/designs/find_covering.py M [--group cyclic|dicyclic] [--turn]``; prints the
``4 m`` rounds as a Python literal when it finds one.

Runs (27 Nov 2026, under ``nice`` on the shared 2-core machine, CaDiCaL 1.5.3, other jobs running):

- ``2`` (Z8 x 3, 24 players): UNSAT in 91 s; ``2 --group dicyclic`` (Q8 x 3): UNSAT in 244 s;
- ``--turn``: cyclic ``3``, ``4``, ``5`` (36, 48, 60 players) UNSAT in 2, 52, 25 s; dicyclic
  ``2``, ``3``, ``4``, ``5`` UNSAT in 0.1, 2, 75, 353 s;
- ``3`` (Z12 x 3, 36 players) without turning: no answer in 20 minutes (and see docs/seating.md).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver


class Group:
    """``Z_4m`` (``kind="cyclic"``) or the dicyclic group of order ``4 m`` (``kind="dicyclic"``,
    ``<a, b | a^2m, b^2 = a^m, b^-1 a b = a^-1>``; ``Q_8`` for m = 2), elements numbered ``0 .. 4m - 1``:
    ``x`` in ``Z_4m`` or ``a^k b^e`` as ``2 k + e``. Both have one involution (``2m``, ``a^m``)."""

    def __init__(self, m: int, kind: str):
        self.n, self.kind, self.m = 4 * m, kind, m
        self.elements = list(range(self.n))
        self.table = [[self._mul(g, h) for h in self.elements] for g in self.elements]
        self.inverse = [next(h for h in self.elements if self.table[g][h] == 0) for g in self.elements]

    def _mul(self, g: int, h: int) -> int:
        if self.kind == "cyclic":
            return (g + h) % self.n
        (k, e), (j, f) = divmod(g, 2), divmod(h, 2)
        two_m = 2 * self.m
        if e == 0:
            return ((k + j) % two_m) * 2 + f
        if f == 0:  # a^k b a^l = a^(k - l) b
            return ((k - j) % two_m) * 2 + 1
        return ((k - j + self.m) % two_m) * 2  # a^k b a^l b = a^(k - l) b^2 = a^(k - l + m)


def search(
    m: int, turn: bool = False, kind: str = "cyclic", solver_name: str = "cadical153"
) -> list[list[tuple[int, int]]] | None:
    group = Group(m, kind)
    mul, inv = group.table, group.inverse
    points = [(x, i) for i in range(3) for x in group.elements]
    tables = 3 * m
    pool = IDPool()

    def p(pt: int, t: int) -> int:
        if turn:  # table t = 3 o + k; (x, i) at (o, k) exactly when (x, 0) is at (o, k - i)
            (x, i), (o, k) = points[pt], divmod(t, 3)
            return pool.id(("p", x, o, (k - i) % 3))
        return pool.id(("p", pt, t))

    def s(a: int, b: int, t: int) -> int:
        return pool.id(("s", a, b, t))

    clauses: list[list[int]] = []

    def card(lits: list[int], k: int) -> None:
        clauses.extend(CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter).clauses)

    for a in range(len(points)):
        card([p(a, t) for t in range(tables)], 1)
    for t in range(tables):
        card([p(a, t) for a in range(len(points))], 4)
    # first fit: point a at table t > 0 only if some earlier point sits at table t - 1; (0,0) at table 0
    clauses.append([p(0, 0)])
    for a in range(len(points) if not turn else 0):
        for t in range(1, tables):
            if a < t:
                clauses.append([-p(a, t)])
            else:
                clauses.append([-p(a, t)] + [p(b, t - 1) for b in range(a)])

    def key(u: tuple[int, int], v: tuple[int, int]) -> tuple[int, int, int]:
        """The orbit of the pair under left translation: its levels and difference ``x^-1 y``."""
        (x, i), (y, j) = u, v
        if i > j:
            (x, i), (y, j) = v, u
        d = mul[inv[x]][y]
        return (i, j, min(d, inv[d]) if i == j else d)

    orbit: dict[tuple[int, int, int], list[int]] = {}
    for a, b in itertools.combinations(range(len(points)), 2):
        for t in range(tables):
            v = s(a, b, t)
            clauses.append([-v, p(a, t)])
            clauses.append([-v, p(b, t)])
            orbit.setdefault(key(points[a], points[b]), []).append(v)
    assert len(orbit) == 18 * m, len(orbit)
    for lits in orbit.values():
        clauses.append(lits)

    shape = f"m={m} {kind}{' turn' if turn else ''}"
    print(f"{shape}: {pool.top} variables, {len(clauses)} clauses", file=sys.stderr)
    start = time.time()
    with Solver(name=solver_name, bootstrap_with=clauses) as solver:
        ok = solver.solve()
        print(f"{'SAT' if ok else 'UNSAT'} in {time.time() - start:.1f} s", file=sys.stderr)
        if not ok:
            return None
        model = {v for v in solver.get_model() if v > 0}
    return [[points[a] for a in range(len(points)) if p(a, t) in model] for t in range(tables)]


def develop(m: int, kind: str, base: list[list[tuple[int, int]]]) -> list[list[tuple[int, ...]]]:
    """The ``4 m`` rounds: round ``g`` is ``g`` times the base round; ``(x, i)`` numbered ``i * 4m + x``."""
    group = Group(m, kind)
    return [
        [tuple(sorted(i * group.n + group.table[g][x] for x, i in table)) for table in base]
        for g in group.elements
    ]


def check(rounds: list[list[tuple[int, ...]]]) -> int:
    """Repeats of ``rounds`` (each pair meeting k times counts k - 1); asserts every pair meets."""
    v = 4 * len(rounds[0])
    met: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        assert sorted(p for table in rnd for p in table) == list(range(v))
        for table in rnd:
            for pair in itertools.combinations(table, 2):
                met[pair] = met.get(pair, 0) + 1
    assert len(met) == v * (v - 1) // 2
    return sum(k - 1 for k in met.values())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("m", type=int, help="N = 12 m players")
    ap.add_argument("--turn", action="store_true", help="the base round invariant under (x, i) -> (x, i + 1)")
    ap.add_argument("--group", choices=("cyclic", "dicyclic"), default="cyclic")
    ap.add_argument("--solver", default="cadical153")
    args = ap.parse_args()
    base = search(args.m, args.turn, args.group, args.solver)
    if base is None:
        return
    rounds = develop(args.m, args.group, base)
    print(f"repeats: {check(rounds)}", file=sys.stderr)
    print(repr(rounds))


if __name__ == "__main__":
    main()
