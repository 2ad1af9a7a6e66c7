"""Recording hands from the scoresheet with plain form posts (no JavaScript), through the ledger.

Chip amounts are those of spgg-2023 (the default rule set): 001 rule 21's
table (3 doubles = 8 full / 4 half, 5 doubles = 32 full), rule 17 (the
discarder pays full, the other two half), rule 22 (a concealed kong: 2 from
each other player), rule 15 (Za Hu pays 5 doubles to each other player).
"""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.table.helpers import balances, entry_form, post_hand
from tournament.models import AuditEntry, ChipTransfer, Hand
from tournament.tables.selectors import table_fold

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper(client, scorekeeper):
    client.force_login(scorekeeper)
    return client


def test_a_win_on_a_discard_moves_chips_as_rules_17_and_21_say(keeper, table, seats, scorekeeper):
    east, south, west, north = (seats[s] for s in "ESWN")
    answer = post_hand(
        keeper,
        table,
        {"outcome": "win", "winner": south, "win_from": west, "doubles": 3},
        REMOTE_ADDR="10.1.2.3",
    )
    assert answer.status_code == 302 and answer["Location"] == reverse("table:scoresheet", args=[table.pk])
    assert balances(table) == {east: 396, south: 416, west: 392, north: 396}
    hand = Hand.objects.get()
    assert hand.recorded_by == scorekeeper and hand.doubles == 3 and not hand.self_drawn
    audit = AuditEntry.objects.get(action="hand_recorded")
    assert audit.ip_address == "10.1.2.3"  # the request's metadata reaches the ledger
    page = keeper.get(answer["Location"])
    assert "Hand 1 recorded." in page.content.decode()
    assert page.context["state"].hand_number == 2


def test_a_self_drawn_win_is_paid_full_by_all_three(keeper, table, seats):
    east, south, west, north = (seats[s] for s in "ESWN")
    post_hand(keeper, table, {"outcome": "win", "winner": east, "win_from": "self", "doubles": 3})
    assert balances(table) == {east: 424, south: 392, west: 392, north: 392}
    assert Hand.objects.get().self_drawn
    assert table_fold(table).state.dealer == east  # 001 section A: the dealer who wins keeps the deal


def test_a_draw_with_a_concealed_kong_pays_the_kong_and_passes_the_deal(keeper, table, seats):
    east, south, west, north = (seats[s] for s in "ESWN")
    answer = post_hand(keeper, table, {"outcome": "draw", "p-0-player": north, "p-0-kind": "kong_concealed"})
    assert answer.status_code == 302
    assert balances(table) == {east: 398, south: 398, west: 398, north: 406}
    state = table_fold(table).state
    assert state.dealer == south  # 001 rule 10: a draw with a kong passes the deal
    assert Hand.objects.get().outcome == "draw"


def test_a_draw_without_a_kong_moves_no_chips_and_keeps_the_dealer(keeper, table, seats):
    post_hand(keeper, table, {"outcome": "draw"})
    state = table_fold(table).state
    assert set(state.balances.values()) == {400} and state.dealer == seats["E"] and state.hand_number == 2


def test_a_penalty_za_hu_pays_five_doubles_to_each_other_player(keeper, table, seats):
    east, south, west, north = (seats[s] for s in "ESWN")
    post_hand(keeper, table, {"outcome": "false_win", "offender": west})
    assert balances(table) == {east: 432, south: 432, west: 304, north: 432}
    assert Hand.objects.get().offender_id == west


def test_bonus_payouts_at_the_deal_and_later(keeper, table, seats):
    east, south, west, north = (seats[s] for s in "ESWN")
    post_hand(
        keeper,
        table,
        {
            "outcome": "draw",
            "p-0-player": south, "p-0-kind": "flower_pair", "p-0-initial": "on",  # 2 each at the deal
            "p-1-player": east, "p-1-kind": "cat_rat",  # 1 each later
        },
    )  # fmt: skip
    # 001 rule 22: own flower + season, cat + mouse: 2 at the opening deal, 1 later, from each other player.
    assert balances(table) == {east: 401, south: 405, west: 397, north: 397}


