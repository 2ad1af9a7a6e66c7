"""The public door (issue 51): a person signs up for a competition.

``registration_signup`` checks every answer first (a bad one: ``RegistrationError``, nothing written),
then, in one transaction with the competition's row locked (so two sign-ups never count the same free
place), checks the window, who may sign up and that the person has not signed up already, and writes the
registration: ``pending`` when a place is free, else ``waiting`` (the person is told their number). The
consent is recorded with the notice's version, the sign-up audited and the person sent their private link.
"""

from __future__ import annotations

import re
import secrets

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.db.text import storable
from tournament.models import Club, Competition, Registration
from tournament.registration.errors import RegistrationError
from tournament.registration.models import ACTIVE, ANSWER_MAX, Channel, Who
from tournament.registration.notice import LEAGUE, consent_record, current_notice, messages_purpose
from tournament.registration.selectors import place_counts, settings_of, window_state
from tournament.registration.tell import registration_tell

Status = Registration.Status
PHONE = re.compile(r"\+?[0-9 ]{6,20}")


def _bad(field: str, message: str) -> RegistrationError:
    return RegistrationError("invalid", message, field=field)


def phone_tidy(phone: str) -> str:
    """One spelling per number, so that the same phone is never two places: a Singapore number (eight
    digits, with or without 65 or +65 before them) as ``+65 9123 4567``; any other as ``+`` (when given)
    and its digits."""
    digits = re.sub(r"\D", "", phone)
    if len(digits) == 8 and not phone.startswith("+") or len(digits) == 10 and digits.startswith("65"):
        return f"+65 {digits[-8:-4]} {digits[-4:]}"
    return ("+" if phone.startswith("+") else "") + digits


def clean_person(
    *, name: str, name_zh: str, email: str, phone: str, channel: str, answers, questions: list[str]
) -> dict:
    """The answers checked and tidied; the first fault is a ``RegistrationError`` naming its field."""
    values = {"name": name, "name_zh": name_zh, "email": email, "phone": phone, "channel": channel}
    if any(not isinstance(v, str) for v in values.values()):
        raise _bad(next(k for k, v in values.items() if not isinstance(v, str)), _("Text is expected."))
    if not all(storable(v) for v in values.values()):
        raise _bad(
            next(k for k, v in values.items() if not storable(v)), _("Null characters are not allowed.")
        )
    name, name_zh, email, phone = (" ".join(v.split()) for v in (name, name_zh, email, phone))
    if not name:
        raise _bad("name", _("Your name is needed."))
    if len(name) > 120 or len(name_zh) > 120:
        raise _bad("name" if len(name) > 120 else "name_zh", _("A name of at most 120 characters."))
    if not email and not phone:
        raise _bad("email", _("A phone number or an email, so that we can reach you."))
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise _bad("email", _("This is not an email address.")) from None
        if len(email) > 200:
            raise _bad("email", _("An email of at most 200 characters."))
    if phone and not PHONE.fullmatch(phone):
        raise _bad("phone", _("A phone number: digits, spaces, a leading +."))
    if channel not in Channel.values:
        raise _bad("channel", _("Choose how we tell you."))
    if channel == Channel.EMAIL and not email or channel == Channel.WHATSAPP and not phone:
        raise _bad("channel", _("Give the address of the channel you chose."))
    if answers is None:
        answers = {}
    if not isinstance(answers, dict) or len(answers) > len(questions):
        raise _bad("answers", _("Answers to the questions asked, by question."))
    unknown = [q for q in answers if q not in questions]
    if unknown:
        raise _bad("answers", _("No such question: %(q)s") % {"q": str(unknown[0])[:60]})
    if any(not isinstance(a, str) or len(a) > ANSWER_MAX or not storable(a) for a in answers.values()):
        raise _bad("answers", _("Each answer: text of at most 300 characters."))
    tidy = {q: a.strip() for q, a in answers.items() if a.strip()}
    phone = phone_tidy(phone) if phone else ""
    return {"name": name, "name_zh": name_zh, "email": email.lower(), "phone": phone, "channel": channel,
            "answers": tidy}  # fmt: skip


