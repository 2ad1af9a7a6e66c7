"""A round's life, one door per step (issue 13): schedule, change, publish, start, end, finish, reopen, hold.

::

    scheduled --seat--> seated --start--> playing --finish/end--> finished
        \\--publish (tables already drawn)--^        ^--reopen--/

Seating itself is ``tournament.rounds.seating``. Every function here

- checks the caller's right (``require_organiser``: an organiser of the
  competition; ``user=None`` is a command run by the operator);
- checks the transition under the round's row lock, and raises
  ``RoundError`` with a sentence for the organiser when it does not hold;
- writes one audit entry in words with names, in the same transaction.

The pages, the REST API's round actions, the admin and the management commands call these; none
of them writes a round's ``status``, ``results_held`` or a table's ``ended_at`` itself. The first hand
recorded in a seated round starts it (the ledger calls ``started_by_first_hand`` under its lock).

While a round is finished, or one of its tables has been ended, no hand is
recorded, voided or corrected there (``tournament.tables.ledger``) until an
organiser reopens the round, which clears the tables' ends and is audited
with its reason.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_round
from tournament.access.roles import require_organiser
from tournament.models import ChipCount, Round, Table
from tournament.notifications import events as notify
from tournament.ratings.queue import queue_ratings
from tournament.rounds import timing
from tournament.rounds.empty_tables import count_empty_tables
from tournament.rounds.schedule import (  # noqa: F401 (the scheduling doors, named here too)
    MAX_ROUND_NUMBER,
    next_round_number,
    round_schedule,
)
from tournament.rounds.seating import RoundError, RoundLocked
from tournament.stages.selectors import cut_made_from
from tournament.standings.queue import queue_standings_recompute
from tournament.tables import live_mark
from tournament.tables.state import TableState

Status = Round.Status
MAX_REASON = 300  # a reopening's reason, as a void's (HandVoid.reason)


def _locked(round_: Round, user) -> Round:
    require_organiser(user, round_.competition)
    return Round.objects.select_for_update().select_related("competition").get(pk=round_.pk)


def _status_problem(round_: Round) -> str:
    return _("Round %(n)s is %(status)s.") % {
        "n": round_.number,
        "status": round_.get_status_display().lower(),
    }


def _require(round_: Round, *allowed: str) -> None:
    if round_.status not in allowed:
        raise RoundError(_status_problem(round_))


def table_finished(table: Table, state: TableState | None = None) -> bool:
    """The table's session is over: ended by the organiser, or its own end (out of chips, the North round)."""
    if table.ended_at is not None:
        return True
    if state is None:
        from tournament.tables.selectors import table_fold

        state = table_fold(table).state
    return state.finished


ROUND_DETAILS = ("number", "starts_at", "ends_at", "venue")


def round_change(round_: Round, *, user=None, meta: RequestMeta | None = None, **changes) -> Round:
    """Change a round's number, times or venue (its status and held results have their own doors)."""
    unknown = set(changes) - set(ROUND_DETAILS)
    if unknown:
        raise RoundError(
            _("These cannot be changed here: %(fields)s.") % {"fields": ", ".join(sorted(unknown))}
        )
    with transaction.atomic():
        locked = _locked(round_, user)
        number = changes.get("number", locked.number)
        if number != locked.number:
            if locked.status != Status.SCHEDULED:
                raise RoundLocked(_("Round %(n)s is seated: its number is fixed.") % {"n": locked.number})
            if Round.objects.filter(competition=locked.competition, number=number).exists():
                raise RoundError(_("Round %(n)s already exists in this competition.") % {"n": number})
        changed = {k: v for k, v in changes.items() if getattr(locked, k) != v}
        if not changed:
            return locked
        for key, value in changed.items():
            setattr(locked, key, value)
        locked.save(update_fields=sorted(changed))
        audit_round(
            "round_changed",
            user,
            locked,
            gettext_noop("%(actor)s changed round %(round)s: %(fields)s"),
            meta,
            fields=", ".join(sorted(changed)),
        )
        if locked.status == Status.FINISHED and {"starts_at", "ends_at"} & set(changed):
            queue_ratings(locked.pk)  # its sessions move in the rating order (issue 35)
    return locked


def _ask_for_counts(tables: list[Table], user) -> None:
    """A table's session ends: its scorekeeper counts the chips (issue 19, ``tournament.counts.services``).

    Part of the end's own audit entry; a count already asked for is not asked for twice: it becomes the
    end's count (issue 54: the one the scorekeeper enters after the round is finished).
    """
    ChipCount.objects.filter(table__in=tables, status=ChipCount.Status.REQUESTED).update(at_end=True)
    asked = set(
        ChipCount.objects.filter(table__in=tables, status=ChipCount.Status.REQUESTED).values_list(
            "table_id", flat=True
        )
    )
    by = user if user is not None and user.is_authenticated else None
    ChipCount.objects.bulk_create(
        [ChipCount(table=t, at_end=True, requested_by=by) for t in tables if t.pk not in asked]
    )


# --- play ----------------------------------------------------------------------------------------------


