"""A competition's registration window and who may sign up (issue 51): one door, the organiser's.

``registration_configure`` checks and saves the settings, revises the data notice when its words change
(a new version) and, when the cap was raised or lifted, offers the freed places to the waiting list.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.access.roles import require_organiser
from tournament.db.text import storable
from tournament.models import Club, Competition, RegistrationSettings
from tournament.registration.errors import RegistrationError
from tournament.registration.models import QUESTION_MAX, QUESTIONS_MAX, Who
from tournament.registration.notice import current_notice, is_default, notice_revise

FIELDS = (
    "open_from", "open_until", "places", "who", "ask_name_zh", "ask_club", "questions", "fee", "fee_how",
    "offer_hours",
)  # fmt: skip
MAX_PLACES = 10000
MAX_OFFER_HOURS = 24 * 30
NOTICE_MAX = 4000


def _check(changes: dict) -> None:
    unknown = set(changes) - set(FIELDS) - {"clubs", "notice", "notice_contact"}
    if unknown:
        raise RegistrationError(
            "invalid", _("These cannot be set here: %(f)s.") % {"f": ", ".join(sorted(unknown))}
        )
    start, end = changes.get("open_from"), changes.get("open_until")
    for name in ("open_from", "open_until"):
        if changes.get(name) is not None and not isinstance(changes[name], datetime):
            raise RegistrationError("invalid", _("Not a date and time."), field=name)
    if start and end and end <= start:
        raise RegistrationError("invalid", _("Sign-ups must close after they open."), field="open_until")
    texts = ("fee", "fee_how", "notice", "notice_contact")
    if any(changes.get(n) is not None and not isinstance(changes[n], str) for n in texts):
        name = next(n for n in texts if changes.get(n) is not None and not isinstance(changes[n], str))
        raise RegistrationError("invalid", _("Text is expected."), field=name)
    if any(not storable(changes.get(n) or "") for n in texts):
        raise RegistrationError("invalid", _("Null characters are not allowed."))
    for name in ("ask_name_zh", "ask_club"):
        if name in changes and not isinstance(changes[name], bool):
            raise RegistrationError("invalid", _("Yes or no (true or false)."), field=name)
    clubs = changes.get("clubs")
    if clubs is not None and (
        not isinstance(clubs, (list, tuple))
        or any(isinstance(c, bool) or not isinstance(c, (int, Club)) for c in clubs)
    ):
        raise RegistrationError("invalid", _("No such club."), field="clubs")
    places = changes.get("places")
    if places is not None and (
        isinstance(places, bool) or not isinstance(places, int) or not 1 <= places <= MAX_PLACES
    ):
        raise RegistrationError(
            "invalid", _("Places: a whole number from 1 to 10000, or empty."), field="places"
        )
    if "who" in changes and changes["who"] not in Who.values:
        raise RegistrationError("invalid", _("Choose who may sign up."), field="who")
    hours = changes.get("offer_hours", 48)
    if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= MAX_OFFER_HOURS:
        raise RegistrationError("invalid", _("Hours to accept: from 1 to 720."), field="offer_hours")
    questions = changes.get("questions", [])
    if not isinstance(questions, list) or len(questions) > QUESTIONS_MAX:
        raise RegistrationError("invalid", _("At most 10 extra questions."), field="questions")
    if any(
        not isinstance(q, str) or not q.strip() or len(q) > QUESTION_MAX or not storable(q) for q in questions
    ):
        raise RegistrationError(
            "invalid", _("Each question: some words, at most 200 characters."), field="questions"
        )
    if len(changes.get("notice") or "") > NOTICE_MAX:
        raise RegistrationError("invalid", _("The notice: at most 4000 characters."), field="notice")
    for name, most in (("fee", 60), ("fee_how", 200), ("notice_contact", 200)):
        if len(changes.get(name) or "") > most:
            raise RegistrationError("invalid", _("At most %(n)s characters.") % {"n": most}, field=name)


def registration_configure(
    competition: Competition, *, user, meta: RequestMeta | None = None, **changes
) -> RegistrationSettings:
    """Set the window (any of ``FIELDS``, ``clubs``: Club rows or ids, ``notice``: the notice's words,
    ``notice_contact``: whom to ask). Answers the saved settings."""
    from tournament.registration.offers import offers_fill

    require_organiser(user, competition)
    if "questions" in changes and changes["questions"] is not None:
        changes["questions"] = [q.strip() for q in changes["questions"] if isinstance(q, str)] if isinstance(
            changes["questions"], list) else changes["questions"]  # fmt: skip
    _check(changes)
    clubs = changes.pop("clubs", None)
    notice = changes.pop("notice", None)
    contact = changes.pop("notice_contact", None)
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=competition.pk)
        window, _made = RegistrationSettings.objects.get_or_create(competition=competition)
        before = window.places
        for name, value in changes.items():
            setattr(window, name, value)
        if window.who == Who.INVITED and not window.invite_token:
            window.invite_token = secrets.token_urlsafe(16)
        window.save()
        if clubs is not None:
            ids = [c.pk if isinstance(c, Club) else c for c in clubs]
            if Club.objects.filter(pk__in=ids).count() != len(set(ids)):
                raise RegistrationError("invalid", _("No such club."), field="clubs")
            window.clubs.set(ids)
        first = current_notice(competition, create=False) is None
        current = current_notice(competition)
        own = notice.strip() if notice and notice.strip() and not is_default(competition, notice) else ""
        contact = contact.strip() if isinstance(contact, str) else None
        if first and (own or contact):  # version 1, still unseen: it says what the organiser set
            current.text, current.contact = own or current.text, contact or ""
            current.save(update_fields=["text", "contact"])
        elif own or contact is not None:
            notice_revise(competition, text=own or current.text, contact=contact)
        audit_write(
            "registration_configured", user=user, competition=competition, object_type="competition",
            object_id=competition.pk,
            words=gettext_noop("%(actor)s set the registration of %(competition)s"),
            args={"competition": competition.name},
            data={k: str(v) for k, v in changes.items()}, meta=meta,
        )  # fmt: skip
        if window.places is None or (before is not None and window.places > before):
            offers_fill(competition)
    return window


def invitation_renew(competition: Competition, *, user, meta: RequestMeta | None = None) -> str:
    """A new invitation link: the old one opens nothing from now on."""
    require_organiser(user, competition)
    with transaction.atomic():
        window, _made = RegistrationSettings.objects.get_or_create(competition=competition)
        window.invite_token = secrets.token_urlsafe(16)
        window.save(update_fields=["invite_token", "changed_at"])
        audit_write(
            "registration_invitation_renewed", user=user, competition=competition,
            object_type="competition", object_id=competition.pk,
            words=gettext_noop("%(actor)s made a new invitation link for %(competition)s"),
            args={"competition": competition.name}, meta=meta,
        )  # fmt: skip
    return window.invite_token