def test_a_rejected_entry_shows_the_message_and_records_nothing(keeper, table, seats):
    answer = post_hand(
        keeper, table, {"outcome": "win", "winner": seats["S"], "win_from": "self", "doubles": 0}
    )
    assert answer.status_code == 422
    text = answer.content.decode()
    assert "Not recorded." in text and "at least 1 double" in text
    assert not Hand.objects.exists() and not ChipTransfer.objects.exists()
    # the form keeps what was tapped, so the scorekeeper only fixes the doubles
    assert answer.context["form"]["winner"].value() == str(seats["S"])


def test_a_missing_tap_is_asked_for_and_nothing_recorded(keeper, table, seats):
    answer = post_hand(keeper, table, {"outcome": "win", "winner": seats["S"], "doubles": 2})
    assert answer.status_code == 400
    assert "Tap self-drawn, or the player who discarded the winning tile." in answer.content.decode()
    assert not Hand.objects.exists()


def test_the_winner_as_discarder_is_refused_in_plain_words(keeper, table, seats):
    answer = post_hand(
        keeper, table, {"outcome": "win", "winner": seats["S"], "win_from": seats["S"], "doubles": 2}
    )
    assert answer.status_code == 400
    assert "The winner cannot have discarded the winning tile" in answer.content.decode()
    assert not Hand.objects.exists()


def test_void_with_a_reason_strikes_the_hand_through_and_replays_the_balances(keeper, table, seats):
    east, south, west, north = (seats[s] for s in "ESWN")
    post_hand(keeper, table, {"outcome": "win", "winner": south, "win_from": west, "doubles": 3})
    post_hand(keeper, table, {"outcome": "win", "winner": north, "win_from": "self", "doubles": 1})
    first = Hand.objects.get(number=1)
    answer = keeper.post(
        reverse("table:void", args=[table.pk, first.pk]), {"reason": "wrong winner: it was North"}
    )
    assert answer.status_code == 302
    # only hand 2 stands: North self-drawn, 1 double = 2 from each (rule 21), and it is now hand 1
    assert balances(table) == {east: 398, south: 398, west: 398, north: 406}
    page = keeper.get(reverse("table:scoresheet", args=[table.pk]))
    text = page.content.decode()
    assert "Voided: wrong winner: it was North" in text
    voided = next(r for r in page.context["history"] if r.is_void)
    assert voided.hand_id == first.pk and voided.number is None and voided.balances == []
    assert '<tbody class="hand void"' in text and "<s>Ben South won" in text
    standing = [r for r in page.context["history"] if not r.is_void]
    assert [r.number for r in standing] == [1] and standing[0].balances == [398, 398, 398, 406]


def test_a_void_needs_a_reason(keeper, table, seats):
    post_hand(keeper, table, {"outcome": "draw"})
    hand = Hand.objects.get()
    answer = keeper.post(reverse("table:void", args=[table.pk, hand.pk]), {"reason": "  "}, follow=True)
    assert "Say why the hand is voided." in answer.content.decode()
    assert not hand.__class__.objects.get(pk=hand.pk).is_void


def test_a_voided_hand_is_entered_again_in_its_place(keeper, table, seats):
    east, south, west, north = (seats[s] for s in "ESWN")
    post_hand(keeper, table, {"outcome": "win", "winner": south, "win_from": west, "doubles": 3})
    first = Hand.objects.get()
    keeper.post(reverse("table:void", args=[table.pk, first.pk]), {"reason": "discarder was East"})
    page = keeper.get(reverse("table:scoresheet", args=[table.pk]) + f"?corrects={first.pk}")
    form = page.context["form"]
    # the form comes back filled in with the voided entry, to change only what was wrong
    assert form["corrects"].value() == first.pk and form["winner"].value() == south
    assert "Enter hand 1 again" in page.content.decode()
    data = {
        "expected_number": form["expected_number"].value(),
        "idempotency_key": form["idempotency_key"].value(),
        "corrects": first.pk,
        "outcome": "win", "winner": south, "win_from": east, "doubles": 3,
    }  # fmt: skip
    answer = keeper.post(reverse("table:record", args=[table.pk]), data)
    assert answer.status_code == 302
    again = Hand.objects.exclude(pk=first.pk).get()
    assert again.corrects_id == first.pk
    assert balances(table) == {east: 392, south: 416, west: 396, north: 396}


