"""A table's state, loaded from the database: the bridge to ``table_state``.

``table_fold(table)`` loads the hands that stand (not voided) in play order
and folds them with ``tournament.tables.state``; nothing about the state is
stored; an accepted chip count's adjustment (issue 19) is added to the
balances. A hand entered to correct a voided one takes that hand's place in
play (``Hand.corrects``). ``table_ledger(table)`` is the same fold read in two
plain SQL queries without model instances: what recording a hand reads under
the table's lock (``tournament.tables.ledger``), where the ORM cost more than the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from django.db import connection

from tournament.db.rows import columns, instances_of, plain_cursor
from tournament.models import ChipTransfer, Competition, Hand, HandVoid, Round, Seat, Table
from tournament.tables.locks import locked_read
from tournament.tables.state import (
    DEAL_RULES,
    SEATS,
    DealRules,
    Fold,
    HandResult,
    HandRow,
    TableState,
    table_state,
)


@dataclass(frozen=True)
class TableFold:
    table: Table
    state: TableState
    rows: list[HandRow]  # hands that stand, in play order, with balances after each
    hands: list[Hand]  # every hand recorded at the table, voided ones included, in recording order


def play_order_key(hand: Hand | LedgerHand, by_id: dict[int, Hand | LedgerHand]) -> tuple[int, ...]:
    """A correction sorts right after the hand it replaces, before the next one."""
    if hand.corrects_id and hand.corrects_id in by_id:
        return (*play_order_key(by_id[hand.corrects_id], by_id), hand.sequence)
    return (hand.sequence,)


def hand_result(hand: Hand, transfers: Iterable[ChipTransfer] | None = None) -> HandResult:
    """The fold's view of a hand, from its transfers (``hand.transfers`` unless given)."""
    net: dict[int, int] = {}
    for transfer in hand.transfers.all() if transfers is None else transfers:
        if transfer.reverses_id is not None:
            continue  # a reversal belongs to the void, not to the hand as played
        net[transfer.from_player_id] = net.get(transfer.from_player_id, 0) - transfer.amount
        net[transfer.to_player_id] = net.get(transfer.to_player_id, 0) + transfer.amount
    return hand_result_with(hand, net)


def hand_result_with(hand: Hand, net: dict[int, int]) -> HandResult:
    """The fold's view of a hand whose net chips per player are already added up (the big screen's)."""
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


def remember_related(instance, name: str, objects: list) -> None:
    """Make ``instance.<name>.all()`` answer ``objects`` without a query, as ``prefetch_related`` would.

    For rows just read or written by hand (a plain query, a ``bulk_create``): the ORM's prefetch
    machinery costs a hand post more than the query it runs (load bench, issue 7).
    """
    manager = getattr(instance, name)
    manager._remove_prefetched_objects()
    known = manager.get_queryset()  # the relation's own queryset: filtering it further still queries
    known._result_cache, known._prefetch_done = list(objects), True
    cache = instance.__dict__.setdefault("_prefetched_objects_cache", {})
    cache[manager.field.remote_field.cache_name] = known


_SEAT_FIELDS = [f.attname for f in Seat._meta.concrete_fields]
_SEATS_SQL = f"SELECT {', '.join(_SEAT_FIELDS)} FROM {Seat._meta.db_table} WHERE table_id = %s ORDER BY id"


def table_for_recording(pk: int) -> Table:
    """The table with its round, competition and seats, in one plain query under the table's row lock (where
    the database has row locks): the hand post's one read of the table (the ORM compiled this join again
    on every post, the seats and the lock were two more round trips). Its ``seat_map`` then reads nothing,
    and ``tables.ledger.checks.lock_table`` takes it as locked for the rest of the transaction. Read it
    inside the transaction that records the hand. ``Table.DoesNotExist`` when there is none."""
    with plain_cursor() as cursor:
        cursor.execute(_table_sql(connection.features.has_select_for_update_of), [pk])
        row = cursor.fetchone()
    if row is None:
        raise Table.DoesNotExist(f"table {pk} does not exist")
    table, round_, competition = instances_of(
        [Table, (Round, _ROUND_FIELDS), (Competition, _COMPETITION_FIELDS)], row[: -len(SEATS)]
    )
    Round.competition.field.set_cached_value(round_, competition)
    Table.round.field.set_cached_value(table, round_)
    seated = zip(SEATS, row[-len(SEATS) :], strict=True)
    table.read_seats = {seat: player for seat, player in seated if player is not None}
    return locked_read(table)


