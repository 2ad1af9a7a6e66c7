"""A hand is confirmed by its players, not by whoever recorded it (issue 31).

Sam records on his phone ("Phone A", 10.0.0.5, the venue's Wi-Fi). He could once read the four seat
links off his scoresheet and agree to his own hands through them, with no session at all. Now: the
links are not on the scoresheet; an answer from the account, the session or the device (its mark, a
cookie the scoresheet gave Sam's phone when he recorded) that recorded the hand is refused (403) through
the seat's page and the API, and nothing is written, whatever browser name or address it shows; a player
on another phone behind the same Wi-Fi answers, even one of the same make and browser build (the same
address and browser name, which were once refused); an organiser retires a seat's link and the old one
stops working everywhere, held results included.
"""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.api.conftest import client_for
from tests.table.helpers import post_hand
from tests.table.test_seat_links import _seat
from tournament.access.audit import RequestMeta
from tournament.access.device import DEVICE_COOKIE, MAX_AGE
from tournament.confirmations.seat_links import seat_link_path, seat_link_token
from tournament.confirmations.services import hand_answer
from tournament.models import AuditEntry, Hand, HandAnswer, HandCheck, Round
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db

SAMS_PHONE = {"REMOTE_ADDR": "10.0.0.5", "HTTP_USER_AGENT": "Phone A"}
BENS_PHONE = {"REMOTE_ADDR": "10.0.0.5", "HTTP_USER_AGENT": "Phone B"}  # the same Wi-Fi, another phone


@pytest.fixture
def confirming(table):
    competition = table.round.competition
    competition.confirmation, competition.confirmations_needed = "players", 1
    competition.save()
    return table


@pytest.fixture
def recorded(client, confirming, scorekeeper):
    """Sam records a hand through the scoresheet on his phone."""
    client.force_login(scorekeeper)
    seats = confirming.seat_map
    entry = {"outcome": "win", "winner": seats["E"], "win_from": seats["S"], "doubles": 3}
    assert post_hand(client, confirming, entry, **SAMS_PHONE).status_code in (200, 302)
    return Hand.objects.get(table=confirming)


def _nothing_answered(hand) -> bool:
    return not HandAnswer.objects.filter(hand=hand).exists() and not HandCheck.objects.get(hand=hand).counted


def _signed_out(client) -> str:
    """Sam signs out on his phone (the site's own logout: the session ends, the phone keeps its cookies)."""
    assert client.post(reverse("logout")).status_code in (200, 302)
    return client.cookies[DEVICE_COOKIE].value if DEVICE_COOKIE in client.cookies else ""


def test_the_recorders_phone_signed_out_cannot_agree_through_a_players_link(client, recorded):
    _signed_out(client)  # a new session on the same phone
    url = reverse("seat:answer", args=[seat_link_token(_seat(recorded.table, "S")), recorded.pk])
    answer = client.post(url, {"verdict": "agree"}, **SAMS_PHONE)
    assert (
        answer.status_code == 403
        and "recorded from this account, session or device" in answer.content.decode()
    )
    assert _nothing_answered(recorded)


def test_the_scoresheet_marks_the_recording_phone_with_a_lasting_private_cookie(client, recorded):
    mark = client.cookies[DEVICE_COOKIE]
    assert len(mark.value) >= 43 and mark["httponly"] and mark["samesite"] == "Lax"
    assert int(mark["max-age"]) == MAX_AGE >= 365 * 86400 and not mark["secure"]  # the test site is http
    entry = AuditEntry.objects.get(action="hand_recorded", object_id=recorded.pk)
    assert len(entry.data["device"]) == 32 and mark.value not in str(entry.data)  # its digest, not the mark
    seats = recorded.table.seat_map
    second = {"outcome": "win", "winner": seats["S"], "win_from": seats["E"], "doubles": 3}
    again = post_hand(client, recorded.table, second, secure=True, **SAMS_PHONE)
    assert again.status_code in (200, 302) and DEVICE_COOKIE not in again.cookies  # kept, not given anew
    fresh = Client()
    fresh.force_login(recorded.recorded_by)
    marked = post_hand(fresh, recorded.table, {"outcome": "draw"}, secure=True)
    assert marked.status_code in (200, 302) and marked.cookies[DEVICE_COOKIE]["secure"]  # https: Secure


def test_the_recorders_phone_cannot_agree_under_another_browser_name_or_address(client, recorded):
    """One character of the browser name changed, or another network: the same phone, refused."""
    mark = _signed_out(client)
    url = reverse("seat:answer", args=[seat_link_token(_seat(recorded.table, "S")), recorded.pk])
    answer = client.post(url, {"verdict": "agree"}, REMOTE_ADDR="10.0.0.5", HTTP_USER_AGENT="Phone A.")
    assert answer.status_code == 403 and "account, session or device" in answer.content.decode()
    script = client_for(None)  # the mark copied into a script, from the phone's mobile data
    script.cookies[DEVICE_COOKIE] = mark
    token = seat_link_token(_seat(recorded.table, "W"))
    answer = script.post(
        f"/api/v1/seats/{token}/hands/{recorded.pk}/confirmation/", {"verdict": "agree"}, format="json",
        REMOTE_ADDR="198.51.100.7", HTTP_USER_AGENT="curl/8.5",
    )  # fmt: skip
    assert answer.status_code == 403, answer.content
    assert answer.json()["errors"][0]["code"] == "permission_denied"
    assert _nothing_answered(recorded)


