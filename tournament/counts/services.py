"""Chip counts, the one door (issue 19): ask for a count, enter it, accept its difference, compare again.

- ``count_request``: an organiser of the competition asks for a count at a
  table, at any time during a session (for long sessions). Ending a table or
  a round asks for one at each table ended (``tournament.rounds.lifecycle``).
- ``count_enter``: the table's scorekeeper (or an organiser) enters the chips
  in front of each player. Chips are never created or lost, so a count whose
  total differs from the table's total is refused; otherwise it is compared
  with the ledger's balances: a match is agreed, a difference waits for the
  organiser. A count is entered when one has been asked for, or once the
  table's session is over.
- ``count_accept``: the organiser accepts a differing count with a reason;
  the difference is written as an **adjustment**: ``ChipTransfer`` rows with
  reason ``adjustment`` naming the count instead of a hand, summing to zero.
  The ledger stays append-only and the only truth (STYLE.md 5): balances
  (``tournament.tables.selectors``) and standings, plain sums of the transfers,
  include it, and the standings are updated as after a hand.
- ``count_compare``: after the organiser has found and corrected the wrong
  hand (``tournament.tables.ledger.hand_correct``), the same counted chips are
  compared with the ledger again; a match now needs no adjustment.

Each door takes the table's row lock (hands are recorded under it, so a count
is compared with a ledger nobody is changing), checks the caller's right and
writes its audit entry in the same transaction. None of them moves a finished
round (422 ``round_finished``, as the ledger answers): its chips and counts are
final unless an organiser reopens it. One exception (issue 54): the count the
round's end asked for is entered by the table's scorekeeper after the finish
(it writes no chip); a difference is accepted or compared after a reopening. The comparison itself is
``tournament.counts.compare`` (pure).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_count
from tournament.access.roles import can_manage_competition, may_record, require_organiser
from tournament.counts.compare import CountRefused, adjustment_transfers, check_count, compare
from tournament.models import ChipCount, ChipTransfer, Hand, Round, Table
from tournament.ratings.queue import queue_ratings
from tournament.tables.ledger.errors import Problem

Status = ChipCount.Status
ADJUSTMENT = "adjustment"  # ChipTransfer.reason of an accepted count's transfers
MAX_REASON = 300

# The pure module's refusals, in the words the scorekeeper reads (its codes, translated here).
REFUSALS = {
    "invalid_chips": gettext_noop("Chips are a whole number, 0 or more."),
    "wrong_players": gettext_noop("Count the chips of each of the table's four players."),
    "total_differs": gettext_noop(
        "The count adds up to %(counted)s chips, but the table has %(total)s: "
        "chips are never created or lost. Count again."
    ),
}


class CountError(Exception):
    """Nothing was written: ``status`` 400 (malformed) or 422 (not allowed now, or not so)."""

    def __init__(self, problems: list[Problem], status: int = 422):
        self.problems = problems
        self.status = status
        super().__init__("; ".join(p.message for p in problems))


def _error(code: str, message: str, status: int = 422) -> CountError:
    return CountError([Problem(code, message)], status=status)


def _lock_table(table: Table) -> Table:
    tables = Table.objects.select_for_update(of=("self",)).select_related("round__competition")
    return tables.get(pk=table.pk)


def _refuse_finished(locked: Table, asked: ChipCount | None = None) -> None:
    """A finished round's chips and counts are final (422 ``round_finished``), but the count its end asked
    for (``asked``, the table's open count) is entered (issue 54: it moves no chip; a difference waits, and
    only a reopening lets it be accepted or compared again)."""
    if locked.round.status == Round.Status.FINISHED and not (asked is not None and asked.at_end):
        message = _("Round %(n)s is finished: its chips and counts are final unless an organiser reopens it.")
        raise _error("round_finished", message % {"n": locked.round.number})


def _locked_table(table: Table) -> Table:
    """The table under its lock, its round not finished (``_refuse_finished``)."""
    locked = _lock_table(table)
    _refuse_finished(locked)
    return locked


def open_count(table: Table) -> ChipCount | None:
    """The count asked for at this table and not entered yet."""
    return table.chip_counts.filter(status=Status.REQUESTED).order_by("-pk").first()


def last_sequence(table: Table) -> int:
    return Hand.objects.filter(table=table).aggregate(m=Max("sequence"))["m"] or 0


def count_due(table: Table, finished: bool) -> bool:
    """A count may be entered now: one is asked for, or the session is over and no count covers its end.

    In a finished round only the count its end asked for (issue 54: ending a round asks every table for
    one; entering it moves no chip, and its difference waits for a reopening to be accepted).
    """
    return _due(table, finished, open_count(table))


def _due(table: Table, finished: bool, asked: ChipCount | None) -> bool:
    """``count_due`` with the table's open count (``asked``) read already."""
    if table.round.status == Round.Status.FINISHED:
        return asked is not None and asked.at_end
    if asked is not None:
        return True
    if not finished:
        return False
    latest = table.chip_counts.exclude(status=Status.SUPERSEDED).order_by("-pk").first()
    return latest is None or latest.after_sequence < last_sequence(table)


