"""A player's page: sessions with opponents and chips, the chip progression (JSON for the chart, a plain
table without JavaScript) and the hands that stand."""

import json
import re

import pytest
from django.urls import reverse

from tests.public.conftest import win
from tests.public.helpers import ledger_net, rows_by
from tournament.tables.ledger import hand_void

pytestmark = pytest.mark.django_db


def player_page(client, league, first_name):
    player = league["players"][first_name]
    page = client.get(reverse("public:player", args=[player.pk]), {"competition": league["competition"].pk})
    assert page.status_code == 200
    return player, page.content.decode()


def section(html, name):
    return html.split(f'id="{name}"')[1].split("</section>")[0]


def test_sessions_show_round_table_seat_opponents_and_chips(client, league):
    ben, html = player_page(client, league, "Ben")
    sessions = rows_by(section(html, "sessions"), "data-round")
    assert [r for r, _ in sessions] == [1, 2]
    running = 0
    for (number, cells), key in zip(sessions, ("r1t1", "r2t1"), strict=True):
        table = league["tables"][key]
        net = ledger_net(ben, table=table)
        running += net
        seat = next(w for w, p in table.seat_map.items() if p == ben.pk)
        others = {league["players"][n].name for n in league["players"] if league["players"][n].pk in
                  set(table.seat_map.values()) - {ben.pk}}  # fmt: skip
        assert cells[0] == f"Round {number}" and cells[1] == str(table.number) and cells[2] == seat
        assert set(cells[3].split(", ")) == others
        assert int(cells[4]) == net and int(cells[5]) == running
    assert running == ledger_net(ben)


def test_the_chart_data_is_the_running_total(client, league):
    ben, html = player_page(client, league, "Ben")
    data = json.loads(
        re.search(r'<script id="chips-data" type="application/json">(.*?)</script>', html).group(1)
    )
    first = ledger_net(ben, table=league["tables"]["r1t1"])
    assert data["running"] == [0, first, ledger_net(ben)]
    assert data["labels"] == ["Start", "Round 1", "Round 2"]
    # (production storage adds a content hash before the extension)
    assert re.search(r"vendor/chart\.umd\.min(\.[0-9a-f]{12})?\.js", html)
    assert re.search(r"js/chips-chart(\.[0-9a-f]{12})?\.js", html)


def test_hands_won_dealt_in_and_voided_hands_left_out(client, league):
    ann = league["players"]["Ann"]
    table = league["tables"]["r1t1"]
    voided = win(table, "E", 5)  # Ann self-draws ... and it is voided
    hand_void(hand=voided, reason="wrong winner")
    _, html = player_page(client, league, "Ann")
    hands = rows_by(section(html, "hands"), "data-hand")
    assert voided.pk not in [h for h, _ in hands]
    described = [(cells[0], cells[3], cells[4], int(cells[5])) for _, cells in hands]
    # Round 1: Ann paid Ben's self-drawn 3 doubles (8, full price); she won 2 doubles on Dan's discard:
    # Dan pays 4, the others 2 (001 rule 21: the discarder pays full price, the others half); round 2:
    # she dealt in Ben's 4 doubles and paid full price, 16.
    assert described == [
        ("1", "paid another player's win", "3", -8),
        ("1", "won on a discard", "2", 8),
        ("2", "dealt in (discarder)", "4", -16),
    ]
    for hand_id, cells in hands:
        assert int(cells[5]) == ledger_net(ann, hand_id=hand_id)


def test_a_false_win_is_listed_as_za_hu(client, league):
    table = league["tables"]["r1t2"]
    hal = league["players"]["Hal"]
    from tournament.tables.ledger import hand_record

    hand_record(table=table, entry={"outcome": "false_win", "offender": hal.pk})
    _, html = player_page(client, league, "Hal")
    hands = rows_by(section(html, "hands"), "data-hand")
    assert [cells[3] for _, cells in hands] == ["paid another player's win", "Za Hu (false win)"]
    assert int(hands[1][1][5]) < 0


def test_every_chip_the_player_won_or_paid_is_in_the_hands_and_they_add_up_to_the_net(client, league):
    """Issue 14: the list left out self-drawn wins paid, penalties received and payouts (+72 against +92)."""
    from tournament.tables.ledger import hand_record

    table = league["tables"]["r1t2"]  # Eve E, Fay S, Gus W, Hal N; Eve self-drew 1 double (2 from each)
    fay, gus, hal = (league["players"][n] for n in ("Fay", "Gus", "Hal"))
    hand_record(table=table, entry={"outcome": "false_win", "offender": gus.pk})  # Fay receives a penalty
    kong = {"player": hal.pk, "type": "kong", "concealed": True}
    hand_record(table=table, entry={"outcome": "draw", "instant": [kong]})  # Fay pays Hal's kong
    _, html = player_page(client, league, "Fay")
    hands = rows_by(section(html, "hands"), "data-hand")
    described = [(cells[3], int(cells[5])) for _, cells in hands]
    # round 1: Eve's self-draw (2), Gus's Za Hu paid to each other player (001 rule 15: the 5-double
    # price, 32), Hal's concealed kong (rule 22: 2 from each); round 2: Ben's 4 doubles on Ann's discard
    # (half price, 8)
    assert described == [
        ("paid another player's win", -2),
        ("received a Za Hu penalty", 32),
        ("kong or bonus payout", -2),
        ("paid another player's win", -8),
    ]
    net = ledger_net(fay)
    assert sum(chips for _, chips in described) == net
    total = section(html, "hands").split('data-testid="hands-total"')[1]
    assert f"{net:+d}" in total.split("</tr>")[0]
    sessions = rows_by(section(html, "sessions"), "data-round")
    assert int(sessions[-1][1][5]) == net  # the running total of the sessions: the player's net


def test_a_player_without_competition_and_an_unknown_one(client, db):
    from tests.factories import PlayerFactory

    player = PlayerFactory()
    page = client.get(reverse("public:player", args=[player.pk]))
    assert page.status_code == 200 and "has not played in a competition yet" in page.content.decode()
    assert client.get(reverse("public:player", args=[player.pk]), {"competition": 12345}).status_code == 404


def test_the_chart_plots_only_rounds_played_and_is_coloured_by_the_sign_of_the_net(client, league):
    """Issue 14: a round only seated was plotted, and the chart was red even for a player who is up."""
    from tests.factories import PlayerFactory, seated_table
    from tournament.models import Round

    p = league["players"]
    seated_table(
        competition=league["competition"],
        players=[p["Ben"], p["Ann"], PlayerFactory(), PlayerFactory()],
        round_number=3,
    )
    Round.objects.filter(competition=league["competition"], number=3).update(status=Round.Status.SEATED)

    def chart(first_name):
        _, html = player_page(client, league, first_name)
        found = re.search(r'<script id="chips-data" type="application/json">(.*?)</script>', html)
        return json.loads(found.group(1)), html

    ben, html = chart("Ben")
    assert 'data-round="3"' in section(html, "sessions")  # the session is listed, not plotted
    third = re.search(r'<tr data-round="3">(.*?)</tr>', section(html, "sessions"), re.S).group(1)
    assert "not played yet" in third and "+0" not in third  # not a result of nought (issue 14)
    assert ben["labels"] == ["Start", "Round 1", "Round 2"]
    assert ben["running"][-1] == ledger_net(p["Ben"]) > 0 and ben["up"] is True
    ann, _ = chart("Ann")
    assert ann["labels"] == ["Start", "Round 1", "Round 2"]
    assert ann["running"][-1] == ledger_net(p["Ann"]) < 0 and ann["up"] is False
