"""Recording and voiding hands: the one door to the chip ledger.

``hand_record`` is used by the scoresheet page, the API, the admin and the
tests alike. It

1. checks the entry (players named by id) against the table and its state
   (players not at the table, a finished session, a stale hand number);
2. turns player ids into the seat winds of this hand and asks the scoring
   engine (``scoring.settle``, which scores a full hand with
   ``scoring.score_hand``) under the competition's rule set;
3. applies the rule set's short-of-chips policy (``cap_to_balances``);
4. writes the hand, its immutable ``ChipTransfer`` rows and an audit entry
   in one transaction, and queues the standings update on commit.

Bad input raises ``HandRejected`` (nothing is written); two devices entering
the same hand get one ``HandConflict``; a retried request with the same
idempotency key and the same entry returns the hand recorded first (another
entry with that key is refused, 409; ``tournament.ledger_guard``). ``hand_void`` never deletes
or edits: it adds a ``HandVoid`` row and reversing transfers. A correction
(``hand_correct``) is a void plus one re-entry: a voided hand is entered
again once, in its place; a second correction of it is refused.

Every door checks the caller's right (``may_record``: the table's
scorekeeper or an organiser of the competition; ``user=None`` is a command
or a test acting as the operator) and refuses every change in a finished
round or at a table the organiser has ended, until the round is reopened
(``tournament.rounds.lifecycle.round_reopen``, issue 13).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import scoring
from scoring.payments import cap_to_balances
from scoring.rulesets import get_ruleset
from tournament.audit import RequestMeta, audit_write
from tournament.confirmations import check_open as check_hand
from tournament.ledger_errors import HandConflict, HandRejected, Problem, checked_reason
from tournament.ledger_guard import (
    check_columns,
    checked_key,
    entry_digest,
    refuse_rule_changes,
    same_entry_or_refuse,
)
from tournament.models import ChipTransfer, Hand, HandVoid, Player, Round, Table
from tournament.roles import may_record
from tournament.rounds.lifecycle import started_by_first_hand
from tournament.table_bao import bao_proposal
from tournament.table_state import TableState, winds_for_hand
from tournament.tables import hand_result, remember_related, state_before, table_fold, table_ledger

PLAYER_FIELDS = ("winner", "discarder", "liable", "offender")


@dataclass(frozen=True)
class Settlement:
    """What the engine says about an entry, in player ids: shown before confirming."""

    settle_input: dict
    result: dict  # the engine's answer, in seat winds
    transfers: list[dict]  # {"from": pid, "to": pid, "amount", "reason"} after the short-of-chips policy
    net: dict[int, int]
    unpaid: dict[int, int]
    balances_after: dict[int, int]
    score: dict | None = None
    winds: dict[str, int] = field(default_factory=dict)  # seat wind -> player id for this hand
    bao: dict | None = None  # the winning discard's liable player, proposed (tournament.table_bao)


def _competition(table: Table):
    return table.round.competition


def _to_seats(entry: Mapping[str, Any], winds: dict[str, int]) -> dict:
    """The league entry (player ids) as a ``settle`` outcome (seat winds of this hand)."""
    seat_of = {pid: wind for wind, pid in winds.items()}
    problems: list[Problem] = []

    def seat(value: Any, where: str) -> str | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(Problem("invalid_type", f"{where} must be a player id (a whole number).", where))
            return None
        if value not in seat_of:
            name = Player.objects.filter(pk=value).values_list("name", flat=True).first()
            who = name or f"Player {value}"
            problems.append(Problem("not_at_table", f"{who} is not playing at this table.", where))
            return None
        return seat_of[value]

    # kong_declared is the ledger's own (a draw's kong, Hand.kong_declared): the engine does not take it.
    dropped = (*PLAYER_FIELDS, "instant", "rules", "options", "kong_declared")
    out = {k: v for k, v in entry.items() if k not in dropped}
    for key in PLAYER_FIELDS:
        if key in entry and entry[key] is not None:
            out[key] = seat(entry[key], key)
    instants = entry.get("instant") or []
    if not isinstance(instants, list):
        problems.append(Problem("invalid_type", "instant must be a list of payouts.", "instant"))
        instants = []
    converted = []
    for i, item in enumerate(instants):
        if not isinstance(item, Mapping):
            problems.append(
                Problem("invalid_type", "Each instant payout must be an object.", f"instant[{i}]")
            )
            continue
        item = dict(item)
        for key in ("player", "liable", "discarder"):
            if key in item and item[key] is not None:
                item["seat" if key == "player" else key] = seat(item.pop(key), f"instant[{i}].{key}")
        converted.append(item)
    if converted:
        out["instant"] = converted
    if out.get("outcome") == "win" and isinstance(out.get("hand"), Mapping):
        hand = dict(out["hand"])
        hand.setdefault("seat_wind", out.get("winner"))
        out["hand"] = hand
    if problems:
        raise HandRejected(problems, status=400)
    return out


def hand_settle(*, table: Table, entry: Mapping[str, Any], state: TableState | None = None) -> Settlement:
    """Validate an entry and work out who pays whom, without writing anything (the preview)."""
    if not isinstance(entry, Mapping):
        raise HandRejected([Problem("invalid_input", "The hand must be a JSON object.")], status=400)
    competition = _competition(table)
    refuse_rule_changes(entry, competition)
    if state is None:
        state = table_fold(table).state
    if state.finished:
        raise HandRejected([Problem("table_finished", "This table's session is over: no more hands.")])
    winds = winds_for_hand(state)
    outcome = _to_seats(entry, winds)
    outcome["rules"] = competition.rules
    if competition.options:
        outcome["options"] = competition.options
    if isinstance(outcome.get("hand"), Mapping):
        outcome["hand"] = {**outcome["hand"], "prevailing_wind": state.prevailing_wind}
    try:
        result = scoring.settle(outcome)
    except scoring.InvalidInput as exc:
        raise HandRejected([Problem(e.code, e.message, e.field) for e in exc.errors], status=400) from None
    if result.get("win") is False:
        raise HandRejected([Problem(e["code"], e["message"], e.get("field")) for e in result["errors"]])
    rules = get_ruleset(competition.rules, competition.options or None)
    balances_by_wind = {wind: state.balances[pid] for wind, pid in winds.items()}
    paid = cap_to_balances(result["transfers"], balances_by_wind, rules["short_of_chips"])
    transfers = [
        {"from": winds[t["from"]], "to": winds[t["to"]], "amount": t["amount"], "reason": t["reason"]}
        for t in paid["transfers"]
    ]
    net = {winds[w]: chips for w, chips in paid["net"].items()}
    return Settlement(
        settle_input=outcome,
        result=result,
        transfers=transfers,
        net=net,
        unpaid={winds[w]: chips for w, chips in paid.get("unpaid", {}).items() if chips},
        balances_after={pid: state.balances[pid] + net.get(pid, 0) for pid in state.balances},
        score=result.get("hand"),  # the score_hand answer when a full hand was entered
        winds=winds,
        bao=bao_proposal(outcome, winds),
    )


def _doubles_of(entry: Mapping[str, Any], settlement: Settlement) -> int | None:
    if entry.get("outcome") != "win":
        return None
    doubles = settlement.result.get("doubles")
    return doubles if isinstance(doubles, int) and not isinstance(doubles, bool) else None


@dataclass(frozen=True)
class Recorded:
    """What recording a hand answers: the hand, the table after it, and whether it is new."""

    hand: Hand  # its transfers and void are loaded: serializing it reads nothing more
    state: TableState  # the table once the hand is played
    created: bool  # False: the idempotency key had been used; this is the hand recorded then


def hand_record(
    *,
    table: Table,
    entry: Mapping[str, Any],
    user=None,
    idempotency_key: str = "",
    expected_number: int | None = None,
    corrects: Hand | None = None,
    meta: RequestMeta | None = None,
) -> Hand:
    """Record one hand at a table: validate, settle, write in one transaction, queue standings."""
    hand = hand_record_with_state(
        table=table,
        entry=entry,
        user=user,
        idempotency_key=idempotency_key,
        expected_number=expected_number,
        corrects=corrects,
        meta=meta,
    ).hand
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
    meta: RequestMeta | None = None,
) -> Recorded:
    """``hand_record``, also answering the table's state after the hand (the API's answer).

    The table is read once, under its lock, in plain SQL (``table_ledger``); a retried idempotency key
    is found among the hands that read returns, and the state after the hand is folded in memory.
    """
    meta = meta or RequestMeta()
    idempotency_key = checked_key(idempotency_key)
    digest = entry_digest(entry, expected_number, corrects) if idempotency_key else ""
    _check_right(user, table)
    try:
        with transaction.atomic():
            locked = _lock(table)
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
                doubles=_doubles_of(entry, settlement),
                number=state.hand_number,
                sequence=sequence,
            )
            hand, transfers = _write_hand(
                locked, entry, settlement, state, sequence, user, (idempotency_key, digest), corrects
            )
            check_hand(locked, hand)  # players confirm it, when the competition asks (issue 19)
            if locked.round.status in (Round.Status.SCHEDULED, Round.Status.SEATED):
                started_by_first_hand(locked.round_id, user, meta)  # the first hand recorded starts the round
            if corrects is None:
                words = gettext_noop("%(actor)s recorded hand %(hand)s at table %(table)s of round %(round)s")
            else:
                words = gettext_noop(
                    "%(actor)s entered hand %(hand)s again at table %(table)s of round %(round)s "
                    "(correcting the voided entry)"
                )
            _audit(
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
    except IntegrityError:
        # Another request wrote the same sequence, idempotency key or correction between our read and write.
        if idempotency_key:
            earlier = Hand.objects.filter(table=table, idempotency_key=idempotency_key).first()
            if earlier is not None:
                same_entry_or_refuse(earlier.pk, digest, entry)
                return Recorded(hand=_hand_loaded(earlier.pk), state=table_fold(table).state, created=False)
        raise HandConflict(
            "Another device recorded a hand at this table at the same moment.", table_fold(table).state
        ) from None
    transaction.on_commit(lambda: _queue_standings(hand))
    return Recorded(hand=hand, state=after, created=True)


_LOCK_SQL = (
    f"SELECT t.ended_at, r.status FROM {Table._meta.db_table} t "
    f"JOIN {Round._meta.db_table} r ON r.id = t.round_id WHERE t.id = %s"
)


def _lock(table: Table) -> Table:
    """Lock the table's row until the transaction ends, and refresh what may have changed before the lock.

    Only the table's row is locked: its round and competition are read, not locked (locking them would
    put every hand of the competition in one queue; ``round_end`` serialises with hands through the
    table rows it updates). The organiser ends a session or a round while the table plays: the table's
    ``ended_at`` and the round's ``status`` are read under the lock.
    """
    sql = _LOCK_SQL + (" FOR UPDATE OF t" if connection.features.has_select_for_update_of else "")
    with connection.cursor() as cursor:
        cursor.execute(sql, [table.pk])
        row = cursor.fetchone()
    if row is None:
        raise Table.DoesNotExist(f"table {table.pk} does not exist")
    table.ended_at, table.round.status = row
    return table


def _locked_table(pk: int) -> Table:
    """The table, its row locked until the transaction ends (its round and competition read, not locked)."""
    return Table.objects.select_for_update(of=("self",)).select_related("round__competition").get(pk=pk)


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
    hand = Hand.objects.create(
        table=table,
        sequence=sequence,
        number=state.hand_number,
        corrects=corrects,
        outcome=outcome,
        winner_id=by_player["winner"] if outcome == "win" else None,
        discarder_id=by_player["discarder"],
        offender_id=by_player["offender"] if outcome == "false_win" else None,
        liable_id=by_player["liable"],
        self_drawn=outcome == "win" and entry.get("win") == "self_draw",
        doubles=_doubles_of(entry, settlement),
        kong_declared=bool(entry.get("kong_declared")) or any(i.get("type") == "kong" for i in instants),
        prevailing_wind=state.prevailing_wind,
        dealer_id=state.dealer,
        seat_winds={str(pid): wind for wind, pid in winds.items()},
        entry=dict(entry),
        scoring={
            "settle": settlement.result,
            "paid": settlement.transfers,
            "unpaid": {str(k): v for k, v in settlement.unpaid.items()},
        },
        rules=rules.as_dict(),
        idempotency_key=idempotency_key,
        entry_digest=digest,
        recorded_by=user if user is not None and user.is_authenticated else None,
    )
    transfers = ChipTransfer.objects.bulk_create(
        [
            ChipTransfer(
                hand=hand,
                table=table,
                from_player_id=t["from"],
                to_player_id=t["to"],
                amount=t["amount"],
                reason=t["reason"],
            )
            for t in settlement.transfers
            if t["amount"] > 0
        ]
    )
    # What the answer shows of the new hand is in memory: no void, these transfers (as a prefetch would);
    # ``hand_record`` forgets both before handing the hand to callers that may void it.
    Hand.void.related.set_cached_value(hand, None)
    remember_related(hand, "transfers", transfers)
    return hand, transfers


def hand_void(*, hand: Hand, reason: str, user=None, meta: RequestMeta | None = None) -> HandVoid:
    """Void a hand: keep it, add reversing transfers and a void row. Later hands replay from the ledger."""
    meta = meta or RequestMeta()
    reason = checked_reason(reason, required=_("Say why the hand is voided."))
    with transaction.atomic():
        table = _locked_table(hand.table_id)
        _check_right(user, table)
        check_open(table)
        hand = Hand.objects.select_related("void").get(pk=hand.pk)
        if hand.is_void:
            raise HandRejected(
                [Problem("already_void", _("Hand %(n)s is already voided.") % {"n": hand.number})]
            )
        void = HandVoid.objects.create(
            hand=hand, reason=reason, voided_by=user if user and user.is_authenticated else None
        )
        originals = list(hand.transfers.filter(reverses__isnull=True))
        ChipTransfer.objects.bulk_create(
            [
                ChipTransfer(
                    hand=hand,
                    table=table,
                    from_player_id=t.to_player_id,
                    to_player_id=t.from_player_id,
                    amount=t.amount,
                    reason="void",
                    reverses=t,
                )
                for t in originals
            ]
        )
        _audit(
            "hand_voided",
            user,
            meta,
            table,
            hand,
            gettext_noop("%(actor)s voided hand %(hand)s at table %(table)s of round %(round)s: %(reason)s"),
            {"reason": reason},
        )
    transaction.on_commit(lambda: _queue_standings(hand))
    return void


def _audit(action: str, user, meta: RequestMeta, table: Table, hand: Hand, words: str, data: dict) -> None:
    args = {"hand": hand.number, "table": table.number, "round": table.round.number}
    if "reason" in data:
        args["reason"] = data["reason"]
    audit_write(
        action,
        user=user,
        competition=table.round.competition,
        object_type="hand",
        object_id=hand.pk,
        words=words,
        args=args,
        data={"table": table.pk, "hand_number": hand.number, **data},
        meta=meta,
    )


def _check_right(user, table: Table) -> None:
    """The table's scorekeeper or an organiser of its competition; ``None`` is the operator (a command)."""
    if user is not None and not may_record(user, table):
        raise PermissionDenied(_("Only this table's scorekeeper or an organiser may change its hands."))