def test_entering_a_hand_again_shows_its_preview_and_confirm_at_once(keeper, table, seats):
    """Issue 54, item 5: the pre-filled hand is previewed: the bar offers Confirm, not "Tap the winner."."""
    south, west = seats["S"], seats["W"]
    post_hand(keeper, table, {"outcome": "win", "winner": south, "win_from": west, "doubles": 3})
    first = Hand.objects.get()
    keeper.post(reverse("table:void", args=[table.pk, first.pk]), {"reason": "discarder was East"})
    url = reverse("table:scoresheet", args=[table.pk]) + f"?corrects={first.pk}"
    for language, tap in (("en", "Tap the winner."), ("zh-hans", "请点按胡牌者。")):
        keeper.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        page = keeper.get(url)
        bar = page.content.decode().split('data-testid="confirm-bar"')[1].split("</div>")[0]
        assert 'id="confirm"' in bar and tap not in bar and 'data-testid="bar-delta"' in bar
        assert page.context["form"]["winner"].value() == south


def test_a_stale_form_gets_the_conflict_message_and_records_nothing(keeper, client, table, seats):
    stale = entry_form(keeper, table)  # rendered on the first device for hand 1
    post_hand(keeper, table, {"outcome": "draw"})  # the other device records hand 1
    answer = keeper.post(
        reverse("table:record", args=[table.pk]),
        {**stale, "outcome": "win", "winner": seats["S"], "win_from": "self", "doubles": 2},
    )
    assert answer.status_code == 409
    text = answer.content.decode()
    assert "Hand 1 was just recorded on another device — here is the table now." in text
    assert Hand.objects.count() == 1
    assert answer.context["form"]["expected_number"].value() == 2  # a fresh form for the next hand


def test_a_stale_preview_warns_before_anything_is_confirmed(keeper, table, seats):
    stale = entry_form(keeper, table)
    post_hand(keeper, table, {"outcome": "draw"})
    answer = keeper.post(reverse("table:preview", args=[table.pk]), {**stale, "outcome": "draw"})
    assert answer.status_code == 409 and "was just recorded on another device" in answer.content.decode()


def test_the_same_idempotency_key_twice_records_once(keeper, table, seats):
    form = entry_form(keeper, table)
    data = {**form, "outcome": "win", "winner": seats["S"], "win_from": "self", "doubles": 2}
    first = keeper.post(reverse("table:record", args=[table.pk]), data)
    again = keeper.post(reverse("table:record", args=[table.pk]), data)  # a double tap, or a retry
    assert first.status_code == again.status_code == 302
    assert Hand.objects.count() == 1
    assert ChipTransfer.objects.count() == 3


@pytest.mark.parametrize("who", ["stranger", "player_user", None])
def test_a_post_from_anyone_but_the_scorekeeper_or_an_organiser_is_403(client, table, seats, request, who):
    if who:
        client.force_login(request.getfixturevalue(who))
    data = {"expected_number": 1, "idempotency_key": "k1", "outcome": "draw"}
    assert client.post(reverse("table:record", args=[table.pk]), data).status_code == 403
    assert client.post(reverse("table:preview", args=[table.pk]), data).status_code == 403
    assert not Hand.objects.exists()


