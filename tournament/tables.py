"""A table's state, loaded from the database: the bridge to ``table_state``.

``table_fold(table)`` loads the hands that stand (not voided) in play order
and folds them with ``tournament.table_state``; nothing about the state is
stored. A hand entered to correct a voided one takes that hand's place in
play (``Hand.corrects``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.models import Hand, Table
from tournament.table_state import (
    DEAL_RULES,
    DealRules,
    HandResult,
    HandRow,
    TableState,
    table_history,
    table_state,
)


@dataclass(frozen=True)
class TableFold:
    table: Table
    state: TableState
    rows: list[HandRow]  # hands that stand, in play order, with balances after each
    hands: list[Hand]  # every hand recorded at the table, voided ones included, in recording order


def play_order_key(hand: Hand, by_id: dict[int, Hand]) -> tuple[int, ...]:
    """A correction sorts right after the hand it replaces, before the next one."""
    if hand.corrects_id and hand.corrects_id in by_id:
        return (*play_order_key(by_id[hand.corrects_id], by_id), hand.sequence)
    return (hand.sequence,)


def hand_result(hand: Hand) -> HandResult:
    net: dict[int, int] = {}
    for transfer in hand.transfers.all():
        if transfer.reverses_id is not None:
            continue  # a reversal belongs to the void, not to the hand as played
        net[transfer.from_player_id] = net.get(transfer.from_player_id, 0) - transfer.amount
        net[transfer.to_player_id] = net.get(transfer.to_player_id, 0) + transfer.amount
    return HandResult(
        outcome=hand.outcome,
        net=net,
        winner=hand.winner_id,
        kong_declared=hand.kong_declared,
        self_drawn=hand.self_drawn,
        discarder=hand.discarder_id,
        offender=hand.offender_id,
        doubles=hand.doubles,
        hand_id=hand.pk,
    )


def deal_rules_for(table: Table) -> DealRules:
    return DEAL_RULES.get(table.round.competition.rules, DealRules())


def table_fold(table: Table) -> TableFold:
    hands = list(
        Hand.objects.filter(table=table)
        .select_related("void")
        .prefetch_related("transfers")
        # Each hand keeps a snapshot of the whole rule set (~3 KB of JSON) that no fold reads: every
        # recorded hand folds the table, so loading it cost O(hands) per post (load bench, issue 7).
        .defer("rules")
        .order_by("sequence")
    )
    by_id = {h.pk: h for h in hands}
    standing = sorted((h for h in hands if not h.is_void), key=lambda h: play_order_key(h, by_id))
    seats = table.seat_map
    capital = table.round.competition.capital
    rows = table_history(seats, capital, [hand_result(h) for h in standing], rules=deal_rules_for(table))
    state = table_state(
        seats,
        capital,
        [row.hand for row in rows],
        ended=table.ended_at is not None,
        rules=deal_rules_for(table),
    )
    return TableFold(table=table, state=state, rows=rows, hands=hands)


def state_before(fold: TableFold, hand: Hand) -> TableState:
    """The table as it stood when ``hand`` was played: the state a correction of it is entered in."""
    by_id = {h.pk: h for h in fold.hands}
    key = play_order_key(hand, by_id)
    earlier = [row.hand for row in fold.rows if play_order_key(by_id[row.hand.hand_id], by_id) < key]
    table = fold.table
    return table_state(table.seat_map, table.round.competition.capital, earlier, rules=deal_rules_for(table))