def check_open(table: Table) -> None:
    """No hand is recorded, voided or corrected in a draft, in a finished round or at an ended table.

    ``table`` was read under its lock (``_lock``/``_locked_table``): its round's status and its end are
    those of now. An organiser reopens the round (``round_reopen``) to correct a hand.
    """
    if table.round.status == Round.Status.SCHEDULED:
        # A draft seating (issue 14): nobody but its organisers sees it, so nobody plays at it yet.
        raise HandRejected(
            [
                Problem(
                    "round_not_published",
                    _("Round %(n)s's seating is a draft: the organiser publishes it before play.")
                    % {"n": table.round.number},
                )
            ]
        )
    if table.round.status == Round.Status.FINISHED:
        raise HandRejected(
            [
                Problem(
                    "round_finished",
                    _("Round %(n)s is finished: its hands are final unless an organiser reopens it.")
                    % {"n": table.round.number},
                )
            ]
        )
    if table.ended_at is not None:
        raise HandRejected(
            [
                Problem(
                    "table_ended",
                    _(
                        "Table %(t)s has been ended by the organiser: "
                        "its hands are final unless the round is reopened."
                    )
                    % {"t": table.number},
                )
            ]
        )


def _check_correctable(table: Table, corrects: Hand) -> None:
    """A voided hand of this table, not entered again yet: a correction is a void plus one re-entry."""
    if corrects.table_id != table.pk or not Hand.objects.filter(pk=corrects.pk, void__isnull=False).exists():
        raise HandRejected(
            [Problem("invalid_correction", _("Only a voided hand of this table can be entered again."))]
        )
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


def _queue_standings(hand: Hand) -> None:
    """Standings follow every recorded or voided hand; recording never waits for them (issue 6)."""
    from tournament import standings_cache
    from tournament.standings_tasks import queue_standings_update

    standings_cache.bump()  # the ledger moved: standings answers kept until now may be behind it
    queue_standings_update(hand.table_id)
