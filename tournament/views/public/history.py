"""A player's history in one competition: sessions, chip progression, hands.

- a **session** is the player's seat at one table of one round: the round,
  the table, the seat (E, S, W, N as first sat), the three opponents and the
  chips won or lost there (the player's net over that table's ledger rows);
- the **chip progression** is the running total of those nets, session by
  session in round order (the chart on the player page);
- the player's **hands** are the hands that stand (voided ones are left out)
  that moved any of the player's chips, or in which the player won, dealt in
  (was the discarder of a win) or made a false win (Za Hu, 001 rule 33): a
  win they paid, a penalty they received and a kong or bonus payout count
  too, so the list adds up to the player's net (issue 14). An accepted chip
  count's adjustment (issue 19) is a line of its own (role ``adjustment``).

Only the rounds passed in are read: the caller leaves out held rounds for the
public (``tournament.views.public.access``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Max, Q, Sum
from django.db.models.functions import Coalesce

from tournament.models import ChipTransfer, Hand, Player, Round, Seat
from tournament.views.public.results import WINDS, net_by_table


@dataclass(frozen=True)
class Opponent:
    player_id: int
    name: str
    wind: str


@dataclass(frozen=True)
class Session:
    round_id: int
    round_number: int
    held: bool
    table_id: int
    table_number: int
    wind: str
    opponents: tuple[Opponent, ...]
    net: int
    running: int  # the chip progression after this session
    played: bool = True  # a hand was recorded at the table, or its round is finished


def chart_data(sessions: list[Session], *, start: str, label_of, label: str) -> dict:
    """The chip progression for the chart: from 0 at the start, then after each session played
    (a round only seated is not plotted); ``up`` colours it by the sign of the net (issue 14)."""
    played = [s for s in sessions if s.played]
    running = [0] + [s.running for s in played]
    return {
        "labels": [start] + [label_of(s) for s in played],
        "running": running,
        "label": label,
        "up": running[-1] >= 0,
    }


@dataclass(frozen=True)
class PlayerHand:
    hand_id: int
    round_number: int
    table_id: int
    table_number: int
    number: int
    role: str  # "self_drawn", "won", "dealt_in", "za_hu", "paid_win", "penalty_received", "payout"
    doubles: int | None
    net: int
    limit: bool = False  # a limit hand: ``doubles`` is the rule set's limit


def player_sessions(player: Player, rounds) -> list[Session]:
    seats = list(
        Seat.objects.filter(player=player, round__in=rounds)
        .select_related("round", "table")
        .order_by("round__number", "table__number")
    )
    table_ids = [s.table_id for s in seats]
    others: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(table__in=table_ids).exclude(player=player).select_related("player"):
        others[seat.table_id].append(seat)
    net = net_by_table(ChipTransfer.objects.filter(table__in=table_ids).order_by())
    with_hands = set(Hand.objects.filter(table__in=table_ids).values_list("table_id", flat=True).distinct())
    sessions, running = [], 0
    for seat in seats:
        chips = net.get((seat.table_id, player.pk), 0)
        running += chips
        sessions.append(
            Session(
                round_id=seat.round_id,
                round_number=seat.round.number,
                held=seat.round.results_held,
                table_id=seat.table_id,
                table_number=seat.table.number,
                wind=seat.wind,
                opponents=tuple(
                    Opponent(o.player_id, o.player.name, o.wind)
                    for o in sorted(others[seat.table_id], key=lambda o: WINDS.index(o.wind))
                ),
                net=chips,
                running=running,
                played=seat.table_id in with_hands or seat.round.status == Round.Status.FINISHED,
            )
        )
    return sessions


def role_in(hand: Hand, player_id: int) -> str:
    """What the hand was for the player: their win, their discard, their false win, or another's."""
    if hand.outcome == Hand.Outcome.FALSE_WIN:
        return "za_hu" if hand.offender_id == player_id else "penalty_received"
    if hand.outcome == Hand.Outcome.WIN:
        if hand.winner_id == player_id:
            return "self_drawn" if hand.self_drawn else "won"
        if hand.discarder_id == player_id:
            return "dealt_in"
        return "paid_win"
    return "payout"  # a draw: only kongs and bonus payouts moved chips


def is_limit(hand: Hand) -> bool:
    """A limit hand, as the engine settled it (the Limit button, 13 Wonders, a scored limit hand)."""
    settle = (hand.scoring or {}).get("settle") or {}
    return hand.outcome == Hand.Outcome.WIN and bool(settle.get("limit"))


def player_hands(player: Player, rounds) -> list[PlayerHand]:
    """The hands that stand which moved the player's chips (or which they won, dealt in or made a
    false win), in play order: their chips add up to the player's net. Play order is each table's hand
    number: a corrected hand is re-entered later (a new sequence) under the number it was played as, so
    it stays in its place (issue 54): the list reads "1, 2, 3", never "1, 3, 2" after a correction."""
    touched = ChipTransfer.objects.filter(Q(from_player=player) | Q(to_player=player)).values("hand_id")
    hands = (
        Hand.objects.filter(table__round__in=rounds, void__isnull=True)
        .filter(
            Q(pk__in=touched)
            | Q(outcome=Hand.Outcome.WIN, winner=player)
            | Q(outcome=Hand.Outcome.WIN, discarder=player)
            | Q(outcome=Hand.Outcome.FALSE_WIN, offender=player)
        )
        .annotate(
            received=Coalesce(Sum("transfers__amount", filter=Q(transfers__to_player=player)), 0),
            paid=Coalesce(Sum("transfers__amount", filter=Q(transfers__from_player=player)), 0),
        )
        .select_related("table__round")
        .order_by("table__round__number", "table__number", "number", "sequence")
    )
    rows = [
        (
            (h.table.round.number, h.table.number, h.number, h.sequence),
            PlayerHand(
                hand_id=h.pk,
                round_number=h.table.round.number,
                table_id=h.table_id,
                table_number=h.table.number,
                number=h.number,
                role=role_in(h, player.pk),
                doubles=h.doubles,
                net=h.received - h.paid,
                limit=is_limit(h),
            ),
        )
        for h in hands
    ]
    return [row for _key, row in sorted([*rows, *_adjustments(player, rounds)], key=lambda kr: kr[0])]


def _adjustments(player: Player, rounds) -> list[tuple[tuple, PlayerHand]]:
    """An accepted chip count's adjustment of the player's chips (issue 19, ``counts.services``), as a
    line after the hands it was counted after: with it the list still adds up to the player's net."""
    net: dict[int, int] = defaultdict(int)
    counts = {}
    transfers = ChipTransfer.objects.filter(
        Q(from_player=player) | Q(to_player=player), adjustment_of__isnull=False, table__round__in=rounds
    ).select_related("adjustment_of__table__round")
    for t in transfers:
        net[t.adjustment_of_id] += t.amount if t.to_player_id == player.pk else -t.amount
        counts[t.adjustment_of_id] = t.adjustment_of
    played = {  # the number of the last hand standing when each count was made: the line goes after it
        pk: Hand.objects.filter(
            table_id=c.table_id, sequence__lte=c.after_sequence, void__isnull=True
        ).aggregate(n=Max("number"))["n"]
        or 0
        for pk, c in counts.items()
    }
    return [
        (
            (c.table.round.number, c.table.number, played[pk] + 0.5, 0),
            PlayerHand(
                hand_id=0,
                round_number=c.table.round.number,
                table_id=c.table_id,
                table_number=c.table.number,
                number=0,
                role="adjustment",
                doubles=None,
                net=net[pk],
            ),
        )
        for pk, c in counts.items()
    ]
