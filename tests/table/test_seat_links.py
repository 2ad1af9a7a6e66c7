"""A seat's private link (issue 19): following the table and confirming hands without an account."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import CompetitionFactory, PlayerFactory, seated_table
from tournament.confirmations.seat_links import (
    LINK_GRACE,
    seat_for_token,
    seat_link_path,
    seat_link_reset,
    seat_link_token,
)
from tournament.confirmations.services import hand_rule
from tournament.models import HandAnswer, HandCheck, Seat
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def confirming(table):
    competition = table.round.competition
    competition.confirmation, competition.confirmations_needed = "players", 2
    competition.save()
    return table


def _seat(table, wind):
    return Seat.objects.select_related("player").get(table=table, wind=wind)


def _hand(table, keeper):
    e, s = table.seat_map["E"], table.seat_map["S"]
    entry = {"outcome": "win", "winner": e, "win": "discard", "discarder": s, "doubles": 3}
    return hand_record(table=table, entry=entry, user=keeper)


def _answer_url(seat, hand):
    return reverse("seat:answer", args=[seat_link_token(seat), hand.pk])


def test_a_token_names_one_seat_and_cannot_be_forged_or_reused_after_a_reset(table):
    south = _seat(table, "S")
    token = seat_link_token(south)
    assert seat_for_token(token) == south
    seat_id, signature = token.split(".")
    west = _seat(table, "W")
    assert seat_for_token(f"{west.pk}.{signature}") is None  # another seat's signature
    assert seat_for_token(f"{seat_id}.{signature[:-1]}x") is None
    assert seat_for_token("nonsense") is None
    seat_link_reset(south)
    assert seat_for_token(token) is None and seat_for_token(seat_link_token(south)) == south


def test_the_link_shows_the_hand_and_confirms_for_its_seat(client, confirming, scorekeeper):
    hand = _hand(confirming, scorekeeper)
    south = _seat(confirming, "S")
    page = client.get(seat_link_path(south))
    assert page.status_code == 200 and page["Referrer-Policy"] == "same-origin"
    text = page.content.decode()
    assert "Ann East won, on Ben South&#x27;s discard" in text and "Ben South pays Ann East" in text
    assert "waiting for confirmation" in text and 'data-testid="agree"' in text
    answered = client.post(_answer_url(south, hand), {"verdict": "agree"})
    assert answered.status_code == 302
    answer = HandAnswer.objects.get(hand=hand)
    assert (answer.seat, answer.verdict, answer.by_link, answer.user) == (south, "agree", True, None)
    # A replay of the same confirm records nothing more.
    client.post(_answer_url(south, hand), {"verdict": "agree"})
    assert HandAnswer.objects.filter(hand=hand).count() == 1
    assert "Your answer: Agree" in client.get(seat_link_path(south)).content.decode()


def test_a_dispute_through_the_link_and_the_ruling_seen_by_the_players(
    client, confirming, scorekeeper, organiser
):
    confirming.round.competition.organisers.add(organiser)
    hand = _hand(confirming, scorekeeper)
    west = _seat(confirming, "W")
    client.post(_answer_url(west, hand), {"verdict": "dispute", "reason": ""})
    assert not HandAnswer.objects.exists()  # a dispute needs its reason
    client.post(_answer_url(west, hand), {"verdict": "dispute", "reason": "it was 2 doubles"})
    assert HandCheck.objects.get(hand=hand).state == "disputed"
    hand_rule(hand=hand, ruling="void", reason="the table agrees: 2 doubles", user=organiser)
    north = _seat(confirming, "N")
    page = client.get(seat_link_path(north)).content.decode()
    assert "The organiser ruled" in page and "the table agrees: 2 doubles" in page
    assert 'data-testid="agree"' not in page
    client.post(_answer_url(north, hand), {"verdict": "agree"})  # a confirm after the ruling
    assert HandAnswer.objects.filter(hand=hand).count() == 1


def test_a_token_answers_only_for_its_own_table(client, confirming, scorekeeper):
    hand = _hand(confirming, scorekeeper)
    elsewhere = seated_table(competition=CompetitionFactory(), players=[PlayerFactory() for _ in range(4)])
    stranger_seat = Seat.objects.filter(table=elsewhere).first()
    answer = client.post(
        reverse("seat:answer", args=[seat_link_token(stranger_seat), hand.pk]), {"verdict": "agree"}
    )
    assert answer.status_code == 404 and not HandAnswer.objects.exists()
    forged = client.get(reverse("seat:follow", args=[f"{stranger_seat.pk}.AAAA"]))
    assert forged.status_code == 404


def test_a_logged_in_player_answers_for_their_own_seat(client, confirming, scorekeeper, player_user):
    east_player = _seat(confirming, "W").player
    east_player.user = player_user
    east_player.save()
    hand = _hand(confirming, scorekeeper)
    client.force_login(player_user)
    assert client.get(reverse("table:my_seat", args=[confirming.pk])).status_code == 200
    client.post(reverse("table:answer", args=[confirming.pk, hand.pk]), {"verdict": "agree"})
    answer = HandAnswer.objects.get(hand=hand)
    assert (answer.seat.wind, answer.user, answer.by_link) == ("W", player_user, False)
    other = seated_table(competition=confirming.round.competition, table_number=2)
    assert client.get(reverse("table:my_seat", args=[other.pk])).status_code == 404


def test_the_scorekeeper_is_told_of_the_links_but_sees_none_and_a_follower_nothing(
    client, table, scorekeeper, stranger
):
    """Issue 31: the scoresheet showed the four codes, with which its holder confirmed their own hands."""
    client.force_login(scorekeeper)
    page = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    assert 'data-testid="seat-links"' in page and 'class="qr"' not in page
    assert not any(seat_link_token(seat) in page for seat in table.seats.all())
    client.force_login(stranger)
    page = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    assert 'data-testid="seat-links"' not in page


def test_the_scoresheet_shows_a_disputed_hand_and_refreshes_when_players_answer(
    client, confirming, scorekeeper
):
    from tournament.views.table.version import table_version

    hand = _hand(confirming, scorekeeper)
    client.force_login(scorekeeper)
    page = client.get(reverse("table:scoresheet", args=[confirming.pk])).content.decode()
    assert "(waiting for confirmation)" in page
    before = table_version(confirming)
    client.logout()  # Ben, on his phone
    client.post(_answer_url(_seat(confirming, "S"), hand), {"verdict": "dispute", "reason": "not my discard"})
    client.force_login(scorekeeper)
    assert table_version(confirming) != before  # the scorekeeper's live list picks the dispute up
    page = client.get(reverse("table:scoresheet", args=[confirming.pk])).content.decode()
    assert "(disputed)" in page


def test_the_scorekeeper_cannot_confirm_their_own_hand_through_a_players_link(
    client, confirming, scorekeeper
):
    hand = _hand(confirming, scorekeeper)
    client.force_login(scorekeeper)
    client.post(_answer_url(_seat(confirming, "S"), hand), {"verdict": "agree"})
    assert not HandAnswer.objects.exists()


@pytest.mark.parametrize("token", ["².abc", "¹²³.abc", "٣.abc"])
def test_a_seat_id_in_other_digits_is_no_seat_not_a_server_error(client, table, token):
    """``str.isdigit`` takes "²", which ``int`` refuses: the link's page and the API answered 500 (with the
    debugging page on the embedded default) to anyone who typed one."""
    assert seat_for_token(token) is None
    assert client.get(f"/s/{token}/").status_code == 404
    assert client.get(f"/api/v1/seats/{token}/").status_code == 404
    answer = client.post(
        f"/api/v1/seats/{token}/hands/1/confirmation/", {"verdict": "agree"}, "application/json"
    )
    assert answer.status_code == 404


# --- issue 34: a finished round's links close LINK_GRACE after it really ended, not after its schedule ---


def _ended(table, keeper, *, scheduled_end):
    """A hand at ``table`` (which starts its round), then the organiser ends the round now."""
    from tournament.models import Round
    from tournament.rounds.lifecycle import round_end

    Round.objects.filter(pk=table.round_id).update(
        starts_at=scheduled_end - timedelta(hours=3), ends_at=scheduled_end
    )
    _hand(table, keeper)
    round_end(table.round, user=None)
    table.round.refresh_from_db()
    assert table.round.status == "finished"


def _link_opens(client, seat, monkeypatch, when) -> bool:
    """Whether the seat's link opens, at ``when``: the page and the API agree."""
    monkeypatch.setattr(timezone, "now", lambda: when)
    page = client.get(seat_link_path(seat)).status_code
    api = client.get(f"/api/v1/seats/{seat_link_token(seat)}/").status_code
    monkeypatch.undo()
    assert page == api, (page, api)
    return page == 200


