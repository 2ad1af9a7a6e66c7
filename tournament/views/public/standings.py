"""The public leaderboards (competition and round), their live partial and their exports.

Views only translate: the GET parameters (``q`` a name, ``club``, ``page``)
become a ``leaderboard`` read from the stored standings, and the exports
(``tournament.standings.exports``) turn every line of one into CSV or PDF. The live
partial is what htmx polls every few seconds, with the same parameters, so a
search or a filter survives the refresh; without JavaScript the page is a
plain GET form and links.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournament.access.request_meta import client_ip
from tournament.models import Competition, Player, Round
from tournament.project import rate_limit
from tournament.project.http_cache import LIVE, PAGE, personal, poll, shared
from tournament.standings import cache as standings_cache
from tournament.standings import exports
from tournament.views.public.access import require_results_visible, sees_held
from tournament.views.public.clubs import club_board, team_board
from tournament.views.public.leaderboard import COLUMNS, all_lines, leaderboard

LIVE_SECONDS = 5


def filters(request) -> dict:
    return {
        "q": request.GET.get("q", "").strip()[:120],
        "club": request.GET.get("club", "").strip()[:120],
    }


def board_context(request, competition: Competition, round_: Round | None) -> dict:
    """What the leaderboard partials need, for a competition or one of its rounds."""
    wanted = filters(request)
    board = leaderboard(competition, round_, page=request.GET.get("page", 1), **wanted)
    query = urlencode({k: v for k, v in wanted.items() if v})
    if round_ is None:
        names = ("public:standings", "public:standings_live", "public:standings_csv", "public:standings_pdf")
        pk = competition.pk
    else:
        names = ("public:round", "public:round_live", "public:round_csv", "public:round_pdf")
        pk = round_.pk
    sees = sees_held(request.user, competition)
    if round_ is not None and round_.results_held and sees:  # what the public may not see: a personal poll
        names = (*names[:1], "public:round_live_mine", *names[2:])
    page_url, live_url, csv_url, pdf_url = (reverse(name, args=[pk]) for name in names)
    suffix = f"?{query}" if query else ""
    return {
        "board": board,
        "columns": COLUMNS,
        "query": query,
        "page_url": page_url,
        "live_url": f"{live_url}?{request.GET.urlencode()}" if request.GET else live_url,
        "csv_url": csv_url + suffix,
        "pdf_url": pdf_url + suffix,
        "live_seconds": LIVE_SECONDS,
        "held": round_ is not None and round_.results_held,
        # results held and nothing released: the page says so instead of a table of zeros (issue 32)
        "held_any": round_.results_held if round_ else competition.rounds.filter(results_held=True).exists(),
        "sees_held": sees,
        "me": my_player_id(request.user),
        "club_board": (clubs := club_board(competition) if round_ is None else None),  # issue 35
        # with every result held, no club ranked "=1" at 0 chips either (issue 54)
        "clubs_nothing_counted": all(not c.line.sessions and not c.line.chips for _label, c in clubs or ()),
    }


def my_player_id(user) -> int | None:
    """The player linked to the logged-in user, whose own line the boards mark (issue 14)."""
    if not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).values_list("pk", flat=True).first()


def _round(pk: int, user) -> Round:
    round_ = get_object_or_404(Round.objects.select_related("competition"), pk=pk)
    require_results_visible(user, round_)
    return round_


def held_round_numbers(competition: Competition) -> list[int]:
    """The rounds whose results are held back: not counted in the competition's standings yet."""
    held = competition.rounds.filter(results_held=True).order_by("number")
    return list(held.values_list("number", flat=True))


