"""Standings fair across unequal attendance (issue 33): API, page, CSV and PDF."""

from __future__ import annotations

import pytest

from tests.api.conftest import client_for
from tests.factories import CompetitionFactory, PlayerFactory, seated_table
from tournament.standings.compute import standings_compute
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


def self_draw(table, winner, doubles):
    return hand_record(
        table=table, entry={"outcome": "win", "winner": winner, "win": "self_draw", "doubles": doubles}
    )


@pytest.fixture
def nights(organiser):
    """Five players; nights 1 and 2 seat players 1-4, night 3 players 2-5: player 5 came once."""
    competition = CompetitionFactory(name="Thursday League")
    competition.organisers.add(organiser)
    p = [PlayerFactory(name=f"Player {i}") for i in range(1, 6)]
    t1 = seated_table(competition=competition, players=p[:4], round_number=1)
    t2 = seated_table(competition=competition, players=p[:4], round_number=2)
    t3 = seated_table(competition=competition, players=p[1:], round_number=3)
    self_draw(t1, p[0].pk, 3)  # player 1 wins big on night 1
    self_draw(t2, p[1].pk, 1)
    self_draw(t3, p[4].pk, 4)  # player 5's one night is their best
    return competition, [x.pk for x in p]


def rows(competition):
    body = client_for().get(f"/api/v1/competitions/{competition.pk}/standings/").json()
    return {r["player"]: r for r in body["results"]}, body["results"]


def test_by_default_every_night_counts(nights):
    competition, p = nights
    by_player, _ = rows(competition)
    assert all(r["counted_sessions"] == r["sessions"] for r in by_player.values())
    assert by_player[p[0]]["chips_per_session"] == round(by_player[p[0]]["chips"] / 2, 1)


def test_best_nights_and_nights_needed_through_the_api(nights, organiser):
    competition, p = nights
    before = {r.totals.player_id: r.totals for r in standings_compute(competition).rows}
    r = client_for(organiser).patch(
        f"/api/v1/competitions/{competition.pk}/", {"min_sessions": 2, "best_sessions": 1}, format="json"
    )
    assert r.status_code == 200 and r.json()["min_sessions"] == 2 and r.json()["best_sessions"] == 1
    by_player, ordered = rows(competition)
    assert by_player[p[4]]["rank"] is None and ordered[-1]["player"] == p[4]  # one night: not ranked
    assert all(r["rank"] is not None for r in ordered[:-1])
    for pid in p[1:4]:  # three nights: only the best counts
        assert by_player[pid]["counted_sessions"] == 1 and by_player[pid]["sessions"] in (2, 3)
        assert by_player[pid]["chips"] >= before[pid].net_chips / by_player[pid]["sessions"]
    assert by_player[p[0]]["chips_per_session"] == by_player[p[0]]["chips"]


@pytest.mark.parametrize(
    "body", [{"best_sessions": 0}, {"min_sessions": -1}, {"min_sessions": 5000}, {"best_sessions": "x"}]
)
def test_bad_settings_are_refused_and_change_nothing(nights, organiser, body):
    competition, _ = nights
    r = client_for(organiser).patch(f"/api/v1/competitions/{competition.pk}/", body, format="json")
    assert r.status_code == 400
    competition.refresh_from_db()
    assert competition.min_sessions == 0 and competition.best_sessions is None


def test_the_page_csv_and_pdf_say_the_rule_in_words(nights, organiser, client):
    competition, p = nights
    client.force_login(organiser)
    r = client.post(
        f"/organise/competitions/{competition.pk}/standings/",
        {"tiebreak_1": "net_chips", "shared_places": "on", "withdrawn_standing": "rank",
         "substitute_results": "own", "min_sessions": "2", "best_sessions": "1"},
    )  # fmt: skip
    assert r.status_code == 302
    competition.refresh_from_db()
    assert (competition.min_sessions, competition.best_sessions) == (2, 1)
    page = client.get(f"/competitions/{competition.pk}/standings/").content.decode()
    assert "best 1 of 3 nights count; 2 nights needed to be ranked" in page
    csv = client.get(f"/competitions/{competition.pk}/standings.csv").content.decode()
    assert "Chips per session" in csv
    html = __import__("tournament.standings.exports", fromlist=["x"]).standings_html(
        title="t", competition=competition, round_=None, lines=[], columns=()
    )
    assert "best 1 of 3 nights count" in html
    zh = client.get(
        f"/competitions/{competition.pk}/standings/", HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "best 1 of 3" not in zh


def test_the_organisers_form_refuses_a_bad_number(nights, organiser, client):
    competition, _ = nights
    client.force_login(organiser)
    r = client.post(
        f"/organise/competitions/{competition.pk}/standings/",
        {
            "tiebreak_1": "net_chips",
            "withdrawn_standing": "rank",
            "substitute_results": "own",
            "best_sessions": "0",
        },
    )
    assert r.status_code == 400
    competition.refresh_from_db()
    assert competition.best_sessions is None


def test_best_nights_agree_with_the_totals_when_all_count_held_rounds_included(nights, organiser):
    from tournament.models import Round

    competition, p = nights
    Round.objects.filter(competition=competition, number=1).update(results_held=True)
    competition.best_sessions = 10  # more than anyone played: the best 10 are all
    competition.save()
    for include_held in (False, True):
        plain = {
            r.totals.player_id: r.totals.net_chips
            for r in standings_compute(competition, include_held=include_held).rows
        }
        competition.best_sessions = None
        every = {
            r.totals.player_id: r.totals.net_chips
            for r in standings_compute(competition, include_held=include_held).rows
        }
        competition.best_sessions = 10
        assert plain == every
