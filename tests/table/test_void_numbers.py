"""After a void (issue 32, item 13): the sheet says why the hand number and dealer moved, and no two rows
read the same number: the voided entry is named as such, its number is not a row number any more."""

import re

import pytest
from django.urls import reverse

from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void

pytestmark = pytest.mark.django_db


def _row_numbers(page: str) -> list[str]:
    return re.findall(r"<strong>(\d+)\.</strong>", page)


def test_a_void_says_why_the_numbers_moved_until_the_hand_is_entered_again(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    hands = []
    for winner in "SEWNS":
        frm = "E" if winner != "E" else "S"
        entry = {
            "outcome": "win",
            "winner": seats[winner],
            "win": "discard",
            "discarder": seats[frm],
            "doubles": 1,
        }
        hands.append(hand_record(table=table, entry=entry, user=scorekeeper))
    url = reverse("table:scoresheet", args=[table.pk])
    hand_void(hand=hands[3], reason="wrong winner", user=scorekeeper)
    page = client.get(url).content.decode()
    assert _row_numbers(page) == ["4", "3", "2", "1"]  # hand 5 is the fourth hand in play now
    assert "Voided entry of hand 4:" in page and "<s>4</s>" not in page
    assert "Hand 4 was voided: the hands after it moved up one" in page
    assert f"?corrects={hands[3].pk}#entry" in page
    entry = {"outcome": "win", "winner": seats["N"], "win": "discard", "discarder": seats["E"], "doubles": 2}
    hand_record(table=table, entry=entry, user=scorekeeper, corrects_id=hands[3].pk)
    page = client.get(url).content.decode()
    assert _row_numbers(page) == ["5", "4", "3", "2", "1"]
    assert 'data-testid="void-pending"' not in page
    assert 'data-testid="hand-number">6<' in page


def test_voiding_the_last_hand_needs_no_explanation(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    hand = hand_record(table=table, entry={"outcome": "draw"}, user=scorekeeper)
    hand_void(hand=hand, reason="never played", user=scorekeeper)
    page = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    assert 'data-testid="void-pending"' not in page and "Voided entry of hand 1:" in page
