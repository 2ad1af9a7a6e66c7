"""Issue 32, item 9: the fewest same-club tables any seating reaches, said beside the report's figure."""

import pytest

from tournament.seating import fewest_same_club_tables


@pytest.mark.parametrize(
    ("clubs", "tables", "fewest"),
    [
        (["A"] * 8, 2, 2),  # one club: every table has club-mates
        (list("ABCDEFGH"), 2, 0),  # all different
        ([None] * 8, 2, 0),  # no clubs at all
        (["A"] * 12 + ["B"] * 12, 6, 6),  # two clubs: four distinct clubs at a table is impossible
        (["A"] * 6 + list("BCDEFGHIJK") + [None] * 8, 6, 0),  # A spreads one a table
        (["A"] * 10 + ["B"] * 6 + [None] * 8, 6, 2),  # a clean table takes one A, one B, two without a club
        (["A", "A", "B", "B", "C", "C", "D", "D"], 2, 0),
        (["A", "A", "A", "B", "B", "B", "C", "D"], 2, 1),
    ],
)
def test_the_fewest_same_club_tables(clubs, tables, fewest):
    assert fewest_same_club_tables(clubs, tables) == fewest
