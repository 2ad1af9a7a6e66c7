"""Stored ratings follow the rounds' doors (issue 35): a round ended is rated, a held one is not until
released, a reopened one leaves the rating, a correction rates again from that session; the same ledger
always gives the same ratings as a computation from scratch."""

import pytest

from tests.ratings.conftest import win
from tournament.models import PlayerRating, RatingChange, Round
from tournament.ratings.rate import START_MU
from tournament.ratings.store import ratings_rebuild
from tournament.rounds.lifecycle import round_end, round_hold, round_reopen
from tournament.tables.ledger.void import hand_void

pytestmark = pytest.mark.django_db

R1 = [[0, 1, 2, 3], [4, 5, 6, 7]]
R2 = [[0, 4, 1, 5], [2, 6, 3, 7]]


def stored():
    changes = list(
        RatingChange.objects.order_by("ended_at", "round_id", "table_id", "player_id").values_list(
            "player_id",
            "table_id",
            "place",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "sessions",
        )
    )
    ratings = sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma", "rating", "sessions"))
    return changes, ratings


def test_a_round_ended_rates_each_table_by_net_chips(night):
    _, (t1, t2) = night.play(1, R1, [[("S", 3, None), ("E", 2, "N")], [("E", 1, None)]])
    p = [x.pk for x in night.players]
    places = dict(RatingChange.objects.values_list("player_id", "place"))
    # table 1: S +22, E 0, W -10, N -12; table 2: E +6, the others -2 each (a shared second place)
    assert [places[i] for i in p[:4]] == [2, 1, 3, 4]
    assert [places[i] for i in p[4:]] == [1, 2, 2, 2]
    ratings = {r.player_id: r for r in PlayerRating.objects.all()}
    assert ratings[p[1]].mu > START_MU > ratings[p[3]].mu
    assert ratings[p[5]].rating == ratings[p[6]].rating == ratings[p[7]].rating
    assert all(r.sessions == 1 and r.rating == pytest.approx(r.mu - 3 * r.sigma) for r in ratings.values())


def test_a_round_not_finished_is_not_rated(night):
    night.play(1, R1, [[("S", 3, None)], [("E", 1, None)]], end=False)
    assert not RatingChange.objects.exists() and not PlayerRating.objects.exists()


def test_held_results_are_rated_only_once_released(night, django_capture_on_commit_callbacks):
    rnd, _ = night.play(1, R1, [[("S", 3, None)], [("E", 1, None)]], end=False)
    with django_capture_on_commit_callbacks(execute=True):
        round_hold(rnd, held=True, user=night.organiser)
        round_end(rnd, user=night.organiser)
    assert not PlayerRating.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        round_hold(rnd, held=False, user=night.organiser)
    assert PlayerRating.objects.count() == 8 and RatingChange.objects.filter(round=rnd).count() == 8


def test_a_correction_in_an_earlier_round_rates_every_later_session_again(
    night, django_capture_on_commit_callbacks
):
    r1, (t1, _) = night.play(1, R1, [[("S", 3, None), ("E", 2, "N")], [("E", 1, None)]])
    night.play(2, R2, [[("E", 4, "S")], [("W", 2, None)]])
    before = stored()
    with django_capture_on_commit_callbacks(execute=True):
        round_reopen(r1, reason="wrong winner at table 1", user=night.organiser)
    assert not RatingChange.objects.filter(round=r1).exists()  # its sessions left the rating
    assert RatingChange.objects.count() == 8  # round 2 is rated without round 1
    hand = t1.hands.order_by("sequence").first()
    with django_capture_on_commit_callbacks(execute=True):
        hand_void(hand=hand, reason="wrong winner", user=night.organiser)
        win(t1, "W", 3)
        round_end(Round.objects.get(pk=r1.pk), user=night.organiser)
    after = stored()
    assert after != before and RatingChange.objects.count() == 16
    places = dict(RatingChange.objects.filter(table=t1).values_list("player_id", "place"))
    assert places[night.players[2].pk] == 1  # W's self-draw now tops the table
    ratings_rebuild()
    assert stored() == after  # incremental and from scratch agree: the same ledger, the same ratings


