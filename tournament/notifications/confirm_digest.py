"""Hands to confirm, gathered (issue 47, item 7): one message every few minutes per player, not one per hand.

A hand recorded whose check waits for the players (``events.hand_waiting``) tells each player who may
answer at once, unless that player was told about hands of the same round less than ``GATHER`` ago:
then what waits for them is gathered, and beat's look (``tasks.notifications_confirm_digests``, every
minute; ``manage.py beat_here`` on the embedded default) tells it once ``GATHER`` has passed.

A message lists every hand that waits for the player when it is written, by the number each hand has in
play then (a void before it moves it up: hand 3 is now hand 2, as the scoresheet says). Its event key is
the round and the newest hand it tells (``r<round>:confirm:h<hand id>``): a look that finds nothing newer
than what the player was told writes nothing (never told twice), and a hand recorded later always has a
newer id (never missed).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from tournament.confirmations.checks import seat_may_answer
from tournament.confirmations.seat_tokens import seat_link_path
from tournament.models import Hand, HandAnswer, HandCheck, Message, Round, Seat
from tournament.notifications.build import Notice, messages_create
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.links import absolute
from tournament.tables.selectors import play_order_key

GATHER = timedelta(minutes=3)


def _numbers_now(table_ids: set[int]) -> dict[int, int]:
    """Each standing hand's number in play now, at its table: its place among the hands not voided."""
    hands = list(
        Hand.objects.filter(table_id__in=table_ids).only("pk", "table_id", "sequence", "corrects_id")
    )
    voided = set(Hand.objects.filter(table_id__in=table_ids, void__isnull=False).values_list("pk", flat=True))
    by_id = {h.pk: h for h in hands}
    numbers: dict[int, int] = {}
    per_table: dict[int, list[Hand]] = defaultdict(list)
    for hand in hands:
        if hand.pk not in voided:
            per_table[hand.table_id].append(hand)
    for standing in per_table.values():
        for place, hand in enumerate(sorted(standing, key=lambda h: play_order_key(h, by_id)), start=1):
            numbers[hand.pk] = place
    return numbers


def waiting(round_id: int, table_id: int | None = None) -> dict[int, tuple[Seat, list[int]]]:
    """Per player of the round (of one of its tables, ``table_id``): their seat and the hands (ids) that
    wait for their answer now."""
    checks = HandCheck.objects.filter(
        state=HandCheck.State.PENDING, hand__table__round_id=round_id, hand__void__isnull=True
    )
    if table_id is not None:
        checks = checks.filter(hand__table_id=table_id)
    checks = list(checks.values_list("hand_id", "hand__table_id", "hand__recorded_by_id"))
    if not checks:
        return {}
    tables = {table for _h, table, _by in checks}
    seats = defaultdict(list)
    for seat in Seat.objects.filter(table_id__in=tables).select_related("player", "table__round"):
        seats[seat.table_id].append(seat)
    answered = set(
        HandAnswer.objects.filter(hand_id__in=[h for h, _t, _b in checks]).values_list("hand_id", "seat_id")
    )
    out: dict[int, tuple[Seat, list[int]]] = {}
    for hand_id, table_id, recorded_by in sorted(checks):
        for seat in seats[table_id]:
            if not seat_may_answer(seat, recorded_by) or (hand_id, seat.pk) in answered:
                continue
            out.setdefault(seat.player_id, (seat, []))[1].append(hand_id)
    return out


def _told(round_id: int, players: list[int]) -> dict[int, tuple[int, datetime]]:
    """Per player: the newest hand they were told of in this round and when (their inbox copy)."""
    told: dict[int, tuple[int, datetime]] = {}
    rows = Message.objects.filter(
        recipient__in=[f"p{p}" for p in players],
        channel=Channel.INBOX,
        event__startswith=f"r{round_id}:confirm:h",
    ).values_list("recipient", "event", "created_at")
    for recipient, event, at in rows:
        newest = int(event.rsplit(":h", 1)[1])
        player = int(recipient[1:])
        before = told.get(player)
        told[player] = (max(newest, before[0]) if before else newest, max(at, before[1]) if before else at)
    return told


def confirm_digest(round_id: int, now: datetime | None = None, *, table_id: int | None = None) -> list[int]:
    """Tell each player of the round (of one of its tables, ``table_id``) what waits for them, where
    something is new to them and they were not told within ``GATHER``; answers the ids of the messages to
    send. A player sits at one table of a round: a hand's table is all a hand can change."""
    now = now or timezone.now()
    found = waiting(round_id, table_id)
    if not found:
        return []
    told = _told(round_id, list(found))
    numbers = _numbers_now({seat.table_id for seat, _hands in found.values()})
    round_ = Round.objects.select_related("competition").get(pk=round_id)
    notices = []
    for player, (seat, hands) in sorted(found.items()):
        newest = max(hands)
        before = told.get(player)
        if before is not None and (newest <= before[0] or now - before[1] < GATHER):
            continue  # nothing new, or told a moment ago: gathered for the next look
        facts = {
            "competition": round_.competition.name, "round": round_.number, "table": seat.table.number,
            "hands": sorted(numbers[h] for h in hands if h in numbers),
        }  # fmt: skip
        facts["hand"] = facts["hands"][0] if facts["hands"] else 0
        notices.append(Notice(event=f"r{round_id}:confirm:h{newest}", words=Kind.CONFIRM, player_id=player,
                              facts=facts, link=absolute(seat_link_path(seat))))  # fmt: skip
    if not notices:
        return []
    return messages_create(round_.competition, Kind.CONFIRM, notices, scope=f"r{round_id}:confirm:")


def confirm_digest_for_hand(hand_id: int) -> list[int]:
    """The event of a hand waiting: its table's players are told now, or gathered (``confirm_digest``)."""
    found = Hand.objects.filter(pk=hand_id).values_list("table__round_id", "table_id").first()
    return confirm_digest(found[0], table_id=found[1]) if found is not None else []


def confirm_digests_due(now: datetime | None = None) -> list[list[int]]:
    """Beat's look: every round with hands waiting for players; answers the ids to send, a list per round."""
    rounds = (
        HandCheck.objects.filter(Q(state=HandCheck.State.PENDING), hand__void__isnull=True)
        .values_list("hand__table__round_id", flat=True)
        .distinct()
    )
    return [ids for ids in (confirm_digest(r, now) for r in sorted(set(rounds))) if ids]
