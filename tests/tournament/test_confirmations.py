"""Players confirm hands (issue 19): the rules, what the standings take in, disputes and rulings."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from tests.factories import CompetitionFactory, UserFactory, seated_table
from tournament.confirmations.checks import check_state
from tournament.confirmations.services import confirmations_due, hand_answer, hand_rule
from tournament.models import AuditEntry, HandCheck, Seat
from tournament.standings.compute import standings_compute
from tournament.standings.incremental import standings_table_changed
from tournament.standings.store import COMPETITION_SCOPE, stored_standings
from tournament.tables.ledger.errors import HandRejected
from tournament.tables.ledger.record import hand_correct, hand_record
from tournament.tables.selectors import table_fold

NOW = timezone.now()
LATER = NOW + timedelta(minutes=11)


@pytest.mark.parametrize(
    "rule, needed, agrees, disputes, ruling, now, expected",
    [
        ("none", 0, 0, 0, "", NOW, ("counted", True)),
        ("none", 0, 0, 1, "", NOW, ("disputed", True)),  # today's behaviour: a dispute is only queued
        ("players", 2, 1, 0, "", NOW, ("pending", False)),
        ("players", 2, 2, 0, "", NOW, ("counted", True)),
        ("players", 2, 3, 1, "", NOW, ("disputed", False)),  # one dispute outweighs any agreement
        ("unchallenged", 0, 0, 0, "", NOW, ("pending", False)),
        ("unchallenged", 0, 0, 0, "", LATER, ("counted", True)),
        ("unchallenged", 0, 0, 1, "", LATER, ("disputed", False)),
        ("unchallenged", 0, 3, 0, "", NOW, ("counted", True)),  # everybody agreed: nothing to wait for
        ("players", 2, 0, 1, "keep", NOW, ("kept", True)),
        ("players", 2, 0, 1, "void", NOW, ("voided", False)),
    ],
)
def test_check_state(rule, needed, agrees, disputes, ruling, now, expected):
    state = check_state(
        rule=rule,
        needed=needed,
        due_at=NOW + timedelta(minutes=10),
        agrees=agrees,
        disputes=disputes,
        may_answer=3,
        ruling=ruling,
        now=now,
    )
    assert state == expected


@pytest.fixture
def keeper(db):
    return UserFactory(username="kim_keeper")


def _table(keeper, **confirmation):
    competition = CompetitionFactory(**confirmation)
    table = seated_table(competition=competition, scorekeeper=keeper)
    return competition, table


def _seats(table):
    return {s.wind: s for s in Seat.objects.filter(table=table).select_related("player")}


def _win(table, keeper, doubles=3):
    east, south = table.seat_map["E"], table.seat_map["S"]
    entry = {"outcome": "win", "winner": east, "win": "discard", "discarder": south, "doubles": doubles}
    return hand_record(table=table, entry=entry, user=keeper)


def _chips(competition):
    return {row.totals.player_id: row.totals.net_chips for row in standings_compute(competition).rows}


def _refreshed(table):
    """The stored standings after the table's update, next to a full compute (they must agree)."""
    standings_table_changed(table)
    competition = table.round.competition
    stored = {
        r.totals.player_id: r.totals.net_chips for r in stored_standings(competition, COMPETITION_SCOPE)
    }
    assert stored == _chips(competition)
    return stored


def test_without_the_setting_every_hand_counts_and_has_no_check(keeper):
    competition, table = _table(keeper)
    hand = _win(table, keeper)
    assert not HandCheck.objects.filter(hand=hand).exists()
    assert _chips(competition)[table.seat_map["E"]] > 0


def test_a_hand_counts_once_n_players_agree(keeper):
    competition, table = _table(keeper, confirmation="players", confirmations_needed=2)
    seats = _seats(table)
    hand = _win(table, keeper)
    # The table's balances move at once (who is out of chips), the standings wait for the players.
    assert table_fold(table).state.balances[seats["E"].player_id] > competition.capital
    assert set(_refreshed(table).values()) == {0}
    hand_answer(hand=hand, seat=seats["S"], verdict="agree")
    assert HandCheck.objects.get(hand=hand).state == "pending"
    assert set(_refreshed(table).values()) == {0}
    hand_answer(hand=hand, seat=seats["W"], verdict="agree")
    check = HandCheck.objects.get(hand=hand)
    assert (check.state, check.counted) == ("counted", True)
    chips = _refreshed(table)
    assert chips[seats["E"].player_id] > 0 and sum(chips.values()) == 0
    assert AuditEntry.objects.filter(action="hand_agreed", object_id=hand.pk).count() == 2


