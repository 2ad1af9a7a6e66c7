"""SAT search for a resolvable 4-GDD of type 2^(2m) over Z_m x 4 levels, the base round invariant under
trading levels i and i + 2 (fields of 56, 68, 80, 92, ... players).

Not used at run time: ``tournament/seating/levels.py`` stores what it finds. Needs ``python-sat``
(in requirements.txt).

The shape of ``find_design_levels.py 44``: points ``(x, i)``, ``x`` in ``Z_m``, levels ``i = 0..3``;
``m`` rounds developed from a base round over ``Z_m`` and ``(m - 2) / 3`` rounds each the ``m``
translates of one transversal block ``{(0,0), (a1,1), (a2,2), (a3,3)}``: ``(4m - 2) / 3`` rounds,
the most for ``4m`` players when ``4m = 8 (mod 12)``. Groups: ``{(x,0), (x,1)}`` and ``{(x,2),
(x,3)}`` for odd ``m`` (44: m = 11; 68, 92, 116, 140); ``{(x,i), (x + m/2, i)}`` for even ``m``
(56: m = 14; 80, 104).

Here the base round is also asked to be invariant under ``(x, i) -> (x, i + 2)``, so the search is
over **half-fibres** ``(x, e) = {(x, e), (x, e + 2)}`` rather than points: a base **block** is four
half-fibres with a lift each (the table takes ``(x, e + 2 lift)``, its image the other level of
each), and a **fixed** table holds two half-fibres whole. Each orbit of pairs under translation
(level pair and difference) is covered exactly once by the base round or an invariant round, and
the groups' orbits not at all. Symmetry: a fixed table holds half-fibre ``(0, 0)`` (or, with none,
block 1 does), blocks in the order of their first half-fibre, whose lift is 0.

Runs (27 Nov 2026, under ``nice`` on the shared 2-core machine, CaDiCaL 1.5.3):

- odd ``m`` (11, 17): UNSAT in seconds, and necessarily so: the differences between levels 0 and 2
  that the invariant rounds cover must be closed under negation (the base round's are), so even in
  number without 0 (which the fixed table, odd in number, covers), but there are ``(m - 2) / 3``
  invariant rounds, odd for every odd ``m = 2 (mod 3)``;
- ``m = 14`` (56 players), no fixed table: SAT in 55 s (16,610 variables) — stored in ``levels.py``;
- ``m = 20`` (80 players), no fixed table: no answer in 15 minutes (41,546 variables).

    .venv/bin/python tools/designs/find_design_halves.py 14 --fixed 0 --seconds 900
"""

from __future__ import annotations

import argparse
import itertools

from find_design_turning import Names, solve  # tools/designs/ is on the path when a script of it runs


def orbit(m: int, p: tuple[int, int], q: tuple[int, int]) -> tuple[int, int, int]:
    (x, i), (y, j) = sorted([p, q], key=lambda t: (t[1], t[0]))
    d = (y - x) % m
    return (i, j, min(d, m - d)) if i == j else (i, j, d)


