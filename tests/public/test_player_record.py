"""A player's record lists hands in play order, a corrected hand in its place (issue 54, item 7: it read
"1, 3, 2, 4, 5" after a correction, the re-entered hand last)."""

from __future__ import annotations

import re

import pytest

from tests.factories import seated_table
from tournament.models import Hand
from tournament.tables.ledger.record import hand_correct, hand_record
from tournament.tables.ledger.void import hand_void

pytestmark = pytest.mark.django_db


def test_a_corrected_hand_stays_in_its_place_on_the_players_page(client):
    table = seated_table()
    east, south = table.seat_map["E"], table.seat_map["S"]
    for doubles in (1, 2, 3):
        hand_record(
            table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": doubles}
        )
    second = Hand.objects.get(table=table, number=2)
    hand_void(hand=second, reason="wrong winner")
    entry = {"outcome": "win", "winner": east, "win": "discard", "discarder": south, "doubles": 2}
    corrected = hand_correct(hand=second, entry=entry).hand
    assert (corrected.number, corrected.sequence) == (2, 4)  # re-entered after hand 3, as hand 2
    page = client.get(f"/players/{east}/?competition={table.round.competition_id}").content.decode()
    listed = [int(n) for n in re.findall(r'data-label="Hand">(\d+)</td>', page)]
    assert listed == [1, 2, 3]
