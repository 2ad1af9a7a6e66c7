"""The plain-SQL read of a table that recording uses (``table_ledger``) agrees with the pages' fold.

``hand_record_with_state`` folds the table once, from two SQL queries, and works out the state after
the new hand in memory (load bench, issue 7); ``table_fold`` reads model instances for the pages. A
random evening of hands, voids and corrections must leave both with the same state and the same hands
in the same play order, and the state a recording answers must be the fold's after it.
"""

import random

import pytest

from tests.factories import seated_table
from tournament.tables.ledger import hand_record, hand_record_with_state, hand_void
from tournament.models import Hand
from tournament.tables.selectors import table_fold, table_ledger

pytestmark = pytest.mark.django_db


def _entry(rng: random.Random, players: list[int], dealer: int) -> dict:
    roll = rng.random()
    if roll < 0.15:
        if rng.random() < 0.3:  # a kong declared in a draw passes the deal (001 rule 10)
            return {"outcome": "draw", "instant": [{"type": "kong", "player": rng.choice(players)}]}
        return {"outcome": "draw"}
    if roll < 0.22:
        return {"outcome": "false_win", "offender": rng.choice(players)}
    winner = dealer if rng.random() < 0.5 else rng.choice(players)
    entry = {"outcome": "win", "winner": winner, "doubles": rng.choice((1, 2, 3))}
    if rng.random() < 0.4:
        entry["win"] = "self_draw"
    else:
        entry["win"] = "discard"
        entry["discarder"] = rng.choice([p for p in players if p != winner])
    if rng.random() < 0.15:
        entry["instant"] = [{"type": "kong", "player": rng.choice(players), "concealed": rng.random() < 0.5}]
    return entry


def _agree(table) -> None:
    ledger, fold = table_ledger(table), table_fold(table)
    assert ledger.state == fold.state
    assert ledger.results == [row.hand for row in fold.rows]
    assert [h.pk for h in ledger.hands] == [h.pk for h in fold.hands]
    assert [h.is_void for h in ledger.hands] == [h.is_void for h in fold.hands]


@pytest.mark.parametrize("seed", range(4))
def test_the_ledger_read_and_the_fold_agree_through_hands_voids_and_corrections(seed):
    rng = random.Random(seed)
    table = seated_table()
    players = list(table.seat_map.values())
    for _ in range(30):
        state = table_fold(table).state
        if state.finished:
            break
        standing = [h for h in Hand.objects.filter(table=table) if not h.is_void]
        roll = rng.random()
        if standing and roll < 0.12:
            hand_void(hand=rng.choice(standing), reason="entered at the wrong table")
        elif roll < 0.2 and (voided := [h for h in Hand.objects.filter(table=table) if h.is_void]):
            wrong = rng.choice(voided)
            if not wrong.corrections.exists():
                recorded = hand_record_with_state(
                    table=table, entry=_entry(rng, players, wrong.dealer_id), corrects=wrong
                )
                assert recorded.created and recorded.state == table_fold(table).state
        else:
            recorded = hand_record_with_state(table=table, entry=_entry(rng, players, state.dealer))
            assert recorded.created and recorded.state == table_fold(table).state
            assert recorded.state.hand_number == state.hand_number + 1
        _agree(table)


def test_a_retried_key_is_found_in_the_same_read_and_answers_the_state_now():
    table = seated_table()
    east = table.seat_map["E"]
    first = hand_record_with_state(
        table=table,
        entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 1},
        idempotency_key="k1",
    )
    hand_record(table=table, entry={"outcome": "draw"}, idempotency_key="k2")
    again = hand_record_with_state(
        table=table,
        entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 1},
        idempotency_key="k1",
    )
    assert not again.created and again.hand.pk == first.hand.pk
    assert again.state == table_fold(table).state and again.state.hand_number == 3
    assert table_ledger(table).hand_with_key("k2") is not None
    assert table_ledger(table).hand_with_key("") is None
    assert Hand.objects.filter(table=table).count() == 2
