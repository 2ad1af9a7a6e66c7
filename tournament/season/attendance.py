"""The doors of a night's attendance (issue 33): a reply, a check-in.

- ``attendance_reply``: yes, no or maybe. A player answers for themself (logged in, or through their
  private link: ``tournament.season.links``) until the night is seated; an organiser answers for anyone
  (a phone call) until the night is finished.
- ``attendance_check_in``: the organiser or a scorekeeper of the competition marks a player here (or not
  here) until the night is finished. A check-in wins over the reply when the night is seated.

Each checks the caller's right and the night's state under the round's lock, and writes one audit entry.
``user=None`` is the operator at the command line.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_attendance
from tournament.access.roles import can_manage_competition
from tournament.models import Attendance, Entry, Round
from tournament.rounds.timing import date_words, far_from_date
from tournament.season.errors import FarFromDate, NotThisCompetition, RepliesClosed, SeasonError
from tournament.season.models import Reply
from tournament.season.selectors import night_is_seated


def _entry_of_night(round_: Round, entry: Entry) -> None:
    if entry.competition_id != round_.competition_id:
        raise NotThisCompetition(_("This player is not entered in this competition."), "player")
    if entry.status != Entry.Status.ACTIVE:
        raise NotThisCompetition(_("This player has withdrawn from the competition."), "player")


def _is_own(user, entry: Entry) -> bool:
    return bool(user and user.is_authenticated and getattr(entry.player, "user_id", None) == user.pk)


def _is_staff(user, round_: Round) -> bool:
    competition = round_.competition
    return can_manage_competition(user, competition) or (
        user.is_authenticated and competition.scorekeepers.filter(pk=user.pk).exists()
    )


def may_see_attendance(user, round_: Round) -> bool:
    """Who comes is not public: the competition's organisers and scorekeepers read it."""
    return bool(user and user.is_authenticated and _is_staff(user, round_))


def _locked(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("competition").get(pk=round_.pk)


def _row(round_: Round, entry: Entry) -> Attendance:
    row, _ = Attendance.objects.select_for_update().get_or_create(round=round_, entry=entry)
    return row


def attendance_reply(
    round_: Round,
    entry: Entry,
    reply: str,
    *,
    user=None,
    link_entry: Entry | None = None,
    meta: RequestMeta | None = None,
) -> Attendance:
    """Record ``entry``'s reply for the night. ``link_entry``: the entry a private link names (its holder
    answers for that entry only)."""
    if reply not in Reply.values:
        raise SeasonError(_("Answer yes, no or maybe."), "reply")
    organiser = (
        user is None and link_entry is None or (user is not None and _is_staff_organiser(user, round_))
    )
    if not organiser:
        own = (link_entry is not None and link_entry.pk == entry.pk) or _is_own(user, entry)
        if not own:
            raise PermissionDenied(_("You may answer only for yourself."))
    with transaction.atomic():
        locked = _locked(round_)
        _entry_of_night(locked, entry)
        if locked.status == Round.Status.FINISHED:
            raise RepliesClosed(_("Round %(n)s is over.") % {"n": locked.number}, "reply")
        if not organiser and night_is_seated(locked):
            raise RepliesClosed(
                _("Round %(n)s is seated: replies are closed. Tell the organiser.") % {"n": locked.number},
                "reply",
            )
        row = _row(locked, entry)
        if row.reply == reply:
            return row
        row.reply, row.replied_at = reply, timezone.now()
        row.replied_by = user if user is not None and user.is_authenticated else None
        row.save(update_fields=["reply", "replied_at", "replied_by"])
        audit_attendance(
            "attendance_replied",
            user,
            locked,
            entry,
            gettext_noop("%(actor)s answered %(reply)s for %(player)s for night %(round)s"),
            meta,
            reply=reply,
            via="link" if link_entry is not None else ("organiser" if organiser else "player"),
        )
    return row


def _is_staff_organiser(user, round_: Round) -> bool:
    return can_manage_competition(user, round_.competition)


def attendance_check_in(
    round_: Round,
    entry: Entry,
    checked_in: bool = True,
    *,
    user=None,
    meta: RequestMeta | None = None,
    date_confirmed: bool = True,
) -> Attendance:
    """Mark ``entry``'s player here (or, ``checked_in=False``, not here after all) for the night. Far from
    the night's date, only with ``date_confirmed`` (issue 54: the pages and the API ask first)."""
    if user is not None and not _is_staff(user, round_):
        raise PermissionDenied(_("Only the competition's organisers and scorekeepers check players in."))
    with transaction.atomic():
        locked = _locked(round_)
        _entry_of_night(locked, entry)
        if locked.status == Round.Status.FINISHED:
            raise SeasonError(_("Round %(n)s is over.") % {"n": locked.number}, "checked_in")
        if checked_in and not date_confirmed and far_from_date(locked):
            message = _("Round %(n)s is on %(date)s. Check players in for it now anyway? Confirm first.")
            raise FarFromDate(message % {"n": locked.number, "date": date_words(locked)}, "checked_in")
        row = _row(locked, entry)
        if row.checked_in == checked_in:
            return row
        row.checked_in = checked_in
        row.checked_in_at = timezone.now() if checked_in else None
        if checked_in:
            row.no_show = False
        row.save(update_fields=["checked_in", "checked_in_at", "no_show"])
        words = (
            gettext_noop("%(actor)s checked %(player)s in for night %(round)s")
            if checked_in
            else gettext_noop("%(actor)s took back %(player)s's check-in for night %(round)s")
        )
        audit_attendance(
            "attendance_checked_in" if checked_in else "attendance_check_in_undone",
            user,
            locked,
            entry,
            words,
            meta,
        )
    return row
