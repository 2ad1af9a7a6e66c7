"""Trust: no side door into results (issue 13), through the API and the ledger service.

- A hand cannot change the competition's rules: ``options`` (top level or in ``hand``) and a
  ``rules`` naming another rule set are refused (400), whichever door the hand comes through.
- An ``Idempotency-Key`` answers the first hand only for the same body; another body is a 409.
"""

import pytest

from scoring.api import EXAMPLE_HAND
from tests.api.test_hands import hands_url, south_wins_on_west
from tournament.tables.ledger import HandRejected, hand_record, hand_settle
from tournament.models import Hand

pytestmark = pytest.mark.django_db

# The contract's example hand (scoring-api.md), won by South on West's discard: 3 doubles (001 rules 23a, 23c,
# 23g); the winds and the rule set come from the table and the competition.
FULL_HAND = {
    k: v for k, v in EXAMPLE_HAND.items() if k not in ("rules", "prevailing_wind", "seat_wind", "events")
}


# --- 1. the organiser's rule-set settings, and only those --------------------------------------------


def test_options_in_a_hand_body_cannot_let_a_zero_double_hand_through(league, as_scorekeeper):
    # 001 rule 16: a win needs at least one double; a hand's own options must not lower that.
    refused = as_scorekeeper.post(
        hands_url(league.table), south_wins_on_west(league, doubles=0), format="json"
    )
    assert refused.status_code == 422 and refused.json()["errors"][0]["code"] == "below_minimum_doubles"
    body = south_wins_on_west(league, doubles=0, options={"min_doubles": 0})
    response = as_scorekeeper.post(hands_url(league.table), body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["errors"] == [
        {
            "code": "options_not_allowed",
            "message": response.json()["errors"][0]["message"],
            "field": "options",
        }
    ]
    assert not Hand.objects.exists()


def test_options_inside_the_full_hand_are_refused_too(league, as_scorekeeper):
    east, south, west, north = league.seats()
    entry = {"outcome": "win", "winner": south, "win": "discard", "discarder": west}
    entry["hand"] = {**FULL_HAND, "options": {"min_doubles": 0}}
    response = as_scorekeeper.post(hands_url(league.table), entry, format="json")
    assert response.status_code == 400, response.json()
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("options_not_allowed", "hand.options")
    ]
    entry["hand"] = FULL_HAND  # the same hand without options is recorded under the competition's rules
    assert as_scorekeeper.post(hands_url(league.table), entry, format="json").status_code == 201


def test_a_hand_cannot_name_another_rule_set(league, as_scorekeeper):
    body = south_wins_on_west(league, rules="sg-classic")
    response = as_scorekeeper.post(hands_url(league.table), body, format="json")
    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [("rules_not_allowed", "rules")]
    same = south_wins_on_west(league, rules=league.competition.rules)  # naming its own rule set is fine
    assert as_scorekeeper.post(hands_url(league.table), same, format="json").status_code == 201


def test_the_ledger_refuses_options_for_the_preview_and_the_record(league):
    # The scoresheet page and the admin come through these two functions.
    east, south, west, north = league.seats()
    entry = {
        "outcome": "win",
        "winner": south,
        "win": "self_draw",
        "doubles": 0,
        "options": {"min_doubles": 0},
    }
    for door in (hand_settle, hand_record):
        with pytest.raises(HandRejected) as err:
            door(table=league.table, entry=entry)
        assert err.value.status == 400 and err.value.problems[0].code == "options_not_allowed"
    assert not Hand.objects.exists()


def test_the_organisers_options_do_apply(league, as_scorekeeper):
    league.competition.options = {"min_doubles": 0}
    league.competition.save()
    body = south_wins_on_west(league, doubles=0)
    response = as_scorekeeper.post(hands_url(league.table), body, format="json")
    assert response.status_code == 201, response.json()


# --- 2. an idempotency key names one hand -----------------------------------------------------------


