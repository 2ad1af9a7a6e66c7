"""Importing players from a CSV file: check every row, preview, then import all or nothing.

Words used here:

- the **file** is a spreadsheet saved as CSV with the columns *name*, *club*
  and *registration number* (in that order when it has no header row; any
  order when the first row names the columns). Commas, semicolons or tabs
  separate the cells; the text must be UTF-8 (Excel's "CSV UTF-8") or UTF-16
  with its byte-order mark.
- a **row** is one player of the file, known by its line number so the
  organiser can find it in the spreadsheet;
- a **problem** is what stops a row (or the whole file) being imported: a
  missing name or registration number, a registration number twice in the
  file or already registered to someone with another name, a club that does
  not exist (unless the organiser asks to create missing clubs), text that is
  not UTF-8;
- a row whose registration number is already registered *to the same name* is
  the **existing** player: nothing is created, and the player is entered into
  the competition like the new ones.

``read_csv`` and ``check_rows`` are pure (no database): the first turns bytes
into rows, the second judges rows against what is registered. ``players_preview``
loads what is registered and answers the preview; ``players_import`` writes,
in one transaction, only when the preview has no problem at all, and raises
``ImportRejected`` (carrying the preview) otherwise. Nothing here deletes or
changes an existing player.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.league.players_csv import (
    ImportPreview,
    RawRow,
    check_rows,
    normal_key,
    read_csv,
)


@dataclass(frozen=True)
class ImportResult:
    created: tuple = ()  # Player rows made
    existing: tuple = ()  # Player rows already registered (same number, same name)
    clubs_created: tuple = ()  # Club rows made
    entered: int = 0  # entries made in the competition (0 without a competition)
    asked: int = 0  # players of other organisers' competitions asked for (``league.consent``), not entered


class ImportRejected(Exception):
    """The file has problems: nothing was imported. ``preview`` says what and where."""

    def __init__(self, preview: ImportPreview):
        self.preview = preview
        count = preview.problem_rows + len(preview.file_problems)
        super().__init__(f"{count} problem(s): nothing imported")


# ------------------------------------------------------------ the database bridge


def _club_index() -> dict[str, str]:
    from tournament.models import Club

    index: dict[str, str] = {}
    for name, short in Club.objects.values_list("name", "short_name"):
        index[normal_key(name)] = name
        if short:
            index.setdefault(normal_key(short), name)
    return index


def _registered(raw: list[RawRow]) -> dict[str, str]:
    from django.db.models.functions import Upper

    from tournament.models import Player

    wanted = {r.registration_no.upper() for r in raw if r.registration_no}
    found = (
        Player.objects.annotate(reg=Upper("registration_no"))
        .filter(reg__in=wanted)
        .values_list("reg", "name")
    )
    return dict(found)


def _namesakes(raw: list[RawRow]) -> dict[str, list[tuple[str, str, str]]]:
    """Players registered under the file's names (any number): likely duplicates (issue 32)."""
    from django.db.models.functions import Upper

    from tournament.models import Player

    wanted = {r.name.upper() for r in raw if r.name}
    found: dict[str, list[tuple[str, str, str]]] = {}
    rows = (
        Player.objects.annotate(upper=Upper("name"))
        .filter(upper__in=wanted)
        .order_by("registration_no")
        .values_list("registration_no", "name", "club__name")
    )
    for reg, name, club in rows:
        found.setdefault(normal_key(name), []).append((reg, name, club or ""))
    return found


def players_preview(
    data: bytes, *, create_clubs: bool = False, choices: dict[int, str] | None = None
) -> ImportPreview:
    """Every row of the file with its problems, judged against the database; writes nothing."""
    raw, file_problems = read_csv(data)
    return check_rows(
        raw,
        registered=_registered(raw),
        clubs=_club_index(),
        create_clubs=create_clubs,
        file_problems=file_problems,
        namesakes=_namesakes(raw),
        choices=choices,
    )


def players_import(
    data: bytes,
    *,
    create_clubs: bool = False,
    competition=None,
    user=None,
    meta: RequestMeta | None = None,
    choices: dict[int, str] | None = None,
) -> ImportResult:
    """Import every player of the file (and enter them in ``competition``), or nothing.

    Raises ``ImportRejected`` when any row or the file has a problem, or a likely
    duplicate waits for the organiser's choice (``choices``: line → "new" or the
    registered player's number).
    """
    from django.db import IntegrityError, transaction

    from tournament.models import Club, Entry, Player

    try:
        with transaction.atomic():
            preview = players_preview(data, create_clubs=create_clubs, choices=choices)
            if not preview.ok:
                raise ImportRejected(preview)
            clubs_created = [Club.objects.create(name=name) for name in preview.clubs_to_create]
            clubs = {normal_key(c.name): c for c in Club.objects.all()}
            for club in Club.objects.exclude(short_name=""):
                clubs.setdefault(normal_key(club.short_name), club)
            created, existing = [], []
            for row in preview.rows:
                if row.action == "existing":
                    number = row.use_registration_no or row.registration_no
                    existing.append(Player.objects.get(registration_no__iexact=number))
                    continue
                created.append(
                    Player.objects.create(
                        name=row.name,
                        club=clubs[normal_key(row.club)] if row.club else None,
                        registration_no=row.registration_no,
                    )
                )
            entered, asked = 0, 0
            if competition is not None:
                from tournament.league.consent import entry_ask, needs_consent

                for player in [*created, *existing]:
                    if player in existing and needs_consent(user, player):  # not theirs: asked (issue 48)
                        if not Entry.objects.filter(competition=competition, player=player).exists():
                            entry_ask(competition, player, user=user, meta=meta)
                            asked += 1
                        continue
                    _, made = Entry.objects.get_or_create(competition=competition, player=player)
                    entered += made
            audit_write(
                "players_imported",
                user=user,
                competition=competition,
                object_type="player",
                object_id=None,
                words=gettext_noop(
                    "%(actor)s imported a CSV file of players: %(created)s registered, %(entered)s entered"
                ),
                args={"created": len(created), "entered": entered},
                meta=meta,
                data={
                    "created": [p.pk for p in created],
                    "existing": [p.pk for p in existing],
                    "clubs_created": [c.pk for c in clubs_created],
                    "entered": entered,
                    "asked": asked,
                },
            )
    except IntegrityError:
        # Someone registered one of these numbers between the check and the write: check again.
        raise ImportRejected(players_preview(data, create_clubs=create_clubs, choices=choices)) from None
    return ImportResult(tuple(created), tuple(existing), tuple(clubs_created), entered, asked)