def test_a_hand_unchallenged_for_m_minutes_counts(keeper):
    competition, table = _table(keeper, confirmation="unchallenged", confirmation_minutes=10)
    hand = _win(table, keeper)
    assert confirmations_due(now=timezone.now() + timedelta(minutes=9)) == []
    assert set(_refreshed(table).values()) == {0}
    assert confirmations_due(now=timezone.now() + timedelta(minutes=11)) == [hand.pk]
    assert HandCheck.objects.get(hand=hand).counted
    assert _refreshed(table)[table.seat_map["E"]] > 0
    assert AuditEntry.objects.filter(action="hand_counted", object_id=hand.pk).exists()


def test_a_disputed_hand_waits_past_its_time(keeper):
    competition, table = _table(keeper, confirmation="unchallenged", confirmation_minutes=10)
    hand = _win(table, keeper)
    hand_answer(hand=hand, seat=_seats(table)["N"], verdict="dispute", reason="it was 2 doubles")
    assert confirmations_due(now=timezone.now() + timedelta(minutes=30)) == []
    assert HandCheck.objects.get(hand=hand).state == "disputed"
    assert set(_refreshed(table).values()) == {0}


def test_a_dispute_ruled_keep_counts_the_hand(keeper, organiser):
    competition, table = _table(keeper, confirmation="players", confirmations_needed=2)
    competition.organisers.add(organiser)
    hand = _win(table, keeper)
    hand_answer(hand=hand, seat=_seats(table)["S"], verdict="dispute", reason="I did not discard")
    with pytest.raises(PermissionDenied):
        hand_rule(hand=hand, ruling="keep", reason="seen", user=keeper)  # the scorekeeper does not rule
    check = hand_rule(hand=hand, ruling="keep", reason="the table confirms the discard", user=organiser)
    assert (check.state, check.counted, check.ruled_by) == ("kept", True, organiser)
    assert _refreshed(table)[table.seat_map["E"]] > 0
    entry = AuditEntry.objects.get(action="hand_ruled", object_id=hand.pk)
    assert "kept hand 1" in entry.summary and entry.user == organiser


def test_a_dispute_ruled_void_is_entered_again_and_checked_again(keeper, organiser):
    competition, table = _table(keeper, confirmation="players", confirmations_needed=2)
    competition.organisers.add(organiser)
    seats = _seats(table)
    hand = _win(table, keeper, doubles=5)
    hand_answer(hand=hand, seat=seats["S"], verdict="dispute", reason="it was 2 doubles")
    hand_rule(hand=hand, ruling="void", reason="wrong doubles", user=organiser)
    hand.refresh_from_db()
    assert hand.is_void and HandCheck.objects.get(hand=hand).state == "voided"
    assert AuditEntry.objects.filter(action="hand_voided", object_id=hand.pk).exists()
    entry = {"outcome": "win", "winner": seats["E"].player_id, "win": "discard",
             "discarder": seats["S"].player_id, "doubles": 2}  # fmt: skip
    again = hand_correct(hand=hand, entry=entry, user=keeper).hand
    assert HandCheck.objects.get(hand=again).state == "pending"
    assert set(_refreshed(table).values()) == {0}
    for wind in "SW":
        hand_answer(hand=again, seat=seats[wind], verdict="agree")
    assert _refreshed(table)[seats["E"].player_id] > 0
    # Players see the ruling: it stays on the voided hand's check, after it nothing more is answered.
    with pytest.raises(HandRejected) as refused:
        hand_answer(hand=hand, seat=seats["W"], verdict="agree")
    assert refused.value.status == 409 and refused.value.problems[0].code == "already_ruled"