def test_the_same_key_with_another_body_is_refused_not_answered_the_first_hand(league, as_scorekeeper):
    url = hands_url(league.table)
    first = as_scorekeeper.post(url, south_wins_on_west(league), format="json", HTTP_IDEMPOTENCY_KEY="k-9")
    assert first.status_code == 201
    other = south_wins_on_west(league, doubles=5)
    reused = as_scorekeeper.post(url, other, format="json", HTTP_IDEMPOTENCY_KEY="k-9")
    assert reused.status_code == 409, reused.json()
    assert reused.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert "id" not in reused.json() and Hand.objects.count() == 1
    expecting = south_wins_on_west(league, hand_number=1)  # the expected number is part of the body
    assert as_scorekeeper.post(url, expecting, format="json", HTTP_IDEMPOTENCY_KEY="k-9").status_code == 409
    retry = as_scorekeeper.post(url, south_wins_on_west(league), format="json", HTTP_IDEMPOTENCY_KEY="k-9")
    assert retry.status_code == 200 and retry.json()["id"] == first.json()["id"]
    assert Hand.objects.count() == 1


def test_the_same_key_and_body_in_another_key_order_is_the_same_hand(league, as_scorekeeper):
    url = hands_url(league.table)
    body = south_wins_on_west(league)
    first = as_scorekeeper.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k-10")
    reordered = dict(reversed(list(body.items())))
    retry = as_scorekeeper.post(url, reordered, format="json", HTTP_IDEMPOTENCY_KEY="k-10")
    assert retry.status_code == 200 and retry.json()["id"] == first.json()["id"]


def test_a_key_longer_than_its_column_is_refused_never_cut(league, as_scorekeeper):
    url = hands_url(league.table)
    long_key = "k" * 101
    response = as_scorekeeper.post(
        url, south_wins_on_west(league), format="json", HTTP_IDEMPOTENCY_KEY=long_key
    )
    assert response.status_code == 400, response.json()
    assert response.json()["errors"][0]["code"] == "idempotency_key_too_long"
    assert not Hand.objects.exists()
    fits = as_scorekeeper.post(url, south_wins_on_west(league), format="json", HTTP_IDEMPOTENCY_KEY="k" * 100)
    assert fits.status_code == 201 and Hand.objects.get().idempotency_key == "k" * 100


def test_the_ledger_refuses_a_reused_key_and_a_long_key_for_every_door(league):
    east, south, west, north = league.seats()
    draw = {"outcome": "draw"}
    first = hand_record(table=league.table, entry=draw, idempotency_key="door")
    assert hand_record(table=league.table, entry=draw, idempotency_key="door").pk == first.pk
    win = {"outcome": "win", "winner": south, "win": "self_draw", "doubles": 2}
    for key, status, code in (
        ("door", 409, "idempotency_key_reused"),
        ("x" * 101, 400, "idempotency_key_too_long"),
    ):
        with pytest.raises(HandRejected) as err:
            hand_record(table=league.table, entry=win, idempotency_key=key)
        assert (err.value.status, err.value.problems[0].code) == (status, code)
    assert Hand.objects.count() == 1


def test_a_hand_kept_before_digests_is_compared_by_its_entry(league):
    draw = {"outcome": "draw"}
    first = hand_record(table=league.table, entry=draw, idempotency_key="old")
    Hand.objects.filter(pk=first.pk).update(entry_digest="")
    assert hand_record(table=league.table, entry=draw, idempotency_key="old").pk == first.pk
    with pytest.raises(HandRejected):
        hand_record(
            table=league.table, entry={"outcome": "draw", "kong_declared": True}, idempotency_key="old"
        )


# --- 2. a hand entry names its fields ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"surprise": 1}, "surprise"),
        ({"instant": [{"type": "kong", "player": None, "seat": "E"}]}, "instant"),
    ],
)
def test_a_field_the_hand_does_not_take_is_refused_not_passed_on(league, as_scorekeeper, extra, field):
    east = league.seats()[0]
    if "instant" in extra:
        extra["instant"][0]["player"] = east
    response = as_scorekeeper.post(hands_url(league.table), {"outcome": "draw", **extra}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["errors"][0]["field"].startswith(field)
    assert "unknown_field" in {e["code"] for e in response.json()["errors"]}
    assert not Hand.objects.exists()


def test_a_draw_with_a_declared_kong_is_recorded(league, as_scorekeeper):
    response = as_scorekeeper.post(
        hands_url(league.table), {"outcome": "draw", "kong_declared": True}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert Hand.objects.get().kong_declared
