"""Recording a hand, and entering a voided hand again once (a correction): validate, settle, write, audit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.rulesets import get_ruleset
from tournament.access.audit import RequestMeta, audit_hand
from tournament.confirmations.checks import check_open as check_hand
from tournament.db.rows import row_insert, rows_insert
from tournament.models import ChipTransfer, Hand, Round, Table
from tournament.notifications import events as notify
from tournament.rounds.lifecycle import started_by_first_hand
from tournament.tables import live_mark
from tournament.tables.ledger.checks import check_open, check_right, lock_table
from tournament.tables.ledger.errors import HandConflict, HandRejected, Problem
from tournament.tables.ledger.guard import (
    check_columns,
    checked_key,
    entry_digest,
    same_entry_or_refuse,
)
from tournament.tables.ledger.preview import PLAYER_FIELDS, doubles_of, hand_settle
from tournament.tables.selectors import hand_result, state_before, table_fold, table_ledger
from tournament.tables.state import TableState


@dataclass(frozen=True)
class Recorded:
    """What recording a hand answers: the hand, the table after it, and whether it is new."""

    hand: Hand  # its void is loaded (none when new)
    state: TableState  # the table once the hand is played
    created: bool  # False: the idempotency key had been used; this is the hand recorded then
    transfers: list[ChipTransfer] | None = None  # a new hand's, as written (the answer reads no more)


def hand_record(*, table: Table, entry: Mapping[str, Any], **options) -> Hand:
    """Record one hand at a table: validate, settle, write in one transaction, queue standings.

    ``options`` are ``hand_record_with_state``'s (user, idempotency_key, expected_number, corrects,
    corrects_id, meta): this answers its hand alone."""
    hand = hand_record_with_state(table=table, entry=entry, **options).hand
    # The caller may void the hand and look at it again: forget what was known of it when recorded.
    hand._state.fields_cache.pop("void", None)
    hand.__dict__.pop("_prefetched_objects_cache", None)
    return hand


def hand_record_with_state(
    *,
    table: Table,
    entry: Mapping[str, Any],
    user=None,
    idempotency_key: str = "",
    expected_number: int | None = None,
    corrects: Hand | None = None,
    corrects_id: int | None = None,
    meta: RequestMeta | None = None,
) -> Recorded:
    """``hand_record``, also answering the table's state after the hand (the API's answer).

    The table is read once, under its lock, in plain SQL (``table_ledger``); a retried idempotency key
    is found among the hands that read returns, and the state after the hand is folded in memory.
    A correction names the voided hand (``corrects``) or its id as a form sent it (``corrects_id``): an id
    naming no hand, or another table's, is refused (422 ``invalid_correction``), never recorded as a new hand.
    """
    meta = meta or RequestMeta()
    idempotency_key = checked_key(idempotency_key)
    check_right(user, table)
    if corrects_id is not None and corrects is None:
        corrects = _correction_named(corrects_id)
    digest = entry_digest(entry, expected_number, corrects) if idempotency_key else ""
    savepoint, writing = _needs_savepoint(), False
    try:
        with transaction.atomic(savepoint=savepoint):
            locked = lock_table(table)
            ledger = table_ledger(locked)
            earlier = ledger.hand_with_key(idempotency_key)
            if earlier is not None:
                same_entry_or_refuse(earlier, digest, entry)
                return Recorded(hand=_hand_loaded(earlier), state=ledger.state, created=False)
            check_open(locked)
            state = ledger.state
            if expected_number is not None and expected_number != state.hand_number:
                raise HandConflict(
                    f"Hand {expected_number} has already been recorded at this table; "
                    f"the next hand is {state.hand_number}. Check the hand list before entering it again.",
                    state,
                )
            if corrects is not None:
                _check_correctable(locked, corrects)
                # A correction is played where the voided hand was: its dealer, winds and balances.
                state = state_before(table_fold(locked), corrects)
            settlement = hand_settle(table=locked, entry=entry, state=state)
            sequence = len(ledger.hands) + 1
            check_columns(
                transfers=settlement.transfers,
                doubles=doubles_of(entry, settlement),
                number=state.hand_number,
                sequence=sequence,
            )
            writing = True  # every refusal is above this line: below, an error loses the whole transaction
            hand, transfers = _write_hand(
                locked, entry, settlement, state, sequence, user, (idempotency_key, digest), corrects
            )
            live_mark.changed([locked.pk])  # the hand's INSERT sends no signal: the sheets' polls look again
            if check_hand(locked, hand) is not None:  # players confirm it when the competition asks (19)
                notify.hand_waiting(hand.pk)  # and are told so, once the hand is committed (issue 34)
            if locked.round.status in (Round.Status.SCHEDULED, Round.Status.SEATED):
                started_by_first_hand(locked.round_id, user, meta)  # the first hand recorded starts the round
            if corrects is None:
                words = gettext_noop("%(actor)s recorded hand %(hand)s at table %(table)s of round %(round)s")
            else:
                words = gettext_noop(
                    "%(actor)s entered hand %(hand)s again at table %(table)s of round %(round)s "
                    "(correcting the voided entry)"
                )
            audit_hand(
                "hand_recorded" if corrects is None else "hand_corrected",
                user,
                meta,
                locked,
                hand,
                words,
                {
                    "entry": dict(entry),
                    "transfers": settlement.transfers,
                    "corrects": getattr(corrects, "pk", None),
                },
            )
            if corrects is None:
                after = ledger.state_after(hand_result(hand, transfers))
            else:  # the correction takes the voided hand's place: fold the table again
                after = table_ledger(locked).state
    except (HandRejected, HandConflict):
        if not (savepoint or writing) and transaction.get_connection().in_atomic_block:
            # Refused before anything was written, and no statement failed: the caller's transaction is
            # still good for the answer that explains the refusal (a page reads the table again).
            transaction.set_rollback(False)
        raise
    except IntegrityError:
        # Another request wrote the same sequence, idempotency key or correction between our read and write.
        if transaction.get_connection().needs_rollback:
            raise  # no savepoint to answer from: the caller's transaction is lost (not on SQLite, see below)
        if idempotency_key:
            earlier = Hand.objects.filter(table=table, idempotency_key=idempotency_key).first()
            if earlier is not None:
                same_entry_or_refuse(earlier.pk, digest, entry)
                return Recorded(hand=_hand_loaded(earlier.pk), state=table_fold(table).state, created=False)
        raise HandConflict(
            "Another device recorded a hand at this table at the same moment.", table_fold(table).state
        ) from None
    transaction.on_commit(lambda: queue_standings(hand))
    return Recorded(hand=hand, state=after, created=True, transfers=transfers)


def _needs_savepoint() -> bool:
    """Whether recording inside a caller's transaction (the API's request) needs a savepoint of its own.

    It lets a race lost on the unique sequence, idempotency key or correction be answered 409 from what
    the winner wrote. Where the table's row lock serialises the writers (PostgreSQL), the second reads
    the first's hand under the lock and no such race is lost: the savepoint's two statements are saved
    (issue 20, the hand post near its floor). SQLite takes no row lock: there it stays.
    """
    return not transaction.get_connection().features.has_select_for_update


def _hand_loaded(pk: int) -> Hand:
    return Hand.objects.select_related("void").prefetch_related("transfers").get(pk=pk)


def _write_hand(
    table, entry, settlement, state, sequence, user, key, corrects
) -> tuple[Hand, list[ChipTransfer]]:
    idempotency_key, digest = key
    winds = settlement.winds
    outcome = entry.get("outcome")
    instants = settlement.settle_input.get("instant") or []
    rules = get_ruleset(table.round.competition.rules, table.round.competition.options or None)
    by_player = {key: entry.get(key) for key in PLAYER_FIELDS}
    recorder = user if user is not None and user.is_authenticated else None
    hand = row_insert(  # the ORM's INSERT, made once (tournament.db.rows)
        Hand,
        {
            "table_id": table.pk,
            "sequence": sequence,
            "number": state.hand_number,
            "corrects_id": getattr(corrects, "pk", None),
            "outcome": outcome,
            "winner_id": by_player["winner"] if outcome == "win" else None,
            "discarder_id": by_player["discarder"],
            "offender_id": by_player["offender"] if outcome == "false_win" else None,
            "liable_id": by_player["liable"],
            "self_drawn": outcome == "win" and entry.get("win") == "self_draw",
            "doubles": doubles_of(entry, settlement),
            "kong_declared": bool(entry.get("kong_declared"))
            or any(i.get("type") == "kong" for i in instants),
            "prevailing_wind": state.prevailing_wind,
            "dealer_id": state.dealer,
            "seat_winds": {str(pid): wind for wind, pid in winds.items()},
            "entry": dict(entry),
            "scoring": {
                "settle": settlement.result,
                "paid": settlement.transfers,
                "unpaid": {str(k): v for k, v in settlement.unpaid.items()},
            },
            "idempotency_key": idempotency_key,
            "entry_digest": digest,
            "recorded_by_id": getattr(recorder, "pk", None),
        },
        stored={"rules": rules.as_json()},  # the rule set's snapshot, encoded once per rule set
    )
    Hand.table.field.set_cached_value(hand, table)  # what the caller knows of the hand, as ``Hand(...)`` kept
    if corrects is not None:
        Hand.corrects.field.set_cached_value(hand, corrects)
    transfers = rows_insert(  # one INSERT of every transfer, made once per count of rows (tournament.db.rows)
        ChipTransfer,
        [
            {
                "hand_id": hand.pk,
                "table_id": table.pk,
                "from_player_id": t["from"],
                "to_player_id": t["to"],
                "amount": t["amount"],
                "reason": t["reason"],
            }
            for t in settlement.transfers
            if t["amount"] > 0
        ],
    )
    # The new hand has no void: the answer asks, and need not ask the database. ``hand_record`` forgets it
    # before handing the hand to callers that may void it.
    Hand.void.related.set_cached_value(hand, None)
    return hand, transfers


def _invalid_correction() -> HandRejected:
    return HandRejected(
        [Problem("invalid_correction", _("Only a voided hand of this table can be entered again."))]
    )


def _correction_named(hand_id) -> Hand:
    """The hand a form's ``corrects`` names (its table is checked under the lock, ``_check_correctable``)."""
    text = str(hand_id)
    hand_id = int(text) if text.isascii() and text.isdigit() else 0  # not "²", which int() refuses
    hand = Hand.objects.filter(pk=hand_id).first() if 0 < hand_id < 2**63 else None
    if hand is None:
        raise _invalid_correction()
    return hand


