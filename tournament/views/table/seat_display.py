"""What a player following their table sees of each hand, to confirm it (issue 19), in plain data.

Words as in ``tournament.confirmations.services``: a hand's **check** (its state), a
seat's **answer**, the organiser's **ruling**. "Who pays whom" is the hand's
ledger rows as played (reversals of a void are not listed: the void says it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament.access.names import person_name
from tournament.confirmations.checks import answering_seats
from tournament.models import Hand, Round, Seat
from tournament.tables.selectors import play_order_key
from tournament.views.table.display import REASON_WORDS, hand_doubles, hand_summary


@dataclass(frozen=True)
class AnswerLine:
    name: str
    verdict: str
    agree: bool
    reason: str


@dataclass(frozen=True)
class HandToConfirm:
    hand_id: int
    number: int
    summary: str
    doubles: str
    payments: list[str]
    entered_by: str
    state: str  # HandCheck.State value, "" without a check
    state_label: str
    answers: list[AnswerLine] = field(default_factory=list)
    mine: AnswerLine | None = None
    may_answer: bool = False
    ruling: str = ""
    ruling_label: str = ""
    ruling_reason: str = ""
    void_reason: str = ""


def payments(hand: Hand, names: dict) -> list[str]:
    out = []
    for t in hand.transfers.all():
        if t.reverses_id is not None:
            continue
        out.append(
            _("%(payer)s pays %(payee)s %(amount)s (%(reason)s)")
            % {
                "payer": names.get(t.from_player_id, "?"),
                "payee": names.get(t.to_player_id, "?"),
                "amount": t.amount,
                "reason": REASON_WORDS.get(t.reason, t.reason),
            }
        )
    return out


def hands_to_confirm(seat: Seat, *, limit: int = 40, fold=None) -> list[HandToConfirm]:
    """The table's hands in play order, the latest first (a corrected hand in its place, its voided entry
    after it: issue 32), with their checks and answers, as ``seat`` sees them."""
    table = seat.table
    seats = list(Seat.objects.filter(table=table).select_related("player"))
    names = {s.player_id: s.player.name for s in seats}
    players = {s.player_id: s.player for s in seats}
    name_of_seat = {s.pk: s.player.name for s in seats}
    open_round = table.round.status != Round.Status.FINISHED
    hands = (
        Hand.objects.filter(table=table)
        .select_related("void", "recorded_by__player", "confirmation")
        .prefetch_related("transfers", "answers")
        .order_by("-number", "-sequence")[:limit]
    )
    # numbered and ordered as the scoresheet shows them (issue 32): play order, a correction in its place
    number_of, order = {}, {}
    if fold is not None:
        by_id = {h.pk: h for h in fold.hands}
        number_of = {row.hand.hand_id: row.number for row in fold.rows}
        order = {h.pk: play_order_key(h, by_id) for h in fold.hands}
        hands = sorted(hands, key=lambda h: order.get(h.pk, (h.sequence,)), reverse=True)
    out = []
    for hand in hands:
        check = getattr(hand, "confirmation", None)
        lines = {
            a.seat_id: AnswerLine(
                name_of_seat.get(a.seat_id, "?"), a.get_verdict_display(), a.verdict == "agree", a.reason
            )
            for a in hand.answers.all()
        }
        mine = lines.get(seat.pk)
        may = (
            open_round
            and mine is None
            and not hand.is_void
            and not (check and check.ruling)
            and seat.pk in {s.pk for s in answering_seats(hand)}
        )
        out.append(
            HandToConfirm(
                hand_id=hand.pk,
                number=number_of.get(hand.pk, hand.number),
                summary=hand_summary(hand, players),
                doubles=hand_doubles(hand),
                payments=payments(hand, names),
                entered_by=person_name(hand.recorded_by) if hand.recorded_by else _("the scorekeeper"),
                state=check.state if check else "",
                state_label=check.get_state_display() if check else "",
                answers=list(lines.values()),
                mine=mine,
                may_answer=may,
                ruling=check.ruling if check else "",
                ruling_label=check.get_ruling_display() if check and check.ruling else "",
                ruling_reason=check.ruling_reason if check else "",
                void_reason=hand.void.reason if hand.is_void else "",
            )
        )
    return out


def counting_rule(competition) -> str:
    """The competition's rule in words, for the players."""
    if competition.confirmation == "players":
        return _("A hand counts for the standings once %(n)s players agree.") % {
            "n": competition.confirmations_needed
        }
    if competition.confirmation == "unchallenged":
        return _("A hand counts for the standings when nobody disputes it within %(m)s minutes.") % {
            "m": competition.confirmation_minutes
        }
    return _("Every hand counts at once; a dispute goes to the organiser.")
