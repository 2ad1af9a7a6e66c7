"""The scoresheet that survives venue Wi-Fi (issue 18): the installable app's manifest, its service worker,
and what a table page carries for recording offline.

Words:

- **service worker**: ``templates/offline/sw.js``, served at ``/sw.js`` (scope ``/``). It is built on
  Workbox, vendored under ``static/vendor/workbox/`` and loaded from there with ``importScripts``.
- **offline page**: a page the service worker may keep for its user and show with no connection (the
  scoresheet, my tables). The view's answer says so with the header ``X-Offline-Cache: <user id>``
  (``offline_page``); the worker keeps no other answer (never an API answer, never a page without the
  header) and drops another user's pages when it keeps one.
- **price card**: the competition's price table and the few settings that turn a doubles count into
  chips (``price_card``), sent with the page so a quick-entry hand can be priced on the phone while
  offline, marked "to be checked". It is a lookup, not a second scoring engine: a hand entered tile by
  tile waits for the server's check.

Waiting hands are sent to ``tournament.views.table.queued``; the ledger (``hand_record``) decides.
"""

from __future__ import annotations

import functools
import json
from dataclasses import asdict

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scoring.rulesets import get_ruleset
from tournament.tables.selectors import deal_rules_for

OFFLINE_HEADER = "X-Offline-Cache"

# What the worker keeps on install: the scoresheet's own files, so a page it kept opens with no connection.
APP_FILES = (
    "css/app.css",
    "css/scoresheet.css",
    "css/tiles.css",
    "css/confirm.css",
    "vendor/htmx.min.js",
    "vendor/idb-keyval.umd.js",
    "js/app.js",
    "js/scoresheet.js",
    "js/tile-picker.js",
    "js/offline.js",
    "js/offline-entry.js",
    "js/offline-sheet.js",
    "js/table-marks.js",
    "img/logo.svg",
)


@require_safe
def manifest(request):
    """The web app manifest: installable on a phone's home screen, opening on the user's tables."""
    data = {
        "name": _("Mahjong League"),
        "short_name": _("Mahjong"),
        "description": _("Keep score at the table, with or without a connection."),
        "start_url": reverse("table:mine"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": "#0b6e4f",
        # The logo drawn at the sizes an install asks for (rendered from img/logo.svg by Chromium).
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("img/logo.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_safe
@never_cache  # a new worker is picked up at the next visit, never one from a stale cache
def service_worker(request):
    config = {
        "workbox": [static(f"vendor/workbox/workbox-{m}.prod.js") for m in ("core", "routing", "strategies")],
        "appFiles": [static(name) for name in APP_FILES],
        "staticPrefix": settings.STATIC_URL,  # static("") has no manifest entry in production
        "header": OFFLINE_HEADER,
        "pages": [r"^/tables/mine/$", r"^/tables/\d+/$"],
    }
    context = {"config": json.dumps(config)}
    response = render(request, "offline/sw.js", context, content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


def offline_page(view):
    """Mark a page's full answer as one the worker may keep, for the signed-in user only."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        user = request.user
        if (
            isinstance(response, HttpResponse)
            and response.status_code == 200
            and user.is_authenticated
            and request.headers.get("HX-Request") != "true"
        ):
            response[OFFLINE_HEADER] = str(user.pk)
            response["Cache-Control"] = (
                "private, no-store"  # the worker keeps it in its own cache; no HTTP cache does
            )
        return response

    return wrapped


def price_card(table) -> dict:
    """The competition's prices, as the phone needs them to price a doubles count offline."""
    competition = table.round.competition
    rules = get_ruleset(competition.rules, competition.options or None)
    return {
        "price_table": [list(row) for row in rules["price_table"]],
        "limit_doubles": rules["limit_doubles"],
        "limit_price": list(rules["limit_price"]),
        "ping_hu_price": list(rules["ping_hu_price"]) if rules.get("ping_hu_price") else None,
        "ping_hu_doubles": rules.get("ping_hu_doubles"),
        "min_doubles": rules["min_doubles"],
        "shooter_pays_all": bool(rules["shooter_pays_all"]),
        "limit_all_pay_full": bool(rules["limit_all_pay_full"]),
        "thirteen_all_pay_full": "thirteen_wonders" in rules["all_pay_full_hands"],
        # when the deal passes (tables.state.DealRules): the header shows where the waiting hands lead
        "deal": asdict(deal_rules_for(table)),
    }