def test_under_no_confirmation_a_dispute_is_queued_and_the_hand_still_counts(keeper):
    competition, table = _table(keeper)
    hand = _win(table, keeper)
    hand_answer(hand=hand, seat=_seats(table)["W"], verdict="dispute", reason="wrong winner")
    check = HandCheck.objects.get(hand=hand)
    assert (check.state, check.counted) == ("disputed", True)
    assert _chips(competition)[table.seat_map["E"]] > 0


def test_who_may_answer(keeper):
    competition, table = _table(keeper, confirmation="players", confirmations_needed=2)
    seats = _seats(table)
    other = seated_table(competition=competition, table_number=2)
    hand = _win(table, keeper)
    with pytest.raises(PermissionDenied):  # a seat at another table
        hand_answer(hand=hand, seat=Seat.objects.filter(table=other).first(), verdict="agree")
    seats["E"].player.user = keeper  # the scorekeeper plays East and entered the hand
    seats["E"].player.save()
    with pytest.raises(PermissionDenied):
        hand_answer(hand=hand, seat=seats["E"], verdict="agree")
    first = hand_answer(hand=hand, seat=seats["S"], verdict="agree")
    replay = hand_answer(hand=hand, seat=seats["S"], verdict="agree")
    assert first.created and not replay.created and replay.answer.pk == first.answer.pk
    with pytest.raises(HandRejected) as refused:  # a seat answers once: no change of mind
        hand_answer(hand=hand, seat=seats["S"], verdict="dispute", reason="no")
    assert refused.value.status == 409
    with pytest.raises(HandRejected) as refused:
        hand_answer(hand=hand, seat=seats["W"], verdict="dispute", reason="  ")
    assert refused.value.problems[0].code == "reason_required"
    # East entered it: the other three may answer, and a third "agree" is not needed for N = 2.
    hand_answer(hand=hand, seat=seats["W"], verdict="agree")
    assert HandCheck.objects.get(hand=hand).counted


def test_the_setting_has_one_door(organiser, keeper):
    from tournament.league.competitions import CompetitionError, competition_set_confirmation

    competition = CompetitionFactory()
    competition.organisers.add(organiser)
    with pytest.raises(PermissionDenied):
        competition_set_confirmation(competition, rule="players", needed=2, user=keeper)
    with pytest.raises(CompetitionError):
        competition_set_confirmation(competition, rule="players", needed=4, user=organiser)
    competition_set_confirmation(competition, rule="players", needed=3, user=organiser)
    competition.refresh_from_db()
    assert (competition.confirmation, competition.confirmations_needed) == ("players", 3)
    assert AuditEntry.objects.filter(action="confirmation_changed", competition=competition).exists()


def test_the_beat_task_counts_what_is_due(keeper):
    from tournament.confirmations.tasks import confirmations_due as task

    competition, table = _table(keeper, confirmation="unchallenged", confirmation_minutes=1)
    hand = _win(table, keeper)
    HandCheck.objects.filter(hand=hand).update(due_at=timezone.now() - timedelta(seconds=1))
    assert task.apply().get() == [hand.pk]


