"""Recording and voiding hands through the one door (tournament.tables.ledger)."""

import pytest
from django.db.models import Sum

from tests.factories import seated_table
from tournament.tables.ledger import HandConflict, HandRejected, hand_record, hand_void
from tournament.models import AuditEntry, ChipTransfer, Hand
from tournament.tables.selectors import table_fold

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(scorekeeper):
    return seated_table(scorekeeper=scorekeeper)


def ids(table):
    seats = table.seat_map
    return seats["E"], seats["S"], seats["W"], seats["N"]


def ledger_balance(table, pid):
    received = ChipTransfer.objects.filter(table=table, to_player=pid).aggregate(s=Sum("amount"))["s"] or 0
    paid = ChipTransfer.objects.filter(table=table, from_player=pid).aggregate(s=Sum("amount"))["s"] or 0
    return table.round.competition.capital + received - paid


def test_a_discard_win_pays_full_and_half_under_rule_21(table, scorekeeper):
    east, south, west, north = ids(table)
    hand = hand_record(
        table=table,
        entry={"outcome": "win", "winner": south, "win": "discard", "discarder": west, "doubles": 3},
        user=scorekeeper,
    )
    # 001 rule 21: 3 doubles = 8 full, 4 half; rule 17: discarder full, the others half.
    paid = {(t.from_player_id, t.to_player_id): t.amount for t in hand.transfers.all()}
    assert paid == {(west, south): 8, (east, south): 4, (north, south): 4}
    state = table_fold(table).state
    assert state.balances == {east: 396, south: 416, west: 392, north: 396}
    assert all(state.balances[p] == ledger_balance(table, p) for p in ids(table))
    assert state.hand_number == 2 and state.dealer == south  # the deal passed: a non-dealer won
    audit = AuditEntry.objects.get(action="hand_recorded")
    assert audit.user == scorekeeper and audit.object_id == hand.pk
    assert hand.rules["id"] == "spgg-2023"


def test_a_player_not_at_the_table_is_refused_and_nothing_recorded(table):
    east, south, west, north = ids(table)
    stranger_id = max(ids(table)) + 100
    with pytest.raises(HandRejected) as err:
        hand_record(
            table=table, entry={"outcome": "win", "winner": stranger_id, "win": "self_draw", "doubles": 2}
        )
    assert err.value.problems[0].code == "not_at_table" and err.value.status == 400
    assert not Hand.objects.exists() and not ChipTransfer.objects.exists()


def test_below_the_minimum_is_refused(table):
    east, *_ = ids(table)
    with pytest.raises(HandRejected) as err:
        hand_record(table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 0})
    assert err.value.status == 422
    assert not Hand.objects.exists()


def test_void_reverses_and_replays_the_table(table):
    east, south, west, north = ids(table)
    first = hand_record(
        table=table,
        entry={"outcome": "win", "winner": south, "win": "discard", "discarder": west, "doubles": 1},
    )
    hand_record(table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 2})
    hand_void(hand=first, reason="wrong winner")
    first.refresh_from_db()
    assert first.is_void and Hand.objects.count() == 2  # nothing deleted
    state = table_fold(table).state
    # Only the East self-draw stands: 2 doubles = 4 full from each (rule 21, rule 17).
    assert state.balances == {east: 412, south: 396, west: 396, north: 396}
    assert all(state.balances[p] == ledger_balance(table, p) for p in ids(table))
    assert state.dealer == east  # the dealer won: the deal stays
    with pytest.raises(HandRejected):
        hand_void(hand=first, reason="again")


def test_idempotency_key_returns_the_first_hand(table):
    east, *_ = ids(table)
    entry = {"outcome": "win", "winner": east, "win": "self_draw", "doubles": 1}
    one = hand_record(table=table, entry=entry, idempotency_key="abc")
    two = hand_record(table=table, entry=entry, idempotency_key="abc")
    assert one.pk == two.pk and Hand.objects.count() == 1


def test_stale_hand_number_is_a_conflict(table):
    east, *_ = ids(table)
    entry = {"outcome": "draw"}
    hand_record(table=table, entry=entry, expected_number=1)
    with pytest.raises(HandConflict):
        hand_record(table=table, entry=entry, expected_number=1)
    assert Hand.objects.count() == 1


def test_a_full_hand_is_scored_and_its_doubles_recorded(table):
    east, south, west, north = ids(table)
    # The contract's example hand, won by South on West's discard: 3 doubles (001 rules 23a, 23c, 23g).
    hand = {
        "concealed": ["B2", "B3", "B4", "D5", "D6", "D7", "C3", "C3"],
        "melds": [
            {"type": "chow", "tiles": ["C4", "C5", "C6"]},
            {"type": "kong", "tiles": ["RD", "RD", "RD", "RD"], "concealed": True},
        ],
        "bonus": ["F2", "CAT"],
        "winning_tile": "B4",
        "win": "discard",
    }
    recorded = hand_record(
        table=table,
        entry={"outcome": "win", "winner": south, "win": "discard", "discarder": west, "hand": hand},
    )
    assert recorded.doubles == 3
    codes = [item["code"] for item in recorded.scoring["settle"]["hand"]["items"]]
    assert codes == ["dragon_pong", "seat_flower", "animal"]
    assert table_fold(table).state.balances[south] == 416


def test_a_correction_is_played_where_the_voided_hand_was(table):
    east, south, west, north = ids(table)
    first = hand_record(
        table=table,
        entry={"outcome": "win", "winner": south, "win": "discard", "discarder": west, "doubles": 1},
    )
    hand_record(table=table, entry={"outcome": "win", "winner": west, "win": "self_draw", "doubles": 1})
    hand_void(hand=first, reason="it was East who won")
    # Re-entered in its place: East (the dealer then) won, so East keeps the deal for the next hand.
    fixed = hand_record(
        table=table,
        entry={"outcome": "win", "winner": east, "win": "discard", "discarder": west, "doubles": 1},
        corrects=first,
    )
    assert fixed.number == 1 and fixed.dealer_id == east
    rows = table_fold(table).rows
    assert [r.hand.hand_id for r in rows] == [fixed.pk, Hand.objects.get(number=2, void__isnull=True).pk]
    assert rows[1].dealer == east  # the dealer won hand 1, so East dealt hand 2 as well


def test_the_first_hand_starts_the_round_and_a_finished_round_takes_no_new_hand(table):
    from tournament.models import Round

    east, *_ = ids(table)
    hand_record(table=table, entry={"outcome": "draw"})
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.PLAYING
    table.round.status = Round.Status.FINISHED
    table.round.save()
    with pytest.raises(HandRejected) as err:
        hand_record(table=table, entry={"outcome": "draw"})
    assert err.value.problems[0].code == "round_finished"
