"""Players confirm hands (issue 19): the one door for answers, rulings and the time limit.

Words (``tournament.confirmations.models``): a seat's **answer** (Agree, or
Dispute with a reason), a hand's **check** (its state and whether it is
**counted**), the organiser's **ruling** (keep, or void and enter again).

How "counts for the standings" fits the standings. A hand's chips always
move at its table: the ledger is written as today, and the table's balances
(which decide who is out of chips, the deal, the next hand) never wait for
players. What waits is the standings: ``tournament.standings.compute`` leaves out the
transfers and wins of every hand whose check is not counted
(``HandCheck.counted`` False; a hand without a check counts, as before). A
hand's transfers sum to zero, so leaving one out creates or loses no chip in
the standings either. ``counted`` is stored, not worked out at read time:
the stored standings (``standings_store``) are updated by table, and an
answer, a ruling or the time limit that turns ``counted`` queues the table's
standings update on commit exactly as recording a hand does
(``queue_standings_update``: the round's lines of the table's players are
recomputed from the ledger, the competition's lines move by the difference).
If that update is lost (the broker down), the table's next hand repairs it (its
update recomputes the table's players' round lines from the ledger and moves
their competition lines by the difference); the periodic reconciliation, which
looks for ledger rows, does not see a lost turn of ``counted`` alone.
The time limit is kept by Celery beat (``tasks.confirmations_due``, every
minute), which calls ``confirmations_due`` here; a hand therefore counts up
to a minute after its time is up.

The rule a hand is checked under is the competition's when it is recorded
(copied into its check, as ``Hand.rules`` keeps the rule set): changing the
setting applies to later hands. The rules (``check_state``, a pure function):

- ``none`` (the default): every hand counts. Players may still answer; a
  dispute puts the hand in the organiser's queue without taking it out;
- ``players``: a hand counts once at least ``needed`` players agree;
- ``unchallenged``: a hand counts once ``due_at`` passes with no dispute
  (or once every player who may answer has agreed).

Under every rule an open dispute sends the hand to the organiser's queue and
(except ``none``) keeps it out until the ruling: **keep** counts it,
**void** voids it through ``tournament.tables.ledger.hand_void`` (its transfers are
reversed; the scorekeeper enters it again with ``hand_correct``, and the new
entry is checked like any hand). Who may answer: the players seated at the
table, except the one whose account entered the hand; one answer per seat and
hand (sending the same answer again answers the first; another is refused);
nothing after the ruling, after a void, or once the round is finished. No
ruling either in a finished round (422 ``round_finished``): its results stand
unless an organiser reopens it (``tournament.rounds.lifecycle.round_reopen``).

What this module does not do: decide who holds a seat's link
(``tournament.confirmations.seat_links``) or show anything.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import SYSTEM, RequestMeta, actor_name, audit_write
from tournament.access.roles import require_organiser
from tournament.confirmations.checks import Answered, answering_seats, check_state
from tournament.confirmations.origin import answer_from_recorder
from tournament.models import ConfirmationRule, Hand, HandAnswer, HandCheck, Round, Seat, Table
from tournament.notifications import events as notify
from tournament.ratings.queue import queue_ratings
from tournament.tables.ledger.checks import round_finished
from tournament.tables.ledger.errors import HandRejected, Problem, checked_reason

Verdict = HandAnswer.Verdict
State = HandCheck.State


def _refresh(check: HandCheck, now: datetime | None = None) -> bool:
    """Work the check's state out again and save it; answers whether ``counted`` changed."""
    answers = list(check.hand.answers.values_list("verdict", flat=True))
    state, counted = check_state(
        rule=check.rule,
        needed=check.needed,
        due_at=check.due_at,
        agrees=answers.count(Verdict.AGREE),
        disputes=answers.count(Verdict.DISPUTE),
        may_answer=len(answering_seats(check.hand)),
        ruling=check.ruling,
        now=now or timezone.now(),
    )
    moved = counted != check.counted
    if state != check.state or moved:
        check.state, check.counted = state, counted
        check.save()
    return moved


