"""What each event tells whom (issue 34): the notices of an event, read from the database when its task runs.

Event keys start with the round's (``r<round id>:``) or the hand's (``h<hand id>:``) scope, so that one
event told twice writes no new message (``tournament.notifications.build``). A seat is one event per seat
as told (its table and wind, the player's version of the round): a round's seating and each change of it
are told by ``seatings`` (issue 49); a reminder (per start time), a hand's confirmation, a ruling and
results are one event each.
"""

from __future__ import annotations

from django.urls import reverse

from tournament.confirmations.seat_tokens import seat_link_path
from tournament.models import Broadcast, Entry, Hand, HandAnswer, Round, Seat
from tournament.notifications.build import Notice, messages_create
from tournament.notifications.confirm_digest import confirm_digest_for_hand
from tournament.notifications.kinds import Kind
from tournament.notifications.links import absolute
from tournament.notifications.recipients import broadcast_players, reminder_entries
from tournament.notifications.seatings import round_facts
from tournament.notifications.seatings import seat_link_send as seat_link_send  # read here by ``tasks``
from tournament.notifications.seatings import seating_send as seating_send  # read here by ``tasks``
from tournament.season.link_tokens import season_link_token


def reminder_send(round_id: int) -> list[int]:
    round_ = Round.objects.select_related("competition").get(pk=round_id)
    stamp = round_.starts_at.strftime("%Y%m%d%H%M") if round_.starts_at else "none"
    facts = round_facts(round_)
    # Each player's own reply link (issue 33's private season link): yes, no or maybe in one tap.
    notices = [
        Notice(event=f"r{round_.pk}:reminder:{stamp}", words=Kind.REMINDER, player_id=entry.player_id,
               facts=facts, link=absolute(reverse("public:season_link", args=[season_link_token(entry)])))
        for entry in reminder_entries(round_)
    ]  # fmt: skip
    return messages_create(round_.competition, Kind.REMINDER, notices, scope=f"r{round_.pk}:reminder:")


def season_link_send(entry_id: int) -> list[int]:
    """A season link retired by the organiser: its player is told the new one (one event per link made)."""
    entry = Entry.objects.select_related("competition").filter(pk=entry_id).first()
    if entry is None:
        return []
    notice = Notice(
        event=f"e{entry.pk}:season_link:{entry.link_nonce}", words="season_link", player_id=entry.player_id,
        facts={"competition": entry.competition.name},
        link=absolute(reverse("public:season_link", args=[season_link_token(entry)])),
    )  # fmt: skip
    return messages_create(entry.competition, Kind.REMINDER, [notice], scope=f"e{entry.pk}:season_link:")


def _hand_facts(hand: Hand) -> dict:
    table = hand.table
    return {"competition": table.round.competition.name, "round": table.round.number, "table": table.number,
            "hand": hand.number}  # fmt: skip


def confirm_send(hand_id: int) -> list[int]:
    """A hand waiting for confirmation: what waits for each player of its round, gathered every few
    minutes (issue 47, ``confirm_digest``), with their seat link."""
    return confirm_digest_for_hand(hand_id)


def ruling_send(hand_id: int) -> list[int]:
    """The organiser's ruling, to each player who disputed the hand."""
    hand = Hand.objects.select_related("table__round__competition", "confirmation").get(pk=hand_id)
    check = getattr(hand, "confirmation", None)
    if check is None or not check.ruling:
        return []
    facts = {**_hand_facts(hand), "ruling": check.ruling, "reason": check.ruling_reason}
    disputed = HandAnswer.objects.filter(hand=hand, verdict=HandAnswer.Verdict.DISPUTE).select_related("seat")
    notices = [
        Notice(event=f"h{hand.pk}:ruling", words=Kind.RULING, player_id=a.seat.player_id, facts=facts,
               link=absolute(seat_link_path(a.seat)))
        for a in disputed
    ]  # fmt: skip
    return messages_create(hand.table.round.competition, Kind.RULING, notices, scope=f"h{hand.pk}:")


def results_send(round_id: int) -> list[int]:
    """A round's results are out (finished and not held): to everyone who played in it."""
    round_ = Round.objects.select_related("competition").get(pk=round_id)
    if round_.status != Round.Status.FINISHED or round_.results_held:
        return []
    link, facts = absolute(reverse("public:standings", args=[round_.competition_id])), round_facts(round_)
    notices = [
        Notice(event=f"r{round_.pk}:results", words=Kind.RESULTS, player_id=p, facts=facts, link=link)
        for p in Seat.objects.filter(round=round_).values_list("player_id", flat=True)
    ]  # fmt: skip
    return messages_create(round_.competition, Kind.RESULTS, notices, scope=f"r{round_.pk}:results")


def broadcast_send(broadcast_id: int) -> list[int]:
    broadcast = Broadcast.objects.select_related("competition").get(pk=broadcast_id)
    facts = {"competition": broadcast.competition.name, "text": broadcast.text}
    link = absolute(reverse("public:competition", args=[broadcast.competition_id]))
    notices = [
        Notice(event=f"b{broadcast.pk}:", words=Kind.ORGANISER, player_id=p, facts=facts, link=link)
        for p in (
            broadcast.players
            if broadcast.players is not None
            else broadcast_players(broadcast.competition, broadcast.audience)
        )
    ]  # fmt: skip
    return messages_create(broadcast.competition, Kind.ORGANISER, notices, scope=f"b{broadcast.pk}:")
