"""The scoresheet's unchanged poll answered from the table's mark, before the session (issue 50).

``tournament.tables.live_mark``: ``/tables/<id>/live/mine/?v=…`` is 204 with no query while nothing the
sheet shows moved; every door that moves it (a hand, a void, an answer, a ruling, the round's clock,
start, end (it finishes the round), reopening, hold, a table's end) makes the next poll take the long
way and show it.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import CompetitionFactory, UserFactory, seated_table
from tests.public.conftest import win
from tournament.confirmations.services import hand_answer, hand_rule
from tournament.counts.services import count_accept, count_enter, count_request
from tournament.models import Round
from tournament.rounds.clock import round_add_time
from tournament.rounds.lifecycle import round_end, round_hold, round_reopen, table_end
from tournament.rounds.seating import round_swap
from tournament.tables import live_mark
from tournament.tables.ledger.void import hand_void
from tournament.tables.selectors import table_ledger

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(db):
    """Two tables of one round with the confirmation rule on; the organiser keeps table 1's score."""
    competition = CompetitionFactory(confirmation="players", confirmations_needed=3)
    organiser = UserFactory(username="mark_organiser")
    competition.organisers.add(organiser)
    one = seated_table(competition=competition)
    two = seated_table(competition=competition, table_number=2)
    client = Client()
    client.force_login(organiser)
    cache.clear()
    return {"one": one, "two": two, "organiser": organiser, "client": client}


def _sent(client, table) -> str:
    """The ``v`` the sheet's poll sends: read off the page, as the browser does."""
    page = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    found = re.search(r"live/mine/\?v=([0-9a-f]+)", page)
    assert found, "the sheet polls its personal address"
    return found[1]


def _poll(client, table, sent: str):
    return client.get(reverse("table:live_mine", args=[table.pk]) + f"?v={sent}")


def _shared_mark(table) -> str | None:
    """The table's token in the marks answer its sheet polls (``views.table.marks``); None: not named."""
    answer = Client().get(reverse("table:marks", args=[live_mark.part_of(table.pk)]))
    assert answer.status_code == 200
    return answer.json()["marks"].get(str(table.pk))


def _unchanged_without_a_query(client, table, sent: str) -> None:
    assert _poll(client, table, sent).status_code == 204  # the long way, once: it leaves the mark
    with CaptureQueriesContext(connection) as queries:
        answer = _poll(client, table, sent)
    assert answer.status_code == 204 and not queries, [q["sql"] for q in queries]


def test_every_door_that_moves_a_sheet_moves_its_mark(night, django_capture_on_commit_callbacks):
    client, one, two, organiser = night["client"], night["one"], night["two"], night["organiser"]
    round_ = one.round

    def moved_by(change, *tables) -> None:
        marks = {table.pk: _sent(client, table) for table in tables}
        shared = {table.pk: _shared_mark(table) for table in tables}  # the sheets' shared poll
        for table in tables:
            _unchanged_without_a_query(client, table, marks[table.pk])
        with django_capture_on_commit_callbacks(execute=True):
            change()
        for table in tables:
            answer = _poll(client, table, marks[table.pk])
            assert answer.status_code == 200, (change, table.number)  # the long way: what changed shows
            table.refresh_from_db()
            assert _sent(client, table) != marks[table.pk]
            # the marks answer names a new token (or, the round held, does not name the table: the sheet
            # of a held round polls its own address, test_table_marks)
            after = _shared_mark(table)
            assert after != shared[table.pk] or (after is None and table.round.results_held), change

    east_one, east_two = one.seats.get(wind="E").player_id, two.seats.get(wind="E").player_id
    moved_by(
        lambda: round_swap(Round.objects.get(pk=round_.pk), east_one, east_two, user=organiser), one, two
    )
    moved_by(lambda: win(two, "E", 1), two, one)  # the first hand starts the round: both sheets move
    moved_by(lambda: win(one, "N", 1), one)  # a hand with no check (the ledger's INSERT sends no signal)
    count = None

    def asked():
        nonlocal count
        count = count_request(one, user=organiser)

    moved_by(asked, one)
    counted = dict(table_ledger(one).state.balances)
    first, second = sorted(counted)[:2]
    counted[first], counted[second] = counted[first] + 5, counted[second] - 5  # 5 chips passed wrongly
    moved_by(lambda: count_enter(one, chips=counted, user=organiser), one)
    moved_by(lambda: count_accept(count, reason="the chips on the table", user=organiser), one)
    hand = win(one, "S", 3)
    seat = one.seats.get(wind="E")
    moved_by(lambda: hand_answer(hand=hand, seat=seat, verdict="dispute", reason="3 doubles?"), one)
    moved_by(lambda: hand_rule(hand=hand, ruling="keep", reason="counted", user=organiser), one)
    moved_by(lambda: hand_void(hand=win(one, "W", 1), reason="wrong winner", user=organiser), one)
    moved_by(
        lambda: round_add_time(Round.objects.get(pk=round_.pk), minutes=10, user=organiser, play_on=True),
        one,
        two,
    )
    moved_by(lambda: table_end(two, user=organiser), two)
    moved_by(lambda: round_hold(Round.objects.get(pk=round_.pk), held=True, user=organiser), one)
    moved_by(lambda: round_end(Round.objects.get(pk=round_.pk), user=organiser), one, two)
    moved_by(
        lambda: round_reopen(Round.objects.get(pk=round_.pk), reason="a count was wrong", user=organiser), one
    )


