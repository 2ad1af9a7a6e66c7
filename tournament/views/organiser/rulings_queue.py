"""The organiser's queue of hands to rule on (issue 19), as plain records.

A competition's **queue** holds its hands whose check is ``disputed`` (a
player disputed it; under every rule) or ``pending`` (waiting for players or
time, under the rules that make hands wait), not voided and not ruled on;
then the latest rulings. Each item carries what the organiser needs to rule:
the hand as entered (outcome, doubles, who pays whom), who entered it, every
answer with its reason, and the table's state now (hand number, balances,
whether its session is over).

What this module does not do: rule (``tournament.confirmations.services.hand_rule``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.access.names import person_name
from tournament.models import Competition, HandCheck, Seat
from tournament.tables.selectors import table_fold
from tournament.views.table.display import hand_doubles, hand_summary
from tournament.views.table.seat_display import AnswerLine, payments


@dataclass(frozen=True)
class QueueItem:
    check: HandCheck
    hand_id: int
    number: int
    round: int
    table: int
    table_id: int
    summary: str
    doubles: str
    payments: list[str]
    entered_by: str
    recorded_at: object
    answers: list[AnswerLine]
    balances: list[tuple[str, int]]  # the table now: name, chips, in seat order
    next_hand: int
    finished: bool


def _checks(competition: Competition):
    return (
        HandCheck.objects.filter(hand__table__round__competition=competition)
        .select_related("hand__table__round", "hand__recorded_by__player", "hand__void", "ruled_by__player")
        .prefetch_related("hand__answers", "hand__transfers")
    )


def queue(competition: Competition, *, ruled_limit: int = 20) -> dict:
    """``{"disputed": [...], "waiting": [...], "ruled": [...]}`` for the competition's queue page."""
    open_checks = list(
        _checks(competition)
        .filter(
            state__in=[HandCheck.State.DISPUTED, HandCheck.State.PENDING], ruling="", hand__void__isnull=True
        )
        .order_by("hand__recorded_at")
    )
    ruled = list(_checks(competition).exclude(ruling="").order_by("-ruled_at")[:ruled_limit])
    folds = {}
    seats_at: dict[int, list[Seat]] = {}  # every table's seats in one read, not one per hand
    for seat in Seat.objects.filter(table__in={c.hand.table_id for c in open_checks + ruled}).select_related(
        "player"
    ):
        seats_at.setdefault(seat.table_id, []).append(seat)
    items = {"disputed": [], "waiting": [], "ruled": []}
    for check in open_checks + ruled:
        hand = check.hand
        table = hand.table
        seats = seats_at.get(table.pk, [])
        names = {s.player_id: s.player.name for s in seats}
        if table.pk not in folds:
            folds[table.pk] = table_fold(table).state
        state = folds[table.pk]
        by_seat = {s.pk: s.player.name for s in seats}
        item = QueueItem(
            check=check,
            hand_id=hand.pk,
            number=hand.number,
            round=table.round.number,
            table=table.number,
            table_id=table.pk,
            summary=hand_summary(hand, {s.player_id: s.player for s in seats}),
            doubles=hand_doubles(hand),
            payments=payments(hand, names),
            entered_by=person_name(hand.recorded_by) if hand.recorded_by else "—",
            recorded_at=hand.recorded_at,
            answers=[
                AnswerLine(
                    by_seat.get(a.seat_id, "?"), a.get_verdict_display(), a.verdict == "agree", a.reason
                )
                for a in hand.answers.all()
            ],
            balances=[
                (names[s.player_id], state.balances.get(s.player_id, 0))
                for s in sorted(seats, key=lambda s: "ESWN".index(s.wind))
            ],
            next_hand=state.hand_number,
            finished=state.finished or table.ended_at is not None,
        )
        if check.ruling:
            items["ruled"].append(item)
        elif check.state == HandCheck.State.DISPUTED:
            items["disputed"].append(item)
        else:
            items["waiting"].append(item)
    return items
