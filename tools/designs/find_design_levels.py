"""SAT search for a resolvable 4-GDD developed over ``Z_n`` on a few levels (44 and 60 players).

Not used at run time: ``tournament/seating/levels.py`` stores what it found (44 and 60 players).
Needs ``python-sat`` (in requirements.txt).

Points ``(x, i)``, ``x`` in ``Z_n``, ``i`` in ``L`` levels, plus ``k`` fixed points; the group
``Z_n`` acts by translation on ``x`` and fixes the fixed points. The rounds are

- ``n`` **developed** rounds: a base round ``C`` and its translates. A fixed point sits at a table
  with one player of each of three levels (so over the ``n`` translates it meets each of them once);
  the other tables hold four finite points;
- ``r`` **invariant** rounds (``L = 4``, ``k = 0`` only): the ``n`` translates of one transversal
  block ``{(0, 0), (a1, 1), (a2, 2), (a3, 3)}``.

The pairs of points fall into orbits under translation; an orbit is covered once per pair of ``C``
in it (every orbit met here has ``n`` pairs, but the groups') and once per invariant round holding
its difference. The design has no repeat, and every pair outside the groups meets, exactly when every
orbit outside the groups is covered once and no group orbit at all. SAT: ``p[point, table]`` for
``C`` (each point at one table, tables of four, or of three plus the fixed point), ``s[pair, table]``
for a pair seated together, one-hot ``a[round, level, x]`` for the invariant blocks; table order and
the invariant rounds' order are fixed to break symmetry.

Shapes (``--shape``):

- ``44``: ``Z11`` x 4 levels, groups ``{(x,0), (x,1)}`` and ``{(x,2), (x,3)}``: a resolvable
  4-GDD of type 2^22, 11 + 3 = 14 rounds; ``68``, ``92``, ``116``, ``140`` the same shape over
  ``Z_m``, ``m + (m - 2) / 3`` rounds; ``80``, ``104`` over even ``m``, groups ``{(x,i), (x+m/2,i)}``;
- ``44r``: ``Z14`` x 3 levels + 2 fixed points, groups ``{(x,i), (x+7,i)}`` and the fixed pair:
  type 2^22, 14 rounds; ``56r``, ``68r``, ... ``116r``, ``140r`` the same shape over ``Z_((N-2)/3)``;
- ``60``: ``Z15`` x 4 levels, groups ``{(x,i), (x+5,i), (x+10,i)}``: type 3^20, 15 + 4 = 19 rounds;
- ``60r``: ``Z19`` x 3 levels + 3 fixed points, groups ``{(x,0), (x,1), (x,2)}`` and the fixed
  three: type 3^20, 19 rounds; ``72r``, ``84r``, ... ``156r`` the same shape for ``N = 12s``
  players, ``Z_((N-3)/3)``.

With ``--mult m`` (shape ``60r``) the base round is also invariant under ``(x, i) -> (m x, i + 1)``
(fixed point ``a -> a + 1``; ``m ** 3 = 1 mod 19``), its tables in orbits of three.

Runs (25 Nov 2026, under ``nice`` on the shared 2-core machine, CaDiCaL 1.5.3):

- ``44``: SAT in 188 s (25,542 variables) — stored;
- ``60`` (Z15 x 4, 61,674 variables): no answer in 22 minutes; ``60r`` without a multiplier: no
  answer in 10 minutes;
- ``60r --mult 1`` (turning the levels): SAT in 12 s — stored; ``--mult 7``: SAT in 41 s;
- ``72r --mult 1`` (94,914 variables), ``84r --mult 1``: no answer in 10 minutes; ``68`` (Z17 x 4,
  89,280 variables): no answer in 15 minutes.
- 27 Nov 2026: ``56r`` (Z18 x 3 levels + 2 fixed points, groups ``{(x,i), (x+9,i)}``, 46,686
  variables): no answer in 10 minutes. (72 players were then found by the smaller encoding of
  ``find_design_turning.py``.)

- 27 Nov 2026 (fourth session): the shape ``44`` (and 68, 92, 116) cannot have a base round invariant
  under ``(x, i) -> (-x, i xor 1)``: an orbit ``(0, 1, d)`` is its own image, so only the tables the
  map keeps cover one (each ``{(x,0), (-x,1), (y,2), (-y,3)}``, one each) or an invariant round
  does, so ``m - 1 - inv`` tables are kept; the other tables, in pairs, must cover the ``2 (m - 1)``
  orbits within a level, 2, 3 or 6 a table, and a sum of such numbers, one per pair, never makes
  ``m - 1`` (m = 11: 10 over two pairs; 17: 16 over three; 23: 22 over four; 29: 28 over five). SAT
  agrees for 44 (UNSAT in 1 s; the option was not kept).

- 27 Nov 2026 (fourth session): ``--mult`` also with two fixed points, both kept: ``80r --mult 3``
  (Z26 x 3 + 2, 134,124 variables) SAT in 39 s — stored. ``--keep m`` (levels kept): ``68r`` with m = 3, 21,
  the fixed points kept, and ``44r`` with m = 13, 3, 5 and ``--swap`` (the fixed points traded): UNSAT
  in 0 s (see ``multiplier_keeping_levels``; x -> -x trading them leaves only kept tables, two
  orbits within a level each at most, fewer where the points (0, i), (n/2, i) sit, to cover them all).

- 27 Nov 2026 (sixth session): ``116r --mult 7`` (Z38 x 3 + 2, 403,791 variables) and ``120r --mult
  16`` (Z39 x 3 + 3, 437,526 variables): no answer in 51 and 42 minutes (42 and 22 CPU-minutes, both
  runs sharing the machine).
  With python-sat 1.9.dev24 the timer's ``interrupt`` did not stop CaDiCaL; both were stopped by hand.

    .venv/bin/python tools/designs/find_design_levels.py 60r --mult 1

The answer is checked pair by pair and printed as the data ``levels.py`` stores.
"""

