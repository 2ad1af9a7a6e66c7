"""Entering a player who is not one's own asks first (issue 48, items 4 and 6).

Players are league-wide: any organiser may want any player in their competition. But an entry makes the
player that competition's person too, so it froze the doors of the player's own organiser over them
(``access.roles.people_beyond``: no invitation, rename or deactivation) and let the newcomer forge their
rating with made-up results. So an organiser who enters a player beyond their reach only asks
(``entry_ask``): an ``EntryRequest`` waits until the player (their own account) or an organiser the player
is theirs (``may_decide``) accepts it (``entries.entry_request_decide``, beside the door that makes the
entry). A superuser, the operator at the command line, and an organiser reaching the player
enter them at once. Each step is audited in the competition asked for.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.access.roles import may_manage_person, people_beyond
from tournament.models import Competition, EntryRequest, Player


def needs_consent(user, player: Player) -> bool:
    """Entering ``player`` asks first: ``user`` is an organiser (not a superuser nor the operator) whom the
    player is not theirs, because the player plays or works in a competition ``user`` does not organise."""
    if user is None or not user.is_authenticated or user.is_superuser:
        return False
    return people_beyond(user)["players"].filter(pk=player.pk).exists()


def audit_request(action: str, request: EntryRequest, user, words: str, meta: RequestMeta | None) -> None:
    audit_write(
        action,
        user=user,
        competition=request.competition,
        object_type="player",
        object_id=request.player_id,
        words=words,
        args={"player": request.player.name, "competition": request.competition.name},
        data={"player": request.player_id, "request": request.pk},
        meta=meta,
    )


def entry_ask(
    competition: Competition, player: Player, *, user, meta: RequestMeta | None = None
) -> EntryRequest:
    """Ask to enter ``player`` in ``competition`` (the caller's right to the competition checked by the
    caller's door, ``entries.entry_add``). Asking again while a request waits answers that request."""
    with transaction.atomic():
        waiting = EntryRequest.objects.filter(
            competition=competition, player=player, state=EntryRequest.State.WAITING
        ).first()
        if waiting is not None:
            return waiting
        try:
            with transaction.atomic():
                request = EntryRequest.objects.create(competition=competition, player=player, asked_by=user)
        except IntegrityError:  # asked at the same moment by another request: that one waits
            return EntryRequest.objects.get(
                competition=competition, player=player, state=EntryRequest.State.WAITING
            )
        words = gettext_noop(
            "%(actor)s asked to enter %(player)s in %(competition)s: they or their organiser answer"
        )
        audit_request("entry_requested", request, user, words, meta)
    return request


def may_decide(user, request: EntryRequest) -> bool:
    """The player themself (their account), an organiser the player is theirs, or a superuser; never the
    organiser who asked (unless the player is theirs by now)."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser or (request.player.user_id is not None and request.player.user_id == user.pk):
        return True
    return may_manage_person(user, request.player)


def requests_to_decide(user) -> QuerySet[EntryRequest]:
    """The waiting requests ``user`` may answer, oldest first."""
    waiting = EntryRequest.objects.filter(state=EntryRequest.State.WAITING).select_related(
        "player", "competition", "asked_by"
    )
    if user.is_superuser:
        return waiting.order_by("asked_at", "pk")
    mine = waiting.filter(player__user=user)
    if user.organised.exists():
        beyond = people_beyond(user)["players"]
        theirs = waiting.filter(player__entries__competition__organisers=user).exclude(player__in=beyond)
        mine = mine | theirs
    return mine.distinct().order_by("asked_at", "pk")


def requests_asked(competition: Competition) -> QuerySet[EntryRequest]:
    """The competition's requests still waiting, for its organisers' players page."""
    return competition.entry_requests.filter(state=EntryRequest.State.WAITING).select_related("player")
