"""The public leaderboard (issue 6): ranks and numbers as the ledger says, search, club filter, pages,
freshness, and the live partial that htmx polls."""

import pytest
from django.urls import reverse

from tests.factories import CompetitionFactory, PlayerFactory
from tests.public.conftest import win
from tests.public.helpers import ledger_net, rows_by
from tournament.models import Seat, StandingRow
from tournament.standings.store import COMPETITION_SCOPE, standings_refresh

pytestmark = pytest.mark.django_db

# The small league of conftest.py, ranked by hand: net chips, then hands won, then biggest hand (issue 6).
# Gus and Hal tie on every metric (a shared place), so do Cat and Fay; Eve is ahead of them on hands won.
EXPECTED_RANKS = [
    ("Ben", "1"),
    ("Eve", "2"),
    ("Gus", "=3"),
    ("Hal", "=3"),
    ("Cat", "=5"),
    ("Fay", "=5"),
    ("Dan", "7"),
    ("Ann", "8"),
]
COLUMNS = [
    "rank",
    "player",
    "club",
    "net",
    "sessions",
    "won",
    "self_drawn",
    "za_hu",
    "biggest",
    "per_session",
]


def board(client, league, **params):
    page = client.get(reverse("public:standings", args=[league["competition"].pk]), params)
    assert page.status_code == 200
    return page, [
        dict(zip(COLUMNS, cells, strict=True), player=pid) for pid, cells in rows_by(page.content.decode())
    ]


def test_ranks_follow_the_tie_break_with_shared_places_shown_as_equals(client, league):
    _, rows = board(client, league)
    ids = {p.pk: first for first, p in league["players"].items()}
    assert [(ids[r["player"]], r["rank"]) for r in rows] == EXPECTED_RANKS


def test_every_number_on_the_leaderboard_is_the_ledger_s(client, league):
    _, rows = board(client, league)
    players = {p.pk: p for p in league["players"].values()}
    for row in rows:
        player = players[row["player"]]
        net = ledger_net(player)
        sessions = Seat.objects.filter(player=player).count()
        assert row["player"] == player.pk and row["club"] == player.club.name
        assert int(row["net"]) == net
        assert int(row["sessions"]) == sessions
        assert row["per_session"] == f"{net / sessions:+.1f}"
    ben = next(r for r in rows if r["player"] == league["players"]["Ben"].pk)
    # Ben: a self-drawn 3-double win in round 1 and a 4-double win on a discard in round 2.
    assert (ben["won"], ben["self_drawn"], ben["za_hu"], ben["biggest"]) == ("2", "1", "0", "4")
    assert sum(int(r["net"]) for r in rows) == 0  # chips only move between players


def test_a_name_links_to_the_player_page(client, league):
    page, _ = board(client, league)
    ann = league["players"]["Ann"]
    assert f'href="/players/{ann.pk}/?competition={league["competition"].pk}"' in page.content.decode()


def test_search_by_name_keeps_the_overall_rank(client, league):
    _, rows = board(client, league, q="ann")
    assert [(r["player"], r["rank"]) for r in rows] == [(league["players"]["Ann"].pk, "8")]


def test_filter_by_club(client, league):
    page, rows = board(client, league, club="Pearl Winds")
    pearl = {p.pk for p in league["players"].values() if p.club.name == "Pearl Winds"}
    assert {r["player"] for r in rows} == pearl and len(rows) == 4
    assert [r["rank"] for r in rows] == ["1", "=3", "=5", "7"]  # Ben, Hal, Fay, Dan keep their places
    assert '<option value="Pearl Winds" selected>' in page.content.decode()


def test_nobody_matches(client, league):
    page, rows = board(client, league, q="zzz")
    assert rows == [] and "Nobody matches this search." in page.content.decode()


