"""What an HTTP cache in front (nginx's proxy cache, a CDN, a browser) may keep of public reads (issue 20).

On a league night thousands of open leaderboards poll the same few pages.
The caching policy of every public read is here, as one decorator per view
(``shared(LIVE)``, ``shared(PAGE)``, ``shared(DATA)``); the views themselves
say nothing about caching.

Words used here:

- a **shared** answer is what any anonymous visitor gets for that address and
  language: ``Cache-Control: public, max-age=…, stale-while-revalidate=…``
  and a validator (``ETag``). A cache may give it to everybody.
- a **personal** request carries somebody: a session cookie (logged in, or an
  anonymous session), an ``Authorization`` header (an API token), a messages
  cookie (a notice waiting to be shown once), or it is not a GET/HEAD. Its
  answer is ``Cache-Control: private, no-store``: no cache keeps it, not even
  the browser's.
- the **validator** is made without rendering, from the standings version
  (``tournament.standings.cache.version``: it changes with every hand
  recorded or voided, every write of the stored standings, a round held or
  released, a rename, the ranking settings; and here, ``WATCHED``: any save
  of a competition, round, table, seat, player, club or entry), the path
  with its query, the language, and the time in steps of the policy's
  ``renew`` seconds (what a page shows that moves no version: "updated 5 s
  ago", a change made with ``QuerySet.update``). A
  conditional request (``If-None-Match``) carrying the current validator is
  answered 304 before the view runs: no query, no template.
- an answer served from ``standings_cache``'s memory may have been made at an
  older version (it is served up to a second past a change): its validator is
  the version it was made at (``standings_cache.served_version``), never a
  newer one, so a 304 never confirms an answer older than the current one.

nginx's own clock: nginx counts ``max-age`` in whole seconds, so ``max-age=1``
kept a copy for one to two seconds. The answers that must show a hand within
two seconds (``LIVE``, ``DATA``: ``whole_second``) also say
``X-Accel-Expires: @<this second>``: nginx keeps them to the end of the second
they were made in (half a second on average), and asks again after it (one
question a second per address, however many pollers); nginx never passes the
header on, and other caches go by ``Cache-Control``.

Held rounds: the results of a held round are shown only to its organisers,
its scorekeepers and the table's own players (``tournament.rounds.held``), who are
all logged in, so their answers are personal and private. A shared answer is
what an anonymous visitor sees, which never holds a held round's results.
Pages shared here leave out the CSRF token (``request.shared_cache``, read by
``base.html``): a token in a cached page would be another visitor's; the one
form such a page posts, the language switch, takes no token
(``tournament.project.urls``).

Only answers 200 are shared; anything else says ``no-cache``. This module
does not decide who sees what (``tournament.rounds.held``) nor keep answers in the
app's memory (``tournament.standings.cache``).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from functools import wraps

from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from tournament.standings import cache as standings_cache

PRIVATE = "private, no-store"
MESSAGES_COOKIE = "messages"  # django.contrib.messages' CookieStorage
_clock = time.time  # the tests move it on


@dataclass(frozen=True)
class Policy:
    """How long a cache may serve a shared answer without asking (``max_age``), how long past that it
    may serve it while it asks again in the background (``stale``), and how often the validator changes
    even when no version moved (``renew``); seconds."""

    max_age: int
    stale: int
    renew: int
    whole_second: bool = False  # nginx keeps it to the end of the second it was made in (``X-Accel-Expires``)


# What the open leaderboards poll (the live partials): a hand shows within a second or so.
LIVE = Policy(max_age=1, stale=10, renew=5, whole_second=True)
# The standings API: the same freshness; nothing in it moves with the clock alone.
DATA = Policy(max_age=1, stale=10, renew=60, whole_second=True)
# The sheets' marks (``views.table.marks``): a table's change seen within a second or so. Its tokens move
# with no standings version, so its validator changes every second (``renew``): nginx keeps a copy to the
# end of the second it was made in and asks afresh after it (meanwhile serving the copy it has: a late
# answer delays the sheets' next own poll, never blocks them).
MARKS = Policy(max_age=1, stale=10, renew=1, whole_second=True)
# Whole pages (a leaderboard, a round, a table, a player): read once, then followed by their partials.
PAGE = Policy(max_age=2, stale=30, renew=60)


def is_personal(request) -> bool:
    """Whether the answer may be made for somebody in particular (and must stay private)."""
    if request.method not in ("GET", "HEAD"):
        return True
    if getattr(request, "for_everyone", False):  # a polled address (``poll``): made as for nobody
        return False
    if "HTTP_AUTHORIZATION" in request.META:
        return True
    cookies = request.COOKIES
    if settings.SESSION_COOKIE_NAME in cookies or MESSAGES_COOKIE in cookies:
        return True
    user = getattr(request, "user", None)
    return user is not None and user.is_authenticated


def validator(request, at: standings_cache.Version, policy: Policy, now: float) -> str:
    """The ETag of the shared answer to ``request`` made at version ``at``."""
    raw = "|".join(
        (at.policy, at.token, str(int(now // policy.renew)), get_language() or "", request.get_full_path())
    )
    return 'W/"' + hashlib.blake2b(raw.encode(), digest_size=12).hexdigest() + '"'


def _matches(request, etag: str) -> bool:
    """``If-None-Match`` names ``etag`` (the weak comparison of RFC 9110, 13.1.2).

    A ``*`` matches only when a current representation exists (RFC 9110, 13.1.2): before the view has
    run nothing says the address exists (an unknown competition is a 404), so ``*`` is answered as if
    the header were absent, never with a shared 304.
    """
    asked = request.META.get("HTTP_IF_NONE_MATCH", "")
    if not asked:
        return False
    bare = etag.removeprefix("W/")
    return any(t.strip().removeprefix("W/") == bare for t in asked.split(","))


def _share(response, etag: str | None, policy: Policy, now: float):
    response["Cache-Control"] = f"public, max-age={policy.max_age}, stale-while-revalidate={policy.stale}"
    if policy.whole_second:
        response["X-Accel-Expires"] = f"@{int(now)}"
    if etag:
        response["ETag"] = etag
    # The language comes from the cookie or Accept-Language (LocaleMiddleware adds the latter itself).
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


# What the public pages show that no ledger write moves: a round seated, published, ended or renamed, a
# table's scorekeeper, a seat, a player's or club's name, an entry. Saving or deleting one of these
# moves the standings version too (once per transaction), so the validators change with them.
# (A change made with ``QuerySet.update`` sends no signal: ``renew`` bounds how long it goes unseen.)
WATCHED = ("Competition", "Round", "Table", "Seat", "Player", "Club", "Entry")


def _bump() -> None:
    standings_cache.bump()


def _changed(sender, **kwargs) -> None:
    if any(item[1] is _bump for item in connection.run_on_commit):
        return  # one bump for the whole transaction (an import saves thousands of rows)
    transaction.on_commit(_bump)


def watch_public_models() -> None:
    """``_changed`` on every save and delete of the ``WATCHED`` models (``TournamentConfig.ready``)."""
    for name in WATCHED:
        model = apps.get_model("tournament", name)
        post_save.connect(_changed, sender=model, dispatch_uid=f"http_cache_save_{name}")
        post_delete.connect(_changed, sender=model, dispatch_uid=f"http_cache_delete_{name}")


def shared(policy: Policy, *, also: int = 200):
    """The view's anonymous answers are shared by caches under ``policy``; everyone else's are private.

    Answers 200 are shared, and ``also`` (``poll``'s "unchanged" 204); any other status is not.
    """

    def decorate(view):
        @wraps(view)
        def answer(request, *args, **kwargs):
            if is_personal(request):
                response = view(request, *args, **kwargs)
                response["Cache-Control"] = PRIVATE
                patch_vary_headers(response, ("Cookie", "Authorization"))
                return response
            # A conditional request is a cache checking its copy: the version as it is now, not as read
            # up to half a second ago, or an "unchanged" would keep the copy for another max-age.
            at = standings_cache.version(fresh="HTTP_IF_NONE_MATCH" in request.META)
            now = _clock()
            if at is not None and _matches(request, validator(request, at, policy, now)):
                return _share(HttpResponseNotModified(), validator(request, at, policy, now), policy, now)
            request.shared_cache = True  # base.html leaves out the CSRF token
            standings_cache.served_version(reset=True)
            response = view(request, *args, **kwargs)
            if response.status_code not in (200, also) or response.cookies:
                response["Cache-Control"] = PRIVATE if response.cookies else "no-cache"
                return response
            made = standings_cache.served_version() or at
            return _share(response, validator(request, made, policy, now) if made else None, policy, now)

        return answer

    return decorate


def poll(policy: Policy, *, unchanged: int = 200):
    """A polled address (issue 50): everybody's GET gets the one shared answer an anonymous visitor gets.

    Before the view runs, ``request.user`` is nobody (``AnonymousUser``), read from no session: the
    session is never loaded, so ``SessionMiddleware`` adds no ``Vary: Cookie`` and no ``Set-Cookie``,
    and the answer (body and headers) is byte for byte the anonymous one, whoever asks, logged in or
    not. A held round's results or a draft seating are therefore never in it (a 404, as for the
    public); what is personal in a page (one's own row, "you") is the page's, loaded once, and
    re-applied after each swap by ``static/js/app.js`` (``data-me``). Staff who see more than the
    public (an organiser's held round, a scorekeeper's void buttons) poll a personal address of
    their own (``personal``). ``unchanged``: a status that says "what you hold is current"
    (the table's 204), shared as well.
    """

    def decorate(view):
        inner = shared(policy, also=unchanged)(view)

        @wraps(view)
        def answer(request, *args, **kwargs):
            if request.method in ("GET", "HEAD"):
                request.for_everyone = True
                request.user = AnonymousUser()  # the lazy session user is never read
            return inner(request, *args, **kwargs)

        return answer

    return decorate


def personal(view):
    """A personal poll (an organiser's held round, a scorekeeper's sheet): never kept by any cache."""

    @wraps(view)
    def answer(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response["Cache-Control"] = PRIVATE
        patch_vary_headers(response, ("Cookie",))
        return response

    return answer


class PrivateByDefault:
    """Answers no shared read has tagged: private when made for somebody, or reached by a secret.

    A logged-in page, an answer to an API token and any non-GET are ``is_personal``; an address
    carrying a credential (a seat's link, ``/api/v1/seats/<token>/``, an invitation, a password reset:
    a ``token`` in the URL's arguments) is somebody's even when nobody is logged in. Their answers say
    ``private, no-store`` unless the view said otherwise (``shared``, ``never_cache``): no cache in front
    keeps them, nor the browser (issue 31).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if "Cache-Control" not in response:
            match = getattr(request, "resolver_match", None)
            if is_personal(request) or (match is not None and "token" in match.kwargs):
                response["Cache-Control"] = PRIVATE
        return response
