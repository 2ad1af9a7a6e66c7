"""A hand refused for an event it cannot have had says which and why, and goes again without it in one tap
(issue 37); the preview says which setting decided a payment.

Ben (South) wins a full hand on Cai's (West's) discard with "won on the last tile" ticked: the last tile
of the wall is drawn, so the hand is refused, in the scorekeeper's words (and in Chinese), with a button
that previews it again without that situation.
"""

import re

import pytest
from django.urls import reverse

from tests.factories import CompetitionFactory, PlayerFactory, seated_table
from tests.table.helpers import entry_form

pytestmark = pytest.mark.django_db

HAND = {
    "outcome": "win",
    "concealed": "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 RD RD RD",
    "winning_tile": "RD",
}
WHY = "Won on the last tile of the wall: that tile is drawn, so the win cannot be on a discard."


@pytest.fixture
def keeper(client, scorekeeper):
    client.force_login(scorekeeper)
    return client


def _preview(keeper, table, fields, **extra):
    data = {**entry_form(keeper, table), **fields}
    return keeper.post(reverse("table:preview", args=[table.pk]), data, HTTP_HX_REQUEST="true", **extra)


def test_an_impossible_event_is_explained_with_a_button_to_send_the_hand_again_without_it(
    keeper, table, seats
):
    fields = {**HAND, "winner": seats["S"], "win_from": seats["W"], "situations": ["last_tile"]}
    text = _preview(keeper, table, fields).content.decode()
    assert 'data-testid="problems"' in text and WHY in text
    assert re.search(r'name="drop_event" value="last_tile"[^>]*data-testid="drop-event"', text)
    assert "Send it again without: Won on the last tile" in text

    again = _preview(keeper, table, {**fields, "drop_event": "last_tile"})
    text = again.content.decode()
    assert 'data-testid="preview"' in text and WHY not in text
    assert again.context["preview"]["doubles"] == 1  # the red dragon pong, and no last tile
    situations = re.search(
        r'<fieldset class="situations" id="situations" hx-swap-oob="true">.*?</fieldset>', text, re.S
    )
    assert situations and 'value="last_tile" checked' not in situations.group(0)


def test_the_whole_page_offers_the_same_when_recording_is_refused(keeper, table, seats):
    fields = {**HAND, "winner": seats["S"], "win_from": seats["W"], "situations": ["last_tile"]}
    data = {**entry_form(keeper, table), **fields}
    answer = keeper.post(reverse("table:record", args=[table.pk]), data)
    assert answer.status_code == 422
    text = answer.content.decode()
    assert WHY in text and 'form="entry-form" name="drop_event" value="last_tile"' in text


def test_the_reason_is_said_in_chinese(keeper, table, seats):
    keeper.cookies["django_language"] = "zh-hans"
    fields = {**HAND, "winner": seats["S"], "win_from": seats["W"], "situations": ["last_tile"]}
    text = _preview(keeper, table, fields).content.decode()
    assert WHY not in text and "海底" in text


def test_the_preview_says_which_setting_decided_the_payment(client, scorekeeper):
    competition = CompetitionFactory(rules="sg-classic")
    names = ["Ann East", "Ben South", "Cai West", "Dee North"]
    table = seated_table(competition=competition, players=[PlayerFactory(name=n) for n in names],
                         scorekeeper=scorekeeper)  # fmt: skip
    seats = table.seat_map
    client.force_login(scorekeeper)
    tiles = "EW EW EW SW SW SW WW WW WW RD RD RD GD GD"
    honours = {"outcome": "win", "concealed": tiles, "winning_tile": "GD", "winner": seats["S"],
               "win_from": seats["W"]}  # fmt: skip
    answer = _preview(client, table, honours)
    text = answer.content.decode()
    assert 'data-setting="all_pay_full_hands"' in text
    assert "A special hand: every player pays full price, even on a discard." in text
    assert "002 lines 433 All Honours, 594 Thirteen Wonders" in text
    assert {t["amount"] for t in answer.context["preview"]["transfers"]} == {32}


def test_an_exposed_kongs_discarder_pays_for_a_win_on_its_replacement(client, scorekeeper):
    """002 line 481: Cai (West) fed Ben's exposed kong; Ben self-picks on its replacement (quick entry)."""
    competition = CompetitionFactory(rules="sg-classic")
    names = ["Ann East", "Ben South", "Cai West", "Dee North"]
    table = seated_table(competition=competition, players=[PlayerFactory(name=n) for n in names],
                         scorekeeper=scorekeeper)  # fmt: skip
    seats = table.seat_map
    client.force_login(scorekeeper)
    fields = {"outcome": "win", "winner": seats["S"], "win_from": "self", "doubles": "2",
              "situations": ["kong_replacement"], "p-0-player": seats["S"], "p-0-kind": "kong_exposed",
              "p-0-from": seats["W"]}  # fmt: skip
    answer = _preview(client, table, fields)
    text = answer.content.decode()
    assert 'data-setting="kong_discarder_pays_for_all"' in text
    assert "Cai West discarded the kong&#x27;s tile and pays for all." in text
    win = [t for t in answer.context["preview"]["transfers"] if t["to"] == "Ben South" and t["amount"] == 4]
    assert {t["from"] for t in win} == {"Cai West"} and len(win) == 3
    assert f'<option value="{seats["W"]}" selected>' in text  # the kong chip keeps who fed it

    data = {**entry_form(client, table), **fields, "previewed": answer.context["preview"]["fingerprint"]}
    assert client.post(reverse("table:record", args=[table.pk]), data).status_code == 302
    from tournament.models import Hand

    entry = Hand.objects.get(table=table).entry
    assert entry["kong_replacement"] is True and entry["instant"][0]["discarder"] == seats["W"]