def test_a_round_finished_early_closes_its_links_the_grace_after_its_real_end(
    client, table, scorekeeper, monkeypatch
):
    """Stopped four hours before its scheduled end: the links went on opening until that end plus 12 hours."""
    ended = timezone.now()
    _ended(table, scorekeeper, scheduled_end=ended + timedelta(hours=4))
    south = _seat(table, "S")
    assert _link_opens(client, south, monkeypatch, ended + LINK_GRACE - timedelta(minutes=5))
    assert not _link_opens(client, south, monkeypatch, ended + LINK_GRACE + timedelta(minutes=5))


def test_a_round_running_late_keeps_its_links_the_grace_after_its_real_end(
    client, table, scorekeeper, monkeypatch
):
    """Ended five hours past its scheduled end: its links closed seven hours after it really ended."""
    ended = timezone.now()
    _ended(table, scorekeeper, scheduled_end=ended - timedelta(hours=5))
    north = _seat(table, "N")
    assert _link_opens(client, north, monkeypatch, ended + timedelta(hours=8))
    assert _link_opens(client, north, monkeypatch, ended + LINK_GRACE - timedelta(minutes=5))
    assert not _link_opens(client, north, monkeypatch, ended + LINK_GRACE + timedelta(minutes=5))


def test_a_round_finished_by_its_tables_closes_its_links_the_grace_after_its_last_hand(
    client, table, scorekeeper, monkeypatch
):
    """Finished (every table over by its own play, no table ended by the organiser): its last hand is when."""
    from tournament.models import Hand, Round

    ended = timezone.now() - timedelta(hours=2)
    Hand.objects.filter(pk=_hand(table, scorekeeper).pk).update(recorded_at=ended)
    Round.objects.filter(pk=table.round_id).update(
        status=Round.Status.FINISHED, ends_at=ended + timedelta(hours=6)
    )
    east = _seat(table, "E")
    assert _link_opens(client, east, monkeypatch, ended + LINK_GRACE - timedelta(minutes=5))
    assert not _link_opens(client, east, monkeypatch, ended + LINK_GRACE + timedelta(minutes=5))
