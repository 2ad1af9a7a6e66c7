"""A competition's data notice and the consents given under it (issue 51; the Personal Data Protection
Act's Consent and Notification obligations).

The notice says what is collected, for what, kept how long and whom to ask. It is kept in versions: a
changed notice is a new ``DataNotice`` row (version + 1), never an edit, so every consent names the words
the person agreed to. A competition with no notice of its own shows ``default_text`` (the league's words),
saved as version 1 the first time someone signs up or the organiser saves the window.

Purposes: ``league`` (taking part: name, club and results kept and shown in the standings) and
``messages:<channel>`` (being told on that channel). Consent is withdrawn by purpose, never deleted.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Competition, Consent, DataNotice, Player, Registration

LEAGUE = "league"
DEFAULT_RETENTION = 24


def messages_purpose(channel: str) -> str:
    return f"messages:{channel}"


def default_text(competition: Competition) -> str:
    """The league's own notice, in the active language, when the organiser wrote none."""
    return _(
        "%(competition)s collects your name, Chinese name, club, phone or email, the channel for messages "
        "and your answers to its questions, to run the competition: to decide your place, to seat you, "
        "to tell you about your nights, and to show your name and results in its standings. Your contact "
        "details are kept for %(months)s months after your last entry, then erased; your results stay "
        "under your name (or a pseudonym, if you ask for erasure). Ask the organiser to see, correct or "
        "erase what is held about you."
    ) % {"competition": competition.name, "months": DEFAULT_RETENTION}


def is_default(competition: Competition, text: str) -> bool:
    """Whether ``text`` is the league's own notice in one of the site's languages (not the organiser's)."""
    from django.conf import settings
    from django.utils import translation

    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            if " ".join(text.split()) == " ".join(default_text(competition).split()):
                return True
    return False


def notice_words(notice: DataNotice) -> str:
    """The notice as a reader sees it: the league's own words in the reader's language (the same notice,
    translated), or the organiser's words as written."""
    return default_text(notice.competition) if is_default(notice.competition, notice.text) else notice.text


def current_notice(competition: Competition, *, create: bool = True) -> DataNotice | None:
    """The competition's notice in force: its latest version (version 1 made from ``default_text`` when
    none exists and ``create``)."""
    notice = DataNotice.objects.filter(competition=competition).order_by("-version").first()
    if notice is not None or not create:
        return notice
    try:
        with transaction.atomic():
            return DataNotice.objects.create(
                competition=competition,
                version=1,
                text=default_text(competition),
                purposes=[LEAGUE, "messages"],
                retention_months=DEFAULT_RETENTION,
            )
    except IntegrityError:  # made at the same moment by another sign-up
        return DataNotice.objects.get(competition=competition, version=1)


def notice_revise(
    competition: Competition, *, text: str, contact: str | None = None, retention_months: int | None = None
) -> DataNotice:
    """The notice with these words: the current one when nothing changed, else a new version (people who
    sign up from now on agree to it; those who agreed before are asked again at their next sign-up)."""
    current = current_notice(competition)
    contact = current.contact if contact is None else contact
    months = current.retention_months if retention_months is None else retention_months
    if (current.text, current.contact, current.retention_months) == (text, contact, months):
        return current
    return DataNotice.objects.create(
        competition=competition,
        version=current.version + 1,
        text=text,
        purposes=current.purposes,
        retention_months=months,
        contact=contact,
    )


def consent_record(
    notice: DataNotice,
    purposes: list[str],
    *,
    registration: Registration | None = None,
    player: Player | None = None,
) -> list[Consent]:
    """Record the person's consent to each of ``purposes`` under ``notice`` (now)."""
    now = timezone.now()
    return Consent.objects.bulk_create(
        [
            Consent(notice=notice, purpose=p, registration=registration, player=player, given_at=now)
            for p in purposes
        ]
    )


def consents_attach(registration: Registration, player: Player) -> int:
    """The registration's consents become the player's (on approval)."""
    return Consent.objects.filter(registration=registration, player__isnull=True).update(player=player)


def consent_withdraw(
    *, purpose: str, player: Player | None = None, registration: Registration | None = None
) -> int:
    """Withdraw the person's live consents to ``purpose``; answers how many. Nothing is deleted."""
    found = Consent.objects.filter(purpose=purpose, withdrawn_at__isnull=True)
    if player is not None:
        found = found.filter(player=player)
    elif registration is not None:
        found = found.filter(registration=registration)
    else:
        return 0
    return found.update(withdrawn_at=timezone.now())