def _check_correctable(table: Table, corrects: Hand) -> None:
    """A voided hand of this table, not entered again yet: a correction is a void plus one re-entry."""
    if corrects.table_id != table.pk or not Hand.objects.filter(pk=corrects.pk, void__isnull=False).exists():
        raise _invalid_correction()
    again = Hand.objects.filter(corrects_id=corrects.pk).values_list("number", flat=True).first()
    if again is not None:
        raise HandRejected(
            [
                Problem(
                    "already_corrected",
                    _(
                        "Hand %(n)s has already been entered again (hand %(again)s): "
                        "void that one to correct it."
                    )
                    % {"n": corrects.number, "again": again},
                )
            ],
            status=409,
        )


def hand_correct(
    *,
    hand: Hand,
    entry: Mapping[str, Any],
    user=None,
    idempotency_key: str = "",
    meta: RequestMeta | None = None,
) -> Recorded:
    """Enter a voided hand again, once, in its place (a correction is a void plus one re-entry)."""
    return hand_record_with_state(
        table=hand.table, entry=entry, user=user, idempotency_key=idempotency_key, corrects=hand, meta=meta
    )


def queue_standings(hand: Hand) -> None:
    """Standings follow every recorded or voided hand; recording never waits for them (issue 6)."""
    from tournament.standings.queue import queue_standings_update

    queue_standings_update(hand.table_id)  # with a new standings version: answers kept may be behind
