"""A player confirms from their own table page (issue 32, items 17 and 18).

A logged-in player who opens their table (after logging in, from "My tables", or the scoresheet's address)
lands on their seat's page with Agree and Dispute: the same door (``hand_answer``) as the seat link, for
their seat only. The page lists hands in play order, agrees to all shown at once, returns to the hand
answered, and says what "counted" means.
"""

import re

import pytest
from django.urls import reverse

from tests.factories import seated_table
from tests.table.test_seat_links import _hand, _seat
from tournament.confirmations.seat_links import seat_link_path
from tournament.models import HandAnswer
from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void
from tournament.views.landing import landing_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def confirming(table):
    competition = table.round.competition
    competition.confirmation, competition.confirmations_needed = "players", 2
    competition.save()
    return table


@pytest.fixture
def west(confirming, player_user):
    player = _seat(confirming, "W").player
    player.user = player_user
    player.save()
    return _seat(confirming, "W")


def test_a_seated_player_lands_on_their_table_page_with_agree_and_dispute(
    client,
    confirming,
    west,
    scorekeeper,
    player_user,
):
    from tournament.rounds.lifecycle import round_start

    confirming.round.competition.organisers.add(scorekeeper)  # (any organiser) starts the round
    round_start(confirming.round, user=scorekeeper)
    hand = _hand(confirming, scorekeeper)
    mine = reverse("table:my_seat", args=[confirming.pk])
    assert landing_url(player_user) == mine
    client.force_login(player_user)
    sheet = client.get(reverse("table:scoresheet", args=[confirming.pk]))
    assert sheet.status_code == 302 and sheet["Location"] == mine
    assert client.get(reverse("table:scoresheet", args=[confirming.pk]) + "?sheet=1").status_code == 200
    page = client.get(mine).content.decode()
    assert 'data-testid="agree"' in page and "Dispute" in page
    assert f'href="{mine}"' in client.get(reverse("table:mine")).content.decode()

    answered = client.post(reverse("table:answer", args=[confirming.pk, hand.pk]), {"verdict": "agree"})
    assert answered["Location"] == f"{mine}#hand-{hand.pk}"  # back at the hand, not the top
    answer = HandAnswer.objects.get(hand=hand)
    assert (answer.seat, answer.user, answer.by_link) == (west, player_user, False)


def test_a_player_cannot_answer_for_another_seat_or_table(client, confirming, west, scorekeeper, player_user):
    hand = _hand(confirming, scorekeeper)
    other = seated_table(competition=confirming.round.competition, table_number=2)
    client.force_login(player_user)
    assert (
        client.post(reverse("table:answer", args=[other.pk, hand.pk]), {"verdict": "agree"}).status_code
        == 404
    )
    assert client.post(reverse("table:agree_all", args=[other.pk]), {"hand": [hand.pk]}).status_code == 404
    assert (
        client.get(reverse("table:scoresheet", args=[other.pk])).status_code == 200
    )  # following, no redirect
    assert not HandAnswer.objects.exists()


def test_a_table_id_past_a_64_bit_key_is_a_404_on_the_seat_pages(
    client, confirming, west, scorekeeper, player_user
):
    """SQLite cannot take 2^63 in a query: the seat's look-up was a 500 (PostgreSQL's bigint neither)."""
    hand = _hand(confirming, scorekeeper)
    client.force_login(player_user)
    client.raise_request_exception = False
    for table_id in (2**63, 2**63 - 1, 10**30):
        assert client.get(f"/tables/{table_id}/seat/").status_code == 404, table_id
        answer = f"/tables/{table_id}/seat/hands/{hand.pk}/answer/"
        assert client.post(answer, {"verdict": "agree"}).status_code == 404, table_id
        assert client.post(f"/tables/{table_id}/seat/hands/agree/", {"hand": [hand.pk]}).status_code == 404
    assert not HandAnswer.objects.exists()
    assert client.get(reverse("table:my_seat", args=[confirming.pk])).status_code == 200  # the real one


@pytest.mark.parametrize("door", ["link", "account"])
def test_agree_to_all_shown_answers_each_open_hand_through_the_door(
    client,
    confirming,
    west,
    scorekeeper,
    player_user,
    door,
):
    hands = [_hand(confirming, scorekeeper) for _ in range(3)]
    others = seated_table(competition=confirming.round.competition, table_number=2)
    foreign = hand_record(table=others, entry={"outcome": "draw"}, user=None)
    if door == "link":
        url = seat_link_path(west) + "hands/agree/"
    else:
        client.force_login(player_user)
        url = reverse("table:agree_all", args=[confirming.pk])
    client.post(url, {"hand": [h.pk for h in hands[:2]] + [foreign.pk, "x", "²"]})
    answered = HandAnswer.objects.filter(seat=west).values_list("hand_id", flat=True)
    assert sorted(answered) == sorted(h.pk for h in hands[:2])  # the shown ones, of this table only
    assert not HandAnswer.objects.filter(hand=foreign).exists()
    client.post(url, {"hand": [h.pk for h in hands]})  # again: hand 3 only, none twice
    assert HandAnswer.objects.filter(seat=west).count() == 3


def test_hands_are_in_play_order_a_correction_in_its_place_and_counted_explained(
    client,
    confirming,
    west,
    scorekeeper,
):
    hands = [_hand(confirming, scorekeeper) for _ in range(3)]
    hand_void(hand=hands[1], reason="wrong winner", user=scorekeeper)
    e, s = confirming.seat_map["E"], confirming.seat_map["S"]
    entry = {"outcome": "win", "winner": s, "win": "discard", "discarder": e, "doubles": 2}
    hand_record(table=confirming, entry=entry, user=scorekeeper, corrects_id=hands[1].pk)
    page = client.get(seat_link_path(west)).content.decode()
    order = re.findall(r"<strong>(Hand|Voided entry of hand) (\d+)", page)
    assert order == [("Hand", "3"), ("Hand", "2"), ("Voided entry of hand", "2"), ("Hand", "1")]
    assert "The hand stands: its chips are in the standings." in page