def _already(competition: Competition, email: str, phone: str) -> bool:
    same = (Q(email=email) if email else Q()) | (Q(phone=phone) if phone else Q())
    found = Registration.objects.filter(same, competition=competition, status__in=ACTIVE)
    return bool(same) and found.exists()


def registration_signup(
    competition: Competition,
    *,
    name: str,
    name_zh: str = "",
    club: Club | int | None = None,
    email: str = "",
    phone: str = "",
    channel: str = Channel.LINK,
    answers: dict | None = None,
    consent: bool = False,
    invite: str = "",
    language: str = "en",
    meta: RequestMeta | None = None,
) -> Registration:
    """Sign a person up; answers the registration (``pending`` or ``waiting``)."""
    window = settings_of(competition)
    person = clean_person(
        name=name, name_zh=name_zh, email=email, phone=phone, channel=channel, answers=answers,
        questions=list(window.questions or []),
    )  # fmt: skip
    if not isinstance(invite, str):
        raise _bad("invite", _("Text is expected."))
    if consent is not True:
        raise RegistrationError(
            "consent_required", _("Please agree to the data notice to sign up."), field="consent"
        )
    if club is not None and not isinstance(club, Club):
        club = Club.objects.filter(pk=club).first() if str(club).isdigit() else None
        if club is None:
            raise _bad("club", _("No such club."))
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=competition.pk)  # one place counted once
        window = settings_of(competition)
        if window_state(window) != "open":
            raise RegistrationError(
                "registration_closed", _("Sign-ups for this competition are closed."), status=409
            )
        if window.who == Who.INVITED and not (invite and secrets.compare_digest(invite, window.invite_token)):
            raise RegistrationError("not_invited", _("Sign-ups are by invitation link only."), status=403)
        if window.who == Who.CLUBS and (club is None or not window.clubs.filter(pk=club.pk).exists()):
            raise RegistrationError(
                "not_a_member", _("Sign-ups are for members of the clubs chosen."), field="club", status=403
            )
        if _already(competition, person["email"], person["phone"]):
            raise RegistrationError(
                "already_registered", _("You have signed up for this competition already."), status=409
            )
        taken, waiting = place_counts(competition)  # one query, under the lock
        full = window.places is not None and taken >= window.places
        now = timezone.now()
        notice = current_notice(competition)
        try:  # no savepoint: a refusal here rolls the whole sign-up back
            reg = Registration.objects.create(
                competition=competition, club=club, language=language[:10] or "en",
                token=secrets.token_urlsafe(32), notice=notice,
                status=Status.WAITING if full else Status.PENDING, waiting_since=now if full else None,
                **person,
            )  # fmt: skip
        except IntegrityError:  # the same person at the same moment (the unique constraints)
            raise RegistrationError(
                "already_registered", _("You have signed up for this competition already."), status=409
            ) from None
        purposes = [LEAGUE] + ([messages_purpose(reg.channel)] if reg.channel != Channel.LINK else [])
        consent_record(notice, purposes, registration=reg)
        audit_write(
            "registration_made", user=None, competition=competition, object_type="registration",
            object_id=reg.pk,
            words=gettext_noop("%(name)s signed up for %(competition)s (%(status)s)"),
            args={"name": reg.name, "competition": competition.name, "status": reg.status},
            data={"registration": reg.pk, "notice": notice.version}, meta=meta,
        )  # fmt: skip
        # The newest waiting (waiting_since is now, under the lock): last in the line.
        reg.position = waiting + 1 if full else None
        if full:
            registration_tell(reg, "waiting", position=reg.position)
        else:
            registration_tell(reg, "received")
    return reg
