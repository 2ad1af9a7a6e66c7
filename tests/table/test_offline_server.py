"""The server's side of the offline scoresheet (issue 18): the hand kept on a phone and sent later
(table:queued), the manifest, the service worker, which pages the worker may keep, the price card.

Chips as spgg-2023 says (the default rule set): 001 rule 21 (3 doubles = 8 full / 4 half), rule 17.
"""

import json

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse

from tests.table.helpers import balances
from tournament.models import Hand
from tournament.tables.ledger.record import hand_record
from tournament.views.offline import OFFLINE_HEADER, price_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper(client, scorekeeper):
    client.force_login(scorekeeper)
    return client


def kept_hand(table, seats, user, *, number=1, key="k-1", doubles=3) -> dict:
    """The entry form as the phone kept it: Ben (South) on Cai's (West) discard."""
    return {
        "expected_number": number,
        "idempotency_key": key,
        "queued_by": user.pk,
        "outcome": "win",
        "winner": seats["S"],
        "win_from": seats["W"],
        "doubles": doubles,
    }


def send(client, table, data):
    return client.post(reverse("table:queued", args=[table.pk]), data)


def test_a_kept_hand_is_recorded_once_whatever_the_retries(keeper, table, seats, scorekeeper):
    data = kept_hand(table, seats, scorekeeper)
    first = send(keeper, table, data)
    assert first.status_code == 201 and first.json() == {"number": 1, "hand_number": 2}
    again = send(keeper, table, data)  # the answer was lost: the phone sends it again
    assert again.status_code == 200 and again.json() == {"number": 1, "hand_number": 2}
    assert Hand.objects.count() == 1
    assert balances(table) == {seats["E"]: 396, seats["S"]: 416, seats["W"]: 392, seats["N"]: 396}


def test_the_same_key_with_another_hand_is_refused(keeper, table, seats, scorekeeper):
    send(keeper, table, kept_hand(table, seats, scorekeeper))
    other = send(keeper, table, kept_hand(table, seats, scorekeeper, number=2, doubles=5))
    assert other.status_code == 409 and other.json()["code"] == "idempotency_key_reused"
    assert Hand.objects.count() == 1


def test_a_hand_for_a_table_that_moved_on_is_a_conflict_with_the_hand_now(
    keeper, table, seats, scorekeeper, organiser
):
    table.round.competition.organisers.add(organiser)
    hand_record(table=table, entry={"outcome": "draw"}, user=organiser, expected_number=1)
    answer = send(keeper, table, kept_hand(table, seats, scorekeeper))
    assert answer.status_code == 409
    body = answer.json()
    assert body["code"] == "conflict" and body["hand_number"] == 2
    assert body["reasons"] == [
        "The table is at hand 2, not 1: another device recorded or voided a hand meanwhile."
    ]
    assert Hand.objects.count() == 1


def test_a_hand_the_rules_refuse_answers_why(keeper, table, seats, scorekeeper):
    answer = send(keeper, table, kept_hand(table, seats, scorekeeper, doubles=0))
    assert answer.status_code == 422
    assert "at least 1 double" in " ".join(answer.json()["reasons"])
    assert Hand.objects.count() == 0


def test_another_users_hand_is_never_recorded_as_this_ones(keeper, table, seats, scorekeeper, organiser):
    answer = send(keeper, table, kept_hand(table, seats, organiser))
    assert answer.status_code == 409 and answer.json()["code"] == "not_yours"
    missing = send(keeper, table, {**kept_hand(table, seats, scorekeeper), "queued_by": ""})
    assert missing.status_code == 409
    assert Hand.objects.count() == 0


def test_a_stranger_or_a_logged_out_phone_is_refused(client, table, seats, scorekeeper, django_user_model):
    assert send(client, table, kept_hand(table, seats, scorekeeper)).status_code == 403
    stranger = django_user_model.objects.create_user("stranger", password="x")
    client.force_login(stranger)
    answer = send(client, table, kept_hand(table, seats, stranger))
    assert answer.status_code == 403 and answer.json()["code"] == "forbidden"
    assert Hand.objects.count() == 0


