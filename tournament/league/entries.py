"""Players entered in a competition: entered, withdrawn, substituted, one door per change.

Entries are never deleted: a withdrawal sets ``Entry.status`` and ``withdrawn_at``; a substitute is a
new entry pointing at the one it replaces (``substitute_for``), so past tables and results keep their
players. Each door writes its audit entry; the standings follow a withdrawal or a substitution.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_entry
from tournament.league.consent import audit_request, entry_ask, may_decide, needs_consent
from tournament.models import Competition, Entry, EntryRequest, Player
from tournament.standings.queue import queue_standings_recompute


def entry_add(
    competition: Competition,
    player: Player,
    *,
    user,
    registered: bool = False,
    meta: RequestMeta | None = None,
    consented: bool = False,
) -> Entry | EntryRequest:
    """Enter ``player`` in ``competition`` (``registered``: the player was registered just now).

    A player who is not the caller's (``consent.needs_consent``) is only asked for: the answer is then
    the waiting ``EntryRequest``, and the entry is made when the player or their organiser agrees
    (``consented``: this call is that agreement's).
    """
    if not consented and not registered and needs_consent(user, player):
        return entry_ask(competition, player, user=user, meta=meta)
    with transaction.atomic():
        entry = Entry.objects.create(competition=competition, player=player)
        if registered:
            words = gettext_noop("%(actor)s registered %(player)s and entered them in %(competition)s")
        else:
            words = gettext_noop("%(actor)s entered %(player)s in %(competition)s")
        audit_entry(
            "player_added" if registered else "player_entered", user, entry, words, meta, player=player.pk
        )
        if competition.rounds.filter(tables__isnull=False).exists():  # entered after play began: listed
            queue_standings_recompute(competition.pk)  # at once, not at the next full recompute (issue 49)
    return entry


def entry_withdraw(entry: Entry, *, user, meta: RequestMeta | None = None) -> Entry:
    """Withdraw a player from the competition from now on; their entry and past tables stay."""
    with transaction.atomic():
        locked = Entry.objects.select_for_update().select_related("player", "competition").get(pk=entry.pk)
        if locked.status == Entry.Status.WITHDRAWN:
            return locked
        locked.status = Entry.Status.WITHDRAWN
        locked.withdrawn_at = timezone.now()
        locked.save(update_fields=["status", "withdrawn_at"])
        words = gettext_noop("%(actor)s withdrew %(player)s from %(competition)s")
        audit_entry("entry_withdrawn", user, locked, words, meta, player=locked.player_id)
        queue_standings_recompute(locked.competition_id)  # withdrawn players rank as the organiser set
    return locked


def entry_substitute(entry: Entry, player: Player, *, user, meta: RequestMeta | None = None) -> Entry:
    """``player`` takes the place of ``entry`` (withdrawn now if it was still playing): a new entry. A player
    who is not the caller's is entered as themself first, once they or their organiser agree."""
    if needs_consent(user, player):
        raise PermissionDenied(
            _(
                "%(name)s also plays or works in a competition you do not organise: enter them first "
                "(they or their organiser agree), then they can take this place."
            )
            % {"name": player.name}
        )
    with transaction.atomic():
        original = entry_withdraw(entry, user=user, meta=meta)
        new = Entry.objects.create(competition=original.competition, player=player, substitute_for=original)
        words = gettext_noop("%(actor)s entered %(player)s in place of %(replaced)s in %(competition)s")
        audit_entry(
            "entry_substituted",
            user,
            new,
            words,
            meta,
            player=player.pk,
            replaces=original.player_id,
            replaced=original.player.name,
        )
        queue_standings_recompute(new.competition_id)
    return new


def entry_reinstate(entry: Entry, *, user, meta: RequestMeta | None = None) -> Entry:
    """A withdrawn player plays again from now on."""
    with transaction.atomic():
        locked = Entry.objects.select_for_update().select_related("player", "competition").get(pk=entry.pk)
        if locked.status == Entry.Status.ACTIVE:
            return locked
        locked.status, locked.withdrawn_at = Entry.Status.ACTIVE, None
        locked.save(update_fields=["status", "withdrawn_at"])
        words = gettext_noop("%(actor)s reinstated %(player)s in %(competition)s")
        audit_entry("entry_reinstated", user, locked, words, meta, player=locked.player_id)
        queue_standings_recompute(locked.competition_id)
    return locked


def entries_set(
    competition: Competition, players: list[Player], *, user, meta: RequestMeta | None = None
) -> None:
    """Make ``players`` the competition's active entries (the API's ``players``): enter, reinstate,
    withdraw, each through its door; delete nothing."""
    wanted = {p.pk: p for p in players}
    with transaction.atomic():
        entries = {e.player_id: e for e in Entry.objects.select_for_update().filter(competition=competition)}
        for pid in sorted(set(wanted) - set(entries)):
            entry_add(competition, wanted[pid], user=user, meta=meta)
        for pid, entry in sorted(entries.items()):
            if pid in wanted and entry.status == Entry.Status.WITHDRAWN:
                entry_reinstate(entry, user=user, meta=meta)
            elif pid not in wanted and entry.status == Entry.Status.ACTIVE:
                entry_withdraw(entry, user=user, meta=meta)
    competition._prefetched_objects_cache = {}  # the answer shows the entries as they are now


class RequestRefused(Exception):
    """The request cannot be answered now: it was answered already."""


def entry_request_decide(
    request: EntryRequest, *, accept: bool, user, meta: RequestMeta | None = None
) -> EntryRequest:
    """Accept (the entry is made) or decline a waiting request."""
    with transaction.atomic():
        locked = (
            EntryRequest.objects.select_for_update()
            .select_related("player", "competition")
            .get(pk=request.pk)
        )
        if locked.state != EntryRequest.State.WAITING:  # first: once accepted, its decider may reach no more
            raise RequestRefused(_("This request has been answered already."))
        if not may_decide(user, locked):
            raise PermissionDenied(_("Only the player, or an organiser of theirs, answers this request."))
        locked.state = EntryRequest.State.ACCEPTED if accept else EntryRequest.State.DECLINED
        locked.decided_by, locked.decided_at = user, timezone.now()
        locked.save(update_fields=["state", "decided_by", "decided_at"])
        if accept:
            words = gettext_noop("%(actor)s agreed that %(player)s be entered in %(competition)s")
            audit_request("entry_request_accepted", locked, user, words, meta)
            if not Entry.objects.filter(competition=locked.competition, player=locked.player).exists():
                entry_add(locked.competition, locked.player, user=locked.asked_by, meta=meta, consented=True)
        else:
            words = gettext_noop("%(actor)s declined that %(player)s be entered in %(competition)s")
            audit_request("entry_request_declined", locked, user, words, meta)
    return locked