def count_request(table: Table, *, user=None, at_end: bool = False, meta: RequestMeta | None = None):
    """Ask the table's scorekeeper for a count (an open request is answered, not doubled)."""
    require_organiser(user, table.round.competition)
    with transaction.atomic():
        locked = _locked_table(table)
        if locked.round.status != Round.Status.PLAYING:
            raise _error("not_playing", _("Play has not started at this table: there are no chips to count."))
        existing = open_count(locked)
        if existing is not None:
            return existing
        count = ChipCount.objects.create(
            table=locked, at_end=at_end, requested_by=user if user and user.is_authenticated else None
        )
        audit_count(
            "count_requested",
            user,
            locked,
            count,
            gettext_noop("%(actor)s asked for a chip count at table %(table)s of round %(round)s"),
            meta,
        )
    return count


def _player_id(key) -> int | None:
    """A key as the player's id is written (``7``, ``"7"``); ``" 7"``, ``"07"``, ``"7.0"`` name nobody."""
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    return int(key) if isinstance(key, str) and re.fullmatch(r"[1-9][0-9]*", key) else None


def _parse(chips: Mapping) -> dict[int, int]:
    """Player id → chips; a key that is not exactly an id, or names a player twice, is refused (400):
    never read loosely, where one of two entries for a player would be dropped unseen."""
    out = {}
    for key, value in chips.items():
        pid = _player_id(key)
        if pid is None or pid in out:
            raise CountError([Problem("wrong_players", _(REFUSALS["wrong_players"]), "chips")], 400)
        out[pid] = value
    return out


def count_enter(
    table: Table, *, chips: Mapping, user=None, finished: bool | None = None, meta: RequestMeta | None = None
) -> ChipCount:
    """The chips counted in front of each player (player id → chips), compared with the ledger."""
    from tournament.rounds.lifecycle import table_finished
    from tournament.tables.selectors import table_ledger, with_seats

    if user is not None and not may_record(user, table):
        raise PermissionDenied(_("Only this table's scorekeeper or an organiser may enter its chip count."))
    counted = _parse(chips)
    with transaction.atomic():
        locked = _lock_table(table)
        asked = open_count(locked)  # read once: the end's in a finished round, else the one asked, or None
        _refuse_finished(locked, asked)
        locked = with_seats(locked)
        state = table_ledger(locked).state
        if not _due(locked, table_finished(locked, state), asked):
            raise _error(
                "no_count_due",
                _("No chip count is asked for at this table: the organiser asks for one during a session."),
            )
        competition = locked.round.competition
        players = set(locked.seat_map.values())
        try:
            counted = check_count(counted, players, competition.capital * len(players))
        except CountRefused as refused:
            problems = [
                Problem(code, _(REFUSALS[code]) % args, "chips") for code, _m, args in refused.problems
            ]
            raise CountError(problems, 422) from None
        comparison = compare(counted, state.balances)
        count = asked if asked is not None else ChipCount(table=locked, at_end=True)
        locked.chip_counts.filter(status=Status.DIFFERS).update(status=Status.SUPERSEDED)
        count.chips = {str(k): v for k, v in counted.items()}
        count.ledger = {str(k): v for k, v in comparison.balances.items()}
        count.after_sequence = last_sequence(locked)
        count.counted_by = user if user and user.is_authenticated else None
        count.counted_at = timezone.now()
        count.status = Status.MATCHED if comparison.matches else Status.DIFFERS
        count.save()
        if comparison.matches:
            words = gettext_noop(
                "%(actor)s counted the chips at table %(table)s of round %(round)s: they match"
            )
        else:
            words = gettext_noop(
                "%(actor)s counted the chips at table %(table)s of round %(round)s: "
                "they differ from the ledger for %(players)s players"
            )
        audit_count(
            "count_entered",
            user,
            locked,
            count,
            words,
            meta,
            players=len(comparison.differences),
            chips=count.chips,
            ledger=count.ledger,
        )
    return count


def _locked_count(count: ChipCount, user) -> tuple[ChipCount, Table]:
    require_organiser(user, count.table.round.competition)
    table = _locked_table(count.table)
    return ChipCount.objects.select_for_update().get(pk=count.pk), table


