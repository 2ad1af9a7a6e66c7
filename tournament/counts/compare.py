"""A chip count against the ledger, and the adjustment that makes them agree (issue 19). Pure.

- **count**: player id → the chips counted in front of the player.
- **balances**: player id → the ledger's balance (capital plus the net of the
  table's transfers, ``tournament.tables.state``).
- **difference**: counted minus ledger, per player. Chips are never created
  or lost at a table (001: every player starts with 400 and chips only move
  between players), so a count whose total is not the table's total is
  refused before it is compared: somebody miscounted.
- **adjustment**: transfers from the players the ledger credits with too
  much to those it credits with too little, summing to zero, that make the
  ledger equal the count once the organiser accepts it.

What this module does not do: read or write the database, decide who may count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


class CountRefused(ValueError):
    """The count cannot be compared: each message is (code, English sentence, arguments)."""

    def __init__(self, problems: list[tuple[str, str, dict]]):
        super().__init__("; ".join(message % args for _, message, args in problems))
        self.problems = problems


@dataclass(frozen=True)
class Comparison:
    counted: Mapping[int, int] = field(hash=False)
    balances: Mapping[int, int] = field(hash=False)
    differences: Mapping[int, int] = field(hash=False)  # only the players whose chips differ

    @property
    def matches(self) -> bool:
        return not self.differences


def check_count(counted: Mapping[int, int], players: set[int], total: int) -> dict[int, int]:
    """The count as player id → chips, or ``CountRefused`` saying what is wrong with it."""
    problems: list[tuple[str, str, dict]] = []
    chips: dict[int, int] = {}
    for pid, value in counted.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(("invalid_chips", "Chips are a whole number, 0 or more.", {}))
        else:
            chips[pid] = value
    if set(counted) != players:
        problems.append(("wrong_players", "Count the chips of each of the table's four players.", {}))
    if not problems and sum(chips.values()) != total:
        problems.append(
            (
                "total_differs",
                "The count adds up to %(counted)s chips, but the table has %(total)s: "
                "chips are never created or lost. Count again.",
                {"counted": sum(chips.values()), "total": total},
            )
        )
    if problems:
        raise CountRefused(problems)
    return chips


def compare(counted: Mapping[int, int], balances: Mapping[int, int]) -> Comparison:
    """Counted minus ledger for each player (a count already checked by ``check_count``)."""
    differences = {
        pid: counted[pid] - balances.get(pid, 0) for pid in counted if counted[pid] != balances.get(pid, 0)
    }
    return Comparison(counted=dict(counted), balances=dict(balances), differences=differences)


def adjustment_transfers(differences: Mapping[int, int]) -> list[tuple[int, int, int]]:
    """(from, to, amount) transfers that add ``differences`` to the balances; they sum to zero.

    The player the ledger credits with the most too many chips pays the one
    it credits with the most too few, as much as both allow, until nothing
    is left: at most three transfers at a table of four.
    """
    if sum(differences.values()) != 0:
        raise ValueError(f"an adjustment must sum to zero, not {sum(differences.values())}")
    owe = {pid: -d for pid, d in differences.items() if d < 0}  # the ledger says more than counted
    due = {pid: d for pid, d in differences.items() if d > 0}
    transfers = []
    while owe:
        payer = max(owe, key=lambda p: (owe[p], -p))
        payee = max(due, key=lambda p: (due[p], -p))
        amount = min(owe[payer], due[payee])
        transfers.append((payer, payee, amount))
        for side, pid in ((owe, payer), (due, payee)):
            side[pid] -= amount
            if not side[pid]:
                del side[pid]
    return transfers
