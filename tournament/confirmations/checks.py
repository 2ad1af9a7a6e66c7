"""A hand's check (issue 19): opened in the transaction that records the hand, its state worked out from the
answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from tournament.models import ConfirmationRule, Hand, HandAnswer, HandCheck, Seat, Table

State = HandCheck.State


@dataclass(frozen=True)
class Answered:
    answer: HandAnswer
    created: bool  # False: the same answer had been given before (a replay)


def check_state(
    *,
    rule: str,
    needed: int,
    due_at: datetime | None,
    agrees: int,
    disputes: int,
    may_answer: int,
    ruling: str,
    now: datetime,
) -> tuple[str, bool]:
    """The check's state and whether the hand counts, from its rule, answers and ruling (pure)."""
    if ruling == HandCheck.Ruling.KEEP:
        return State.KEPT, True
    if ruling == HandCheck.Ruling.VOID:
        return State.VOIDED, False
    if disputes:
        return State.DISPUTED, rule == ConfirmationRule.NONE
    if rule == ConfirmationRule.PLAYERS:
        ok = agrees >= min(needed, may_answer)
    elif rule == ConfirmationRule.UNCHALLENGED:
        ok = (due_at is not None and now >= due_at) or agrees >= may_answer
    else:
        ok = True
    return (State.COUNTED if ok else State.PENDING), ok


def seat_may_answer(seat: Seat, recorded_by_id: int | None) -> bool:
    """Whether a seat of the hand's table may answer for it: not the player whose account entered it (the
    seat's player read with it). The reminders (``notifications.confirm_digest``) ask it too."""
    return recorded_by_id is None or seat.player.user_id != recorded_by_id


def answering_seats(hand: Hand) -> list[Seat]:
    """The seats that may answer for ``hand``: its table's, less the player whose account entered it."""
    seats = Seat.objects.filter(table_id=hand.table_id).select_related("player")
    return [s for s in seats if seat_may_answer(s, hand.recorded_by_id)]


def check_open(table: Table, hand: Hand) -> HandCheck | None:
    """Called by ``hand_record`` in its transaction: the new hand's check under the competition's rule."""
    competition = table.round.competition
    if competition.confirmation == ConfirmationRule.NONE:
        return None
    minutes = competition.confirmation_minutes
    return HandCheck.objects.create(
        hand=hand,
        rule=competition.confirmation,
        needed=competition.confirmations_needed,
        due_at=timezone.now() + timedelta(minutes=minutes)
        if competition.confirmation == ConfirmationRule.UNCHALLENGED
        else None,
        state=State.PENDING,
        counted=False,
    )
