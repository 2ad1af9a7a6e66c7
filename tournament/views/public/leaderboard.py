"""The public leaderboard: stored standings read a page at a time.

A **leaderboard** is one scope of the stored standings (``StandingRow``:
scope 0 is the whole competition, else a round's id), searched by name and
filtered by club, 50 lines a page. The totals are what the Celery tasks
stored (``tournament.standings.store``), ranked on read by
``stored_standings``; the page says how fresh they are.

Words: **rank label** is the place as shown, "=2" for a shared place (issue
6); **chips per session** is net chips over sessions played, one decimal.
A CSV line (``Line.csv_values``) writes a shared place "2=" instead: a
spreadsheet takes a cell starting with "=" for a formula, and "2=" for text
(issue 13); and chips per session as a plain number ("12.0", not "+12.0").
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import Competition, Round, StandingRow
from tournament.standings.rank import RankedRow
from tournament.standings.store import COMPETITION_SCOPE, Freshness, standings_freshness, stored_standings

PER_PAGE = 50

# The columns of every standings table, on the page, in the CSV and in the PDF.
COLUMNS = (
    ("rank", gettext_lazy("Rank")),
    ("name", gettext_lazy("Player")),
    ("club", gettext_lazy("Club")),
    ("net_chips", gettext_lazy("Net chips")),
    ("sessions", gettext_lazy("Sessions")),
    ("hands_won", gettext_lazy("Hands won")),
    ("self_drawn_wins", gettext_lazy("Self-drawn wins")),
    ("za_hu", gettext_lazy("Za Hu")),
    ("biggest_hand", gettext_lazy("Biggest hand")),
    ("chips_per_session", gettext_lazy("Chips per session")),
)


@dataclass(frozen=True)
class Line:
    """One player's line of a leaderboard, as shown."""

    rank: str
    player_id: int
    name: str
    club: str
    net_chips: int
    sessions: int
    hands_won: int
    self_drawn_wins: int
    za_hu: int
    biggest_hand: int
    withdrawn: bool
    place: int | None = None  # the rank as a number (``rank`` is its label)
    shared: bool = False
    counted_sessions: int | None = None  # only the best N count (issue 33); None: all

    @property
    def counted(self) -> int:
        return self.sessions if self.counted_sessions is None else self.counted_sessions

    @property
    def chips_per_session(self) -> str:
        return f"{self.net_chips / self.counted:+.1f}" if self.counted else ""

    def values(self) -> list:
        """The line in the order of ``COLUMNS``."""
        return [getattr(self, key) for key, _label in COLUMNS]

    def csv_values(self) -> list:
        """The line in the order of ``COLUMNS`` as a spreadsheet should read it (module docstring)."""
        per_session = f"{self.net_chips / self.counted:.1f}" if self.counted else ""
        csv = {"rank": csv_rank_label(self.place, self.shared), "chips_per_session": per_session}
        return [csv[key] if key in csv else getattr(self, key) for key, _label in COLUMNS]


def rank_label(rank: int | None, shared: bool) -> str:
    if rank is None:
        return ""
    return f"={rank}" if shared else str(rank)


def csv_rank_label(rank: int | None, shared: bool) -> str:
    """A shared place as "2=", which a spreadsheet shows as text ("=2" would be a formula)."""
    if rank is None:
        return ""
    return f"{rank}=" if shared else str(rank)


def line_of(row: RankedRow) -> Line:
    totals = row.totals
    return Line(
        rank=rank_label(row.rank, row.shared),
        player_id=totals.player_id,
        name=totals.name,
        club=totals.club or "",
        net_chips=totals.net_chips,
        sessions=totals.sessions,
        hands_won=totals.hands_won,
        self_drawn_wins=totals.self_drawn_wins,
        za_hu=totals.za_hu,
        biggest_hand=totals.biggest_hand,
        withdrawn=totals.withdrawn,
        place=row.rank,
        shared=row.shared,
        counted_sessions=totals.counted_sessions,
    )


def scope_of(round_: Round | None) -> int:
    return COMPETITION_SCOPE if round_ is None else round_.pk


def standing_rows(competition: Competition, scope: int, *, q: str = "", club: str = "") -> list[RankedRow]:
    """The stored lines of one scope in ranked order, searched by name and filtered by club (places
    stay those of the whole scope)."""
    rows = stored_standings(competition, scope)
    if q:
        wanted = q.casefold()
        rows = [r for r in rows if wanted in r.totals.name.casefold()]
    if club:
        rows = [r for r in rows if (r.totals.club or "") == club]
    return rows


def clubs_of(competition: Competition, scope: int) -> list[str]:
    rows = StandingRow.objects.filter(competition=competition, scope=scope).exclude(club="")
    clubs = rows.order_by("club").values_list("club", flat=True).distinct()
    return sorted(clubs, key=str.casefold)


def freshness_label(freshness: Freshness) -> str:
    """ "updated 5 s ago", or "catching up…" while the stored standings miss ledger rows."""
    if not freshness.current:
        return _("catching up…")
    age = freshness.age_seconds
    if age is None:
        return _("no hands recorded yet")
    if age < 60:
        return _("updated %(seconds)d s ago") % {"seconds": max(0, int(age))}
    if age < 3600:
        return _("updated %(minutes)d min ago") % {"minutes": int(age // 60)}
    return _("updated %(hours)d h ago") % {"hours": int(age // 3600)}


@dataclass(frozen=True)
class Leaderboard:
    competition: Competition
    round: Round | None
    q: str
    club: str
    clubs: list[str]
    page: Page
    lines: list[Line]
    freshness: Freshness

    @property
    def freshness_label(self) -> str:
        return freshness_label(self.freshness)

    @property
    def nothing_counted(self) -> bool:
        """No line has played a session: a table of zeros all ranked "=1" says nothing (issue 32)."""
        return all(not line.sessions and not line.net_chips for line in self.lines)


def leaderboard(
    competition: Competition, round_: Round | None = None, *, q: str = "", club: str = "", page: str | int = 1
) -> Leaderboard:
    scope = scope_of(round_)
    paginator = Paginator(standing_rows(competition, scope, q=q, club=club), PER_PAGE)
    shown = paginator.get_page(page)
    return Leaderboard(
        competition=competition,
        round=round_,
        q=q,
        club=club,
        clubs=clubs_of(competition, scope),
        page=shown,
        lines=[line_of(row) for row in shown.object_list],
        freshness=standings_freshness(competition, scope),
    )


def all_lines(
    competition: Competition, round_: Round | None = None, *, q: str = "", club: str = ""
) -> list[Line]:
    """Every line of a scope (for the CSV and the PDF), searched and filtered as on the page."""
    return [line_of(row) for row in standing_rows(competition, scope_of(round_), q=q, club=club)]
