"""Search for a resolvable (100, 4, 1) design through a 4-frame of type 12^8 plus four points: not found.

Not used at run time. Needs ``python-sat`` (in requirements.txt).

The construction (Handbook of Combinatorial Designs, II.7): a 4-frame of type 12^8 (96 points in 8
groups of 12; blocks of four meet each group at most once and hold every pair of different groups
exactly once; they split into 32 holey classes, four per group, each a partition of the 84 points
outside its group). Add four points ``inf``; on each group plus the ``inf`` put AG(2, 4) with the
``inf`` a line: that line's class (taken over the 8 groups, the ``inf`` line once) is round 33, and
the other 4 classes complete the group's 4 holey classes into 4 full rounds (``develop`` builds the
33 rounds, ``check`` verifies every pair once by brute force).

Why not ``Z8 x Z12`` with ``Z8`` turning the groups (the obvious shape): translation by 4 fixes the
pair ``{(a, x), (a + 4, x)}``, so a base block holding it covers it twice (the block and its turn
by 4 are different blocks, lying in holey classes of different groups). The same holds for any group
of order 8 acting regularly on the groups through an involution on points. The shape used here has
no such involution: points ``Z16 x Z6``, group of ``(i, y)`` = ``i mod 8`` (so ``G_0 = {0, 8} x Z6``),
``Z16`` acting on ``i`` (translation by 8 fixes each group and no pair of different groups). Every
pair orbit has 16 pairs (252 orbits); a holey class cannot be fixed by translation by 8 (21 blocks,
odd), so there are two base holey classes ``H_0, H_1`` with hole ``G_0``, and ``H_c + t``,
``H_c + t + 8`` are the four holey classes of ``G_t``. Adding ``Z3`` (``y -> y + 2``; a holey class
is then 7 orbits of 3 blocks; ``Z6`` or ``Z2`` on ``y`` is impossible, 21 not a multiple of 2): 14
base blocks, whose 84 pairs must meet the 84 orbits of ``Z16 x Z3`` on pairs once each. This group
is the same as ``Z48`` acting on ``Z48 x Z2`` with groups ``i mod 8``.

What was tried (23 Nov 2026, one process at a time under ``nice`` on a shared 2-core machine, about
an hour in all); none gave a frame:

- SAT (this script, CaDiCaL 1.5.3): one variable per ``Z3``-orbit of pairs per base class (54,124
  variables, 463,316 clauses): no answer in 8 minutes.
- ``--phi u a s b``: ``H_1`` the image of ``H_0`` under ``(i, y) -> (u i + a, s y + b)`` (7 base
  blocks against the 42 pair orbits of the larger group; ``u = 1, b = 1`` has no fixed pair orbit):
  ``--phi 1 0 1 1`` no answer in 7 minutes.
- Annealing (a throwaway C program: the 28 point orbits of each base class in 7 blocks of distinct
  groups plus a lift in ``Z3`` per point; moves swap two points of one class between blocks or
  change a lift; cost sum over the 84 pair orbits of (covered - 1)^2; about 12 million moves a
  second): every run, cooling or at a constant temperature 0.3 .. 1.2, stops at cost 4 (never 2 or
  0), over some 15 runs of 10 .. 25 s. The same with ``H_1 = phi(H_0)`` for all 32 maps
  ``u in {1, 7, 9, 15}, a in {0, 8}, s in {1, 5}, b in {0, 1}``: best 4 (``u = 1`` or ``9``, ``b = 1``),
  8 or more otherwise (maps with a fixed pair orbit cannot reach 0). Without ``Z3`` (42 base blocks,
  252 orbits): best 28 in 150 s.
- Exact cover (a throwaway C dancing-links program, columns the point orbits of each class and the
  pair orbits, rows the ``Z3``-orbits of blocks): two classes (435,648 rows): not exhausted in 5
  minutes (10 million nodes); ``--phi 1 0 1 1`` (198,912 rows): not exhausted in 5 minutes; ``--phi 9
  0 5 1``: not in 3 minutes.
- No linear obstruction: the all-ones target (every pair orbit once, every point orbit once per
  class) lies in the span of the candidate blocks over GF(2), GF(3), GF(5) and Q.

The plateau at 4 suggests (but does not prove) that no frame with this group exists; a 4-frame of
type 12^8 does exist (Handbook II.7), so a smaller group (``Z16`` alone, or ``Z8`` on the groups with
the ``(4, x, x)`` pairs handled by blocks outside the orbits) is the next thing to try.

    .venv/bin/python tools/designs/find_design_100_frame.py                    # Z16 x Z3, two base classes
    .venv/bin/python tools/designs/find_design_100_frame.py --phi 1 0 1 1
"""