def test_the_manifest_installs_the_scoresheet(client):
    answer = client.get("/manifest.webmanifest")
    assert answer["Content-Type"] == "application/manifest+json"
    data = json.loads(answer.content)
    assert data["start_url"] == reverse("table:mine") and data["display"] == "standalone"
    assert [icon["sizes"] for icon in data["icons"]] == ["192x192", "512x512", "any"]
    names = ("img/icon-192.png", "img/icon-512.png", "img/logo.svg")
    # each a file of ours, by its collected (hashed, in production) name
    assert [icon["src"] for icon in data["icons"]] == [static(name) for name in names]
    assert all(finders.find(name) for name in names)


def test_the_worker_loads_workbox_from_our_static_files_and_is_never_cached(client):
    answer = client.get("/sw.js")
    assert answer["Content-Type"].startswith("application/javascript")
    assert "no-cache" in answer["Cache-Control"] or "max-age=0" in answer["Cache-Control"]
    text = answer.content.decode()
    config = json.loads(text.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["workbox"] == [
        static(f"vendor/workbox/workbox-{m}.prod.js") for m in ("core", "routing", "strategies")
    ]
    assert all(u.startswith("/static/vendor/workbox/") for u in config["workbox"])
    assert "http" not in text.replace(" http://", "")  # no CDN: every URL is this site's
    assert config["header"] == OFFLINE_HEADER


def test_the_policy_lets_this_site_run_a_worker_and_a_manifest(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy


def test_only_a_signed_in_users_full_page_is_marked_for_keeping(client, keeper, table, scorekeeper):
    page = keeper.get(reverse("table:scoresheet", args=[table.pk]))
    assert page[OFFLINE_HEADER] == str(scorekeeper.pk)
    assert "private" in page["Cache-Control"]
    assert OFFLINE_HEADER in keeper.get(reverse("table:mine")).headers
    partial = keeper.get(reverse("table:scoresheet", args=[table.pk]), HTTP_HX_REQUEST="true")
    assert OFFLINE_HEADER not in partial.headers
    assert OFFLINE_HEADER not in keeper.get(reverse("table:live", args=[table.pk])).headers
    assert OFFLINE_HEADER not in keeper.get(f"/api/v1/tables/{table.pk}/hands/").headers
    keeper.logout()
    assert OFFLINE_HEADER not in keeper.get(reverse("table:scoresheet", args=[table.pk])).headers


def test_the_price_card_is_the_competitions_price_table(table):
    card = price_card(table)
    assert card["price_table"][3] == [8, 4] and card["limit_price"] == [405, 203]
    assert card["min_doubles"] == 1 and card["shooter_pays_all"] is False


@pytest.fixture
def other_tables_voided_hand(table, scorekeeper):
    """A voided hand at table 2 of the same round, kept by the same scorekeeper."""
    from tests.factories import PlayerFactory, seated_table
    from tournament.tables.ledger.record import hand_record
    from tournament.tables.ledger.void import hand_void

    other = seated_table(competition=table.round.competition, table_number=2, scorekeeper=scorekeeper,
                         players=[PlayerFactory() for _ in range(4)])  # fmt: skip
    hand = hand_record(table=other, entry={"outcome": "draw"}, user=scorekeeper)
    hand_void(hand=hand, reason="wrong table", user=scorekeeper)
    return hand


@pytest.mark.parametrize("which", ["another_tables_hand", "no_hand"])
def test_a_kept_correction_of_another_tables_hand_or_of_none_is_refused_not_recorded(
    keeper, table, seats, scorekeeper, other_tables_voided_hand, which
):
    """Issue 31, item 4: the queue recorded it as a new hand at the current state."""
    corrects = {"another_tables_hand": other_tables_voided_hand.pk, "no_hand": 999999}[which]
    answer = send(keeper, table, {**kept_hand(table, seats, scorekeeper), "corrects": corrects})
    assert answer.status_code == 422 and answer.json()["code"] == "invalid_correction"
    assert answer.json()["reasons"] == ["Only a voided hand of this table can be entered again."]
    assert not Hand.objects.filter(table=table).exists()