def test_a_phone_just_like_sams_on_the_same_wifi_answers_through_the_page_and_the_api(recorded):
    """The same address and the exact same browser name: another phone of the same make, not Sam's."""
    url = reverse("seat:answer", args=[seat_link_token(_seat(recorded.table, "S")), recorded.pk])
    assert Client().post(url, {"verdict": "agree"}, **SAMS_PHONE).status_code == 302
    token = seat_link_token(_seat(recorded.table, "W"))
    answer = client_for(None).post(
        f"/api/v1/seats/{token}/hands/{recorded.pk}/confirmation/", {"verdict": "agree"}, format="json",
        **SAMS_PHONE,
    )  # fmt: skip
    assert answer.status_code == 201, answer.content
    assert {a.seat.wind for a in HandAnswer.objects.filter(hand=recorded)} == {"S", "W"}


def test_the_recorders_session_cannot_answer_whatever_address_or_device_it_shows(recorded):
    session = AuditEntry.objects.get(action="hand_recorded").data["session"]
    for device in ("", "another phone's digest"):
        meta = RequestMeta(ip_address="192.0.2.1", user_agent="Elsewhere", session=session, device=device)
        with pytest.raises(PermissionDenied):
            hand_answer(
                hand=recorded, seat=_seat(recorded.table, "N"), verdict="agree", by_link=True, meta=meta
            )
    assert _nothing_answered(recorded)


def test_a_player_on_another_phone_behind_the_same_wifi_answers(recorded):
    url = reverse("seat:answer", args=[seat_link_token(_seat(recorded.table, "S")), recorded.pk])
    assert Client().post(url, {"verdict": "agree"}, **BENS_PHONE).status_code == 302
    assert HandCheck.objects.get(hand=recorded).counted


def test_a_signed_in_player_answers_from_their_own_account_even_on_a_phone_like_sams(recorded, player_user):
    west = _seat(recorded.table, "W")
    west.player.user = player_user
    west.player.save()
    client = Client()
    client.force_login(player_user)
    url = reverse("table:answer", args=[recorded.table_id, recorded.pk])
    assert client.post(url, {"verdict": "agree"}, **SAMS_PHONE).status_code == 302
    assert HandAnswer.objects.get(hand=recorded).seat == west


# --- retiring a seat's link ---------------------------------------------------------------------------


def test_an_organiser_retires_a_link_and_it_stops_working_everywhere(confirming, scorekeeper, organiser):
    confirming.round.competition.organisers.add(organiser)
    south = _seat(confirming, "S")
    old_path, old_token = seat_link_path(south), seat_link_token(south)
    hand = hand_record(table=confirming, entry={"outcome": "draw"}, user=scorekeeper)
    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("organiser:round", args=[confirming.round_id])).content.decode()
    retire = reverse("organiser:seat_link_retire", args=[south.pk])
    assert retire in page  # the button on the round's page
    assert client.post(retire).status_code == 302
    entry = AuditEntry.objects.get(action="seat_link_retired")
    assert entry.user == organiser and "retired the private link of Ben South (S)" in entry.summary
    Round.objects.filter(pk=confirming.round_id).update(results_held=True)  # held results: still closed
    anyone = Client()
    assert anyone.get(old_path).status_code == 404
    answer = reverse("seat:answer", args=[old_token, hand.pk])
    assert anyone.post(answer, {"verdict": "agree"}, **BENS_PHONE).status_code == 404
    assert APIClient().get(f"/api/v1/seats/{old_token}/").status_code == 404
    assert not HandAnswer.objects.exists()
    south.refresh_from_db()
    assert anyone.get(seat_link_path(south)).status_code == 200  # the new link, on the cards printed again


@pytest.mark.parametrize("who", ["scorekeeper", "other_organiser"])
def test_only_the_competitions_organisers_retire_a_link(
    confirming, scorekeeper, organiser, who, django_user_model
):
    from django.contrib.auth.models import Group

    user = scorekeeper
    if who == "other_organiser":
        user = django_user_model.objects.create_user(username="otto")
        user.groups.add(Group.objects.get(name="organiser"))
    south = _seat(confirming, "S")
    client = Client()
    client.force_login(user)
    assert client.post(reverse("organiser:seat_link_retire", args=[south.pk])).status_code == 403
    south.refresh_from_db()
    assert south.link_nonce == "" and not AuditEntry.objects.filter(action="seat_link_retired").exists()
