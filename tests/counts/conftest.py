"""A playing table of four kept by the scorekeeper, in a competition the organiser runs."""

import pytest

from tests.factories import PlayerFactory, seated_table
from tournament.tables.ledger import hand_record
from tournament.models import Round


@pytest.fixture
def table(scorekeeper, organiser):
    names = ["Ann East", "Ben South", "Cai West", "Dee North"]
    table = seated_table(players=[PlayerFactory(name=n) for n in names], scorekeeper=scorekeeper)
    table.round.competition.organisers.add(organiser)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    table.round.refresh_from_db()
    return table


@pytest.fixture
def seats(table):
    return table.seat_map


@pytest.fixture
def played(table, seats):
    """Two hands: East wins 1 double on South's discard, then self-draws 1 double."""
    hand_record(
        table=table,
        entry={
            "outcome": "win",
            "winner": seats["E"],
            "win": "discard",
            "discarder": seats["S"],
            "doubles": 1,
        },
    )
    hand_record(table=table, entry={"outcome": "win", "winner": seats["E"], "win": "self_draw", "doubles": 1})
    return table