from __future__ import annotations

import argparse
import itertools
import time

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

N = 16  # first coordinate Z16; group of (i, y) is i mod 8; second coordinate Z6
POINTS = [(i, y) for i in range(N) if i % 8 for y in range(6)]  # outside the hole G_0 = {0, 8} x Z6


def group(p):
    return p[0] % 8


def ymaps(name):
    return {
        "id": lambda y: y,
        "neg": lambda y: -y % 6,
        "plus1": lambda y: (y + 1) % 6,
        "negplus1": lambda y: (1 - y) % 6,
        "plus3": lambda y: (y + 3) % 6,
    }[name]


def canon_pair(p, q):
    """Representative of {p, q} under y -> y + 2 (the Z3 acting on the second coordinate)."""
    best = None
    for k in (0, 2, 4):
        a, b = (p[0], (p[1] + k) % 6), (q[0], (q[1] + k) % 6)
        t = (a, b) if a < b else (b, a)
        best = t if best is None or t < best else best
    return best


def encode(mult, ymap, swap, z3=True, phi=None):
    pool, cnf = IDPool(), CNF()

    def var(c, p, q):
        key = canon_pair(p, q) if z3 else ((p, q) if p < q else (q, p))
        return pool.id((c, key))

    def exactly(lits, k):
        enc = EncType.seqcounter if len(lits) < 40 else EncType.totalizer
        cnf.extend(CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=enc).clauses)

    for c in (0, 1):
        for p in POINTS:
            if z3 and p[1] >= 2:
                continue
            exactly([var(c, p, q) for q in POINTS if group(q) != group(p)], 3)
        for p, q, r in itertools.combinations(POINTS, 3):
            if len({group(p), group(q), group(r)}) < 3:
                continue
            if z3 and p[1] >= 2:  # one clause set per Z3 orbit suffices (p is the least point)
                continue
            a, b, d = var(c, p, q), var(c, p, r), var(c, q, r)
            cnf.extend([[-a, -b, d], [-a, -d, b], [-b, -d, a]])
    # every Z16-orbit of pairs of different groups: exactly one pair in H_0 or H_1
    done = set()
    for p in [(0, y) for y in range(6)]:
        for q in [(j, y) for j in range(N) if j % 8 for y in range(6)]:
            orbit = set()
            for t in range(N):
                a, b = ((p[0] + t) % N, p[1]), ((q[0] + t) % N, q[1])
                orbit.add((a, b) if a < b else (b, a))
            key = canon_pair(*min(orbit)) if z3 else min(orbit)
            if z3:
                key = min(canon_pair(*pr) for pr in orbit)
            if key in done:
                continue
            done.add(key)
            lits = [var(c, a, b) for c in (0, 1) for a, b in orbit if a[0] % 8 and b[0] % 8]
            exactly(lits, 1)
    # an extra automorphism: (i, y) -> (mult * i, ymap(y)), fixing each class or swapping them
    if mult != 1 or ymap != "id" or swap:
        f = ymaps(ymap)
        for c in (0, 1):
            for p, q in itertools.combinations(POINTS, 2):
                if group(p) == group(q):
                    continue
                fp, fq = ((mult * p[0]) % N, f(p[1])), ((mult * q[0]) % N, f(q[1]))
                cnf.append([-var(c, p, q), var(1 - c if swap else c, fp, fq)])
    if phi is not None:  # H_1 is the image of H_0 under (i, y) -> (u i + a, s y + b)
        u, a, sm, b = phi

        def img(p):
            return ((u * p[0] + a) % N, (sm * p[1] + b) % 6)

        for p, q in itertools.combinations(POINTS, 2):
            if group(p) != group(q):
                x, y = var(0, p, q), var(1, img(p), img(q))
                cnf.extend([[-x, y], [x, -y]])
    return cnf, var, pool


