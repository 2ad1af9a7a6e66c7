"""The door of the big screen's message line (issue 36): one change, checked, audited."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.access.roles import require_organiser
from tournament.db.text import storable
from tournament.models import Competition
from tournament.screen.models import MAX_MESSAGE, Screen
from tournament.standings import cache as standings_cache


class ScreenError(ValueError):
    """A message the screen cannot show: the sentence says why."""


def clean_message(message) -> str:
    """The message as shown: one line, spaces tidied; refused when too long or not text (pure)."""
    if message is None:
        return ""
    if not isinstance(message, str):
        raise ScreenError(_("The message must be text."))
    if not storable(message):  # a NUL or a lone surrogate (tournament.db.text)
        raise ScreenError(_("The message must be text."))
    line = " ".join(message.split())
    if len(line) > MAX_MESSAGE:
        raise ScreenError(_("Keep the message to %(max)s characters.") % {"max": MAX_MESSAGE})
    return line


def screen_message_set(
    competition: Competition, *, message: str, user=None, meta: RequestMeta | None = None
) -> Screen:
    """Set (or, empty, clear) the message line of the competition's big screen."""
    require_organiser(user, competition)
    line = clean_message(message)
    with transaction.atomic():
        screen, _created = Screen.objects.select_for_update().get_or_create(competition=competition)
        if screen.message == line:
            return screen
        screen.message = line
        screen.save(update_fields=["message", "changed_at"])
        words = (
            gettext_noop("%(actor)s set the big screen's message: %(message)s")
            if line
            else gettext_noop("%(actor)s cleared the big screen's message")
        )
        audit_write(
            "screen_message_set",
            user=user,
            competition=competition,
            object_type="competition",
            object_id=competition.pk,
            words=words,
            args={"message": line},
            data={"message": line},
            meta=meta,
        )
        standings_cache.bump_on_commit()  # the screen's kept answers and caches' validators move
    return screen
