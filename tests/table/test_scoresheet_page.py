"""The scoresheet page: the table now, the rule set, the read-only view, the live partial, my tables."""

import re

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, seated_table
from tests.table.helpers import entry_form, post_hand
from tournament.models import Hand, Round

pytestmark = pytest.mark.django_db


def page_of(client, table, **params):
    return client.get(reverse("table:scoresheet", args=[table.pk]), params)


def test_the_page_shows_a_seated_tables_players_winds_dealer_and_balances(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    answer = page_of(client, table)
    assert answer.status_code == 200
    players = answer.context["players"]
    assert [(p.name, p.wind, p.is_dealer, p.balance) for p in players] == [
        ("Ann East", "E", True, 400),  # 001 section A: the East seat deals first
        ("Ben South", "S", False, 400),
        ("Cai West", "W", False, 400),
        ("Dee North", "N", False, 400),
    ]
    text = answer.content.decode()
    assert "East round" in text and 'data-testid="hand-number">1<' in text
    assert "Rule set: SPGG 2023 (default)" in text and "at least <strong>1</strong> double" in text
    assert 'name="idempotency_key"' in text and 'name="expected_number" value="1"' in text


def test_after_a_non_dealer_win_the_winds_move_with_the_deal(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    post_hand(client, table, {"outcome": "win", "winner": seats["S"], "win_from": "self", "doubles": 1})
    players = {p.name: p for p in page_of(client, table).context["players"]}
    # 000 "Player Wind": the South-seat player deals and is East; the East-seat player is now North
    assert players["Ben South"].is_dealer and players["Ben South"].wind == "E"
    assert players["Ann East"].wind == "N" and players["Dee North"].wind == "W"
    assert players["Ben South"].balance == 406


@pytest.mark.parametrize("who", ["player_user", "stranger", None])
def test_anyone_else_sees_the_same_page_without_edit_controls(
    client, table, seats, scorekeeper, request, who
):
    client.force_login(scorekeeper)
    post_hand(client, table, {"outcome": "draw"})
    client.logout()
    if who:
        client.force_login(request.getfixturevalue(who))
    answer = page_of(client, table)
    text = answer.content.decode()
    assert answer.status_code == 200 and "form" not in answer.context
    assert "entry-form" not in text and "Void hand" not in text
    assert "1.</strong> Draw" in text and 'data-testid="balance">400<' in text


def test_the_organiser_of_the_competition_gets_the_controls(client, table, organiser):
    table.round.competition.organisers.add(organiser)
    client.force_login(organiser)
    assert "entry-form" in page_of(client, table).content.decode()


def test_an_organiser_of_another_competition_does_not(client, table, organiser):
    client.force_login(organiser)
    assert "entry-form" not in page_of(client, table).content.decode()


def test_the_live_partial_answers_204_until_the_table_changes(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    version = page_of(client, table).context["version"]
    live = reverse("table:live_mine", args=[table.pk])  # the scorekeeper's own poll (issue 50)
    assert client.get(live, {"v": version}, HTTP_HX_REQUEST="true").status_code == 204
    post_hand(client, table, {"outcome": "win", "winner": seats["W"], "win_from": "self", "doubles": 2})
    answer = client.get(live, {"v": version, "expected": 1}, HTTP_HX_REQUEST="true")
    text = answer.content.decode()
    assert answer.status_code == 200
    assert 'id="live"' in text and 'id="history" class="card history" hx-swap-oob="true"' in text
    assert 'data-testid="balance">412<' in text  # 001 rule 21: 2 doubles self-drawn, 4 from each
    assert "Hand 1 was just recorded on another device." in text  # the form on that page is now stale


def test_the_live_partial_keeps_the_page_form_number_in_its_next_poll(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    post_hand(client, table, {"outcome": "draw"})
    answer = client.get(reverse("table:live_mine", args=[table.pk]), {"v": "0-0", "expected": 1})
    text = answer.content.decode()
    assert "expected=1" in text and 'data-testid="hand-number">2<' in text


def test_without_javascript_the_preview_is_the_whole_page_with_a_confirm_button(
    client, table, seats, scorekeeper
):
    client.force_login(scorekeeper)
    fields = {"outcome": "win", "winner": seats["S"], "win_from": seats["W"], "doubles": 3}
    answer = post_hand(client, table, fields, step="preview")
    text = answer.content.decode()
    assert answer.status_code == 200 and "<html" in text
    assert "Cai West</span> pays <span>Ben South</span> <strong>8</strong>" in text  # 001 rules 17, 21
    assert 'data-testid="preview-after">416<' in text
    assert f'formaction="/tables/{table.pk}/record/"' in text and "Confirm hand 1" in text
    assert 'value="3"' in text  # the form keeps the entry, to change or confirm
    assert not Hand.objects.exists()


def test_a_finished_session_takes_no_more_hands(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    # a limit hand self-drawn: 001 rule 24 prices it at 405 from each; nobody has that much
    post_hand(client, table, {"outcome": "win", "winner": seats["N"], "win_from": "self", "limit": "on"})
    answer = page_of(client, table)
    assert answer.context["state"].finished and "form" not in answer.context
    assert "Session over: a player is out of chips." in answer.content.decode()


def test_full_hand_preview_lists_the_doubles_item_by_item(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    fields = {
        "outcome": "win", "winner": seats["S"], "win_from": seats["W"],
        "concealed": "B2 B3 B4 D5 D6 D7 C3 C3", "meld_0": "C4 C5 C6", "meld_1": "RD RD RD RD",
        "meld_1_concealed": "on", "bonus": "F2 CAT", "winning_tile": "B4",
    }  # fmt: skip
    answer = post_hand(client, table, fields, step="preview", HTTP_HX_REQUEST="true")
    text = answer.content.decode()
    assert answer.status_code == 200 and "<html" not in text  # the partial only
    # 001 rule 23g (dragon pong), 23a (own flower: F2 is South's), 23c (animal)
    for item in ("Pong of Red Dragons", "Own flower F2", "Animal: Cat"):
        assert item in text
    assert answer.context["preview"]["doubles"] == 3
    assert f'formaction="/tables/{table.pk}/record/"' in text
    record = post_hand(client, table, fields)
    assert record.status_code == 302
    assert page_of(client, table).context["players"][1].balance == 416


def test_an_illegal_full_hand_is_explained_in_the_preview(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    fields = {
        "outcome": "win",
        "winner": seats["S"],
        "win_from": "self",
        "concealed": "B1 B1 B1",
        "winning_tile": "B1",
    }
    answer = post_hand(client, table, fields, step="preview", HTTP_HX_REQUEST="true")
    text = answer.content.decode()
    assert 'data-testid="problems"' in text and "Full hand:" in text
    assert "Confirm hand" not in text


def test_an_incomplete_entry_previews_as_the_next_tap_to_make(client, table, scorekeeper):
    client.force_login(scorekeeper)
    answer = post_hand(client, table, {"outcome": "win"}, step="preview", HTTP_HX_REQUEST="true")
    assert "Tap the winner." in answer.content.decode() and "Confirm hand" not in answer.content.decode()


def test_a_payout_tapped_who_then_what_becomes_a_chip_and_new_taps(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    fields = {"outcome": "draw", "p-0-player": seats["N"], "p-0-kind": "kong_concealed"}
    answer = post_hand(client, table, fields, step="preview", HTTP_HX_REQUEST="true")
    text = answer.content.decode()
    # the payouts come back out of band: the tapped one as a chip, and taps for the next (row 1)
    assert '<div id="payouts" hx-swap-oob="true">' in text
    assert re.search(r'data-testid="payout">.*?<strong>Dee North</strong> · Kong, concealed', text, re.S)
    assert f'name="p-1-player" id="p-1-player-{seats["E"]}"' in text and 'name="p-1-kind"' in text
    # 001 rule 22: a concealed kong, 2 from each other player
    assert "Ann East pays Dee North 2" in re.sub(r"<[^>]+>", "", text)

    fields["p-0-drop"] = "on"  # the chip's cross takes it out again
    text = post_hand(client, table, fields, step="preview", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-testid="payout"' not in text and "No chips move." in text


def test_players_keep_their_places_in_the_taps_whoever_deals(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    post_hand(client, table, {"outcome": "win", "winner": seats["S"], "win_from": "self", "doubles": 1})
    answer = page_of(client, table)
    assert answer.context["players"][1].is_dealer  # Ben (South seat) deals now
    text = answer.content.decode()
    winners = re.findall(r'id="winner-(\d+)"', text)
    cards = re.findall(r'data-player="(\d+)"', text)
    assert winners == cards == [str(seats[s]) for s in "ESWN"]  # as seated, not dealer first


def test_the_doubles_are_a_tap_or_a_typed_count_never_a_placeholder(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    text = page_of(client, table).content.decode()
    assert "placeholder=" not in text.split('class="doubles"')[1].split("</fieldset>")[0]
    assert 'name="doubles" id="doubles-1" value="1">' in text  # nothing picked until tapped
    fields = {"outcome": "win", "winner": seats["S"], "win_from": seats["W"], "doubles": 2}
    fields["doubles_other"] = 8
    answer = post_hand(client, table, fields, step="preview", HTTP_HX_REQUEST="true")
    assert answer.context["preview"]["doubles"] == 8  # the typed count wins over a tap


def test_confirm_with_htmx_swaps_in_the_sheet_with_the_next_hand_ready(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    fields = {"outcome": "win", "winner": seats["S"], "win_from": seats["W"], "doubles": 3}
    data = {**entry_form(client, table), **fields}
    url = reverse("table:record", args=[table.pk])
    answer = client.post(url, data, HTTP_HX_REQUEST="true")
    text = answer.content.decode()
    assert answer.status_code == 200 and text.startswith('<div class="sheet" id="sheet"')
    assert answer["HX-Replace-Url"] == reverse("table:scoresheet", args=[table.pk])
    assert 'data-testid="status">Hand 1 recorded.<' in text
    assert 'name="expected_number" value="2"' in text and data["idempotency_key"] not in text
    # the same tap sent twice (a double tap, a retry) records the hand once
    again = client.post(url, data, HTTP_HX_REQUEST="true")
    assert again.status_code == 200 and Hand.objects.filter(table=table).count() == 1


def test_my_tables_lists_the_scorekeepers_tables_and_a_players_table_now(client, scorekeeper, player_user):
    mine = seated_table(scorekeeper=scorekeeper, table_number=3)
    mine.round.status = Round.Status.PLAYING
    mine.round.save()
    other = seated_table(table_number=4)
    client.force_login(scorekeeper)
    text = client.get(reverse("table:mine")).content.decode()
    assert reverse("table:scoresheet", args=[mine.pk]) in text
    assert reverse("table:scoresheet", args=[other.pk]) not in text

    me = PlayerFactory(name="Pat Player", user=player_user)
    seated = seated_table(players=[me, *[PlayerFactory() for _ in range(3)]], table_number=7)
    client.force_login(player_user)
    answer = client.get(reverse("table:mine"))
    assert answer.context["my_table"]["table"] == seated
    assert reverse("table:scoresheet", args=[seated.pk]) in answer.content.decode()


def test_my_tables_needs_a_login(client):
    answer = client.get(reverse("table:mine"))
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_a_table_without_its_four_players_has_no_scoresheet_yet(client, table):
    table.seats.filter(wind="N").delete()
    assert client.get(reverse("table:scoresheet", args=[table.pk])).status_code == 404


def test_a_player_following_their_own_table_sees_which_one_they_are(client, table, seats, player_user):
    me = table.seats.get(wind="W").player
    me.user = player_user
    me.save()
    client.force_login(player_user)
    assert page_of(client, table)["Location"] == reverse("table:my_seat", args=[table.pk])  # issue 32
    answer = page_of(client, table, sheet=1)  # the whole sheet, asked for
    assert answer.context["me"] == seats["W"] and "form" not in answer.context
    assert f'class="player me" data-player="{seats["W"]}"' in answer.content.decode()


@pytest.mark.parametrize("corrects", ["abc", "999999", ""])
def test_a_wrong_corrects_link_just_shows_the_table(client, table, scorekeeper, corrects):
    client.force_login(scorekeeper)
    answer = page_of(client, table, corrects=corrects)
    assert answer.status_code == 200 and not answer.context["form"]["corrects"].value()


def _round_table(competition, players, *, round_number, table_number, status, scorekeeper=None):
    table = seated_table(
        competition=competition,
        players=players,
        round_number=round_number,
        table_number=table_number,
        scorekeeper=scorekeeper,
    )
    Round.objects.filter(pk=table.round_id).update(status=status)
    table.round.refresh_from_db()
    return table


def test_my_table_is_the_one_playing_now_and_each_table_names_its_round(client, scorekeeper, player_user):
    """Issue 14: round 3 only seated while round 2 plays; the player's table now is round 2's."""
    me = PlayerFactory(name="Pat Player", user=player_user)
    others = [PlayerFactory() for _ in range(3)]
    first = seated_table(players=[me, *others])
    competition = first.round.competition
    Round.objects.filter(pk=first.round_id).update(status=Round.Status.FINISHED)
    playing = _round_table(competition, [*others, me], round_number=2, table_number=1, status="playing")
    later = _round_table(competition, [others[1], me, others[0], others[2]], round_number=3, table_number=4,
                         status="seated")  # fmt: skip
    client.force_login(player_user)
    answer = client.get(reverse("table:mine"))
    text = answer.content.decode()
    assert answer.context["my_table"]["table"] == playing
    assert "Your table now" in text
    assert "Round 2 · Table 1 — playing now" in text and "Round 3 · Table 4 — next" in text
    assert text.index(reverse("table:scoresheet", args=[playing.pk])) < text.index(
        reverse("table:scoresheet", args=[later.pk])
    )


def test_a_scorekeepers_tables_are_each_labelled_with_their_round(client, scorekeeper):
    """Three tables numbered 1 in three rounds: no longer three times "Table 1 now"."""
    done = seated_table(scorekeeper=scorekeeper)
    competition = done.round.competition
    Round.objects.filter(pk=done.round_id).update(status=Round.Status.FINISHED)
    _round_table(competition, None, round_number=2, table_number=1, status="playing", scorekeeper=scorekeeper)
    _round_table(competition, None, round_number=3, table_number=1, status="seated", scorekeeper=scorekeeper)
    client.force_login(scorekeeper)
    text = client.get(reverse("table:mine")).content.decode()
    labels = re.findall(r'data-testid="table-label">([^<]+)<', text)
    assert labels == [
        "Round 2 · Table 1 — playing now",
        "Round 3 · Table 1 — next",
        "Round 1 · Table 1 — finished",
    ]


def test_the_rounds_end_counts_down_on_the_sheet_and_the_organisers_round_page(client, table, organiser):
    from datetime import timedelta

    from django.utils import timezone

    ends = timezone.now() + timedelta(minutes=40)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING, ends_at=ends)
    table.round.competition.organisers.add(organiser)
    client.force_login(organiser)
    clock = timezone.localtime(ends).strftime("%H:%M")
    sheet = reverse("table:scoresheet", args=[table.pk])
    for url in (sheet, reverse("organiser:round", args=[table.round_id])):
        text = client.get(url).content.decode()
        timer = re.search(r'<span class="timer" data-testid="timer" data-ends="([^"]+)"', text)
        assert timer and timer.group(1) == timezone.localtime(ends).isoformat(), url
        assert f"ends {clock}" in text and 'data-left="{t} left"' in text
    Round.objects.filter(pk=table.round_id).update(ends_at=None)  # no end time: no timer
    assert 'data-testid="timer"' not in page_of(client, table).content.decode()


def test_numbers_in_the_address_in_other_digits_are_ignored_not_a_server_error(client, table, scorekeeper):
    """``?corrects=²`` (the scoresheet) and ``?expected=²`` (its live part, open to anyone) passed
    ``str.isdigit`` and failed in ``int``: 500."""
    client.force_login(scorekeeper)
    assert page_of(client, table, corrects="²").status_code == 200
    client.logout()
    live = client.get(reverse("table:live", args=[table.pk]), {"expected": "²"})
    assert live.status_code == 200


def test_the_scoresheet_opens_and_takes_a_hand_with_the_cache_down(
    client, table, seats, scorekeeper, monkeypatch
):
    """The walk of issue 47 stopped Redis in the middle of a night: the scorekeeper's sheet answered 500,
    its tile palette being kept in the Redis cache. The palette is kept in the process instead; the
    sheet opens and a hand is recorded while every read of the shared cache fails."""
    from django.core.cache import caches

    def down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    shared = caches["default"]
    for name in ("get", "set", "add", "get_many", "incr", "delete"):
        monkeypatch.setattr(shared, name, down)
    client.force_login(scorekeeper)
    answer = page_of(client, table)
    assert answer.status_code == 200 and "data-tile-palette" in answer.content.decode()
    post_hand(client, table, {"outcome": "win", "winner": seats["S"], "win_from": "self", "doubles": 1})
    assert Hand.objects.filter(table=table).count() == 1