def test_a_mark_made_from_rows_read_before_a_change_matches_nothing(
    night, django_capture_on_commit_callbacks
):
    """The long way reads the generation before the rows: a change committed meanwhile is never hidden."""
    client, one = night["client"], night["one"]
    sent = _sent(client, one)
    before = live_mark.generation(one.pk)
    with django_capture_on_commit_callbacks(execute=True):
        win(one, "S", 2)  # commits a new generation while an older poll is still answering
    live_mark.remember(one.pk, before, sent)  # that older poll's mark, written late
    assert not live_mark.unchanged(one.pk, sent)
    assert _poll(client, one, sent).status_code == 200


def test_the_mark_tells_nothing_and_is_nobodys_to_probe(night):
    client, one, two = night["client"], night["one"], night["two"]
    sent = _sent(client, one)
    assert re.fullmatch(r"[0-9a-f]{24}", sent)  # opaque: not the counts it is made from
    assert live_mark.opaque(two.pk, "0-0-0-0-se000-0") != live_mark.opaque(one.pk, "0-0-0-0-se000-0")
    _unchanged_without_a_query(client, one, sent)
    for probe in ("", "0-0-0-0-se000-0", sent[:-1], sent + "0", "x" * 5000):  # nothing but the mark is 204
        assert Client().get(reverse("table:live_mine", args=[one.pk]) + f"?v={probe}").status_code == 200, (
            probe
        )
    assert Client().post(reverse("table:live_mine", args=[one.pk]) + f"?v={sent}").status_code != 204
    assert _poll(client, two, sent).status_code == 200  # another table's poll with this mark: the long way


def test_with_the_cache_out_of_reach_every_poll_takes_the_long_way(night, monkeypatch):
    client, one = night["client"], night["one"]
    sent = _sent(client, one)

    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    for name in ("get", "get_many", "set", "add", "set_many"):
        monkeypatch.setattr(cache, name, down)
    assert _poll(client, one, sent).status_code == 204  # from the database, as before the mark
    win(one, "S", 2)  # a hand is recorded all the same
    assert _poll(client, one, sent).status_code == 200


def test_a_hand_recorded_without_a_check_moves_the_mark(db, django_capture_on_commit_callbacks):
    """Without a confirmation rule a hand writes no check: the hand's own INSERT (``db.rows``, no signal)
    must move the mark, or another device's sheet is told "unchanged" for minutes."""
    competition = CompetitionFactory()  # no confirmation: no HandCheck row beside the hand
    organiser = UserFactory(username="mark_plain_organiser")
    competition.organisers.add(organiser)
    table = seated_table(competition=competition)
    client = Client()
    client.force_login(organiser)
    cache.clear()
    win(table, "E", 1)  # the first hand, which starts the round
    sent = _sent(client, table)
    _unchanged_without_a_query(client, table, sent)
    with django_capture_on_commit_callbacks(execute=True):
        win(table, "S", 2)
    assert _poll(client, table, sent).status_code == 200


def test_a_moved_sheets_answer_reads_its_seats_once_with_their_players(night):
    """The long way's answer (issue 50: one a hand at every table of the night) reads the four seats and
    their players in one query, sorted by wind alone: the seats' own ordering joined the table, the round
    and the competition, and the names, the version and the seat map each asked again."""
    table, client = night["one"], night["client"]
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(reverse("table:live_mine", args=[table.pk]))
    assert answer.status_code == 200
    seats = [q["sql"] for q in queries if 'FROM "tournament_seat"' in q["sql"]]
    assert len(seats) == 1 and "tournament_competition" not in seats[0], seats
    names = {seat.player.name for seat in table.seats.select_related("player")}
    assert all(name in answer.content.decode() for name in names)


def test_a_moved_sheets_answer_asks_as_much_for_many_hands_as_for_one(night):
    """Its hands' voids, checks and transfers (a chip count's adjustments among them) come with two reads,
    whatever their number, and nothing the answer does not show is asked (the navigation's roles)."""
    table, client = night["one"], night["client"]
    url = reverse("table:live_mine", args=[table.pk])
    win(table, "N", 1)

    def asked() -> list[str]:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return [q["sql"] for q in queries]

    one = asked()
    hand = win(table, "E", 2, discarder="S")
    win(table, "W", 3)
    hand_void(hand=hand, reason="wrong winner", user=night["organiser"])
    many = asked()
    # the table and its seats, its version (two), its hands and its transfers, the session and the user,
    # whether the organiser organises it, and their own player (to mark their seat)
    assert len(many) == len(one) <= 10, many
    assert not [q for q in many if "auth_group" in q or 'FROM "tournament_handcheck"' in q], many
    assert len([q for q in many if 'FROM "tournament_chiptransfer"' in q]) == 1, many
