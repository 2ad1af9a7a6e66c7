"""Seating a round at tables already chosen: a stage's placing groups or knockout tables (issue 36).

``tournament.rounds.seating.round_seat`` calls it for a round that its stage seats at tables of its own
(``tournament.stages.seating``). The same door as ``round_seat`` (a draft; the organiser's right, the round
not started, the audit entry), for tables the stage chose instead of the generator.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.access.audit import RequestMeta
from tournament.access.roles import require_organiser
from tournament.models import Round
from tournament.rounds.seating_rows import (
    WINDS,
    RoundError,
    RoundSeating,
    _audit_seated,
    _check_changeable,
    _clubs,
    _history,
    _write_tables,
)
from tournament.seating import report as seating_report


def round_seat_given(
    round_: Round, tables, *, user=None, meta: RequestMeta | None = None, method: str = "", byes=()
) -> RoundSeating:
    """Seat a round that has not started at tables already chosen (each E, S, W, N player ids): a stage's
    placing groups or knockout tables (issue 36, ``tournament.stages``). A draft, as ``round_seat``'s."""
    require_organiser(user, round_.competition)
    tables = [tuple(t) for t in tables]
    everyone = [p for t in tables for p in t]
    if not tables or any(len(t) != len(WINDS) for t in tables) or len(set(everyone)) != len(everyone):
        raise RoundError(_("Each table needs four different players, and nobody sits twice."))
    with transaction.atomic():
        locked = Round.objects.select_for_update().select_related("competition").get(pk=round_.pk)
        _check_changeable(locked)
        _write_tables(locked, tables)  # a table keeps its row and scorekeeper, a player their seat's link
        # byes: the stage's players beyond a multiple of four (issue 49)
        _audit_seated(user, locked, tables, byes, method, meta, seated_from="stage")
    report = seating_report(
        list(tables), _history(locked), clubs=_clubs(everyone, locked.competition_id), byes=tuple(byes)
    )
    return RoundSeating(locked, tuple(tables), tuple(byes), report, method, "stage")
