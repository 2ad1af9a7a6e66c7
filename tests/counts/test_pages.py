"""The chip-count page and the integrity page, as the scorekeeper and the organiser use them (issue 19)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import PlayerFactory, seated_table
from tournament.models import ChipCount, ChipTransfer, Round
from tournament.rounds.lifecycle import table_end
from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void
from tournament.tables.selectors import table_fold

pytestmark = pytest.mark.django_db


def _post_count(client, table, chips):
    data = {f"chips_{pid}": str(n) for pid, n in chips.items()}
    return client.post(reverse("table:count_enter", args=[table.pk]), data)


def _balances(table):
    return dict(table_fold(table).state.balances)


def test_the_scoresheet_leads_the_scorekeeper_to_a_count_that_matches(client, played, organiser, scorekeeper):
    table_end(played, user=organiser)
    client.force_login(scorekeeper)
    sheet = client.get(reverse("table:scoresheet", args=[played.pk])).content.decode()
    assert "The session is over: count the chips" in sheet
    page = client.get(reverse("table:counts", args=[played.pk]))
    assert page.status_code == 200 and 'data-testid="count-form"' in page.content.decode()
    answer = _post_count(client, played, _balances(played))
    assert answer.status_code == 302
    page = client.get(answer.url).content.decode()
    assert "The count matches the ledger." in page and 'data-status="matched"' in page
    assert 'data-testid="count-form"' not in page


def test_a_difference_shows_per_player_with_the_hands_and_the_organiser_accepts_it(
    client, played, seats, organiser, scorekeeper
):
    table_end(played, user=organiser)  # a finished round's chips are final: counted before the finish
    ledger = _balances(played)
    counted = {**ledger, seats["E"]: ledger[seats["E"]] - 4, seats["W"]: ledger[seats["W"]] + 4}
    client.force_login(scorekeeper)
    page = client.get(_post_count(client, played, counted).url).content.decode()
    assert 'data-status="differs"' in page and "+4" in page and "-4" in page
    assert (
        "Hands since the last agreed count" in page and "Accept the count" not in page
    )  # not hers to accept
    client.force_login(organiser)
    count = ChipCount.objects.get(table=played)
    url = reverse("table:count_accept", args=[played.pk, count.pk])
    client.post(url, {"reason": "Dee was paid 4 too few"})
    assert ChipCount.objects.get(pk=count.pk).status == ChipCount.Status.ACCEPTED
    assert _balances(played) == counted


def test_a_count_that_adds_up_wrong_is_refused_on_the_page(client, played, seats, organiser, scorekeeper):
    table_end(played, user=organiser)
    client.force_login(scorekeeper)
    answer = _post_count(client, played, {**_balances(played), seats["N"]: 1})
    assert answer.status_code == 422
    assert "chips are never created or lost" in answer.content.decode()
    assert ChipCount.objects.get(table=played).status == ChipCount.Status.REQUESTED


def test_another_tables_scorekeeper_and_another_competitions_organiser_are_refused(
    client, played, organiser, stranger, player_user
):
    other = seated_table(players=[PlayerFactory() for _ in range(4)], scorekeeper=stranger)
    other.round.competition.organisers.add(stranger)
    table_end(played, user=organiser)
    client.force_login(stranger)
    assert client.get(reverse("table:counts", args=[played.pk])).status_code == 403
    assert _post_count(client, played, _balances(played)).status_code == 403
    assert client.post(reverse("table:count_request", args=[played.pk])).status_code == 403
    assert client.get(reverse("organiser:integrity", args=[played.round.competition_id])).status_code == 403
    assert ChipCount.objects.get(table=played).status == ChipCount.Status.REQUESTED


def test_a_player_of_the_table_sees_its_counts_and_changes_nothing(client, played, organiser, player_user):
    seat = played.seats.first()
    seat.player.user = player_user
    seat.player.save()
    table_end(played, user=organiser)
    client.force_login(player_user)
    page = client.get(reverse("table:counts", args=[played.pk]))
    assert page.status_code == 200 and 'data-testid="count-form"' not in page.content.decode()
    assert _post_count(client, played, _balances(played)).status_code == 403


def test_the_organiser_asks_for_a_count_mid_session(client, played, organiser, scorekeeper):
    client.force_login(scorekeeper)
    assert "count the chips" not in client.get(reverse("table:scoresheet", args=[played.pk])).content.decode()
    client.force_login(organiser)
    client.post(reverse("table:count_request", args=[played.pk]))
    assert ChipCount.objects.filter(table=played, status=ChipCount.Status.REQUESTED, at_end=False).exists()
    client.force_login(scorekeeper)
    sheet = client.get(reverse("table:scoresheet", args=[played.pk])).content.decode()
    assert "The organiser asks for a chip count: count the chips" in sheet
    _post_count(client, played, _balances(played))
    assert ChipCount.objects.get(table=played).status == ChipCount.Status.MATCHED


def test_the_integrity_page_shows_each_flag_with_the_hands_behind_it(client, organiser, scorekeeper):
    players = [PlayerFactory(name=n) for n in ("Ann", "Ben", "Cai", "Dee")]
    table = seated_table(players=players, scorekeeper=scorekeeper)
    table.round.competition.organisers.add(organiser)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    ann, ben, cai, dee = (p.pk for p in players)
    fed = [
        hand_record(
            table=table,
            entry={"outcome": "win", "winner": ben, "win": "discard", "discarder": ann, "doubles": 1},
            user=scorekeeper,
        )
        for _ in range(8)
    ]
    za_hu = hand_record(table=table, entry={"outcome": "false_win", "offender": cai}, user=scorekeeper)
    hand_void(hand=fed[0], reason="wrong winner", user=scorekeeper)
    Round.objects.filter(pk=table.round_id).update(ends_at=timezone.now())
    late = hand_record(table=table, entry={"outcome": "draw"}, user=scorekeeper)
    table_end(table, user=organiser)
    ledger = _balances(table)
    from tournament.counts.services import count_enter

    count_enter(table, chips={**ledger, ann: ledger[ann] - 2, dee: ledger[dee] + 2}, user=scorekeeper)

    client.force_login(organiser)
    page = client.get(reverse("organiser:integrity", args=[table.round.competition_id])).content.decode()

    def section(name):
        start = page.index(f'data-testid="integrity-{name}"')
        return page[start : page.index("</section>", start)]

    assert "Disputed, not ruled on yet" in section("confirmations") and "None." in section("confirmations")
    assert "Dee: counted" in section("counts") and f'data-hand="{late.pk}"' in section("counts")
    assert f'data-hand="{late.pk}"' in section("late") and f'data-hand="{fed[1].pk}"' not in section("late")
    assert "sam_scorekeeper: 1 voided hand" in section("voids") and f'data-hand="{fed[0].pk}"' in section(
        "voids"
    )
    feeding = section("feeding")
    assert "Ann fed Ben 7 of 7 times" in feeding
    assert all(f'data-hand="{h.pk}"' in feeding for h in fed[1:])
    assert f'data-hand="{fed[0].pk}"' not in feeding  # the voided hand does not count
    assert f'data-hand="{za_hu.pk}"' in section("za-hu") and "Cai: 1 in" in section("za-hu")
    assert "cheat" not in page.lower() and "guilty" not in page.lower()
    assert ChipTransfer.objects.filter(adjustment_of__isnull=False).count() == 0


def test_the_round_page_shows_each_tables_count_to_the_organiser(
    client, played, seats, organiser, scorekeeper
):
    table_end(played, user=organiser)
    ledger = _balances(played)
    from tournament.counts.services import count_enter

    count_enter(
        played, chips={**ledger, seats["E"]: ledger[seats["E"]] - 1, seats["S"]: ledger[seats["S"]] + 1}
    )
    client.force_login(organiser)
    page = client.get(reverse("organiser:round", args=[played.round_id])).content.decode()
    assert reverse("table:counts", args=[played.pk]) in page
    assert "Chip counts</a>: Differs from the ledger" in page


def test_the_players_page_lists_the_adjustment_so_the_hands_add_up_to_the_net(
    client, played, seats, organiser, scorekeeper
):
    table_end(played, user=organiser)
    ledger = _balances(played)
    from tournament.counts.services import count_accept, count_enter

    east = seats["E"]
    count = count_enter(played, chips={**ledger, east: ledger[east] - 6, seats["N"]: ledger[seats["N"]] + 6})
    count_accept(count, reason="East paid North on the table", user=organiser)
    page = client.get(reverse("public:player", args=[east]))
    hands = page.context["hands"]
    assert [role for _hand, role in hands][-1] == "chip count adjustment (accepted by the organiser)"
    assert hands[-1][0].net == -6
    assert page.context["hands_total"] == ledger[east] - 6 - 400 == page.context["sessions"][0].net


def test_chips_in_other_digits_are_refused_not_a_server_error(client, played, seats, organiser, scorekeeper):
    """``chips_<id>=²`` passed ``str.isdigit`` and failed in ``int``: 500; now the count's own refusal."""
    table_end(played, user=organiser)
    client.force_login(scorekeeper)
    answer = _post_count(client, played, {pid: "²" for pid in seats.values()})
    assert answer.status_code == 422 and "Chips are a whole number" in answer.content.decode()
    assert ChipCount.objects.get(table=played).status == ChipCount.Status.REQUESTED


def test_the_count_page_says_when_a_count_opens_and_names_players_by_their_wind_now(
    client, table, seats, organiser, scorekeeper
):
    """Issue 32, item 14."""
    client.force_login(scorekeeper)
    page = client.get(reverse("table:counts", args=[table.pk])).content.decode()
    assert "session ends, or when the organiser asks for one" in page
    # South wins: the deal passes, Ben (first seated South) is East now
    hand_record(table=table, entry={"outcome": "win", "winner": seats["S"], "win": "self_draw", "doubles": 1})
    from tournament.counts.services import count_request

    count_request(table, user=organiser)  # asked during play
    page = client.get(reverse("table:counts", args=[table.pk]))
    rows = {p["name"]: p["wind"] for p in page.context["players"]}
    assert rows == {"Ann East": "North", "Ben South": "East", "Cai West": "South", "Dee North": "West"}
    assert "A count opens when" not in page.content.decode()  # it is open now
