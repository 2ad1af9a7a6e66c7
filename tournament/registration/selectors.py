"""Registration's reads: the window's settings, whether it is open, the counts at a glance, the queue,
a person's place on the waiting list."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Count, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from tournament.models import Competition, Entry, Registration, RegistrationSettings
from tournament.registration.models import HOLDING

Status = Registration.Status


def settings_of(competition: Competition) -> RegistrationSettings:
    """The competition's window; an unsaved one with the defaults (closed: no dates) when none was set."""
    found = RegistrationSettings.objects.filter(competition=competition).first()
    return found or RegistrationSettings(competition=competition)


def window_state(window: RegistrationSettings, now: datetime | None = None) -> str:
    """``open``, ``not_yet`` (opens later), ``closed`` (closed, or never opened: no dates)."""
    now = now or timezone.now()
    if window.pk is None or window.open_from is None:
        return "closed"
    if now < window.open_from:
        return "not_yet"
    if window.open_until is not None and now >= window.open_until:
        return "closed"
    return "open"


def _counted(rows: QuerySet) -> Coalesce:
    counted = rows.order_by().values("competition").annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(counted[:1]), 0)


def place_counts(competition: Competition) -> tuple[int, int]:
    """(places taken, people waiting), in one query. Places taken: active entries, and registrations
    that hold a place without an entry yet (pending, offered). Read it after the competition's row is
    locked (a statement of its own, so it sees every sign-up committed before the lock was had)."""
    found = Competition.objects.filter(pk=competition.pk).values_list(
        _counted(Entry.objects.filter(competition=competition, status=Entry.Status.ACTIVE)),
        _counted(Registration.objects.filter(
            competition=competition, status__in=[s for s in HOLDING if s != Status.APPROVED])),
        _counted(Registration.objects.filter(competition=competition, status=Status.WAITING)),
    ).first()  # fmt: skip
    entries, holding, waiting = found or (0, 0, 0)
    return entries + holding, waiting


def places_taken(competition: Competition) -> int:
    """Active entries, and registrations that hold a place without an entry yet (pending, offered)."""
    return place_counts(competition)[0]


STILL_IN = (Status.PENDING, Status.APPROVED, Status.OFFERED, Status.WAITING)


def counts(competition: Competition) -> dict:
    """What the organiser sees at a glance. ``paid``: the fees received from people still in (whatever
    their step); ``unpaid``: the approved who owe theirs."""
    window = settings_of(competition)
    by = Registration.objects.filter(competition=competition).aggregate(
        pending=Count("pk", filter=Q(status=Status.PENDING)),
        approved=Count("pk", filter=Q(status=Status.APPROVED)),
        waiting=Count("pk", filter=Q(status=Status.WAITING)),
        offered=Count("pk", filter=Q(status=Status.OFFERED)),
        paid=Count("pk", filter=Q(status__in=STILL_IN, paid_at__isnull=False)),
        unpaid=Count("pk", filter=Q(status=Status.APPROVED, paid_at__isnull=True)),
        total=Count("pk"),
    )
    taken = places_taken(competition)
    free = None if window.places is None else max(window.places - taken, 0)
    return {**by, "places": window.places, "taken": taken, "free": free}


ORDER = {Status.PENDING: 0, Status.OFFERED: 1, Status.WAITING: 2, Status.APPROVED: 3}


def queue(competition: Competition) -> QuerySet[Registration]:
    """The competition's registrations, oldest first (the page groups them by status)."""
    return Registration.objects.filter(competition=competition).select_related("club", "player", "notice")


def waiting_line(competition: Competition) -> QuerySet[Registration]:
    return Registration.objects.filter(competition=competition, status=Status.WAITING).order_by(
        "waiting_since", "pk"
    )


def positions(competition: Competition) -> dict[int, int]:
    """{registration id: its place on the waiting list, from 1}."""
    return {pk: n for n, pk in enumerate(waiting_line(competition).values_list("pk", flat=True), start=1)}


def position_of(registration: Registration) -> int | None:
    if registration.status != Status.WAITING:
        return None
    ahead = waiting_line(registration.competition).filter(
        Q(waiting_since__lt=registration.waiting_since)
        | Q(waiting_since=registration.waiting_since, pk__lt=registration.pk)
    )
    return ahead.count() + 1


def by_token(token: str) -> Registration | None:
    if not token or len(token) > 60:
        return None
    return Registration.objects.select_related("competition", "club", "notice").filter(token=token).first()
