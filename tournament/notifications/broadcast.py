"""An organiser's message to a competition (issue 34): the door ``competition_broadcast``.

To everyone playing in the competition, or to those who have not answered for the next round. Only an
organiser of the competition; audited with its text. "Not answered" needs the season's replies (issue 33).

At most ``NOTIFY_BROADCASTS_PER_DAY`` in 24 hours, counted three ways from the stored broadcasts (issue 48:
an organiser who made competitions with another's players sent the limit from each): per competition,
per sender (whatever their competitions), and per recipient (a player who had the day's limit from any
competitions is left out of the next one, and the organiser is told how many were). The counts are made
under the locks of the competition, the sender and the recipients, so two at once cannot pass one.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_competition
from tournament.access.roles import require_organiser
from tournament.models import Broadcast, Competition, Entry, Player
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
    by = user if user is not None and user.is_authenticated else None
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
        if by is not None:
            get_user_model().objects.select_for_update().get(pk=by.pk)
            if Broadcast.objects.filter(sent_by=by, at__gte=since).count() >= limit:
                raise BroadcastRefused(
                    _(
                        "At most %(n)s messages a day from one organiser, in all competitions: "
                        "try again tomorrow."
                    )
                    % {"n": limit},
                    status=429,
                )
        if Broadcast.objects.filter(
            competition=competition, audience=audience, text=text, at__gte=timezone.now() - REPEAT_WINDOW
        ).exists():
            raise BroadcastRefused(
                _("This message has just been sent to them: it is not sent twice."), status=409
            )
        players, held_back = within_their_limit(broadcast_players(competition, audience), since, limit)
        broadcast = Broadcast.objects.create(
            competition=competition,
            audience=audience,
            text=text,
            sent_by=by,
            recipients=len(players),
            players=players,
            held_back=held_back,
        )
        audit_competition(
            "message_broadcast",
            user,
            competition,
            gettext_noop("%(actor)s sent a message to %(count)s players of %(competition)s: %(text)s"),
            meta,
            args={"count": len(players), "text": text[:200]},
            data={"audience": audience, "broadcast": broadcast.pk, "held_back": held_back},
            object_type="broadcast",
            object_id=broadcast.pk,
        )
        events.broadcast_made(broadcast.pk)
    return broadcast


def within_their_limit(players: list[int], since, limit: int) -> tuple[list[int], int]:
    """The players still under the day's limit of broadcasts from all competitions, and how many are not.

    Their rows are locked first (in id order) so that two competitions' broadcasts count one after the
    other. Counted from the stored players of the day's broadcasts of their competitions (a broadcast
    sent before the players were kept counts for every player entered in its competition).
    """
    if not players:
        return [], 0
    list(Player.objects.select_for_update().filter(pk__in=players).order_by("pk").values_list("pk"))
    received: Counter = Counter()
    entered = Entry.objects.filter(player_id__in=players).values("competition_id")
    recent = Broadcast.objects.filter(at__gte=since, competition__in=entered)
    for competition_id, kept in recent.values_list("competition_id", "players"):
        if kept is None:
            kept = Entry.objects.filter(competition_id=competition_id).values_list("player_id", flat=True)
        received.update(set(kept) & set(players))
    under = [p for p in players if received[p] < limit]
    return under, len(players) - len(under)
