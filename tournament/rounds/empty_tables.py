"""Tables that never played a hand (issue 32).

Ending a round ends every table still playing, some of which may have played
no hand at all (players absent, a table set by mistake). Such a table gives
its players no session, so no "session at 0 chips" in the standings, unless the
organiser says otherwise when ending it (``Table.counts_without_hands``).
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from tournament.models import Hand, Round, Table


def tables_without_hands(round_: Round):
    """The round's tables at which no hand was recorded (not even one voided since), by number."""
    played = Hand.objects.filter(table=OuterRef("pk"))
    return Table.objects.filter(round=round_).filter(~Exists(played)).order_by("number")


def count_empty_tables(tables: list[Table], count_empty: bool) -> list[int]:
    """Tables ended without a hand give their players no session unless the organiser counts them
    (issue 32); answers the numbers of those tables."""
    empty = list(
        Table.objects.filter(pk__in=[t.pk for t in tables])
        .filter(~Exists(Hand.objects.filter(table=OuterRef("pk"))))
        .order_by("number")
        .values_list("pk", "number")
    )
    if count_empty and empty:
        Table.objects.filter(pk__in=[pk for pk, _n in empty]).update(counts_without_hands=True)
    return [n for _pk, n in empty]
