"""Known designs that seat a field of ``v`` players with no repeated pair.

A **resolvable design** here is a list of **classes**; a class is a partition of
the points ``0 .. v-1`` into **blocks** of four (one round of tables), and no two
points share a block twice across the classes. The generator maps players to
points and plays the classes as rounds. What is built here (``design_for``
picks, for a player count, the construction with the most classes):

- **Affine geometry over GF(4)**: the lines of AG(2,4) (16 points, 5 classes,
  every pair exactly once) and AG(3,4) (64 points, 21 classes, every pair
  exactly once); a class is the set of lines in one direction.
- **The 3q+1 construction** for a prime power ``q = 1 (mod 4)`` (16, 28, 40,
  52, 76, 88, ... players): points ``GF(q) x {0,1,2}`` plus a fixed point, one
  base class built from a primitive element and developed over GF(q): ``q``
  classes, every pair exactly once (Beth, Jungnickel, Lenz, VII.7.5.a).
- **1-rotational designs** on ``Z_{3n}`` plus a fixed point (``one_rotational``),
  for base blocks given to it (see docs/seating.md).
- **Stored designs**: 32 players over 10 rounds with no repeat (``golf_32``, the
  social golfer problem 8-4-10, a resolvable 4-GDD of type 2^16): a published
  solution stored as data; its 16 pairs that never meet are its groups.
  100 players over 33 rounds, every pair exactly once (``gf25_levels``): points
  ``GF(25) x {0,1,2,3}``, a base class invariant under ``x -> -x`` developed
  over the 25 translations plus 8 classes of translates of one transversal
  block each; found by a SAT search (``tools/designs/find_design_100_gf25.py``).
- **Transversal designs** for any ``v = 4m``: four levels of ``m`` points; the
  round for multiplier ``b`` seats ``{(i, a + b * x_i) : i = 0..3}`` for every
  ``a`` of the ring ``R = product of GF(q)`` over the prime powers ``q`` of ``m``,
  with ``x_0..x_3`` four distinct field elements. Two rounds share a pair only if
  ``(b - b') (x_j - x_i) = 0``; components of order 2 or 3 cannot hold four
  distinct ``x``, so ``b`` ranges over the other components only: ``m`` rounds
  when every prime power of ``m`` is at least 4, ``m/2``, ``m/3`` or ``m/6``
  otherwise (200 players: 25 rounds; 1,000 players: 125). Players of one level
  never meet, which is where the generator puts club-mates.

Nothing here knows about players, clubs or the database.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from .design_types import Class, Design

# --- finite fields ---------------------------------------------------------------------------------


def factorise(m: int) -> list[tuple[int, int]]:
    out, p = [], 2
    while p * p <= m:
        if m % p == 0:
            e = 0
            while m % p == 0:
                m //= p
                e += 1
            out.append((p, e))
        p += 1
    if m > 1:
        out.append((m, 1))
    return out


@lru_cache(maxsize=128)
def field(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Addition and multiplication tables of GF(q), q a prime power.

    Elements are the integers ``0 .. q-1`` read as polynomials over GF(p) in base
    ``p`` (so 0 and 1 are the field's zero and one). The modulus is the first monic
    polynomial of degree ``e`` that is irreducible (the first whose multiplication table has
    no zero divisor). The multiplication table is read from the powers of a primitive element
    (``x * y = g^(log x + log y)``): q - 1 products, not q^2 (for q = 243 that was most of the
    time spent choosing a seating for 1,000 players).
    """
    ((p, e),) = factorise(q)
    weights = [p**k for k in range(e)]

    def digits(x: int) -> list[int]:
        return [(x // w) % p for w in weights]

    def number(ds: list[int]) -> int:
        return sum(d * w for d, w in zip(ds, weights, strict=False))

    if e == 1:  # GF(p): the integers mod p
        return (
            tuple(tuple((x + y) % p for y in range(q)) for x in range(q)),
            tuple(tuple((x * y) % p for y in range(q)) for x in range(q)),
        )
    digit_table = [digits(x) for x in range(q)]
    if p == 2:
        add = tuple(tuple(x ^ y for y in range(q)) for x in range(q))  # digits added mod 2: exclusive or
    else:
        add = tuple(
            tuple(
                sum((a + b) % p * w for a, b, w in zip(digit_table[x], digit_table[y], weights, strict=True))
                for y in range(q)
            )
            for x in range(q)
        )

    def product(x: int, y: int, modulus: list[int]) -> int:
        prod = [0] * (2 * e - 1)
        for i, a in enumerate(digit_table[x]):
            if a:
                for j, b in enumerate(digit_table[y]):
                    prod[i + j] = (prod[i + j] + a * b) % p
        for k in range(2 * e - 2, e - 1, -1):
            c = prod[k]
            if c:
                prod[k] = 0
                for t, mcoef in enumerate(modulus):
                    prod[k - e + t] = (prod[k - e + t] - c * mcoef) % p
        return number(prod[:e])

    def irreducible(modulus: list[int]) -> bool:
        # x^e + modulus(x) is irreducible iff no monic polynomial of degree 1 .. e/2 divides it
        # (the same as: its quotient ring has no zero divisor)
        poly = [*modulus, 1]
        for degree in range(1, e // 2 + 1):
            for tail in range(p**degree):
                if _divides([*digits(tail)[:degree], 1], poly, p):
                    return False
        return True

    for tail in range(p**e):
        modulus = digits(tail)  # x^e = -(tail polynomial)
        if irreducible(modulus):
            break
    else:
        raise AssertionError(f"no irreducible polynomial for GF({q})")  # cannot happen for a prime power
    for g in range(2, q):  # a primitive element: its powers are every non-zero element
        powers = [1]
        while len(powers) < q - 1:
            nxt = product(powers[-1], g, modulus)
            if nxt == 1:
                break
            powers.append(nxt)
        if len(powers) == q - 1:
            break
    log = {x: i for i, x in enumerate(powers)}
    mul = tuple(
        (0,) * q if x == 0 else (0, *(powers[(log[x] + log[y]) % (q - 1)] for y in range(1, q)))
        for x in range(q)
    )
    return add, mul


def _divides(divisor: list[int], poly: list[int], p: int) -> bool:
    """Whether the monic ``divisor`` divides ``poly`` over GF(p) (coefficients lowest first)."""
    rest = list(poly)
    d = len(divisor) - 1
    for k in range(len(rest) - 1, d - 1, -1):
        c = rest[k]
        if c:
            for t, coef in enumerate(divisor):
                rest[k - d + t] = (rest[k - d + t] - c * coef) % p
    return not any(rest[:d])


# --- affine geometry AG(d, 4) ----------------------------------------------------------------------


def affine(dim: int, q: int = 4) -> Design:
    """The lines of AG(dim, q), one class per direction; every pair of points exactly once."""
    add, mul = field(q)
    points = list(itertools.product(range(q), repeat=dim))
    index = {p: i for i, p in enumerate(points)}
    directions = [d for d in points if any(d) and d[next(i for i, c in enumerate(d) if c)] == 1]

    def build(j: int) -> Class:
        d = directions[j]
        seen: set[int] = set()
        blocks = []
        for p in points:
            if index[p] in seen:
                continue
            line = tuple(
                sorted(index[tuple(add[a][mul[t][c]] for a, c in zip(p, d, strict=True))] for t in range(q))
            )
            seen.update(line)
            blocks.append(line)
        return tuple(blocks)

    return Design(f"affine geometry AG({dim},{q})", q**dim, len(directions), (), build)


# --- transversal designs on four levels ---------------------------------------------------------------


def transversal(m: int) -> Design:
    """Four levels of ``m`` points; see the module docstring for the rounds and their number."""
    comps = [p**e for p, e in factorise(m)]
    good = [q for q in comps if q >= 4]
    tables = {q: field(q) for q in good}
    length = 1
    for q in good:
        length *= q

    def coords(a: int) -> list[int]:
        out = []
        for q in comps:
            out.append(a % q)
            a //= q
        return out

    def number(cs: list[int]) -> int:
        n, mult = 0, 1
        for q, c in zip(comps, cs, strict=True):
            n += c * mult
            mult *= q
        return n

    def build(j: int) -> Class:
        # b: j spread over the good components (zero in the components of order 2 or 3)
        b, rest = [], j
        for q in comps:
            if q >= 4:
                b.append(rest % q)
                rest //= q
            else:
                b.append(0)
        blocks = []
        for a in range(m):
            ac = coords(a)
            block = []
            for i in range(4):
                cs = []
                for q, ai, bi in zip(comps, ac, b, strict=True):
                    if q >= 4:
                        add, mul = tables[q]
                        cs.append(add[ai][mul[bi][i]])
                    else:
                        cs.append(ai)
                block.append(i * m + number(cs))
            blocks.append(tuple(block))
        return tuple(blocks)

    groups = tuple(tuple(range(i * m, (i + 1) * m)) for i in range(4))
    return Design(f"transversal design 4x{m}", 4 * m, length, groups, build)


# --- resolvable designs on 3q + 1 points -------------------------------------------------------------------


def three_q_plus_one(q: int) -> Design:
    """The resolvable (3q+1, 4, 1) design for a prime power ``q = 1 (mod 4)``.

    Points are ``GF(q) x {0, 1, 2}`` and a fixed point. With ``w`` a primitive
    element and ``e = w^((q-1)/4)`` (so ``e^2 = -1``) the base class is the block
    ``{inf, (0,0), (0,1), (0,2)}`` and, for ``i < (q-1)/4`` and each level ``j``,
    ``{(w^i, j), (-w^i, j), (e w^i, j+1), (-e w^i, j+1)}`` (Beth, Jungnickel and
    Lenz, Design Theory, VII.7.5.a). Adding ``g`` of GF(q) to every first
    coordinate gives the ``q`` classes; every pair of points meets exactly once.
    """
    add, mul = field(q)
    neg = [add[x].index(0) for x in range(q)]
    w = next(x for x in range(2, q) if len(set(_powers(mul, x, q - 1))) == q - 1) if q > 2 else 1
    powers = _powers(mul, w, q - 1)
    quarter = (q - 1) // 4
    e = powers[quarter]
    base: list[list[tuple[int, int]]] = [[(0, 0), (0, 1), (0, 2), (-1, -1)]]
    for i in range(quarter):
        x = powers[i]
        for j in range(3):
            ex = mul[e][x]
            base.append([(x, j), (neg[x], j), (ex, (j + 1) % 3), (neg[ex], (j + 1) % 3)])

    def build(g: int) -> Class:
        return tuple(
            tuple(sorted(3 * q if lvl < 0 else lvl * q + add[x][g] for x, lvl in block))  # type: ignore[misc]
            for block in base
        )

    return Design(f"3q+1 construction over GF({q})", 3 * q + 1, q, (), build)


def _powers(mul: tuple[tuple[int, ...], ...], x: int, n: int) -> list[int]:
    out, y = [], 1
    for _ in range(n):
        out.append(y)
        y = mul[y][x]
    return out


def one_rotational(v: int, base: tuple[tuple[int, int, int, int], ...], name: str) -> Design:
    """A 1-rotational design on ``Z_{3n}`` plus a fixed point, ``v = 3n + 1``.

    ``base`` holds ``(n - 1) / 4`` blocks whose residues mod ``n`` are ``1 .. n-1``
    once each and whose differences cover ``Z_{3n}`` without ``0, n, 2n`` once each.
    The base class is ``{inf, 0, n, 2n}`` with every block and its turns by ``n``
    and ``2n``; adding ``t = 0 .. n-1`` gives the classes.
    """
    n = (v - 1) // 3
    blocks = [(3 * n, 0, n, 2 * n)] + [
        tuple((x + k * n) % (3 * n) for x in b) for b in base for k in range(3)
    ]

    def build(j: int) -> Class:
        return tuple(
            tuple(sorted(x if x == 3 * n else (x + j) % (3 * n) for x in block))  # type: ignore[misc]
            for block in blocks
        )

    return Design(name, v, n, (), build)


# --- stored designs --------------------------------------------------------------------------------

# 32 players over 10 rounds, no pair twice (social golfer 8-4-10, a resolvable 4-GDD of type 2^16, first
# found by Aguado in 2004): the ten rounds of the published solution of the Wolfram Demonstrations Project's
# "Social Golfer Problem" (as collected in fpvandoorn/Dagstuhl-tables, literature.md, T(32,4)), relabelled
# so that the 16 pairs that never meet are {2i, 2i + 1}. One round a line, a table per word, a player per
# base-32 digit (0-9, a-v).
_GOLF_32 = (
    "0246 1357 8ace 9bdf gikm hjln oqsu prtv",
    "03ru 12qv 48ks 59lt 6dno 7cmp afgj behi",
    "05hm 14gn 27jk 36il 8for 9epq adtu bcsv",
    "079a 168b 2cit 3djs 4emr 5fnq glov hkpu",
    "08gp 19ho 25de 34cf 6akv 7blu inrs jmqt",
    "0bnt 1ams 2flp 3eko 49iu 58jv 6chq 7dgr",
    "0cjo 1dip 29gs 38ht 4alq 5bkr 6fmu 7env",
    "0dkq 1clr 28nu 39mv 4bjp 5aio 6egt 7fhs",
    "0els 1fkt 2bmo 3anp 4dhv 5cgu 69jr 78iq",
    "0fiv 1eju 2ahr 3bgq 47ot 56ps 8dlm 9ckn",
)


def golf_32() -> Design:
    """The stored 10 rounds for 32 players; the pairs ``{2i, 2i+1}`` never meet (the design's groups)."""
    classes = tuple(tuple(tuple(int(c, 32) for c in word) for word in line.split()) for line in _GOLF_32)
    groups = tuple((2 * i, 2 * i + 1) for i in range(16))
    return Design("resolvable 4-GDD of type 2^16", 32, len(classes), groups, classes.__getitem__)


# 100 players over 33 rounds, every pair exactly once (found by ``tools/designs/find_design_100_gf25.py``).
# Player ``25 i + x``: level ``i`` (0..3), ``x = 5a + b`` in ``Z5 x Z5`` (the additive group of GF(25)).
# Round ``t`` (t < 25) is the base round translated by ``t``; the base round is ``{(0, i) : i}`` and, for
# each pair of levels ``k < l`` and each ``(y, z)`` listed, ``{(y, k), (-y, k), (z, l), (-z, l)}``
# (invariant under ``x -> -x``). Rounds 25..32: the 25 translates of ``{(0, 0), (a1, 1), (a2, 2), (a3, 3)}``.
_GF25_INVARIANT = (
    (2, 9, 18),
    (3, 21, 12),
    (6, 16, 1),
    (8, 7, 5),
    (11, 24, 23),
    (19, 6, 7),
    (22, 23, 20),
    (24, 14, 4),
)
_GF25_TABLES = (
    ((6, 10), (9, 11), (10, 2), (12, 13)),  # levels 0, 1
    ((1, 12), (5, 13), (7, 8), (14, 11)),  # levels 0, 2
    ((2, 12), (8, 11), (11, 13), (13, 9)),  # levels 0, 3
    ((5, 7), (8, 2), (12, 9), (14, 5)),  # levels 1, 2
    ((1, 8), (6, 14), (7, 6), (9, 10)),  # levels 1, 3
    ((1, 5), (6, 1), (10, 7), (14, 2)),  # levels 2, 3
)


def gf25_levels() -> Design:
    """The stored resolvable (100, 4, 1) design: 25 developed rounds and 8 transversal ones."""

    def plus(x: int, y: int) -> int:
        return 5 * ((x // 5 + y // 5) % 5) + (x + y) % 5

    def minus(x: int) -> int:
        return 5 * (-(x // 5) % 5) + -x % 5

    base: list[list[tuple[int, int]]] = [[(0, 0), (0, 1), (0, 2), (0, 3)]]
    for (k, m), pairs in zip(itertools.combinations(range(4), 2), _GF25_TABLES, strict=True):
        base += [[(y, k), (minus(y), k), (z, m), (minus(z), m)] for y, z in pairs]

    def build(j: int) -> Class:
        if j < 25:
            return tuple(tuple(25 * i + plus(x, j) for x, i in block) for block in base)  # type: ignore[misc]
        a = (0, *_GF25_INVARIANT[j - 25])
        return tuple(tuple(25 * i + plus(a[i], t) for i in range(4)) for t in range(25))  # type: ignore[misc]

    return Design("GF(25) x 4 levels (25 + 8 rounds)", 100, 33, (), build)


# --- choosing ----------------------------------------------------------------------------------------
