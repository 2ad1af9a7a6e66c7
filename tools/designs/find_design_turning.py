"""SAT search for a 1-rotational resolvable design whose base round is invariant under turning the levels.

Not used at run time: ``tournament/seating/rotational.py`` stores what it found. Needs ``python-sat``
(in requirements.txt).

Points ``Z_n x {0, 1, 2}`` (``--group product``) or ``Z_3n`` (``--group cyclic``, point ``x + i n``
at level ``i``), plus fixed points; the rounds are a base round translated by ``t = 0 .. n-1``. The
base round is asked to be invariant under **turning**, ``(x, i) -> (x, i + 1)`` (cyclic: adding
``n``), so it is a union of turning orbits: a base **block** is four residues mod ``n``, each with a
level, and its three turns are tables of the base round. The turns partition the points exactly when
the residues of the blocks (and of the special block) are ``Z_n`` once each, so the search is over
residues only, a far smaller encoding than ``find_design_levels.py`` (which seats every point):

- ``--kind gdd3`` (``N = 3n + 3`` players, ``N`` divisible by 12; type 3^(N/3)): fixed points
  ``inf_0, inf_1, inf_2``, the special block three residues at levels 0, 1, 2 (table of ``inf_a``:
  the block turned by ``a``); groups ``{(x,0), (x,1), (x,2)}`` and the fixed three; every
  difference ``(d, l)`` with ``d != 0`` is covered once: ``n`` rounds, ``(N - 3) / 3``, the most.
- ``--kind bibd`` (``N = 3n + 1``, a resolvable (N, 4, 1) design): one fixed point, the special
  block one residue whose three points sit with ``inf``; every difference ``(d, l)``, ``d != 0``,
  once: ``n`` rounds, ``(N - 1) / 3``.

A pair of residues ``r < s`` in one block at levels ``a, b`` covers the difference
``(s, b) - (r, a)`` and its negative, in every turn and translate: each such pair of differences
must be covered exactly once. Symmetry is broken by the special block holding residue 0 (at level
0), blocks in the order of their smallest residue, and the smallest residue of a block at level 0
(turning one block alone keeps its differences).

Runs (27 Nov 2026, under ``nice`` on the shared 2-core machine, CaDiCaL 1.5.3; stored in
``tournament/seating/rotational.py``, ``_TURNING``): gdd3 over the product group, n = 7, 11, 15, 19
(24 to 60 players, as a check): SAT in 0 to 4 s; n = 27 (84 players): SAT in 396 s (11,142
variables); n = 31 (96 players, 15,210 variables): no answer in 20 minutes, nor in 15 with
``--seed 5``; bibd n = 45 (136 players, 36,031 variables): no answer in 10 minutes;
n = 23 (72 players): SAT in 104 s (7,790
variables; the same symmetry seating every point, ``find_design_levels.py 72r --mult 1``, 94,914
variables, had no answer in 10 minutes). bibd: n = 13 (40 players) SAT in 1 s; n = 9 UNSAT (28
players need GF(9), whose additive group is not Z9).

With ``--mult m`` (``m`` of order 3 mod ``n``; product group) the base round is also asked to be
invariant under the multiplier ``x -> m x`` (``multiplier``): the blocks are permuted, each turned
as it likes. For 96 players (n = 31) no other order can work: the special block is the only block
of three, so it is kept, and -1 (in every subgroup of even order) would reverse its levels; under
an order of 5 or 15 the block of 0 would be 0 and a kept set of three, which orbits of 5 do not give.
Any unit may be tried (``--negate``: also ``i -> -i``); a multiplier that keeps every difference
class (``-1`` with ``--negate``) cannot work, as a block and its image would cover one twice.
Runs (27 Nov 2026): n = 7 (``--mult 2``) and 19 (``--mult 7``) SAT in 0 s, as a check; n = 31
(96 players, ``--mult 5``) SAT in 1 s; n = 35 (108, ``--mult 16``) SAT in 2 s; n = 43 (132,
``--mult 6``) SAT in 1 s; bibd n = 45 (136, ``--mult 26``, order 2) SAT in 44 s; all four stored.
bibd n = 45 also ``--mult 19 --negate``: SAT in 41 s; ``--mult 31`` (order 3): UNSAT in 54 s;
``--mult 44``: no answer in a minute; ``--group cyclic --mult 46``: UNSAT in 1 s. n = 39 (120):
``--mult 16`` (order 3) UNSAT in 12 s, ``14``, ``25``, ``38`` (order 2) in 12, 5, 0 s, so every
multiplier; with ``--negate``, 25 UNSAT in 9 s, 14 UNSAT in 709 s (sixth session). n = 23 and 31 with
``--mult n-1 --negate``: UNSAT in 0 s.

``--group cyclic`` is for ``--kind bibd`` only: with three fixed points, turning (adding ``n``)
must move them, which no action of Z_3n does when 3 divides ``n`` (and otherwise Z_3n is the
product group).

    .venv/bin/python tools/designs/find_design_turning.py 23 --kind gdd3 --seconds 600
    .venv/bin/python tools/designs/find_design_turning.py 31 --mult 5
"""