def test_after_random_hands_answers_rulings_and_timeouts_stored_standings_equal_a_full_recompute(
    keeper, organiser, monkeypatch
):
    """The incremental standings (one table's players at a time) follow ``counted`` as it turns, with no
    ledger row to mark it, exactly as a full recompute from the ledger sees it."""
    import random

    from tests.factories import PlayerFactory
    from tournament.models import Hand

    monkeypatch.setattr("tournament.standings.queue.queue_standings_update", lambda table_id: None)
    rng = random.Random(19)
    competition = CompetitionFactory(confirmation="unchallenged", confirmation_minutes=5)
    competition.organisers.add(organiser)
    players = [PlayerFactory() for _ in range(8)]
    tables = [
        seated_table(competition=competition, players=players[i : i + 4], table_number=n, scorekeeper=keeper)
        for n, i in ((1, 0), (2, 4))
    ]
    clock = timezone.now()
    for step in range(40):
        table = rng.choice(tables)
        open_hands = list(Hand.objects.filter(table=table, void__isnull=True, confirmation__ruling=""))
        roll = rng.random()
        if open_hands and roll < 0.35:
            hand = rng.choice(open_hands)
            seat = rng.choice(list(Seat.objects.filter(table=table)))
            verdict = "agree" if rng.random() < 0.7 else "dispute"
            try:
                hand_answer(hand=hand, seat=seat, verdict=verdict, reason="no")
            except HandRejected:
                pass  # this seat answered otherwise before
        elif open_hands and roll < 0.45:
            hand = rng.choice(open_hands)
            if HandCheck.objects.get(hand=hand).state != "counted":
                hand_rule(hand=hand, ruling=rng.choice(["keep", "void"]), reason="ruled", user=organiser)
        elif roll < 0.55:
            clock += timedelta(minutes=3)
            confirmations_due(now=clock)
            for t in tables:
                standings_table_changed(t)
        elif not table_fold(table).state.finished:
            seats = list(table.seat_map.values())
            winner = rng.choice(seats)
            entry = {"outcome": "win", "winner": winner, "win": "self_draw", "doubles": rng.choice([1, 2, 3])}
            hand_record(table=table, entry=entry, user=keeper)
        standings_table_changed(table)
        stored = {r.totals.player_id: r.totals for r in stored_standings(competition, COMPETITION_SCOPE)}
        computed = {r.totals.player_id: r.totals for r in standings_compute(competition).rows}
        assert stored == computed, step
    states = set(HandCheck.objects.values_list("state", flat=True))
    assert {"counted", "pending", "disputed"} & states and len(states) >= 3  # the run went through the rules


def test_the_integrity_page_lists_disputed_and_waiting_hands_until_ruled(keeper, organiser):
    """Issue 19: the organiser's "what looks wrong" lists the players' disputes and the hands waiting."""
    from tournament.counts.integrity import integrity_report

    competition, table = _table(keeper, confirmation="players", confirmations_needed=2)
    competition.organisers.add(organiser)
    disputed, waiting = _win(table, keeper), _win(table, keeper, doubles=2)
    hand_answer(hand=disputed, seat=_seats(table)["W"], verdict="dispute", reason="it was 2 doubles")
    report = integrity_report(competition)
    assert [h.pk for h in report.disputed] == [disputed.pk]
    assert [h.pk for h in report.unconfirmed] == [waiting.pk]
    hand_rule(hand=disputed, ruling="keep", reason="the table agreed after all", user=organiser)
    assert integrity_report(competition).disputed == []


def test_a_finished_round_takes_no_ruling_through_any_door_until_it_is_reopened(keeper, organiser, client):
    """Issue 31, item 3: a "keep" after the finish changed the round's standings."""
    from django.urls import reverse

    from tests.api.conftest import client_for
    from tournament.rounds.lifecycle import round_end, round_reopen

    competition, table = _table(keeper, confirmation="players", confirmations_needed=2)
    competition.organisers.add(organiser)
    disputed, waiting = _win(table, keeper), _win(table, keeper, doubles=1)
    hand_answer(hand=disputed, seat=_seats(table)["S"], verdict="dispute", reason="I did not discard")
    round_end(table.round, user=organiser)
    before = (_refreshed(table), list(HandCheck.objects.values_list("pk", "state", "ruling", "counted")))
    audit = AuditEntry.objects.count()

    for hand in (disputed, waiting):
        with pytest.raises(HandRejected) as refused:
            hand_rule(hand=hand, ruling="keep", reason="the table agreed", user=organiser)
        assert (refused.value.status, refused.value.problems[0].code) == (422, "round_finished")
        client.force_login(organiser)
        page = client.post(reverse("organiser:rule", args=[hand.pk]), {"ruling": "keep", "reason": "seen"})
        assert page.status_code == 302
        api = client_for(organiser).post(
            f"/api/v1/hands/{hand.pk}/ruling/", {"ruling": "keep", "reason": "seen"}, format="json"
        )
        assert api.status_code == 422 and api.json()["errors"][0]["code"] == "round_finished"
    after = (_refreshed(table), list(HandCheck.objects.values_list("pk", "state", "ruling", "counted")))
    assert after == before and AuditEntry.objects.count() == audit

    round_reopen(table.round, reason="rule on the dispute", user=organiser)
    assert hand_rule(hand=disputed, ruling="keep", reason="the table agreed", user=organiser).counted