def test_the_live_partial_polls_with_the_search_and_filter_kept(client, league):
    page, _ = board(client, league, q="e", club="Jade Dragons")
    html = page.content.decode()
    live = reverse("public:standings_live", args=[league["competition"].pk])
    assert 'hx-trigger="every 5s"' in html
    assert f'hx-get="{live}?q=e&amp;club=Jade+Dragons"' in html
    partial = client.get(live, {"q": "e", "club": "Jade Dragons"})
    assert partial.status_code == 200
    text = partial.content.decode()
    assert "<html" not in text and 'id="standings-live"' in text
    names = {league["players"][n].pk for n in ("Eve", "Gus")}  # Jade Dragons with an "e" in the name
    assert {pid for pid, _ in rows_by(text)} == names


def test_the_live_partial_shows_a_new_hand_once_the_standings_are_refreshed(client, league):
    competition = league["competition"]
    live = reverse("public:standings_live", args=[competition.pk])
    before = dict(rows_by(client.get(live).content.decode()))
    gus = league["players"]["Gus"]
    win(league["tables"]["r1t2"], "W", 2)  # Gus self-draws
    behind = client.get(live).content.decode()
    assert "catching up…" in behind  # the stored rows miss the new ledger rows
    standings_refresh(competition)
    after = dict(rows_by(client.get(live).content.decode()))
    # 001 rule 21: 2 doubles self-drawn is 4 chips from each of the three.
    assert int(after[gus.pk][3]) == int(before[gus.pk][3]) + 12 == ledger_net(gus)
    assert (before[gus.pk][0], after[gus.pk][0]) == ("=3", "2")


def test_freshness_is_shown(client, league):
    page, _ = board(client, league)
    assert "updated" in page.content.decode() and "s ago" in page.content.decode()


def test_fifty_lines_a_page_with_the_filter_in_the_page_links(client):
    competition = CompetitionFactory()
    players = PlayerFactory.create_batch(55)
    StandingRow.objects.bulk_create(
        StandingRow(
            competition=competition, scope=COMPETITION_SCOPE, player=p,
            name=f"Player {i:02d}", club="Jade", net_chips=100 - i, sessions=1,
        )
        for i, p in enumerate(players, start=1)
    )  # fmt: skip
    url = reverse("public:standings", args=[competition.pk])
    first = client.get(url, {"club": "Jade"}).content.decode()
    assert len(rows_by(first)) == 50
    assert f'href="{url}?club=Jade&amp;page=2"' in first
    second = client.get(url, {"club": "Jade", "page": 2}).content.decode()
    assert [cells[0] for _, cells in rows_by(second)] == ["51", "52", "53", "54", "55"]


def test_an_unknown_competition_is_404(client, db):
    assert client.get(reverse("public:standings", args=[999])).status_code == 404


def test_the_leaderboard_reads_stored_rows_and_never_computes(
    client, league, monkeypatch, django_assert_max_num_queries
):
    import tournament.standings.compute as standings
    import tournament.standings.store as store

    def refuse(*args, **kwargs):
        raise AssertionError("standings computed on read")

    monkeypatch.setattr(standings, "standings_compute", refuse)
    monkeypatch.setattr(store, "scope_totals", refuse)
    live = reverse("public:standings_live", args=[league["competition"].pk])
    # the same few queries at any league size (the players, then the clubs of issue 35 from the same rows)
    with django_assert_max_num_queries(9):
        assert len(rows_by(client.get(live, {"club": "Jade Dragons"}).content.decode())) == 4


def test_a_withdrawn_player_is_marked(client, league):
    from tournament.models import Entry

    dan = league["players"]["Dan"]
    Entry.objects.filter(competition=league["competition"], player=dan).update(status=Entry.Status.WITHDRAWN)
    standings_refresh(league["competition"])
    page, _ = board(client, league)
    html = page.content.decode()
    assert "(withdrawn)" in html.split(f'data-player="{dan.pk}"')[1].split("</tr>")[0]
    assert html.count("(withdrawn)") == 1