@require_safe
@shared(PAGE)
def competition_standings(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    context = {
        "competition": competition,
        "held_rounds": held_round_numbers(competition),
        "fair_words": exports.fair_words(competition),
        "unranked_note": competition.min_sessions > 0,
        **board_context(request, competition, None),
        # A team event's teams (issue 35), on the page only: they move when a round finishes, not with
        # each hand, so the live partial that every open leaderboard polls leaves them out (and in place).
        "team_board": team_board(competition),
    }
    return render(request, "public/standings.html", context)


def _live(request, competition: Competition, round_: Round | None) -> HttpResponse:
    """The live partial; an anonymous viewer's is shared for up to a second (``standings_cache``).

    On a league night every open leaderboard polls this every ``LIVE_SECONDS``: a thousand viewers
    are two hundred renders a second, each a ranking and a template. Anonymous viewers of the same
    page, search and language see the same partial, so one render a second serves them all; a held
    round or a renamed player is never served from memory (issue 7).
    """
    if request.user.is_authenticated:  # an organiser's held round (``round_standings_live_mine``): afresh
        return render(request, "public/_standings_live.html", board_context(request, competition, round_))
    key = f"live:{get_language()}:{request.get_full_path()}"
    at = standings_cache.version()
    body = standings_cache.kept(key, at, renewed=True)
    if body is not None:
        return HttpResponse(body)
    response = render(request, "public/_standings_live.html", board_context(request, competition, round_))
    standings_cache.keep(key, at, response.content)
    return response


@require_safe
@poll(LIVE)
def competition_standings_live(request, pk: int):
    """Polled by every open leaderboard: everybody's answer is the anonymous one (issue 50)."""
    return _live(request, get_object_or_404(Competition, pk=pk), None)


@require_safe
@poll(LIVE)
def round_standings_live(request, pk: int):
    """Polled: as for the public, a held round is a 404 here whoever asks (its staff poll ``…_mine``)."""
    round_ = _round(pk, request.user)
    return _live(request, round_.competition, round_)


@require_safe
@personal
def round_standings_live_mine(request, pk: int):
    """A held round's live standings for those who see it (its organisers): personal, never kept."""
    round_ = _round(pk, request.user)
    return _live(request, round_.competition, round_)


def _title(competition: Competition, round_: Round | None) -> str:
    return competition.name if round_ is None else str(round_)


def _csv(request, competition: Competition, round_: Round | None, slug: str) -> HttpResponse:
    lines = all_lines(competition, round_, **filters(request))
    return exports.csv_attachment(exports.standings_csv(lines, COLUMNS), f"standings-{slug}.csv")


def _pdf(request, competition: Competition, round_: Round | None, slug: str) -> HttpResponse:
    """The PDF; anonymous callers share one per page, search, language and standings version.

    A PDF costs a worker a quarter of a second or more (WeasyPrint): an anonymous caller's is kept
    (``standings_cache``, as the live partial) and served to the next, and an address that makes
    more than ``PDF_RATE_LIMIT`` new ones (by varying the search, say) is answered 429 (issue 13).
    """
    anonymous = not request.user.is_authenticated
    key = f"pdf:{get_language()}:{request.get_full_path()}"
    at = standings_cache.version() if anonymous else None
    body = standings_cache.kept(key, at)
    if body is None:
        rate = settings.PDF_RATE_LIMIT
        if anonymous and not rate_limit.allow("pdf", client_ip(request), rate):
            response = HttpResponse(
                _("Too many PDF downloads from your address: please try again in a minute."),
                status=429,
                content_type="text/plain; charset=utf-8",
            )
            response["Retry-After"] = str(rate_limit.retry_after(rate))
            return response
        lines = all_lines(competition, round_, **filters(request))
        document = exports.standings_document(
            title=_title(competition, round_),
            competition=competition,
            round_=round_,
            lines=lines,
            columns=COLUMNS,
            clubs=club_board(competition) if round_ is None else None,
            teams=team_board(competition) if round_ is None else None,
        )
        body = exports.pdf_bytes(document)
        standings_cache.keep(key, at, body)
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="standings-{slug}.pdf"'
    return response


@require_safe
def competition_standings_csv(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    return _csv(request, competition, None, f"competition-{competition.pk}")


@require_safe
def round_standings_csv(request, pk: int):
    round_ = _round(pk, request.user)
    return _csv(request, round_.competition, round_, f"round-{round_.pk}")


@require_safe
def competition_standings_pdf(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    return _pdf(request, competition, None, f"competition-{competition.pk}")


@require_safe
def round_standings_pdf(request, pk: int):
    round_ = _round(pk, request.user)
    return _pdf(request, round_.competition, round_, f"round-{round_.pk}")