from __future__ import annotations

import argparse
import itertools
import threading
import time

SHAPES = {  # n, levels, fixed points, invariant rounds, group of point (x, i) (fixed points: "inf")
    "44": (11, 4, 0, 3, lambda x, i: (x, i // 2)),
    "44r": (14, 3, 2, 0, lambda x, i: (x % 7, i)),
    "60": (15, 4, 0, 4, lambda x, i: (x % 5, i)),
    "60r": (19, 3, 3, 0, lambda x, i: (x, 0)),
}
for _m in (17, 23, 29, 35):  # type 2^(N/2) in the 44 shape: 68, 92, 116, 140 players, (m - 2) / 3 invariant
    SHAPES[str(4 * _m)] = (_m, 4, 0, (_m - 2) // 3, SHAPES["44"][4])
for _m in (20, 26):  # type 2^(N/2) in the 44 shape with even m, groups {(x,i), (x+m/2,i)}: 80, 104 players
    SHAPES[str(4 * _m)] = (_m, 4, 0, (_m - 2) // 3, lambda x, i, half=_m // 2: (x % half, i))
for _m in (18, 22, 26, 30, 34, 38, 46):  # type 2^(N/2) in the 44r shape: 56, 68, 80, 92, 104, 116, 140
    SHAPES[f"{3 * _m + 2}r"] = (_m, 3, 2, 0, lambda x, i, half=_m // 2: (x % half, i))
for _players in range(72, 157, 12):  # type 3^(N/3) in the 60r shape: 72r, 84r, ..., 156r
    SHAPES[f"{_players}r"] = ((_players - 3) // 3, 3, 3, 0, SHAPES["60r"][4])


def points(n: int, levels: int, fixed: int) -> list[tuple[int, int]]:
    """Finite points ``(x, i)`` then fixed points ``(a, -1)``."""
    return [(x, i) for i in range(levels) for x in range(n)] + [(a, -1) for a in range(fixed)]


def orbit(n: int, p: tuple[int, int], q: tuple[int, int]) -> tuple:
    """The translation orbit of the pair ``{p, q}``, by a canonical key."""
    if p[1] < 0 and q[1] < 0:
        return ("inf", min(p[0], q[0]), max(p[0], q[0]))
    if p[1] < 0 or q[1] < 0:
        f, g = (p, q) if p[1] < 0 else (q, p)
        return ("fix", f[0], g[1])
    (x, i), (y, j) = sorted([p, q], key=lambda t: (t[1], t[0]))
    d = (y - x) % n
    if i == j:
        d = min(d, n - d)
    return (i, j, d)


def same_group(shape: str, p: tuple[int, int], q: tuple[int, int]) -> bool:
    n, _, fixed, _, group = SHAPES[shape]
    if p[1] < 0 or q[1] < 0:
        return p[1] < 0 and q[1] < 0
    return group(*p) == group(*q)


def search(
    shape: str, seconds: float, seed: int, mult: int = 0, keep: int = 0, swap: bool = False
) -> tuple[list, list] | None:
    from pysat.card import CardEnc, EncType
    from pysat.formula import CNF, IDPool
    from pysat.solvers import Solver

    n, levels, fixed, inv, _ = SHAPES[shape]
    pts = points(n, levels, fixed)
    finite = [p for p in pts if p[1] >= 0]
    ntables = len(pts) // 4
    pool, cnf = IDPool(), CNF()

    def v(*key: object) -> int:
        return pool.id(key)

    def card(lits: list[int], bound: int, kind: str = "equals") -> None:
        enc = getattr(CardEnc, kind)(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter)
        cnf.extend(enc.clauses)

    # base round: fixed point a at table a
    for p in finite:
        card([v("p", p, t) for t in range(ntables)], 1)
    for t in range(ntables):
        card([v("p", p, t) for p in finite], 3 if t < fixed else 4)
        if t < fixed:
            for i in range(3):
                card([v("p", (x, i), t) for x in range(n)], 1)
            for i in range(3, levels):
                cnf.extend([[-v("p", (x, i), t)] for x in range(n)])
    # symmetry: tables from ``fixed`` on in order of their smallest point (value precedence)
    order = [] if mult or keep else finite  # (with a multiplier the tables are in orbits instead)
    for idx, p in enumerate(order):
        for t in range(fixed, ntables):
            if t > fixed + idx:
                cnf.append([-v("p", p, t)])
            elif t > fixed:
                cnf.append([-v("p", p, t)] + [v("p", q, t - 1) for q in order[:idx]])
    covers: dict[tuple, list[int]] = {}
    for p, q in itertools.combinations(finite, 2):
        o = orbit(n, p, q)
        for t in range(ntables):
            s = v("s", p, q, t)
            cnf.append([-v("p", p, t), -v("p", q, t), s])
            cnf.append([-s, v("p", p, t)])
            cnf.append([-s, v("p", q, t)])
            covers.setdefault(o, []).append(s)
    for a in range(fixed):
        for p in finite:
            if p[1] < 3:
                covers.setdefault(orbit(n, (a, -1), p), []).append(v("p", p, a))
    # invariant rounds
    for r in range(inv):
        for i in range(1, 4):
            card([v("a", r, i, x) for x in range(n)], 1)
        cnf.append([v("a", r, 0, 0)])
        cnf.extend([[-v("a", r, 0, x)] for x in range(1, n)])
        for i, j in itertools.combinations(range(4), 2):
            for x, y in itertools.product(range(n), repeat=2):
                covers.setdefault(orbit(n, (x, i), (y, j)), [])
                lit = v("d", r, i, j, (y - x) % n)
                cnf.append([-v("a", r, i, x), -v("a", r, j, y), lit])
                cnf.append([-lit, -v("a", r, i, x), v("a", r, j, y)])
    if inv:
        for r in range(inv - 1):  # a1 increasing
            for x in range(n):
                cnf.append([-v("a", r, 1, x)] + [v("a", r + 1, 1, y) for y in range(x + 1, n)])
        for i, j in itertools.combinations(range(4), 2):
            for d in range(n):
                covers.setdefault((i, j, d), []).extend(v("d", r, i, j, d) for r in range(inv))
    if mult:  # the base round invariant under (x, i) -> (mult * x, i + 1), fixed point a -> a + 1
        assert levels == 3 and fixed in (0, 2, 3) and pow(mult, 3, n) == 1  # two fixed points: kept

        def sigma(t: int) -> int:
            if t < fixed:
                return (t + 1) % 3 if fixed == 3 else t
            o, r = divmod(t - fixed, 3)
            return fixed + 3 * o + (r + 1) % 3

        for (x, i), t in itertools.product(finite, range(ntables)):
            image = v("p", (mult * x % n, (i + 1) % 3), sigma(t))
            cnf.extend([[-v("p", (x, i), t), image], [v("p", (x, i), t), -image]])
    if keep:  # the base round invariant under (x, i) -> (keep * x, i), fixed points kept
        multiplier_keeping_levels(n, keep, finite, fixed, ntables, v, cnf, swap)
    for o, lits in covers.items():
        rep = next((p, q) for p, q in itertools.combinations(pts, 2) if orbit(n, p, q) == o)
        card(lits, 0 if same_group(shape, *rep) else 1, "equals")
    print(f"{shape}: {pool.top} variables, {len(cnf.clauses)} clauses", flush=True)
    with Solver(name="cadical153", bootstrap_with=cnf.clauses) as solver:
        if seed:
            solver.add_clause([v("p", finite[seed % len(finite)], fixed + (seed % 3))])
        timer = threading.Timer(seconds, solver.interrupt)
        timer.start()
        start = time.monotonic()
        ok = solver.solve_limited(expect_interrupt=True)
        timer.cancel()
        print(f"{ {True: 'SAT', False: 'UNSAT', None: 'no answer'}[ok] } in {time.monotonic() - start:.0f} s")
        if not ok:
            return None
        model = {x for x in solver.get_model() if x > 0}
    tables = [[p for p in finite if v("p", p, t) in model] for t in range(ntables)]
    blocks = [next(x for x in range(n) if v("a", r, i, x) in model) for r in range(inv) for i in (1, 2, 3)]
    return tables, [tuple(blocks[3 * r : 3 * r + 3]) for r in range(inv)]


def multiplier_keeping_levels(
    n: int, m: int, finite: list, fixed: int, ntables: int, v, cnf, swap=False
) -> None:
    """``(x, i) -> (m x, i)`` maps the base round onto itself, a table ``t`` onto its image ``img``
    (chosen by the solver; the fixed points' tables onto themselves, or with ``swap`` the two fixed
    points traded). ``m`` must keep the groups (a unit; for groups ``{(x,i), (x + n/2, i)}``, odd).
    Kept fixed points cannot work: their tables would hold points ``m`` keeps, ``(0, i)`` and ``(n/2,
    i)`` only, and two such tables cover one orbit twice (``(0, 1, a1 - a0)``)."""
    assert not swap or fixed == 2
    for t in range(ntables):
        targets = ([1 - t] if swap else [t]) if t < fixed else range(fixed, ntables)
        cnf.append([v("img", t, u) for u in targets])
        cnf.extend([[-v("img", t, u), -v("img", t, w)] for u, w in itertools.combinations(targets, 2)])
        for (x, i), u in itertools.product(finite, targets):
            cnf.append([-v("p", (x, i), t), -v("img", t, u), v("p", (m * x % n, i), u)])


def develop(shape: str, tables: list, invariant: list) -> list[list[tuple[int, ...]]]:
    """All rounds, point ``(x, i)`` numbered ``i * n + x``, fixed point ``a`` numbered ``levels * n + a``."""
    n, levels, fixed, _, _ = SHAPES[shape]
    out = []
    for t in range(n):
        rnd = []
        for idx, table in enumerate(tables):
            seats = [i * n + (x + t) % n for x, i in table] + ([levels * n + idx] if idx < fixed else [])
            rnd.append(tuple(sorted(seats)))
        out.append(rnd)
    for a in invariant:
        a = (0, *a)
        out.append([tuple(i * n + (a[i] + t) % n for i in range(4)) for t in range(n)])
    return out


def check(shape: str, rnds: list[list[tuple[int, ...]]]) -> None:
    n, levels, fixed, _, _ = SHAPES[shape]
    v = levels * n + fixed
    seen: dict[tuple[int, int], int] = {}
    for rnd in rnds:
        assert sorted(p for block in rnd for p in block) == list(range(v))
        for block in rnd:
            for pair in itertools.combinations(block, 2):
                seen[pair] = seen.get(pair, 0) + 1
    assert set(seen.values()) == {1}
    pts = points(n, levels, fixed)
    for a, b in itertools.combinations(range(v), 2):
        assert ((a, b) in seen) != same_group(shape, pts[a], pts[b]), (a, b)
    print(f"checked: {len(rnds)} rounds of {v} players, every pair outside the groups exactly once")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shape", choices=sorted(SHAPES))
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=0, help="nonzero: pin one point to vary the search")
    parser.add_argument(
        "--mult", type=int, default=0, help="60r: base round invariant under (x,i) -> (mult x, i+1)"
    )
    parser.add_argument("--keep", type=int, default=0, help="base round invariant under (x,i) -> (keep x, i)")
    parser.add_argument("--swap", action="store_true", help="with --keep: the two fixed points traded")
    args = parser.parse_args()
    found = search(args.shape, args.seconds, args.seed, args.mult, args.keep, args.swap)
    if found is None:
        return
    tables, invariant = found
    check(args.shape, develop(args.shape, tables, invariant))
    n = SHAPES[args.shape][0]
    print("tables =", tuple(tuple(i * n + x for x, i in t) for t in tables))
    print("invariant =", tuple(invariant))


if __name__ == "__main__":
    main()