def test_another_tables_scorekeeper_cannot_void(client, table, seats, scorekeeper, stranger):
    client.force_login(scorekeeper)
    post_hand(client, table, {"outcome": "draw"})
    hand = Hand.objects.get()
    client.force_login(stranger)
    assert client.post(reverse("table:void", args=[table.pk, hand.pk]), {"reason": "x"}).status_code == 403
    assert not Hand.objects.get().is_void


def test_an_organiser_of_the_competition_may_record(client, table, seats, organiser):
    table.round.competition.organisers.add(organiser)
    client.force_login(organiser)
    assert post_hand(client, table, {"outcome": "draw"}).status_code == 302
    assert Hand.objects.get().recorded_by == organiser


def test_bao_the_liable_player_pays_for_all_on_a_self_drawn_win(keeper, table, seats):
    east, south, west, north = (seats[s] for s in "ESWN")
    post_hand(
        keeper, table, {"outcome": "win", "winner": south, "win_from": "self", "doubles": 2, "liable": west}
    )
    # 001 rule 27: the liable player pays every share, self-drawn included; 2 doubles = 4 full (rule 21)
    assert balances(table) == {east: 400, south: 412, west: 388, north: 400}
    assert Hand.objects.get().liable_id == west


def test_no_bao_when_another_player_discarded_the_winning_tile(keeper, table, seats):
    east, south, west, north = (seats[s] for s in "ESWN")
    fields = {"outcome": "win", "winner": south, "win_from": north, "doubles": 2, "liable": west}
    preview = post_hand(keeper, table, fields, step="preview")
    # the engine's note is shown before confirming, in names rather than seat winds
    assert (
        "No Bao: Dee North discarded the winning tile, not the liable player Cai West"
        in preview.content.decode()
    )
    post_hand(keeper, table, fields)
    # 001 rule 27: "No 'Bao' if player game on tile discarded by a player not under ... liabilities"
    assert balances(table) == {east: 398, south: 408, west: 398, north: 396}


def test_an_entry_changed_after_its_preview_is_previewed_again_not_recorded(keeper, table, seats):
    fields = {"outcome": "win", "winner": seats["S"], "win_from": "self", "doubles": 2}
    form = entry_form(keeper, table)
    shown = keeper.post(reverse("table:preview", args=[table.pk]), {**form, **fields})
    previewed = shown.context["preview"]["fingerprint"]
    changed = keeper.post(
        reverse("table:record", args=[table.pk]), {**form, **fields, "doubles": 5, "previewed": previewed}
    )
    assert changed.status_code == 200 and not Hand.objects.exists()
    assert "The hand changed after its preview" in changed.content.decode()
    assert changed.context["preview"]["doubles"] == 5
    again = changed.context["preview"]["fingerprint"]
    confirmed = keeper.post(
        reverse("table:record", args=[table.pk]), {**form, **fields, "doubles": 5, "previewed": again}
    )
    assert confirmed.status_code == 302 and Hand.objects.get().doubles == 5


def test_a_limit_hand_is_stored_and_shown_as_the_limit(keeper, client, table, seats):
    """Issue 14: the Limit button was saved as 0 doubles ("Doubles 0 · +96", "biggest hand 0")."""
    from tests.public.helpers import rows_by
    from tournament.standings.store import standings_refresh

    south = seats["S"]
    answer = post_hand(keeper, table, {"outcome": "win", "winner": south, "win_from": "self", "limit": "on"})
    assert answer.status_code == 302
    hand = Hand.objects.get()
    assert hand.doubles == 10  # spgg-2023: the limit is 10 doubles (001 rules 21 and 24)
    assert balances(table)[south] == 400 + 3 * 400  # 001 rule 24: 405 from each, short of chips: all 400
    standings_refresh(table.round.competition)
    page = keeper.get(reverse("public:player", args=[south]), {"competition": table.round.competition_id})
    hands = rows_by(page.content.decode().split('id="hands"')[1], "data-hand")
    assert [(cells[4], cells[5]) for _, cells in hands] == [("Limit (10 doubles)", "+1200")]
    board = keeper.get(reverse("public:standings", args=[table.round.competition_id])).content.decode()
    line = dict(rows_by(board))[south]
    assert line[8] == "10"  # the biggest hand counts the limit
    sheet = keeper.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    assert "Limit (10 doubles)" in sheet and "dbl" not in sheet  # one way everywhere (issue 32)