# What recording a hand reads of the round and the competition; the rest is read only if asked for.
_ROUND_FIELDS = ("competition_id", "number", "status", "results_held")
_COMPETITION_FIELDS = (
    "name", "rules", "options", "capital", "confirmation", "confirmations_needed", "confirmation_minutes",
)  # fmt: skip


@cache
def _table_sql(lock: bool) -> str:
    seat = f"(SELECT s.player_id FROM {Seat._meta.db_table} s WHERE s.table_id = t.id AND s.wind = '%s')"
    return (
        f"SELECT {columns(Table, 't')}, {columns(Round, 'r', _ROUND_FIELDS)}, "
        f"{columns(Competition, 'c', _COMPETITION_FIELDS)}, "
        + ", ".join(seat % name for name in SEATS)
        + f" FROM {Table._meta.db_table} t JOIN {Round._meta.db_table} r ON r.id = t.round_id "
        f"JOIN {Competition._meta.db_table} c ON c.id = r.competition_id WHERE t.id = %s"
        + (" FOR UPDATE OF t" if lock else "")
    )


def with_seats(table: Table) -> Table:
    """The table with its seats read in one plain query (``table.seat_map`` then reads nothing)."""
    with connection.cursor() as cursor:
        cursor.execute(_SEATS_SQL, [table.pk])
        rows = cursor.fetchall()
    remember_related(table, "seats", [Seat.from_db(connection.alias, _SEAT_FIELDS, row) for row in rows])
    return table


def deal_rules_for(table: Table) -> DealRules:
    return DEAL_RULES.get(table.round.competition.rules, DealRules())


def _fold_of(table: Table) -> Fold:
    """The table's fold before any hand: its seats, capital and deal rules."""
    return Fold(table.seat_map, table.round.competition.capital, deal_rules_for(table))


def _state_of(table: Table, fold: Fold, adjustments: dict[int, int]) -> TableState:
    return fold.state(ended=table.ended_at is not None, adjustments=adjustments)


def adjustments_of(table: Table) -> dict[int, int]:
    """Each player's net of the table's accepted chip-count adjustments (issue 19; usually empty)."""
    rows = ChipTransfer.objects.filter(table=table, hand__isnull=True).order_by()
    return net_of(rows.values_list("from_player_id", "to_player_id", "amount"))


def net_of(moves: Iterable[tuple[int, int, int]]) -> dict[int, int]:
    """Each player's net of (payer, payee, amount) moves."""
    net: dict[int, int] = {}
    for payer, payee, amount in moves:
        net[payer] = net.get(payer, 0) - amount
        net[payee] = net.get(payee, 0) + amount
    return net


class LedgerHand(NamedTuple):
    """One recorded hand as recording the next one needs it: no model instance, no rule-set snapshot. It has
    the fields of ``HandResult`` that the fold reads, and is played as one (``Fold.play``) without being
    made into one: the hand post reads every hand of its table (issue 20)."""

    pk: int
    sequence: int
    corrects_id: int | None
    is_void: bool
    idempotency_key: str
    outcome: str
    net: dict[int, int]
    winner: int | None
    kong_declared: bool
    self_drawn: bool
    discarder: int | None
    offender: int | None
    doubles: int | None

    @property
    def result(self) -> HandResult:
        fields = (
            "outcome",
            "net",
            "winner",
            "kong_declared",
            "self_drawn",
            "discarder",
            "offender",
            "doubles",
        )
        return HandResult(**{name: getattr(self, name) for name in fields}, hand_id=self.pk)


@dataclass(frozen=True)
class TableLedger:
    """What recording a hand needs of the table's ledger (``hand_record``), read in two plain queries.

    ``table_fold`` reads the same rows as model instances for the pages; both fold them with
    ``table_state`` in the same play order, and a test holds their states equal.
    """

    table: Table
    hands: list[LedgerHand]  # every hand recorded, voided ones included, in recording order
    standing: list[LedgerHand]  # the hands that stand, in play order
    fold: Fold  # those hands played
    state: TableState
    adjustments: dict[int, int]  # accepted chip counts' net per player (issue 19)

    @property
    def results(self) -> list[HandResult]:
        """The hands that stand, in play order, as the fold's ``HandResult``."""
        return [hand.result for hand in self.standing]

    def hand_with_key(self, key: str) -> int | None:
        """The hand recorded with this idempotency key, if any."""
        return next((h.pk for h in self.hands if key and h.idempotency_key == key), None)

    def state_after(self, result: HandResult) -> TableState:
        """The table once ``result`` is played as the next hand."""
        fold = self.fold.copy()
        fold.play(result)
        return _state_of(self.table, fold, self.adjustments)


