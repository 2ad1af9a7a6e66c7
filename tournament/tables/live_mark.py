"""A table's sheet poll answered "unchanged" before the session or any query is read (issue 50).

Every scorekeeper's sheet polls its table's personal ``/tables/<id>/live/mine/?v=…`` every few seconds
(2,500 sheets on a national night: 830 requests a second). Nearly every poll finds nothing changed.
The version the poll carries (``v``) is made from the database (``table_version``: hands, voids,
answers, checks, the round's state and clock, the table's end), which costs the queries and the whole
middleware stack; here the same answer comes from the cache (Redis in production) in one round trip:

- each table has a **generation** in the cache, a random token set anew when anything that moves the
  table's version is written, and again when it is committed (``changed``: signals on the models
  below, and the doors that write them with raw SQL, ``QuerySet.update`` or ``bulk_create``, which
  send none: a hand's INSERT, the round started by its first hand, a late arrival's seat);
- the poll's slow path reads the generation *before* it reads the database, and keeps the **mark**
  ``<generation>|<version sent>``: a change committed meanwhile has set a new generation, so a mark made
  from older rows never matches;
- ``UnchangedSheet`` (a middleware before the session's) answers 204 when the poll's ``v`` is the mark
  of the table's current generation, else passes the request on to the view.

The sheet of a table whose results are everybody's does not even ask that: it polls its tables' **marks**
(``/tables/marks/<part>/``: each table's generation, as a short public token, for ``SPAN`` tables at
once), one shared answer that nginx keeps for a second whoever asks, and asks its personal address only
when its table's token is not the one its state was made at (``static/js/table-marks.js``). A token
says only that something changed at a table whose live state anybody may follow; a held round's or a
draft's tables are not in it (``tournament.rounds.held.open_tables``), and their sheets poll as above.

The version sent is opaque (a keyed hash of the table and its version): a 204 confirms only a token
the person was given by a page they could see, and tells nobody the counts it is made from. A mark
expires after ``KEEP_SECONDS``; a change whose generation could not be written (the cache out of reach
for a moment) is then seen at the latest that much later. With the cache down nothing is answered
here: every poll takes the long way.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers

log = logging.getLogger(__name__)

KEEP_SECONDS = 120
SHEET_SECONDS = 3  # how often a table's page polls (templates/table/_state.html, static/js/table-marks.js)
SPAN = 32  # tables a marks answer names (ids part * SPAN to part * SPAN + SPAN - 1)
MARK_HEADER = "X-Table-Mark"  # a sheet's poll answer: the token of the generation its state was made at
_GEN = "table-gen:%d"
_MARK = "table-mark:%d"
_PATH = re.compile(r"/tables/([0-9]{1,18})/live/mine/")  # fullmatch: no trailing newline


def opaque(table_id: int, version: str) -> str:
    """What the page is given for ``version``: the same for the same table and version, and nothing
    learnt from it."""
    key = f"{settings.SECRET_KEY}:table-live".encode()
    return hmac.new(key, f"{table_id}:{version}".encode(), hashlib.sha256).hexdigest()[:24]


def generation(table_id: int) -> str | None:
    """The table's generation now (started if the cache has none), or None with the cache out of reach.
    Read before the rows the version is made from."""
    try:
        found = cache.get(_GEN % table_id)
        return found if found is not None else _start(table_id)
    except Exception:  # Redis down: no mark, the poll is answered from the database
        return None


def token(at: str | None) -> str:
    """The public token of a generation ("" for none): the same for the same generation, and short."""
    return hashlib.blake2b(at.encode(), digest_size=8).hexdigest() if at else ""


def part_of(table_id: int) -> int:
    """Which marks answer (``/tables/marks/<part>/``) names ``table_id``."""
    return table_id // SPAN


def marks_url(table) -> str:
    """The marks answer a sheet of ``table`` polls."""
    from django.urls import reverse

    return reverse("table:marks", args=[part_of(table.pk)])


def part_range(part: int) -> range:
    return range(part * SPAN, (part + 1) * SPAN)


def tokens(table_ids) -> dict[int, str]:
    """Each table's generation now as a public token (started where the cache has none); raises when the
    cache is out of reach (the marks answer then names no table, and the sheets poll their own address)."""
    ids = sorted({int(pk) for pk in table_ids})
    found = cache.get_many([_GEN % pk for pk in ids])
    return {pk: token(found.get(_GEN % pk) or _start(pk)) for pk in ids}


def _start(table_id: int) -> str:
    """A first generation for a table the cache has none of (expired, or never started); another
    process's, if it started one first."""
    start = uuid.uuid4().hex
    return start if cache.add(_GEN % table_id, start, KEEP_SECONDS) else cache.get(_GEN % table_id)