def test_a_corrected_hand_has_no_enter_again_and_its_correction_says_what_it_replaces(keeper, table, seats):
    """Issue 14: after the correction, "Enter again" stayed and reopened the old voided entry."""
    east, south, west, north = (seats[s] for s in "ESWN")
    post_hand(keeper, table, {"outcome": "win", "winner": south, "win_from": west, "doubles": 3})
    post_hand(keeper, table, {"outcome": "draw"})
    post_hand(keeper, table, {"outcome": "draw"})
    first = Hand.objects.order_by("pk").first()
    keeper.post(reverse("table:void", args=[table.pk, first.pk]), {"reason": "discarder was East"})
    page = keeper.get(reverse("table:scoresheet", args=[table.pk]) + f"?corrects={first.pk}")
    text = page.content.decode()
    assert "This entry replaces the voided hand 1 in its place" in text
    form = page.context["form"]
    data = {
        "expected_number": form["expected_number"].value(),
        "idempotency_key": form["idempotency_key"].value(),
        "corrects": first.pk,
        "outcome": "win", "winner": south, "win_from": east, "doubles": 3,
    }  # fmt: skip
    preview = keeper.post(reverse("table:preview", args=[table.pk]), data, HTTP_HX_REQUEST="true")
    shown = preview.content.decode()
    assert "Confirm: replace the voided hand 1" in shown and "Confirm hand 3" not in shown
    assert keeper.post(reverse("table:record", args=[table.pk]), data).status_code == 302
    again = Hand.objects.get(corrects=first)

    page = keeper.get(reverse("table:scoresheet", args=[table.pk]))
    text = page.content.decode()
    assert "Enter again" not in text and f"?corrects={first.pk}" not in text
    assert "Corrected by hand 1" in text and "(replaces the voided hand 1)" in text
    # a stale "Enter again" link (another tab) no longer opens the old entry
    stale = keeper.get(reverse("table:scoresheet", args=[table.pk]) + f"?corrects={first.pk}")
    assert "Hand 1 has already been entered again" in stale.content.decode()
    assert not stale.context["form"]["corrects"].value() and stale.context["form"]["winner"].value() is None
    # nor does a stale correction form record a second replacement
    retry = {**data, "idempotency_key": "another-key", "expected_number": stale.context["expected_number"]}
    assert keeper.post(reverse("table:record", args=[table.pk]), retry).status_code == 409
    assert list(Hand.objects.filter(corrects=first)) == [again]


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


@pytest.mark.parametrize("which", ["another_tables_hand", "no_hand", "zero"])
def test_a_correction_of_another_tables_hand_or_of_none_is_refused_not_recorded(
    keeper, table, seats, other_tables_voided_hand, which
):
    """Issue 31, item 4: the page recorded a new hand at the current state where the API refuses."""
    corrects = {"another_tables_hand": other_tables_voided_hand.pk, "no_hand": 999999, "zero": 0}[which]
    form = keeper.get(reverse("table:scoresheet", args=[table.pk])).context["form"]
    data = {
        "expected_number": form["expected_number"].value(),
        "idempotency_key": form["idempotency_key"].value(),
        "corrects": corrects,
        "outcome": "win", "winner": seats["S"], "win_from": seats["W"], "doubles": 3,
    }  # fmt: skip
    audit = AuditEntry.objects.count()
    answer = keeper.post(reverse("table:record", args=[table.pk]), data)
    assert answer.status_code == 422
    assert "Only a voided hand of this table can be entered again." in answer.content.decode()
    assert not Hand.objects.filter(table=table).exists() and AuditEntry.objects.count() == audit