def classes_from_model(model, var):
    true = {lit for lit in model if lit > 0}
    out = []
    for c in (0, 1):
        blocks = set()
        for p in POINTS:
            mates = [q for q in POINTS if group(q) != group(p) and var(c, p, q) in true]
            blocks.add(tuple(sorted([p, *mates])))
        out.append(sorted(blocks))
    return out


def develop(holey):
    """The 33 rounds on 0..99: point (i, y) -> 6 i + y, inf_k -> 96 + k."""
    idx = {(i, y): 6 * i + y for i in range(N) for y in range(6)}
    infs = [96, 97, 98, 99]
    # AG(2,4): points GF(4)^2 = 16; lines by direction; find the class containing {infs}
    ag_pts = list(itertools.product(range(4), repeat=2))
    # GF(4) as GF(2)[w]: add = xor, mul table
    mul = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
    dirs = [(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)]
    ag_classes = []
    for d in dirs:
        lines, seen = [], set()
        for p in ag_pts:
            if p in seen:
                continue
            line = [(p[0] ^ mul[s][d[0]], p[1] ^ mul[s][d[1]]) for s in range(4)]
            seen.update(line)
            lines.append(line)
        ag_classes.append(lines)
    # infs = the line {(0, s)} (direction (0, 1), class 0)
    ag_index = {}
    inf_pts = [(0, s) for s in range(4)]
    others = [p for p in ag_pts if p not in inf_pts]
    rounds = []
    last = [tuple(infs)]
    for t in range(8):
        members = [idx[((t + 8 * e) % N, y)] for e in (0, 1) for y in range(6)]
        ag_index = dict(zip(inf_pts, infs, strict=True)) | dict(zip(others, members, strict=True))
        for line in ag_classes[0]:
            if line != inf_pts:
                last.append(tuple(ag_index[p] for p in line))
        holeys = [
            [tuple(idx[((i + s) % N, y)] for i, y in b) for b in holey[c]] for c in (0, 1) for s in (t, t + 8)
        ]
        for h, ag in zip(holeys, ag_classes[1:], strict=True):
            rounds.append(h + [tuple(ag_index[p] for p in line) for line in ag])
    rounds.append(last)
    return rounds


def check(rounds):
    seen = {}
    for r in rounds:
        pts = sorted(p for b in r for p in b)
        if pts != list(range(100)) or any(len(b) != 4 for b in r):
            return False
        for b in r:
            for pr in itertools.combinations(sorted(b), 2):
                seen[pr] = seen.get(pr, 0) + 1
    return len(rounds) == 33 and len(seen) == 4950 and set(seen.values()) == {1}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mult", type=int, default=1)
    ap.add_argument("--ymap", default="id")
    ap.add_argument("--swap", action="store_true")
    ap.add_argument("--noz3", action="store_true")
    ap.add_argument("--phi", type=int, nargs=4, help="u a s b: H_1 = image of H_0 under (u i + a, s y + b)")
    ap.add_argument("--solver", default="cadical153")
    a = ap.parse_args()
    started = time.monotonic()
    cnf, var, pool = encode(a.mult, a.ymap, a.swap, not a.noz3, a.phi)
    print(
        f"encoded: {pool.top} vars, {len(cnf.clauses)} clauses ({time.monotonic() - started:.1f} s)",
        flush=True,
    )
    with Solver(name=a.solver, bootstrap_with=cnf.clauses) as s:
        ok = s.solve()
        print("found" if ok else "unsatisfiable", f"({time.monotonic() - started:.1f} s)", flush=True)
        if ok:
            holey = classes_from_model(s.get_model(), var)
            print(holey)
            rounds = develop(holey)
            print("checked: 33 rounds, every pair exactly once" if check(rounds) else "CHECK FAILED")


if __name__ == "__main__":
    main()
