"""A seating design's name in the reader's language (issue 17's designs, named by the pure generator).

The generator (``tournament.seating``) names each construction in English, as the literature does:
"resolvable 4-GDD of type 3^20 over Z19". The organiser's round page shows the name; this turns
each kind of name into a translated sentence with the same numbers. A name of a kind not listed is
shown as the generator wrote it (``tests/organiser/test_design_names.py`` checks every name the
generator can give for fields up to 1,000 players).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

_STANDING_IN = re.compile(r"^(?P<design>.+) with (?P<n>\d+) standing in for those sitting out$")


def _kinds():
    return (
        (r"affine geometry AG\((?P<d>\d+),(?P<q>\d+)\)", _("affine geometry AG(%(d)s,%(q)s)")),
        (r"transversal design 4x(?P<m>\d+)", _("transversal design 4×%(m)s")),
        (r"3q\+1 construction over GF\((?P<q>\d+)\)", _("3q+1 construction over GF(%(q)s)")),
        (
            r"resolvable 4-GDD of type (?P<t>\d+\^\d+) over Z(?P<n>\d+) x (?P<l>\d+) levels",
            _("resolvable 4-GDD of type %(t)s over Z%(n)s × %(l)s levels"),
        ),
        (
            r"resolvable 4-GDD of type (?P<t>\d+\^\d+) over Z(?P<n>\d+)",
            _("resolvable 4-GDD of type %(t)s over Z%(n)s"),
        ),
        (r"resolvable 4-GDD of type (?P<t>\d+\^\d+)", _("resolvable 4-GDD of type %(t)s")),
        (
            r"resolvable \((?P<v>\d+),4,1\) design over Z(?P<n>\d+)",
            _("resolvable (%(v)s,4,1) design over Z%(n)s"),
        ),
        # composed (tournament/seating/compose.py): the recipe is a formula, "36^4 + 3^12"
        (
            r"resolvable 4-GDD of type (?P<t>\d+\^\d+) \((?P<f>[0-9^×+() ]+)\)",
            _("resolvable 4-GDD of type %(t)s (%(f)s)"),
        ),
        (
            r"resolvable \((?P<v>\d+),4,1\) design \((?P<f>[0-9^×+() ]+)\)",
            _("resolvable (%(v)s,4,1) design (%(f)s)"),
        ),
        (
            r"GF\((?P<q>\d+)\) x (?P<l>\d+) levels \((?P<a>\d+) \+ (?P<b>\d+) rounds\)",
            _("GF(%(q)s) × %(l)s levels (%(a)s + %(b)s rounds)"),
        ),
        (
            r"stored (?P<v>\d+)-player schedule \((?P<r>\d+) repeats, the least possible\)",
            _("stored %(v)s-player schedule (%(r)s repeats, the least possible)"),
        ),
    )


def design_label(name: str) -> str:
    """``name`` said in the active language; unchanged when its kind is unknown."""
    found = _STANDING_IN.match(name)
    if found:
        return _("%(design)s, with %(n)s standing in for those sitting out") % {
            "design": design_label(found["design"]),
            "n": found["n"],
        }
    for pattern, words in _kinds():
        found = re.fullmatch(pattern, name)
        if found:
            return words % found.groupdict()
    return name