def _seated_round_moves(round_, user, meta, before: str, after: str, action: str, words: str) -> Round:
    """A round with tables moves from ``before`` to ``after``: one audited step."""
    with transaction.atomic():
        locked = _locked(round_, user)
        _require(locked, before)
        if not locked.tables.exists():
            raise RoundError(_("Seat the round first."))
        locked.status = after
        locked.save(update_fields=["status"])
        audit_round(action, user, locked, words, meta)
    return locked


def round_publish(round_: Round, *, user=None, meta: RequestMeta | None = None) -> Round:
    """A scheduled round whose tables are drawn becomes seated: players see their tables."""
    words = gettext_noop("%(actor)s published round %(round)s")
    with transaction.atomic():
        published = _seated_round_moves(
            round_, user, meta, Status.SCHEDULED, Status.SEATED, "round_published", words
        )
        notify.round_published(published.pk)  # each player their table, on commit (issue 34)
    return published


def round_start(
    round_: Round, *, user=None, meta: RequestMeta | None = None, ends_at: datetime | None = None, **date
) -> Round:
    """A seated round starts; ``ends_at`` moves its end (a late start, issue 32: the sheets' countdown
    and the integrity page's late hands follow it). Sessions come with each table's first hand. Far from
    its date, only with ``date_confirmed`` (issue 54, ``timing.check_date``: the page and the API ask)."""
    if ends_at is not None and ends_at <= timezone.now():
        raise RoundError(_("The new end time has already passed: choose a later one."))
    with transaction.atomic():
        locked = _locked(round_, user)
        _require(locked, Status.SEATED)
        if not locked.tables.exists():
            raise RoundError(_("Seat the round first."))
        timing.check_date(locked, **date)
        locked.status = Status.PLAYING
        fields = ["status"]
        if ends_at is not None and ends_at != locked.ends_at:
            locked.ends_at = ends_at
            fields.append("ends_at")
            fields += timing.start_now_if_after(locked, ends_at)
        locked.save(update_fields=fields)
        if "ends_at" in fields:
            audit_round(
                "round_started",
                user,
                locked,
                gettext_noop("%(actor)s started round %(round)s, to end at %(ends)s"),
                meta,
                ends=timezone.localtime(ends_at).strftime("%H:%M"),
            )
        else:
            audit_round(
                "round_started", user, locked, gettext_noop("%(actor)s started round %(round)s"), meta
            )
        queue_standings_recompute(locked.competition_id)
    return locked


def started_by_first_hand(round_id: int, user, meta: RequestMeta | None = None) -> None:
    """The first hand recorded in a seated round starts it (called by the ledger inside its transaction)."""
    if Round.objects.filter(pk=round_id, status__in=(Status.SCHEDULED, Status.SEATED)).update(
        status=Status.PLAYING
    ):
        live_mark.round_changed(round_id)  # an update sends no signal: every table's sheet polls anew
        round_ = Round.objects.select_related("competition").get(pk=round_id)
        audit_round(
            "round_started",
            user,
            round_,
            gettext_noop("Round %(round)s started with its first hand, recorded by %(actor)s"),
            meta,
        )


def table_end(
    table: Table, *, user=None, meta: RequestMeta | None = None, count_empty: bool = False
) -> Table:
    """The organiser ends one table's session at its time (001 rule 14): it takes no more hands.

    Its scorekeeper is asked for a chip count (issue 19). Without a hand, its players count no
    session unless ``count_empty`` (issue 32).
    """
    with transaction.atomic():
        locked_round = _locked(table.round, user)
        _require(locked_round, Status.PLAYING)
        locked = Table.objects.select_for_update().get(pk=table.pk)
        if locked.ended_at is not None:
            raise RoundError(_("Table %(t)s has already been ended.") % {"t": locked.number})
        locked.ended_at = timezone.now()
        locked.save(update_fields=["ended_at"])
        _ask_for_counts([locked], user)
        empty = count_empty_tables([locked], count_empty)
        if empty:
            words = (
                gettext_noop(
                    "%(actor)s ended table %(table)s of round %(round)s (no hand): a session counted"
                )
                if count_empty
                else gettext_noop("%(actor)s ended table %(table)s of round %(round)s (no hand): no session")
            )
        else:
            words = gettext_noop("%(actor)s ended table %(table)s of round %(round)s")
        audit_round("table_ended", user, locked_round, words, meta, table=locked.number)
        if empty and count_empty:
            queue_standings_recompute(locked_round.competition_id)
    locked.refresh_from_db()
    return locked


