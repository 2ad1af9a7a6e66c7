"""A small league for the public pages, built through the ledger's one door.

Round 1: two tables. Round 2: one table. Every hand goes through
``hand_record``; the stored standings are then refreshed as the Celery task
would (``standings_refresh``).

001 rule 21 payments (a self-drawn win is paid full price by all three; on a
discard the discarder pays full price and the others half):

- round 1, table 1 (Ann E, Ben S, Cat W, Dan N): Ben self-draws 3 doubles
  (8 from each, +24); Ann wins 2 doubles on Dan's discard (4 + 2 + 2, +8);
- round 1, table 2 (Eve E, Fay S, Gus W, Hal N): Eve self-draws 1 double
  (2 from each, +6);
- round 2, table 1 (Ann E, Eve S, Ben W, Fay N): Ben wins 4 doubles on Ann's
  discard (16 + 8 + 8, +32).

The tests read every figure back from the ledger as well.
"""

from __future__ import annotations

import pytest

from tests.factories import ClubFactory, PlayerFactory, seated_table
from tournament.tables.ledger import hand_record
from tournament.standings.store import standings_refresh


def win(table, seat: str, doubles: int, *, discarder: str | None = None):
    entry = {"outcome": "win", "winner": table.seat_map[seat], "doubles": doubles}
    if discarder:
        entry |= {"win": "discard", "discarder": table.seat_map[discarder]}
    else:
        entry |= {"win": "self_draw"}
    return hand_record(table=table, entry=entry)


@pytest.fixture
def league(db):
    from tests.factories import CompetitionFactory

    jade, pearl = ClubFactory(name="Jade Dragons"), ClubFactory(name="Pearl Winds")
    names = ["Ann Lim", "Ben Tan", "Cat Ong", "Dan Koh", "Eve Ng", "Fay Teo", "Gus Lee", "Hal Goh"]
    players = {
        n.split()[0]: PlayerFactory(name=n, club=jade if i % 2 == 0 else pearl) for i, n in enumerate(names)
    }
    competition = CompetitionFactory(name="Spring League")
    p = players
    t11 = seated_table(competition=competition, players=[p["Ann"], p["Ben"], p["Cat"], p["Dan"]])
    t12 = seated_table(
        competition=competition, players=[p["Eve"], p["Fay"], p["Gus"], p["Hal"]], table_number=2
    )
    t21 = seated_table(
        competition=competition, players=[p["Ann"], p["Eve"], p["Ben"], p["Fay"]], round_number=2
    )
    win(t11, "S", 3)
    win(t11, "E", 2, discarder="N")
    win(t12, "E", 1)
    win(t21, "W", 4, discarder="E")
    standings_refresh(competition)
    return {"competition": competition, "players": players, "tables": {"r1t1": t11, "r1t2": t12, "r2t1": t21}}