def count_accept(count: ChipCount, *, reason: str, user=None, meta: RequestMeta | None = None) -> ChipCount:
    """Accept a differing count: its difference from the ledger of now enters the ledger as an adjustment."""
    from tournament.tables.selectors import table_ledger, with_seats

    reason = (reason or "").strip()
    if not reason:
        raise CountError([Problem("reason_required", _("Say why the count is accepted."), "reason")], 400)
    if len(reason) > MAX_REASON:
        raise CountError(
            [Problem("reason_too_long", _("Say why in at most %(max)s characters.") % {"max": MAX_REASON})],
            400,
        )
    with transaction.atomic():
        count, table = _locked_count(count, user)
        if count.status != Status.DIFFERS:
            raise _error("not_differing", _("Only a count that differs from the ledger can be accepted."))
        # Compared again: a hand may have been corrected since the count was entered.
        comparison = compare(
            {int(k): v for k, v in count.chips.items()}, table_ledger(with_seats(table)).state.balances
        )
        transfers = adjustment_transfers(comparison.differences)
        ChipTransfer.objects.bulk_create(
            [
                ChipTransfer(
                    table=table, adjustment_of=count, from_player_id=payer, to_player_id=payee, amount=amount,
                    reason=ADJUSTMENT,
                )
                for payer, payee, amount in transfers
            ]
        )  # fmt: skip
        count.ledger = {str(k): v for k, v in comparison.balances.items()}
        count.status = Status.ACCEPTED if transfers else Status.MATCHED
        count.reason = reason
        count.resolved_by = user if user and user.is_authenticated else None
        count.resolved_at = timezone.now()
        count.save()
        audit_count(
            "count_accepted",
            user,
            table,
            count,
            gettext_noop(
                "%(actor)s accepted the chip count at table %(table)s of round %(round)s "
                "and adjusted the ledger by %(chips)s chips: %(reason)s"
            ),
            meta,
            chips=sum(amount for _p, _q, amount in transfers),
            reason=reason,
            transfers=[{"from": p, "to": q, "amount": a} for p, q, a in transfers],
        )
    if transfers:
        transaction.on_commit(lambda: _queue_standings(table))
        queue_ratings(table.round_id)  # the table's nets moved: rated again if its round is (issue 35)
    return count


def count_compare(count: ChipCount, *, user=None, meta: RequestMeta | None = None) -> ChipCount:
    """Compare a differing count with the ledger again (after the wrong hand was corrected)."""
    from tournament.tables.selectors import table_ledger, with_seats

    with transaction.atomic():
        count, table = _locked_count(count, user)
        if count.status != Status.DIFFERS:
            raise _error("not_differing", _("Only a count that differs from the ledger is compared again."))
        comparison = compare(
            {int(k): v for k, v in count.chips.items()}, table_ledger(with_seats(table)).state.balances
        )
        count.ledger = {str(k): v for k, v in comparison.balances.items()}
        count.after_sequence = last_sequence(table)
        if comparison.matches:
            count.status = Status.MATCHED
            count.resolved_by = user if user and user.is_authenticated else None
            count.resolved_at = timezone.now()
        count.save()
        audit_count(
            "count_compared",
            user,
            table,
            count,
            gettext_noop(
                "%(actor)s compared the chip count at table %(table)s of round %(round)s with the ledger "
                "again: %(players)s players differ"
            ),
            meta,
            players=len(comparison.differences),
        )
    return count


def may_see_counts(user, table: Table) -> bool:
    """The table's scorekeeper, its players (by their account) and the competition's organisers."""
    if not user or not user.is_authenticated:
        return False
    if may_record(user, table) or can_manage_competition(user, table.round.competition):
        return True
    return table.seats.filter(player__user=user).exists()


def hands_since_agreed(count: ChipCount) -> list[Hand]:
    """The hands recorded at the table after the last agreed count before this one, up to this one."""
    earlier = (
        count.table.chip_counts.filter(pk__lt=count.pk, status__in=ChipCount.AGREED)
        .order_by("-pk")
        .values_list("after_sequence", flat=True)
        .first()
    )
    hands = Hand.objects.filter(table=count.table, sequence__gt=earlier or 0)
    if count.status != Status.REQUESTED:
        hands = hands.filter(sequence__lte=count.after_sequence)
    return list(hands.select_related("void", "winner", "discarder", "offender").order_by("sequence"))


def _queue_standings(table: Table) -> None:
    """Standings follow an adjustment as they follow a hand (``tournament.tables.ledger``)."""
    from tournament.standings.queue import queue_standings_update

    queue_standings_update(table.pk)  # with a new standings version
