"""A hand's JSON, written out in ``HandSerializer.to_representation``, is what its declared fields give.

The written-out form exists for speed (issue 7); the declared fields are what the OpenAPI schema
shows. For hands of every kind (wins, draws, false wins, voided, corrections, with and without a
scorekeeper) both must give the same answer, transfers as ``TransferSerializer`` gives them.
"""

import pytest
from rest_framework import serializers

from tests.factories import UserFactory, seated_table
from tournament.api.serializers_hands import HandRecordedSerializer, HandSerializer, TransferSerializer
from tournament.models import Hand
from tournament.tables.ledger.record import hand_record, hand_record_with_state
from tournament.tables.ledger.void import hand_void
from tournament.tables.selectors import table_fold

pytestmark = pytest.mark.django_db


def _declared(serializer, hand) -> dict:
    return serializers.ModelSerializer.to_representation(serializer, hand)


def test_every_kind_of_hand_reads_as_its_declared_fields():
    keeper = UserFactory()
    table = seated_table(scorekeeper=keeper)
    east, south, west, north = (table.seat_map[w] for w in "ESWN")
    hand_record(
        table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 2}, user=keeper
    )
    hand_record(table=table, entry={"outcome": "draw"})
    wrong = hand_record(
        table=table,
        entry={
            "outcome": "win", "winner": south, "win": "discard", "discarder": west, "doubles": 1,
            "instant": [{"type": "kong", "player": north, "concealed": True}],
        },
    )  # fmt: skip
    hand_void(hand=wrong, reason="wrong winner")
    hand_record(
        table=table,
        entry={"outcome": "win", "winner": west, "win": "discard", "discarder": south, "doubles": 3},
        corrects=Hand.objects.get(pk=wrong.pk),
        user=keeper,
    )
    hand_record(table=table, entry={"outcome": "false_win", "offender": north})
    hands = list(Hand.objects.select_related("void").prefetch_related("transfers").order_by("sequence"))
    assert len(hands) == 5 and any(h.is_void for h in hands) and any(h.corrects_id for h in hands)
    for hand in hands:
        serializer = HandSerializer(hand)
        assert serializer.data == _declared(HandSerializer(hand), hand)
        standing = [t for t in hand.transfers.all() if t.reverses_id is None]
        assert serializer.data["transfers"] == TransferSerializer(standing, many=True).data
    voided = next(h for h in hands if h.is_void)
    assert HandSerializer(voided).data["void"]["reason"] == "wrong winner"


def test_the_answer_to_a_recorded_hand_reads_nothing_more(django_assert_num_queries):
    table = seated_table()
    east, south = table.seat_map["E"], table.seat_map["S"]
    recorded = hand_record_with_state(
        table=table,
        entry={"outcome": "win", "winner": south, "win": "discard", "discarder": east, "doubles": 2},
    )
    context = {"state": recorded.state, "transfers": recorded.transfers}  # as the API answers it
    serializer = HandRecordedSerializer(recorded.hand, context=context)
    with django_assert_num_queries(0):
        data = serializer.data
    assert data == _declared(HandRecordedSerializer(recorded.hand, context=context), recorded.hand)
    fresh = HandSerializer(Hand.objects.get(pk=recorded.hand.pk)).data
    assert {k: v for k, v in data.items() if k != "state"} == fresh
    assert data["state"]["hand_number"] == table_fold(table).state.hand_number == 2
    assert data["transfers"] and data["voided"] is False
