"""Categories of a competition's entries (issue 49): newcomers, women, seniors, or a word of the club's own
("Juniors"), so that a stage can cut one category (``Stage.category``: a newcomers' final of their own).

- ``category_names``: the categories in use in a competition and the standard ones, for the pages' lists;
- ``category_members``: each category's players, by name;
- ``entry_categories_set``: the door: put players in a category or take them out (an organiser of the
  competition; audited). A category name is at most 40 characters; a player must be entered.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.access.roles import require_organiser
from tournament.db.text import storable
from tournament.models import Competition, Entry, EntryCategory, Player
from tournament.stages.errors import StageError
from tournament.stages.services import MAX_CATEGORY
from tournament.words import word_list


def category_names(competition: Competition) -> list[tuple[str, str]]:
    """``(name, label)`` of the standard categories and those in use, standard first."""
    used = EntryCategory.objects.filter(entry__competition=competition).values_list("name", flat=True)
    own = sorted(set(used) - set(EntryCategory.STANDARD), key=str.casefold)
    return [(n, str(label)) for n, label in EntryCategory.STANDARD.items()] + [(n, n) for n in own]


def category_members(competition: Competition) -> list[tuple[str, str, list[str]]]:
    """``(name, label, player names)`` of each category with players, as the stages page lists them."""
    members: dict[str, list[str]] = {}
    rows = EntryCategory.objects.filter(entry__competition=competition).order_by("entry__player__name")
    for name, player in rows.values_list("name", "entry__player__name"):
        members.setdefault(name, []).append(player)
    return [(n, EntryCategory.label(n), members[n]) for n in sorted(members, key=str.casefold)]


def entry_categories_set(
    competition: Competition,
    name: str,
    players: Iterable[Player],
    *,
    add: bool = True,
    user=None,
    meta: RequestMeta | None = None,
) -> int:
    """Put ``players`` (entered in the competition) in the category ``name``, or take them out (``add``
    False); answers how many changed."""
    require_organiser(user, competition)
    name = (name or "").strip()
    if not name or len(name) > MAX_CATEGORY or not storable(name):
        raise StageError(_("Give the category a name of at most %(max)s characters.") % {"max": MAX_CATEGORY})
    players = list({p.pk: p for p in players}.values())
    if not players:
        raise StageError(_("Choose at least one player."))
    with transaction.atomic():
        entries = {
            e.player_id: e
            for e in Entry.objects.select_for_update().filter(competition=competition, player__in=players)
        }
        strangers = sorted(p.name for p in players if p.pk not in entries)
        if strangers:
            raise StageError(
                _("Not entered in this competition: %(names)s.") % {"names": word_list(strangers)}
            )
        if add:
            have = set(
                EntryCategory.objects.filter(entry__in=entries.values(), name=name).values_list(
                    "entry_id", flat=True
                )
            )
            made = EntryCategory.objects.bulk_create(
                EntryCategory(entry=e, name=name) for e in entries.values() if e.pk not in have
            )
            changed = len(made)
        else:
            changed, _n = EntryCategory.objects.filter(entry__in=entries.values(), name=name).delete()
        if changed:
            audit_write(
                "entry_categories_set" if add else "entry_categories_removed",
                user=user,
                competition=competition,
                object_type="competition",
                object_id=competition.pk,
                words=gettext_noop("%(actor)s put %(count)s players in the category %(category)s")
                if add
                else gettext_noop("%(actor)s took %(count)s players out of the category %(category)s"),
                args={"count": changed, "category": name},
                data={"category": name, "players": sorted(entries)},
                meta=meta,
            )
    return changed
