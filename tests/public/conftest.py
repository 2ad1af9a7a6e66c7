"""A small league for the public pages, built through the ledger's one door.

Round 1: two tables. Round 2: one table. Every hand goes through
``hand_record``; the stored standings are then refreshed as the Celery task
would (``standings_refresh``).

Round 1, table 1 (Ann E, Ben S, Cat W, Dan N), 001 rule 21 payments:
- Ben self-draws 3 doubles: 8 from each of the three (+24);
- Ann wins 2 doubles on Dan's discard: Dan pays 8, the others 4 (+16);
Round 1, table 2 (Eve E, Fay S, Gus W, Hal N):
- Eve self-draws 1 double: 2 from each (+6)... figures are read back from the
  ledger in the tests, never typed in.
"""

from __future__ import annotations

import pytest

from tests.factories import ClubFactory, PlayerFactory, seated_table
from tournament.ledger import hand_record
from tournament.standings_store import standings_refresh


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