_HANDS_SQL = (
    "SELECT h.id, h.sequence, h.corrects_id, h.outcome, h.winner_id, h.discarder_id, h.offender_id, "
    "h.kong_declared, h.self_drawn, h.doubles, h.idempotency_key, v.id "
    f"FROM {Hand._meta.db_table} h LEFT JOIN {HandVoid._meta.db_table} v ON v.hand_id = h.id "
    "WHERE h.table_id = %s ORDER BY h.sequence"
)
_TRANSFERS_SQL = (
    f"SELECT hand_id, from_player_id, to_player_id, amount FROM {ChipTransfer._meta.db_table} "
    "WHERE table_id = %s AND reverses_id IS NULL"
)


def table_ledger(table: Table) -> TableLedger:
    """The table's hands and state for recording the next hand: two SQL queries, no ORM on the way.

    A hand post reads this under the table's lock; the ORM's query compilation and model instances
    cost the hand post more than everything else it does (load bench, issue 7).
    """
    with plain_cursor() as cursor:
        cursor.execute(_HANDS_SQL, [table.pk])
        rows = cursor.fetchall()
        cursor.execute(_TRANSFERS_SQL, [table.pk])
        transfers = cursor.fetchall()
    net: dict[int | None, dict[int, int]] = {}
    for hand_id, payer, payee, amount in transfers:  # hand_id None: a chip count's adjustment
        chips = net.setdefault(hand_id, {})
        chips[payer] = chips.get(payer, 0) - amount
        chips[payee] = chips.get(payee, 0) + amount
    hands = [
        LedgerHand(
            pk, sequence, corrects_id, void_id is not None, key, outcome, net.get(pk, {}), winner, bool(kong),
            bool(self_drawn), discarder, offender, doubles,
        )
        for (
            pk, sequence, corrects_id, outcome, winner, discarder, offender, kong, self_drawn, doubles, key,
            void_id,
        ) in rows
    ]  # fmt: skip
    by_id = {h.pk: h for h in hands}
    standing = sorted((h for h in hands if not h.is_void), key=lambda h: play_order_key(h, by_id))
    fold = _fold_of(table)
    for hand in standing:
        fold.play(hand)
    adjustments = net.get(None, {})
    state = _state_of(table, fold, adjustments)
    return TableLedger(
        table=table, hands=hands, standing=standing, fold=fold, state=state, adjustments=adjustments
    )


def table_fold(table: Table) -> TableFold:
    """The table's hands (each with its void, its players' check and its transfers) played in order: two
    queries, the table's transfers read at once (a chip count's adjustments among them, with no hand)."""
    hands = list(
        Hand.objects.filter(table=table)
        .select_related("void", "confirmation")
        # Each hand keeps a snapshot of the whole rule set (~3 KB of JSON) that no fold reads: every
        # recorded hand folds the table, so loading it cost O(hands) per post (load bench, issue 7).
        .defer("rules")
        .order_by("sequence")
    )
    transfers: dict[int | None, list[ChipTransfer]] = {}
    for transfer in ChipTransfer.objects.filter(table=table):  # by id, as each hand's own would be
        transfers.setdefault(transfer.hand_id, []).append(transfer)
    for hand in hands:
        remember_related(hand, "transfers", transfers.get(hand.pk, []))
    adjustments = net_of((t.from_player_id, t.to_player_id, t.amount) for t in transfers.get(None, []))
    by_id = {h.pk: h for h in hands}
    standing = sorted((h for h in hands if not h.is_void), key=lambda h: play_order_key(h, by_id))
    fold = _fold_of(table)
    rows = [fold.play(hand_result(h), row=True) for h in standing]
    return TableFold(table=table, state=_state_of(table, fold, adjustments), rows=rows, hands=hands)


def state_before(fold: TableFold, hand: Hand) -> TableState:
    """The table as it stood when ``hand`` was played: the state a correction of it is entered in."""
    by_id = {h.pk: h for h in fold.hands}
    key = play_order_key(hand, by_id)
    earlier = [row.hand for row in fold.rows if play_order_key(by_id[row.hand.hand_id], by_id) < key]
    table = fold.table
    return table_state(table.seat_map, table.round.competition.capital, earlier, rules=deal_rules_for(table))
