"""A table's version: what its polls compare (issue 50), and its seats as its query read them.

``table_version`` changes whenever what the table's live partial shows does; ``live_mark.opaque``
makes it the short ``v`` a poll sends back, and ``tournament.tables.live_mark`` answers an unchanged
poll from the table's mark before any of this is asked.
"""

from __future__ import annotations

from django.db.models import Count, Max

from tournament.models import Hand, Seat, Table


def table_version(table: Table) -> str:
    """Hands, voids and players' answers and rulings at the table, who sits where, its chip counts, and
    its round's clock and state: changes whenever what the table's live partial shows does. Two queries,
    three when the seats were not read with the table (issue 50: the long way of a poll;
    ``tournament.tables.live_mark`` answers an unchanged one before any); the round is the one loaded
    with the table."""
    seen = Hand.objects.filter(table=table).aggregate(
        hands=Count("pk", distinct=True),
        voids=Count("void", distinct=True),
        answers=Count("answers", distinct=True),
        checked=Max("confirmation__changed_at"),
    )
    # a count asked for, entered or settled (its adjustments move the balances: review of issue 50)
    counts = table.chip_counts.aggregate(
        n=Count("pk"), last=Max("pk"), counted=Max("counted_at"), resolved=Max("resolved_at")
    )
    read = seats_read(table)
    pairs = (
        sorted((seat.wind, seat.player_id) for seat in read)
        if read is not None
        else table.seats.order_by("wind").values_list("wind", "player_id")
    )
    seats = "".join(f"{wind}{player}" for wind, player in pairs)
    checked, round_ = seen["checked"], table.round
    checked = int(checked.timestamp() * 1000) if checked else 0
    counted = ".".join(
        str(int(at.timestamp() * 1000)) if at else "0" for at in (counts["counted"], counts["resolved"])
    )
    clock = int(round_.clock_ends.timestamp()) if round_.clock_ends else 0
    ended = 1 if table.ended_at else 0
    return (
        f"{seen['hands']}-{seen['voids']}-{seen['answers']}-{checked}"
        f"-{round_.status[:2]}{ended}{int(round_.results_held)}-{clock}"
        f"-{seats}-{counts['n']}.{counts['last'] or 0}.{counted}"
    )


def seats_read(table: Table) -> list[Seat] | None:
    """The table's seats as its query read them with their players (``views.table.scoresheet._table``),
    or None: then they are asked for."""
    read = getattr(table, "_prefetched_objects_cache", {}).get("seats")
    if read is None or not all(Seat.player.is_cached(seat) for seat in read):
        return None
    return list(read)