def test_ratings_rebuilt_from_scratch_equal_those_kept_round_by_round(night, monkeypatch):
    monkeypatch.setattr("tournament.ratings.store._COPY_FROM", 0)  # PostgreSQL: the rebuild writes with COPY
    night.play(1, R1, [[("S", 3, None)], [("E", 1, None), ("N", 2, "E")]])
    night.play(2, R2, [[("E", 4, "S")], [("W", 2, None)]])
    night.play(3, R1, [[("N", 5, None)], [("S", 1, "W")]])
    kept = stored()
    assert ratings_rebuild() == 6
    assert stored() == kept
    assert max(s for *_, s in kept[1]) == 3


def test_the_reconciliation_rates_rounds_the_ratings_missed_and_drops_those_they_should_not_hold(night):
    from tournament.ratings.tasks import ratings_reconcile

    night.play(1, R1, [[("S", 3, None)], [("E", 1, None)]])
    r2, _ = night.play(2, R2, [[("E", 4, "S")], [("W", 2, None)]], end=False)
    Round.objects.filter(pk=r2.pk).update(status=Round.Status.FINISHED)  # finished, its task lost
    assert not RatingChange.objects.filter(round=r2).exists()
    assert ratings_reconcile() == 4
    assert RatingChange.objects.filter(round=r2).count() == 8
    kept = stored()
    ratings_rebuild()
    assert stored() == kept
    Round.objects.filter(pk=r2.pk).update(results_held=True)  # held, its task lost
    ratings_reconcile()
    assert not RatingChange.objects.filter(round=r2).exists()
    assert set(PlayerRating.objects.values_list("sessions", flat=True)) == {1}
    assert ratings_reconcile() == 0  # in step: nothing rated again


def test_a_finished_round_moved_in_time_is_rated_in_its_new_place(night, django_capture_on_commit_callbacks):
    from datetime import timedelta

    from tournament.rounds.lifecycle import round_change

    r1, _ = night.play(1, R1, [[("S", 3, None)], [("E", 1, None)]])
    r2, _ = night.play(2, R2, [[("E", 4, "S")], [("W", 2, None)]])
    first = RatingChange.objects.filter(round=r1).values_list("ended_at", flat=True).first()
    with django_capture_on_commit_callbacks(execute=True):  # round 2 was played first, says the organiser
        round_change(Round.objects.get(pk=r2.pk), ends_at=first - timedelta(hours=1), user=night.organiser)
    order = list(RatingChange.objects.order_by("ended_at", "round_id").values_list("round_id", flat=True))
    assert order[:8] == [r2.pk] * 8 and order[8:] == [r1.pk] * 8
    assert set(RatingChange.objects.filter(round=r2).values_list("sessions", flat=True)) == {1}
    kept = stored()
    ratings_rebuild()
    assert stored() == kept


def test_the_rebuild_command_says_how_many_sessions_it_rated(night):
    from io import StringIO

    from django.core.management import call_command

    night.play(1, R1, [[("S", 3, None)], [("E", 1, None)]])
    out = StringIO()
    call_command("ratings_rebuild", stdout=out)
    assert out.getvalue().strip() == "2 sessions rated." and PlayerRating.objects.count() == 8


def test_a_hand_that_counts_after_its_round_ended_rates_the_round_again(
    night, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.utils import timezone

    from tournament.confirmations.services import confirmations_due

    night.competition.confirmation = "unchallenged"
    night.competition.save()
    _, (t1, _) = night.play(1, R1, [[("S", 3, None)], [("E", 1, None)]])  # still to be confirmed
    places = dict(RatingChange.objects.filter(table=t1).values_list("player_id", "place"))
    assert set(places.values()) == {1}  # nothing counts yet: four equal places
    with django_capture_on_commit_callbacks(execute=True):
        assert len(confirmations_due(now=timezone.now() + timedelta(minutes=11))) == 2
    places = dict(RatingChange.objects.filter(table=t1).values_list("player_id", "place"))
    assert places[night.players[1].pk] == 1 and places[night.players[0].pk] == 2  # S's self-draw counts
    kept = stored()
    ratings_rebuild()
    assert stored() == kept
