"""A table's polls (issue 50): the public ``live`` (everybody's answer) and the personal ``live_mine`` (a
scorekeeper's sheet, a held table's players), each 204 while the table's version is the one the page holds.
A scorekeeper's sheet of an open round asks ``live_mine`` only when its table's mark moved
(``views.table.marks``); its answer is the state and the hands, never the entry form.
"""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournament.project.http_cache import LIVE, personal, poll
from tournament.tables import live_mark
from tournament.views.table.scoresheet import _check_visible, _context, _digits, _table
from tournament.views.table.sheet_words import moved_on_text
from tournament.views.table.version import table_version


@require_safe
@poll(LIVE, unchanged=204)
def live(request, table_id: int):
    """The table's state and hand list, for htmx polling: 204 when nothing changed; everybody's answer is
    the anonymous one (issue 50): a held round's table is a 404 here, whoever asks."""
    return _live(request, table_id)


@require_safe
@personal
def live_mine(request, table_id: int):
    """The scorekeeper's (void buttons) or a held table's poll: personal; 204 on its version, unrendered."""
    return _live(request, table_id)


def _live(request, table_id: int):
    at = live_mark.generation(table_id)  # before the rows: a change meanwhile makes the mark match nothing
    table = _table(table_id)
    _check_visible(request, table)
    sent = live_mark.opaque(table.pk, table_version(table))
    live_mark.remember(table.pk, at, sent)  # the next unchanged poll is answered before the session
    if request.GET.get("v") == sent:
        return live_mark.unchanged_answer(at)
    context = _context(request, table, version=sent, live=True) | {"mark": live_mark.token(at)}
    expected = request.GET.get("expected", "")
    if _digits(expected) and "expected_number" in context:
        context["expected_number"] = int(expected)  # the number of the form on that page, untouched
        if int(expected) != context["state"].hand_number:
            context["moved_on"] = moved_on_text(int(expected), context["state"].hand_number)
    return render(request, "table/_live.html", context)