def _standings_follow(table_id: int) -> None:
    def queue():
        from tournament.standings.queue import queue_standings_update

        queue_standings_update(table_id)  # with a new standings version

    transaction.on_commit(queue)


def _refuse(code: str, message: str, status: int = 422):
    raise HandRejected([Problem(code, message)], status=status)


def _words_args(hand: Hand, actor: str, **more) -> dict:
    return {"actor": actor, "hand": hand.number, "table": hand.table.number, "round": hand.table.round.number,
            **more}  # fmt: skip


def hand_answer(
    *,
    hand: Hand,
    seat: Seat,
    verdict: str,
    reason: str = "",
    user=None,
    by_link: bool = False,
    meta: RequestMeta | None = None,
) -> Answered:
    """One seat's Agree or Dispute to a hand. The caller has proved the seat is theirs (link or account)."""
    reason = checked_reason(reason)
    if verdict not in Verdict.values:
        _refuse("invalid_verdict", _("Answer agree or dispute."), 400)
    if verdict == Verdict.DISPUTE and not reason:
        raise HandRejected(
            [Problem("reason_required", _("Say briefly what is wrong."), "reason")], status=400
        )
    with transaction.atomic():
        table = (
            Table.objects.select_for_update(of=("self",))
            .select_related("round__competition")
            .get(pk=hand.table_id)
        )
        hand = Hand.objects.select_related("void", "table__round").get(pk=hand.pk)
        if seat.table_id != hand.table_id:
            raise PermissionDenied(_("This seat is not at the hand's table."))
        if answer_from_recorder(hand, seat, _person(user), meta):
            # The account, session or device that recorded the hand (tournament.confirmations.origin).
            raise PermissionDenied(
                _("This hand was recorded from this account, session or device: the players confirm it.")
            )
        if seat.pk not in {s.pk for s in answering_seats(hand)}:
            raise PermissionDenied(_("You entered this hand: the other players confirm it."))
        earlier = HandAnswer.objects.filter(hand=hand, seat=seat).first()
        if earlier is not None:
            if earlier.verdict == verdict and earlier.reason == reason:
                return Answered(earlier, created=False)
            _refuse("already_answered", _("This seat has already answered for this hand."), 409)
        check = HandCheck.objects.filter(hand=hand).first()
        if check is not None and check.ruling:
            _refuse("already_ruled", _("The organiser has already ruled on this hand."), 409)
        if hand.is_void:
            _refuse("hand_void", _("This hand has been voided."), 409)
        if table.round.status == Round.Status.FINISHED:
            raise HandRejected([round_finished(table.round)])
        answer = HandAnswer.objects.create(
            hand=hand, seat=seat, verdict=verdict, reason=reason, user=_person(user), by_link=by_link
        )
        if check is None:  # rule "none": a check is kept only once somebody disputes
            check = HandCheck(hand=hand, rule=ConfirmationRule.NONE, state=State.COUNTED, counted=True)
            check.save()
        check.hand = hand
        moved = _refresh(check)
        if verdict == Verdict.AGREE:
            words = gettext_noop("%(actor)s agreed to hand %(hand)s at table %(table)s of round %(round)s")
        else:
            words = gettext_noop(
                "%(actor)s disputed hand %(hand)s at table %(table)s of round %(round)s: %(reason)s"
            )
        audit_write(
            "hand_agreed" if verdict == Verdict.AGREE else "hand_disputed",
            user=_person(user),
            competition=table.round.competition,
            object_type="hand",
            object_id=hand.pk,
            words=words,
            args=_words_args(hand, seat.player.name, reason=reason),
            data={"seat": seat.pk, "player": seat.player_id, "by_link": by_link, "state": check.state},
            meta=meta,
        )
        if moved:
            _standings_follow(hand.table_id)
    return Answered(answer, created=True)