from __future__ import annotations

import argparse
import itertools
import math
import threading
import time


def element(n: int, group: str, r: int, a: int) -> tuple[int, int] | int:
    return (r % n, a % 3) if group == "product" else (r + a * n) % (3 * n)


def difference(n: int, group: str, r: int, a: int, s: int, b: int):
    """``(s, b) - (r, a)`` and its negative, as one canonical key."""
    if group == "product":
        d, e = ((s - r) % n, (b - a) % 3), ((r - s) % n, (a - b) % 3)
    else:
        x, y = element(n, group, r, a), element(n, group, s, b)
        d, e = (y - x) % (3 * n), (x - y) % (3 * n)
    return min(d, e)


class Names:
    """A SAT variable per key (a tuple of anything hashable)."""

    def __init__(self, pool) -> None:
        self.pool = pool

    def __call__(self, *key: object) -> int:
        return self.pool.id(key)


def solve(clauses: list[list[int]], seconds: float, assumptions: list[int]) -> set[int] | None:
    """CaDiCaL within ``seconds``: the true variables, or None (unsatisfiable or no answer in time)."""
    from pysat.solvers import Solver

    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        timer = threading.Timer(seconds, solver.interrupt)
        timer.start()
        start = time.monotonic()
        ok = solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
        timer.cancel()
        print(f"{ {True: 'SAT', False: 'UNSAT', None: 'no answer'}[ok] } in {time.monotonic() - start:.0f} s")
        return {x for x in solver.get_model() if x > 0} if ok else None


