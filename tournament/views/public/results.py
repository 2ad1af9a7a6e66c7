"""A round's results, table by table, read from the ledger in a few queries.

A **table result** is where each of the four players first sat (E, S, W, N),
their net chips over the session (the sum of their ``ChipTransfer`` rows at
that table; a void's reversing rows cancel the hand), their chips now
(capital plus net) and how many hands stand there. It does not fold the
table's play (``tournament.tables.selectors.table_fold`` does that for one table's
scoresheet): the sums are enough here and cost three queries per round,
whatever its size.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Sum

from tournament.models import ChipTransfer, Hand, Round, Seat

WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True)
class SeatResult:
    wind: str
    player_id: int
    name: str
    club: str
    net: int
    chips: int


@dataclass(frozen=True)
class TableResult:
    table_id: int
    number: int
    hands: int
    ended: bool
    seats: tuple[SeatResult, ...]

    @property
    def leader(self) -> int | None:
        """The player with the most chips, when there is one and a hand stands."""
        if not self.hands or not self.seats:
            return None
        best = max(s.net for s in self.seats)
        top = [s.player_id for s in self.seats if s.net == best]
        return top[0] if len(top) == 1 else None


def net_by_table(transfers) -> dict[tuple[int, int], int]:
    """{(table id, player id): net chips} over a set of transfers."""
    net: dict[tuple[int, int], int] = defaultdict(int)
    for table, player, total in transfers.values_list("table_id", "to_player_id").annotate(s=Sum("amount")):
        net[(table, player)] += total
    for table, player, total in transfers.values_list("table_id", "from_player_id").annotate(s=Sum("amount")):
        net[(table, player)] -= total
    return net


def round_results(round_: Round) -> list[TableResult]:
    capital = round_.competition.capital
    net = net_by_table(ChipTransfer.objects.filter(table__round=round_).order_by())
    hands = dict(
        Hand.objects.filter(table__round=round_, void__isnull=True)
        .order_by()
        .values_list("table_id")
        .annotate(n=Count("id"))
    )
    by_table: dict[int, list[Seat]] = defaultdict(list)
    seats = (
        Seat.objects.filter(round=round_).select_related("table", "player__club").order_by("table__number")
    )
    tables = {}
    for seat in seats:
        by_table[seat.table_id].append(seat)
        tables[seat.table_id] = seat.table
    results = []
    for table_id, table_seats in by_table.items():
        table = tables[table_id]
        table_seats.sort(key=lambda s: WINDS.index(s.wind))
        results.append(
            TableResult(
                table_id=table_id,
                number=table.number,
                hands=hands.get(table_id, 0),
                ended=table.ended_at is not None or round_.status == Round.Status.FINISHED,
                seats=tuple(
                    SeatResult(
                        wind=s.wind,
                        player_id=s.player_id,
                        name=s.player.name,
                        club=s.player.club.name if s.player.club else "",
                        net=net.get((table_id, s.player_id), 0),
                        chips=capital + net.get((table_id, s.player_id), 0),
                    )
                    for s in table_seats
                ),
            )
        )
    return sorted(results, key=lambda r: r.number)
