"""A small league whose rounds are played and ended through the doors, for the ratings' tests."""

from __future__ import annotations

import pytest

from tests.factories import CompetitionFactory, PlayerFactory, seated_table
from tournament.models import Round
from tournament.rounds.lifecycle import round_end
from tournament.tables.ledger.record import hand_record


def win(table, seat: str, doubles: int, *, discarder: str | None = None):
    entry = {"outcome": "win", "winner": table.seat_map[seat], "doubles": doubles}
    entry |= {"win": "discard", "discarder": table.seat_map[discarder]} if discarder else {"win": "self_draw"}
    return hand_record(table=table, entry=entry)


class Night:
    """Rounds of one competition, each played with the hands given and ended by its organiser."""

    def __init__(self, organiser, capture):
        self.organiser = organiser
        self.capture = capture
        self.competition = CompetitionFactory(name="Ratings League")
        self.competition.organisers.add(organiser)
        self.players = [PlayerFactory(name=f"Player {i:02d}") for i in range(8)]

    def play(self, number: int, seating: list[list[int]], hands: list[list[tuple]], *, end: bool = True):
        """``seating``: per table the indexes of its four players (E, S, W, N); ``hands``: per table the
        wins as ``(seat, doubles, discarder or None)``."""
        tables = []
        for t, (four, wins) in enumerate(zip(seating, hands, strict=True), start=1):
            table = seated_table(
                competition=self.competition,
                players=[self.players[i] for i in four],
                round_number=number,
                table_number=t,
            )
            for seat, doubles, discarder in wins:
                win(table, seat, doubles, discarder=discarder)
            tables.append(table)
        rnd = Round.objects.get(competition=self.competition, number=number)
        if end:
            with self.capture(execute=True):
                round_end(rnd, user=self.organiser)
        return rnd, tables


@pytest.fixture
def night(organiser, django_capture_on_commit_callbacks):
    return Night(organiser, django_capture_on_commit_callbacks)