def search(n: int, kind: str, group: str, seconds: float, seed: int, mult: int = 0, negate: bool = False):
    from pysat.card import CardEnc, EncType
    from pysat.formula import CNF, IDPool

    special = 3 if kind == "gdd3" else 1
    assert group == "product" or kind == "bibd", "three fixed points need the product group"
    assert (n - special) % 4 == 0, "the residues left must fill blocks of four"
    blocks = 1 + (n - special) // 4  # block 0 is the special block
    pool, cnf = IDPool(), CNF()
    v = Names(pool)

    def card(lits: list[int], bound: int) -> None:  # exactly ``bound`` of ``lits``
        cnf.extend(CardEnc.equals(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter).clauses)

    for r in range(n):
        card([v("y", r, k) for k in range(blocks)], 1)
        card([v("l", r, a) for a in range(3)], 1)
    for k in range(blocks):
        card([v("y", r, k) for r in range(n)], special if k == 0 else 4)
    if mult:  # residue 0 is where the multiplier puts it
        multiplier(n, mult, blocks, v, cnf, group, negate)
    else:
        cnf.append([v("y", 0, 0)])
        cnf.append([v("l", 0, 0)])
    if kind == "gdd3":  # the special block's residues at levels 0, 1, 2
        for a in range(3):
            lits = []
            for r in range(n):
                both = v("yl", r, a)
                inside, at = v("y", r, 0), v("l", r, a)
                cnf.extend([[-both, inside], [-both, at], [both, -inside, -at]])
                lits.append(both)
            card(lits, 1)
    # blocks 1.. in the order of their smallest residue; that residue at level 0
    for r in range(n):
        for k in range(1, blocks):
            smallest = v("min", r, k)  # r is the smallest residue of block k
            earlier = [v("y", s, k) for s in range(r)]
            cnf.extend([[-smallest, v("y", r, k)]] + [[-smallest, -e] for e in earlier])
            cnf.append([smallest, -v("y", r, k)] + earlier)
            cnf.append([-smallest, v("l", r, 0)])
            if k > 1:  # block k - 1 has a smaller smallest residue
                cnf.append([-smallest] + [v("min", s, k - 1) for s in range(r)])
    covers: dict[object, list[int]] = {}
    for r, s in itertools.combinations(range(n), 2):
        same = v("same", r, s)
        parts = []
        for k in range(blocks):
            both = v("both", r, s, k)
            cnf.extend([[-both, v("y", r, k)], [-both, v("y", s, k)], [both, -v("y", r, k), -v("y", s, k)]])
            parts.append(both)
        cnf.append([-same] + parts)
        cnf.extend([[same, -p] for p in parts])
        for a, b in itertools.product(range(3), repeat=2):
            lit = v("d", r, s, a, b)
            cnf.extend([[-lit, same], [-lit, v("l", r, a)], [-lit, v("l", s, b)]])
            cnf.append([lit, -same, -v("l", r, a), -v("l", s, b)])
            covers.setdefault(difference(n, group, r, a, s, b), []).append(lit)
    zero = {difference(n, group, 0, 0, 0, b) for b in (1, 2)}  # within a fibre: the group, or inf's table
    for key, lits in covers.items():
        card(lits, 0 if key in zero else 1)
    print(f"n = {n}, {kind}, {group}: {pool.top} variables, {len(cnf.clauses)} clauses", flush=True)
    assumptions = []
    if seed:  # vary the search: pin one residue's block and level
        r = 1 + seed % (n - 1)
        assumptions = [v("y", r, 1 + (seed // n) % (blocks - 1)), v("l", r, 0)]
    model = solve(cnf.clauses, seconds, assumptions)
    if model is None:
        return None
    level = {r: next(a for a in range(3) if v("l", r, a) in model) for r in range(n)}
    return [[(r, level[r]) for r in range(n) if v("y", r, k) in model] for k in range(blocks)]


def multiplier(n: int, m: int, blocks: int, v, cnf, group: str = "product", negate: bool = False) -> None:
    """The base round invariant under ``x -> m x`` (product group: ``(x, i) -> (m x, i)``, or
    ``(m x, -i)`` with ``negate``; cyclic group: ``m`` a unit of Z_3n with ``m = +-1 (mod 3)``, and
    ``m (r + a n) = (m r mod n) + (+-a + c) n``, ``c`` the carry of ``m r``).

    The multiplier permutes the blocks (``img``; a block of the special round maps to a block, so the
    special block to itself): ``r`` in block ``k`` puts ``m r`` in its image, at its level (negated
    with ``negate``) plus a shift ``sh`` (each block's levels count up to turning it, so a block's image
    may be turned). For an ``m`` of order 3, blocks of four are residues fixed by ``m`` with orbits
    ``{x, m x, m^2 x}``, or come in threes.
    """
    order = n if group == "product" else 3 * n
    assert math.gcd(m, order) == 1 and (m % order != 1 or negate), "m must be a unit, 1 only with negate"
    if group == "cyclic":
        assert m % 3 in (1, 2), "m must keep the levels' subgroup, m n = +-n (mod 3n)"
        negate = m % 3 == 2
    for k in range(blocks):
        cnf.append([v("img", k, j) for j in range(blocks)])
        cnf.extend([[-v("img", k, i), -v("img", k, j)] for i, j in itertools.combinations(range(blocks), 2)])
        cnf.append([v("sh", k, s) for s in range(3)])
        cnf.extend([[-v("sh", k, s), -v("sh", k, t)] for s, t in itertools.combinations(range(3), 2)])
    for r in range(n):
        mr = r * m % n
        carry = 0 if group == "product" else r * m % (3 * n) // n
        for k in range(blocks):
            for j in range(blocks):
                cnf.append([-v("y", r, k), -v("img", k, j), v("y", mr, j)])
            for s, a in itertools.product(range(3), repeat=2):
                up = ((-a if negate else a) + s + carry) % 3
                cnf.append([-v("y", r, k), -v("sh", k, s), -v("l", r, a), v("l", mr, up)])


def base_round(n: int, kind: str, group: str, found: list) -> list[tuple[int, ...]]:
    """The base round as ``rotational.py`` stores it: point ``(x, i)`` numbered ``i n + x``; the
    tables of the fixed points first, without them. ``--group cyclic`` numbers ``x + i n`` of Z_3n
    the same way (its residue ``x`` and level ``i``)."""

    def point(r: int, a: int) -> int:
        if group == "product":
            return (a % 3) * n + r
        return (r + a * n) % (3 * n)

    special, *rest = found
    if kind == "gdd3":
        tables = [tuple(point(r, a + t) for r, a in sorted(special, key=lambda p: p[1])) for t in range(3)]
    else:
        tables = []  # inf sits with the fibre of residue special[0][0]: added by the developing code
    for block in rest:
        tables += [tuple(point(r, a + t) for r, a in block) for t in range(3)]
    return tables


def check(n: int, kind: str, tables: list[tuple[int, ...]], group: str = "product") -> None:
    """Develop over Z_n (translating residues; cyclic: adding t in Z_3n) and check every pair."""
    fixed = 3 if kind == "gdd3" else 0
    v = 3 * n + (3 if kind == "gdd3" else 1)
    seen: dict[tuple[int, int], int] = {}
    for t in range(n):
        rnd = []
        for idx, table in enumerate(tables):
            moved = [
                (p // n) * n + (p % n + t) % n if group == "product" else (p + t) % (3 * n) for p in table
            ]
            rnd.append(sorted(moved + ([3 * n + idx] if idx < fixed else [])))
        if kind == "bibd":
            used = {p for table in rnd for p in table}
            rest = sorted(set(range(3 * n)) - used)
            rnd.append(rest + [3 * n])
        assert sorted(p for table in rnd for p in table) == list(range(v)), t
        for table in rnd:
            for pair in itertools.combinations(table, 2):
                seen[pair] = seen.get(pair, 0) + 1
    assert set(seen.values()) == {1}
    group_pairs = 3 * n + 3 if kind == "gdd3" else 0
    assert len(seen) == v * (v - 1) // 2 - group_pairs, (len(seen), v)
    print(f"checked: {n} rounds of {v} players, every pair outside the groups exactly once")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--kind", choices=("gdd3", "bibd"), default="gdd3")
    parser.add_argument("--group", choices=("product", "cyclic"), default="product")
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mult", type=int, default=0, help="a multiplier (a unit other than 1)")
    parser.add_argument("--negate", action="store_true", help="with --mult (product group): levels -i")
    args = parser.parse_args()
    found = search(args.n, args.kind, args.group, args.seconds, args.seed, args.mult, args.negate)
    if found is None:
        return
    tables = base_round(args.n, args.kind, args.group, found)
    check(args.n, args.kind, tables, args.group)
    print("found =", found)
    print("tables =", tuple(tables))


if __name__ == "__main__":
    main()
