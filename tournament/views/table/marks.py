"""The sheets' shared poll (issue 50): which tables changed, for ``SPAN`` tables at once.

Every open scoresheet of a round whose results are everybody's asks this every 3 s
(``static/js/table-marks.js``) instead of its personal ``live/mine/``: the answer is everybody's (no
session read, nothing personal), so nginx keeps one copy a second for all the sheets of those tables,
and a sheet asks its own address only when its table's token moved. ``tournament.tables.live_mark``
says what a token is; ``tournament.rounds.held.open_tables`` which tables are named.
"""

from __future__ import annotations

import logging

from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournament.forms import ID_MAX
from tournament.models import Table
from tournament.project.http_cache import MARKS, poll
from tournament.rounds.held import open_tables
from tournament.tables import live_mark

log = logging.getLogger(__name__)


@require_safe
@poll(MARKS)
def marks(request, part: int):
    ids = live_mark.part_range(part)
    if ids.start > ID_MAX:  # past a 64-bit key: no such tables (a 404, never the database's overflow)
        raise Http404(_("No such tables."))
    # unordered: Table's own ordering joins the competition to sort what ``tokens`` sorts by id anyway
    tables = open_tables(Table.objects.filter(pk__gte=ids.start, pk__lt=min(ids.stop, ID_MAX)).order_by())
    try:
        found = live_mark.tokens(tables.values_list("pk", flat=True))
    except Exception as exc:  # the cache out of reach: no table named, each sheet polls its own address
        log.warning("table marks unavailable (%s)", exc)  # (a 200: nginx would serve an error a stale copy)
        found = {}
    return JsonResponse({"span": live_mark.SPAN, "marks": {str(pk): mark for pk, mark in found.items()}})
