"""Words on the scoresheet (issue 32, item 15): one way of saying a hand's value everywhere, no doubles
tap past the limit, the latest hand first, the tile codes said in words only when typing them."""

import pytest
from django.urls import reverse

from tournament.tables.ledger.record import hand_record
from tournament.views.table.words import doubles_words

pytestmark = pytest.mark.django_db


def test_a_hands_value_in_words():
    assert doubles_words(1) == "1 double" and doubles_words(3) == "3 doubles"
    assert doubles_words(10, limit=True, limit_doubles=10) == "Limit (10 doubles)"
    assert doubles_words(None) == ""


def _preview(client, table, data):
    base = {"expected_number": 1, "idempotency_key": "k", "outcome": "win"}
    return client.post(reverse("table:preview", args=[table.pk]), {**base, **data}).content.decode()


def test_za_hu_is_a_penalty_not_a_doubles_price_and_a_limit_says_its_doubles(
    client, table, seats, scorekeeper
):
    client.force_login(scorekeeper)
    za_hu = _preview(client, table, {"outcome": "false_win", "offender": seats["W"]})
    assert "Penalty (Za Hu): 32 to each other player" in za_hu and "5 doubles" not in za_hu
    limit = _preview(client, table, {"winner": seats["S"], "win_from": seats["E"], "limit": "on"})
    assert "Limit (10 doubles): " in limit and "Limit hand: " not in limit


def test_the_doubles_taps_stop_at_the_limit(client, table, scorekeeper):
    competition = table.round.competition
    competition.options = {"limit_doubles": 4}
    competition.save()
    client.force_login(scorekeeper)
    page = client.get(reverse("table:scoresheet", args=[table.pk]))
    assert [o.value for o in page.context["entry"]["doubles"]["taps"]] == ["1", "2", "3", "4"]


def test_the_latest_hand_is_listed_first(client, table, scorekeeper):
    hand_record(table=table, entry={"outcome": "draw"}, user=scorekeeper)
    hand_record(table=table, entry={"outcome": "draw"}, user=scorekeeper)
    client.force_login(scorekeeper)
    page = client.get(reverse("table:scoresheet", args=[table.pk]))
    assert [r.number for r in page.context["history"]] == [2, 1]
    assert "latest first" in page.content.decode()
