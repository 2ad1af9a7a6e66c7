"""The waiting list (issue 51): a freed place is offered to the next person, with a deadline.

A place frees when a registration holding one is refused or withdrawn, an entry is withdrawn through a
registration, or the cap is raised or lifted. ``offers_fill`` (called inside the door that freed it, the
competition's row locked) offers each free place to the first person waiting (``waiting_since`` order):
``offered``, until now + the window's ``offer_hours``. The person accepts on their private page
(``offer_accept``: the place is theirs, ``pending`` for the organiser) or declines (a withdrawal).
Unanswered, beat's ``registration_offers_expire`` marks it ``expired`` and offers the place on. Everyone
is told by message.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.models import Competition, Registration
from tournament.registration.errors import RegistrationError
from tournament.registration.selectors import places_taken, settings_of, waiting_line
from tournament.registration.tell import registration_tell

Status = Registration.Status


def audit_registration(action: str, reg: Registration, user, words: str, meta=None, **data) -> None:
    audit_write(
        action, user=user, competition=reg.competition, object_type="registration", object_id=reg.pk,
        words=words, args={"name": reg.name, "competition": reg.competition.name, **{
            k: v for k, v in data.items() if isinstance(v, str)}},
        data={"registration": reg.pk, **data}, meta=meta,
    )  # fmt: skip


def offers_fill(competition: Competition, *, skip: Iterable[int] = (), now: datetime | None = None) -> int:
    """Offer every free place to the next people waiting; answers how many were offered. Call it inside
    a transaction that holds the competition's row."""
    window = settings_of(competition)
    now = now or timezone.now()
    line = waiting_line(competition).exclude(pk__in=list(skip)).select_related("competition")
    if window.places is None:
        chosen = list(line)
    else:
        free = window.places - places_taken(competition)
        chosen = list(line[: max(free, 0)])
    for reg in chosen:
        reg.status, reg.offer_expires_at = Status.OFFERED, now + timedelta(hours=window.offer_hours)
        reg.save(update_fields=["status", "offer_expires_at", "changed_at"])
        audit_registration(
            "registration_offered", reg, None,
            gettext_noop("%(name)s was offered a place in %(competition)s"),
            expires=reg.offer_expires_at.isoformat(),
        )  # fmt: skip
        registration_tell(reg, "offered")
    return len(chosen)


def _locked(reg: Registration) -> Registration:
    Competition.objects.select_for_update().get(pk=reg.competition_id)
    return Registration.objects.select_for_update().select_related("competition").get(pk=reg.pk)


def offer_accept(reg: Registration, *, meta: RequestMeta | None = None) -> Registration:
    """The person takes the place offered (through their private link): it is theirs, the organiser
    confirms it as any sign-up."""
    with transaction.atomic():
        reg = _locked(reg)
        if reg.status != Status.OFFERED or reg.offer_expires_at <= timezone.now():
            raise RegistrationError("no_offer", _("There is no place offered to you now."), status=409)
        reg.status, reg.offer_expires_at = Status.PENDING, None
        reg.save(update_fields=["status", "offer_expires_at", "changed_at"])
        audit_registration(
            "registration_offer_accepted", reg, None,
            gettext_noop("%(name)s accepted the place offered in %(competition)s"), meta,
        )  # fmt: skip
        registration_tell(reg, "accepted")
    return reg


def offers_expire(now: datetime | None = None) -> int:
    """Offers past their deadline: expired, told, their places offered on. Answers how many expired."""
    now = now or timezone.now()
    due = Registration.objects.filter(status=Status.OFFERED, offer_expires_at__lte=now)
    done = 0
    for competition_id in sorted(set(due.values_list("competition_id", flat=True))):
        with transaction.atomic():
            competition = Competition.objects.select_for_update().get(pk=competition_id)
            for reg in due.filter(competition_id=competition_id).select_related("competition"):
                reg.status = Status.EXPIRED
                reg.save(update_fields=["status", "changed_at"])
                audit_registration(
                    "registration_offer_expired", reg, None,
                    gettext_noop("The place offered to %(name)s in %(competition)s passed on unanswered"),
                )  # fmt: skip
                registration_tell(reg, "expired")
                done += 1
            offers_fill(competition, now=now)
    return done
