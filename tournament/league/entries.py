"""Players entered in a competition: entered, withdrawn, substituted, one door per change.

Entries are never deleted: a withdrawal sets ``Entry.status`` and ``withdrawn_at``; a substitute is a
new entry pointing at the one it replaces (``substitute_for``), so past tables and results keep their
players. Each door writes its audit entry; the standings follow a withdrawal or a substitution.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_entry
from tournament.models import Competition, Entry, Player
from tournament.standings.queue import queue_standings_recompute


def entry_add(
    competition: Competition,
    player: Player,
    *,
    user,
    registered: bool = False,
    meta: RequestMeta | None = None,
) -> Entry:
    """Enter ``player`` in ``competition`` (``registered``: the player was registered just now)."""
    with transaction.atomic():
        entry = Entry.objects.create(competition=competition, player=player)
        if registered:
            words = gettext_noop("%(actor)s registered %(player)s and entered them in %(competition)s")
        else:
            words = gettext_noop("%(actor)s entered %(player)s in %(competition)s")
        audit_entry(
            "player_added" if registered else "player_entered", user, entry, words, meta, player=player.pk
        )
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
    """``player`` takes the place of ``entry`` (withdrawn now if it was still playing): a new entry."""
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