def group_orbits(m: int) -> set[tuple[int, int, int]]:
    if m % 2:
        return {(0, 1, 0), (2, 3, 0)}
    return {(i, i, m // 2) for i in range(4)}


def search(m: int, fixed: int, seconds: float, seed: int):
    from pysat.card import CardEnc, EncType
    from pysat.formula import CNF, IDPool

    assert (m - fixed) % 2 == 0 and (m - 2) % 3 == 0
    halves = [(x, e) for e in range(2) for x in range(m)]
    free = (m - fixed) // 2  # blocks of four half-fibres: blocks 1..free; fixed tables free+1..
    blocks = list(range(1, free + 1 + fixed))
    invariant = (m - 2) // 3
    pool, cnf = IDPool(), CNF()
    v = Names(pool)

    def card(
        lits: list[int], bound: int
    ) -> None:  # exactly ``bound`` of ``lits`` (a literal twice counts twice)
        cnf.extend(CardEnc.equals(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter).clauses)

    for h in halves:
        card([v("y", h, k) for k in blocks], 1)
    for k in blocks:
        card([v("y", h, k) for h in halves], 4 if k <= free else 2)
    cnf.append([v("y", halves[0], free + 1 if fixed else 1)])
    first = {}  # first[h, k]: h is the first half-fibre of block k
    for idx, h in enumerate(halves):
        for k in blocks:
            f = v("first", h, k)
            earlier = [v("y", g, k) for g in halves[:idx]]
            cnf.extend([[-f, v("y", h, k)]] + [[-f, -e] for e in earlier])
            cnf.append([f, -v("y", h, k)] + earlier)
            first[h, k] = f
            if k <= free:
                cnf.append([-f, -v("b", h)])  # lift 0
            if k not in (1, free + 1) and k - 1 in blocks:
                cnf.append([-f] + [first[g, k - 1] for g in halves[:idx]])
    covers: dict[tuple[int, int, int], list[int]] = {}

    def cover(key: tuple[int, int, int], lit: int) -> None:
        covers.setdefault(key, []).append(lit)

    def point(h: tuple[int, int], lift: int) -> tuple[int, int]:
        return (h[0], h[1] + 2 * lift)

    for h in halves:  # a half-fibre at a fixed table: its two points meet
        inside = v("fixed", h)
        cnf.append([-inside] + [v("y", h, k) for k in blocks if k > free])
        cnf.extend([[inside, -v("y", h, k)] for k in blocks if k > free])
        cover(orbit(m, point(h, 0), point(h, 1)), inside)
    for g, h in itertools.combinations(halves, 2):
        in_free = v("pair", g, h)
        in_fixed = v("pairfixed", g, h)
        parts, fparts = [], []
        for k in blocks:
            both = v("both", g, h, k)
            cnf.extend([[-both, v("y", g, k)], [-both, v("y", h, k)], [both, -v("y", g, k), -v("y", h, k)]])
            (parts if k <= free else fparts).append(both)
        cnf.append([-in_free] + parts)
        cnf.extend([[in_free, -p] for p in parts])
        cnf.append([-in_fixed] + fparts)
        cnf.extend([[in_fixed, -p] for p in fparts])
        for s, t in itertools.product(range(2), repeat=2):
            lit = v("d", g, h, s, t)  # g, h at one table of a block of four, lifts s and t
            bits = [v("b", g) if s else -v("b", g), v("b", h) if t else -v("b", h)]
            cnf.extend(
                [[-lit, in_free], [-lit, bits[0]], [-lit, bits[1]], [lit, -in_free, -bits[0], -bits[1]]]
            )
            cover(orbit(m, point(g, s), point(h, t)), lit)
            cover(orbit(m, point(g, 1 - s), point(h, 1 - t)), lit)  # the image table
            cover(orbit(m, point(g, s), point(h, t)), in_fixed)  # at a fixed table all four pairs meet
    for r in range(invariant):
        for i in range(1, 4):
            card([v("a", r, i, x) for x in range(m)], 1)
        for i, j in itertools.combinations(range(4), 2):
            for x, y in itertools.product(range(m) if i else (0,), range(m)):
                lit = v("ad", r, i, j, x, y)
                ai = v("a", r, i, x) if i else None
                cnf.extend([[-lit, v("a", r, j, y)]] + ([[-lit, ai]] if ai else []))
                cnf.append([lit, -v("a", r, j, y)] + ([-ai] if ai else []))
                cover((i, j, (y - x) % m), lit)
    for r in range(invariant - 1):  # a1 increasing
        for x in range(m):
            cnf.append([-v("a", r, 1, x)] + [v("a", r + 1, 1, y) for y in range(x + 1, m)])
    groups = group_orbits(m)
    for key, lits in covers.items():
        card(lits, 0 if key in groups else 1)
    every = {
        orbit(m, p, q) for p, q in itertools.combinations([(x, i) for i in range(4) for x in range(m)], 2)
    }
    assert every <= set(covers), every - set(covers)
    print(f"m = {m}, {fixed} fixed: {pool.top} variables, {len(cnf.clauses)} clauses", flush=True)
    model = solve(cnf.clauses, seconds, [v("a", 0, 1, 1 + seed % (m - 1))] if seed else [])
    if model is None:
        return None
    tables = []
    for k in blocks:
        members = [h for h in halves if v("y", h, k) in model]
        if k <= free:
            lifts = [1 if v("b", h) in model else 0 for h in members]
            tables.append([point(h, s) for h, s in zip(members, lifts, strict=True)])
            tables.append([point(h, 1 - s) for h, s in zip(members, lifts, strict=True)])
        else:
            tables.append([point(h, s) for h in members for s in (0, 1)])
    inv = [
        tuple(next(x for x in range(m) if v("a", r, i, x) in model) for i in (1, 2, 3))
        for r in range(invariant)
    ]
    return tables, inv


def check(m: int, tables: list, invariant: list) -> list[list[tuple[int, ...]]]:
    rounds = []
    for t in range(m):
        rounds.append([tuple(sorted(i * m + (x + t) % m for x, i in table)) for table in tables])
    for a in invariant:
        a = (0, *a)
        rounds.append([tuple(i * m + (a[i] + t) % m for i in range(4)) for t in range(m)])
    seen: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        assert sorted(p for block in rnd for p in block) == list(range(4 * m))
        for block in rnd:
            for pair in itertools.combinations(sorted(block), 2):
                seen[pair] = seen.get(pair, 0) + 1
    assert set(seen.values()) == {1}
    groups = group_orbits(m)
    for a, b in itertools.combinations(range(4 * m), 2):
        grouped = orbit(m, (a % m, a // m), (b % m, b // m)) in groups
        assert ((a, b) in seen) != grouped, (a, b)
    print(f"checked: {len(rounds)} rounds of {4 * m} players, every pair outside the groups exactly once")
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("m", type=int)
    parser.add_argument("--fixed", type=int, default=None, help="fixed tables (default: m mod 2)")
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    fixed = args.m % 2 if args.fixed is None else args.fixed
    found = search(args.m, fixed, args.seconds, args.seed)
    if found is None:
        return
    tables, invariant = found
    check(args.m, tables, invariant)
    print("tables =", tuple(tuple(i * args.m + x for x, i in t) for t in tables))
    print("invariant =", tuple(invariant))


if __name__ == "__main__":
    main()
