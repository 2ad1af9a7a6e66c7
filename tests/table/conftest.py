"""Fixtures for the table pages: a seated table kept by the scorekeeper, and its players by seat."""

import pytest

from tests.factories import PlayerFactory, seated_table


@pytest.fixture
def table(scorekeeper):
    names = ["Ann East", "Ben South", "Cai West", "Dee North"]
    return seated_table(players=[PlayerFactory(name=n) for n in names], scorekeeper=scorekeeper)


@pytest.fixture
def seats(table):
    """Player ids by first seat: E, S, W, N."""
    return table.seat_map