def remember(table_id: int, at: str | None, sent: str) -> None:
    """``sent`` (opaque) is the table's version as of generation ``at``."""
    if at is None:
        return
    try:
        cache.set(_MARK % table_id, f"{at}|{sent}", KEEP_SECONDS)
    except Exception:
        pass


def unchanged(table_id: int, sent: str) -> str | None:
    """The table's current generation when ``sent`` is its mark (nothing moved since it was made), else
    None."""
    try:
        found = cache.get_many([_GEN % table_id, _MARK % table_id])
    except Exception:
        return None
    at, mark = found.get(_GEN % table_id), found.get(_MARK % table_id)
    return at if at is not None and mark == f"{at}|{sent}" else None


def changed(table_ids) -> None:
    """A new generation for each table, now and again on commit: its marks match no poll. (A poll
    answered between the two reads the rows as they were, and keeps its mark under the first; the
    commit's moves past it.)"""
    ids = sorted({int(pk) for pk in table_ids if pk is not None})
    if not ids:
        return
    if transaction.get_connection().in_atomic_block:
        _new_generations(ids)
    transaction.on_commit(lambda: _new_generations(ids))


def round_changed(round_id: int | None) -> None:
    """Every table of the round (its state, its clock, its results held or released)."""
    if round_id is None:
        return
    from tournament.models import Table

    changed(Table.objects.filter(round_id=round_id).values_list("pk", flat=True))


def _new_generations(ids: list[int]) -> None:
    try:
        cache.set_many({_GEN % pk: uuid.uuid4().hex for pk in ids}, KEEP_SECONDS)
    except Exception as exc:  # seen within KEEP_SECONDS, when the marks expire
        log.warning("table generations not moved for %d tables (%s)", len(ids), exc)


def unchanged_answer(at: str | None) -> HttpResponse:
    """204: the state the poll holds is current; with the token of the generation it is current at, which
    the sheet compares with its table's marks from then on."""
    response = HttpResponse(status=204)
    if at:
        response[MARK_HEADER] = token(at)
    return response


class UnchangedSheet:
    """``GET /tables/<id>/live/mine/?v=<mark>`` with nothing changed: 204, private, before the session,
    the user or any query (the sheet's poll, ``tournament.views.table.live.live_mine``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in ("GET", "HEAD"):
            found = _PATH.fullmatch(request.path_info)
            sent = request.GET.get("v", "") if found else ""
            at = unchanged(int(found[1]), sent) if sent else None
            if at is not None:
                response = unchanged_answer(at)
                response["Cache-Control"] = "private, no-store"
                patch_vary_headers(response, ("Cookie",))
                return response
        return self.get_response(request)


# ------------------------------------------------------------------ what moves a table's version


def _hand_table(model, instance) -> None:  # a hand, a seat, a count: each names its table
    changed([instance.table_id])


def _via_hand(model, instance) -> None:
    from tournament.models import Hand

    if model.hand.is_cached(instance):  # the ledger's and the answers' doors: no query
        changed([instance.hand.table_id])
    else:
        changed(Hand.objects.filter(pk=instance.hand_id).values_list("table_id", flat=True))


def _table(model, instance) -> None:
    changed([instance.pk])


def _round(model, instance) -> None:
    round_changed(instance.pk)


# model name -> which tables a save or delete of it moves (a hand's own INSERT is raw SQL: the ledger
# calls ``changed`` itself, as the doors that write with ``QuerySet.update`` or ``bulk_create`` do)
_WATCHED = {
    "Hand": _hand_table,
    "HandVoid": _via_hand,
    "HandAnswer": _via_hand,
    "HandCheck": _via_hand,
    "Seat": _hand_table,
    "ChipCount": _hand_table,
    "Table": _table,
    "Round": _round,
}


def _moved(sender, instance, **kwargs) -> None:
    if kwargs.get("raw"):  # fixtures loading
        return
    _WATCHED[sender.__name__](sender, instance)


def watch_tables() -> None:
    """``_moved`` on every save and delete of the models a table's version is made from
    (``TournamentConfig.ready``)."""
    from django.apps import apps

    for name in _WATCHED:
        model = apps.get_model("tournament", name)
        post_save.connect(_moved, sender=model, dispatch_uid=f"live_mark_save_{name}")
        post_delete.connect(_moved, sender=model, dispatch_uid=f"live_mark_delete_{name}")
