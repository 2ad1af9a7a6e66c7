"""An organiser's message to a competition (issue 34): the door ``competition_broadcast``.

To everyone playing in the competition, or to those who have not answered for the next round. Only an
organiser of the competition; at most ``NOTIFY_BROADCASTS_PER_DAY`` a day per competition (counted from
the stored broadcasts, under the competition's lock); audited with its text. "Not answered" needs the
season's replies (issue 33): until they are merged, everyone playing has not answered.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_competition
from tournament.access.roles import require_organiser
from tournament.models import Broadcast, Competition
from tournament.notifications import events
from tournament.notifications.recipients import broadcast_players

MAX_TEXT = 1000
REPEAT_WINDOW = timedelta(minutes=10)  # the same message again within it is a replay (a double tap), not sent


class BroadcastRefused(Exception):
    """The message cannot be sent now; the text says why (``status``: 429 over the day's limit, 409 the same
    message again within minutes, else 400)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def competition_broadcast(
    competition: Competition, *, text: str, audience: str, user=None, meta: RequestMeta | None = None
) -> Broadcast:
    require_organiser(user, competition)
    text = (text or "").strip()
    if not text:
        raise BroadcastRefused(_("Write the message."))
    if len(text) > MAX_TEXT:
        raise BroadcastRefused(_("Write at most %(max)s characters.") % {"max": MAX_TEXT})
    if audience not in Broadcast.Audience.values:
        raise BroadcastRefused(_("Choose who the message is for."))
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=competition.pk)  # one count at a time
        since = timezone.now() - timedelta(days=1)
        limit = settings.NOTIFY_BROADCASTS_PER_DAY
        if Broadcast.objects.filter(competition=competition, at__gte=since).count() >= limit:
            raise BroadcastRefused(
                _("At most %(n)s messages to the whole competition a day: try again tomorrow.")
                % {"n": limit},
                status=429,
            )
        if Broadcast.objects.filter(
            competition=competition, audience=audience, text=text, at__gte=timezone.now() - REPEAT_WINDOW
        ).exists():
            raise BroadcastRefused(
                _("This message has just been sent to them: it is not sent twice."), status=409
            )
        players = broadcast_players(competition, audience)
        by = user if user is not None and user.is_authenticated else None
        broadcast = Broadcast.objects.create(
            competition=competition, audience=audience, text=text, sent_by=by, recipients=len(players)
        )
        audit_competition(
            "message_broadcast",
            user,
            competition,
            gettext_noop("%(actor)s sent a message to %(count)s players of %(competition)s: %(text)s"),
            meta,
            args={"count": len(players), "text": text[:200]},
            data={"audience": audience, "broadcast": broadcast.pk},
            object_type="broadcast",
            object_id=broadcast.pk,
        )
        events.broadcast_made(broadcast.pk)
    return broadcast