def _person(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def hand_rule(
    *, hand: Hand, ruling: str, reason: str, user=None, meta: RequestMeta | None = None
) -> HandCheck:
    """The organiser keeps a disputed or waiting hand, or voids it so that it is entered again."""
    from tournament.tables.ledger.void import hand_void

    reason = checked_reason(reason)
    if ruling not in HandCheck.Ruling.values:
        _refuse("invalid_ruling", _("Rule keep or void."), 400)
    if not reason:
        raise HandRejected([Problem("reason_required", _("Say why."), "reason")], status=400)
    hand = Hand.objects.select_related("table__round__competition", "void").get(pk=hand.pk)
    competition = hand.table.round.competition
    require_organiser(user, competition)
    with transaction.atomic():
        # The table's lock, as a hand's record and answers take it: the round's status is that of now.
        table = Table.objects.select_for_update(of=("self",)).select_related("round").get(pk=hand.table_id)
        if table.round.status == Round.Status.FINISHED:
            raise HandRejected([round_finished(table.round)])  # an organiser reopens the round first
        check = HandCheck.objects.select_for_update().filter(hand=hand).first()
        if check is None or check.state in (State.COUNTED,):
            _refuse(
                "nothing_to_rule", _("This hand is neither disputed nor waiting: there is nothing to rule.")
            )
        if check.ruling:
            _refuse("already_ruled", _("The organiser has already ruled on this hand."), 409)
        if hand.is_void:
            _refuse("hand_void", _("This hand has been voided."), 409)
        if ruling == HandCheck.Ruling.VOID:
            hand_void(hand=hand, reason=_("Ruled on a dispute: %(r)s") % {"r": reason}, user=user, meta=meta)
        check.ruling, check.ruling_reason = ruling, reason
        check.ruled_by, check.ruled_at = _person(user), timezone.now()
        check.hand = hand
        moved = _refresh(check)
        check.save()
        if ruling == HandCheck.Ruling.KEEP:
            words = gettext_noop(
                "%(actor)s kept hand %(hand)s at table %(table)s of round %(round)s "
                "after a dispute: %(reason)s"
            )
        else:
            words = gettext_noop(
                "%(actor)s voided hand %(hand)s at table %(table)s of round %(round)s after a dispute, "
                "to be entered again: %(reason)s"
            )
        audit_write(
            "hand_ruled",
            user=_person(user),
            competition=competition,
            object_type="hand",
            object_id=hand.pk,
            words=words,
            args=_words_args(hand, actor_name(user), reason=reason),
            data={"ruling": ruling, "state": check.state},
            meta=meta,
        )
        notify.hand_ruled(hand.pk)  # those who disputed it are told (issue 34)
        if moved:
            _standings_follow(hand.table_id)
    return check


def confirmations_due(now: datetime | None = None) -> list[int]:
    """Count the hands whose time to challenge is up (Celery beat, every minute); answers their ids."""
    now = now or timezone.now()
    counted = []
    due = HandCheck.objects.filter(state=State.PENDING, rule=ConfirmationRule.UNCHALLENGED, due_at__lte=now)
    for check_id in due.values_list("pk", flat=True):
        with transaction.atomic():
            check = (
                HandCheck.objects.select_for_update()
                .select_related("hand__table__round__competition")
                .get(pk=check_id)
            )
            if check.state != State.PENDING or not _refresh(check, now):
                continue
            hand = check.hand
            audit_write(
                "hand_counted",
                user=None,
                competition=hand.table.round.competition,
                object_type="hand",
                object_id=hand.pk,
                words=gettext_noop(
                    "Hand %(hand)s at table %(table)s of round %(round)s counts: nobody disputed it in time"
                ),
                args=_words_args(hand, SYSTEM),
                data={"state": check.state},
            )
            _standings_follow(hand.table_id)
            if hand.table.round.status == Round.Status.FINISHED:
                queue_ratings(hand.table.round_id)  # its table's places may have moved (issue 35)
            counted.append(hand.pk)
    return counted