def round_end(round_: Round, *, user=None, meta: RequestMeta | None = None, count_empty: bool = False) -> int:
    """The round's time is up (001 rule 14): end every table still playing and finish the round.

    Sets ``Table.ended_at`` (the table's state then says ``ended_by_organiser``
    and takes no more hands) and asks each for a chip count (issue 19);
    answers how many tables were ended. A table ended without a hand gives its
    players no session, unless ``count_empty`` (the organiser's word, issue 32).
    """
    with transaction.atomic():
        locked = _locked(round_, user)
        _require(locked, Status.PLAYING)
        # The tables' rows are locked in id order: a hand being recorded at one of them finishes first.
        tables = list(
            Table.objects.select_for_update().filter(round=locked, ended_at__isnull=True).order_by("pk")
        )
        Table.objects.filter(pk__in=[t.pk for t in tables]).update(ended_at=timezone.now())
        _ask_for_counts(tables, user)
        empty = count_empty_tables(tables, count_empty)
        locked.status = Status.FINISHED
        locked.save(update_fields=["status"])
        if not empty:
            words = gettext_noop(
                "%(actor)s ended round %(round)s: %(tables_ended)s tables stopped at the time"
            )
        elif count_empty:
            words = gettext_noop(
                "%(actor)s ended round %(round)s: %(tables_ended)s tables stopped at the time; "
                "tables %(empty)s had no hand, their players count a session"
            )
        else:
            words = gettext_noop(
                "%(actor)s ended round %(round)s: %(tables_ended)s tables stopped at the time; "
                "tables %(empty)s had no hand, their players count no session"
            )
        audit_round(
            "round_ended",
            user,
            locked,
            words,
            meta,
            tables_ended=len(tables),
            empty=", ".join(map(str, empty)),
        )
        if empty and count_empty:
            queue_standings_recompute(locked.competition_id)
        queue_ratings(locked.pk)  # its sessions are rated (issue 35)
        if not locked.results_held:
            notify.round_results_out(locked.pk)
    return len(tables)


def round_finish(round_: Round, *, user=None, meta: RequestMeta | None = None) -> Round:
    """A playing round whose tables have all finished is finished: its results stand."""
    with transaction.atomic():
        locked = _locked(round_, user)
        _require(locked, Status.PLAYING)
        tables = list(locked.tables.all())
        if not tables:
            raise RoundError(_("Seat the round first."))
        if not all(table_finished(t) for t in tables):
            raise RoundError(_("Some tables are still playing: end them first, or end the round."))
        locked.status = Status.FINISHED
        locked.save(update_fields=["status"])
        audit_round("round_finished", user, locked, gettext_noop("%(actor)s finished round %(round)s"), meta)
        queue_ratings(locked.pk)  # its sessions are rated (issue 35)
        if not locked.results_held:
            notify.round_results_out(locked.pk)
    return locked


def round_reopen(round_: Round, *, reason: str, user=None, meta: RequestMeta | None = None) -> Round:
    """A finished round plays again (to correct a hand): its tables' ends are cleared; audited with why."""
    reason = (reason or "").strip()
    if not reason:
        raise RoundError(_("Say why the round is reopened."))
    if len(reason) > MAX_REASON:
        raise RoundError(_("Say why in at most %(max)s characters.") % {"max": MAX_REASON})
    with transaction.atomic():
        locked = _locked(round_, user)
        _require(locked, Status.FINISHED)
        _not_under_a_cut(locked)
        Table.objects.filter(round=locked).update(ended_at=None)
        # A finished round's tables keep who kept score; playing again, only the staff keep one (issue 48).
        staff = [*locked.competition.organisers.all(), *locked.competition.scorekeepers.all()]
        Table.objects.filter(round=locked, scorekeeper__isnull=False).exclude(scorekeeper__in=staff).update(
            scorekeeper=None
        )
        locked.status = Status.PLAYING
        locked.save(update_fields=["status"])
        audit_round(
            "round_reopened",
            user,
            locked,
            gettext_noop("%(actor)s reopened round %(round)s: %(reason)s"),
            meta,
            reason=reason,
        )
        queue_ratings(locked.pk)  # its sessions leave the rating until it is finished again (issue 35)
    return locked


def _not_under_a_cut(round_: Round) -> None:
    """A round a published cut was made from stays as the cut read it (issue 48): reopened or held after
    the cut, the cut would stand on rounds no longer finished, or no longer released."""
    after = cut_made_from(round_)
    if after is not None:
        raise RoundError(
            _(
                "Round %(n)s is one the cut to %(stage)s was made from, and that cut is published: "
                "it stays as the cut read it."
            )
            % {"n": round_.number, "stage": after.name}
        )


def round_hold(round_: Round, *, held: bool, user=None, meta: RequestMeta | None = None) -> Round:
    """Hold a round's results back from the public, or release them (issue 6).

    The stored standings leave held rounds out, so they are recomputed (queued on commit).
    """
    with transaction.atomic():
        locked = _locked(round_, user)
        if locked.results_held == held:
            return locked
        if held:
            _not_under_a_cut(locked)
        locked.results_held = held
        locked.save(update_fields=["results_held"])
        if held:
            audit_round(
                "results_held", user, locked, gettext_noop("%(actor)s held round %(round)s's results"), meta
            )
        else:
            audit_round(
                "results_released",
                user,
                locked,
                gettext_noop("%(actor)s released round %(round)s's results"),
                meta,
            )
            if locked.status == Status.FINISHED:
                notify.round_results_out(locked.pk)
        queue_standings_recompute(locked.competition_id)
        queue_ratings(locked.pk)  # held results leave the rating, released ones join it (issue 35)
    return locked
