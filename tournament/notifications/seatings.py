"""A published round's seating told (issue 34), and every change of it (issue 49).

Each seat message's event key names the seat as told and the player's **version** of the round (what they
were told about it: 1 first, one more at each change):

- ``r<round>:seat:v<n>:t<table><wind>`` a seat (``r12:seat:v1:t3E``); with ``:<nonce>`` after it, the same
  seat's link made anew (``seat_link_send``);
- ``r<round>:bye:v<n>`` "you sit out": only to a player who is here (``tournament.season.sitting_out``);
- ``r<round>:seat:v<n>:none`` the seat told before is no longer theirs, and they are not sitting out;
- ``s<stage>:out`` out of a stage (its cut, or a knockout table lost): once per stage, never "you sit out".

``seating_send`` runs when a round is published and whenever a published round's seats change, whatever
the door (drawn again and published again, a swap, a late arrival, a reserve, a stage's tables): it
compares each player's seat with the last one they were told. The same seat tells nothing (publishing the
same seating again tells nobody again); another seat, or a seat after a bye, tells the new one; a bye
after a seat, or a seat gone, says so. The inbox shows the message before as replaced (``selectors``).
Keys written before versions (``r<round>:seat:<seat id>``, ``r<round>:bye``) read as version 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.urls import reverse

from tournament.confirmations.seat_tokens import seat_link_path, seat_link_token
from tournament.models import Message, Round, Seat, Table
from tournament.notifications.build import Notice, messages_create
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.links import absolute
from tournament.season.sitting_out import round_sitting_out

_KEY = re.compile(r"^r(?P<round>\d+):(?P<kind>seat|bye)(?::v(?P<n>\d+))?(?::(?P<what>[^:]+))?(?::[^:]*)?$")


@dataclass(frozen=True)
class Told:
    """The last thing a player was told about a round: its version, and the seat ("3E"), "bye", "none",
    or "?" (a key written before versions)."""

    version: int
    what: str


def told_what(event: str) -> tuple[int, Told] | None:
    """(round id, what was told) of a seat or bye message's key; None for any other message."""
    found = _KEY.match(event)
    if found is None or (found["what"] or "").startswith("table"):  # a scorekeeper's table
        return None
    round_id, version, what = int(found["round"]), int(found["n"] or 0), found["what"] or ""
    if found["kind"] == "bye":
        return round_id, Told(version, "bye")
    if found["n"] is None:
        return round_id, Told(0, "?")
    if what == "none":
        return round_id, Told(version, "none")
    return round_id, Told(version, what[1:] if what.startswith("t") else "?")


def told_last(round_id: int, player_ids=None) -> dict[int, Told]:
    """Each player's last seat or bye message of the round (by version, then as written)."""
    rows = Message.objects.filter(channel=Channel.INBOX, player_id__isnull=False).filter(
        Q(event__startswith=f"r{round_id}:seat:") | Q(event__startswith=f"r{round_id}:bye")
    )
    if player_ids is not None:
        rows = rows.filter(player_id__in=player_ids)
    last: dict[int, tuple[int, int, Told]] = {}
    for player, event, pk in rows.values_list("player_id", "event", "pk"):
        read = told_what(event)
        if read is None:
            continue
        told = read[1]
        if player not in last or (told.version, pk) > last[player][:2]:
            last[player] = (told.version, pk, told)
    return {player: told for player, (_, _, told) in last.items()}


def round_facts(round_: Round) -> dict:
    return {
        "competition": round_.competition.name,
        "round": round_.number,
        "venue": round_.venue,
        "starts_at": round_.starts_at.isoformat() if round_.starts_at else None,
    }


def _seat_notices(round_: Round, facts: dict, told: dict[int, Told]) -> tuple[list[Notice], set[int]]:
    """A notice to each seated player whose seat is not the one they were told; and who is seated."""
    seats = (
        Seat.objects.filter(round=round_)
        .select_related("table")
        .only("pk", "wind", "player_id", "link_nonce", "table__number")
    )
    # The seat link's address made once: a reverse per seat costs a third of the writing for 10,000 seats.
    follow = absolute(reverse("seat:follow", args=["TOKEN"])).replace("TOKEN", "{}")
    notices, seated = [], set()
    for seat in seats:
        seated.add(seat.player_id)
        here, last = f"{seat.table.number}{seat.wind}", told.get(seat.player_id)
        if last is not None and last.what == here:
            continue
        notices.append(
            Notice(
                event=f"r{round_.pk}:seat:v{last.version + 1 if last else 1}:t{here}",
                words="moved" if last is not None and last.what != "?" else Kind.SEATING,
                player_id=seat.player_id, facts={**facts, "table": seat.table.number, "wind": seat.wind},
                link=follow.format(seat_link_token(seat)),
            )
        )  # fmt: skip
    return notices, seated


def seating_send(round_id: int) -> list[int]:
    """A published round's seating, told again after each change: see the module's docstring; each
    table's scorekeeper too. Answers the ids of the messages to send."""
    with transaction.atomic():  # one telling of a round at a time: none reads what the other writes
        round_ = Round.objects.select_for_update().select_related("competition").get(pk=round_id)
        if round_.status == Round.Status.SCHEDULED:  # a draft again: nothing to tell until published
            return []
        return _seating_told(round_)


def _seating_told(round_: Round) -> list[int]:
    facts, told = round_facts(round_), told_last(round_.pk)
    notices, seated = _seat_notices(round_, facts, told)
    sitting = round_sitting_out(round_, seated)
    here = absolute(reverse("public:round", args=[round_.pk]))
    for player, last in sorted(told.items()):
        if player not in seated and player not in sitting.byes and last.what not in ("bye", "none"):
            notices.append(
                Notice(event=f"r{round_.pk}:seat:v{last.version + 1}:none", words="unseated",
                       player_id=player, facts=facts, link=here)
            )  # fmt: skip
    for table in Table.objects.filter(round=round_, scorekeeper__isnull=False).only(
        "pk", "number", "scorekeeper"
    ):
        notices.append(
            Notice(
                event=f"r{round_.pk}:seat:table{table.pk}", words="keeping", user_id=table.scorekeeper_id,
                facts={**facts, "table": table.number},
                link=absolute(reverse("table:scoresheet", args=[table.pk])),
            )
        )  # fmt: skip
    ids = messages_create(round_.competition, Kind.SEATING, notices, scope=f"r{round_.pk}:seat:")
    byes = [
        Notice(event=f"r{round_.pk}:bye:v{last.version + 1 if last else 1}", words=Kind.BYE, player_id=p,
               facts=facts, link=here)
        for p in sorted(sitting.byes) if (last := told.get(p)) is None or last.what != "bye"
    ]  # fmt: skip
    ids += messages_create(round_.competition, Kind.BYE, byes, scope=f"r{round_.pk}:bye")
    if sitting.stage is not None and sitting.out:
        stage = sitting.stage
        standings = absolute(reverse("public:standings", args=[round_.competition_id]))
        outs = [
            Notice(event=f"s{stage.pk}:out", words="out", player_id=p, facts={**facts, "stage": stage.name},
                   link=standings)
            for p in sorted(sitting.out)
        ]  # fmt: skip
        ids += messages_create(round_.competition, Kind.RESULTS, outs, scope=f"s{stage.pk}:out")
    return ids


def seat_link_send(seat_id: int) -> list[int]:
    """A seat's link retired and made anew: its player is told the new one (one event per link)."""
    seat = Seat.objects.select_related("table__round__competition").filter(pk=seat_id).first()
    if seat is None or seat.table.round.status not in (Round.Status.SEATED, Round.Status.PLAYING):
        return []
    round_ = seat.table.round
    here, last = f"{seat.table.number}{seat.wind}", told_last(round_.pk, [seat.player_id]).get(seat.player_id)
    version = last.version if last is not None and last.what == here else (last.version + 1 if last else 1)
    notice = Notice(
        event=f"r{round_.pk}:seat:v{version}:t{here}:{seat.link_nonce}", words=Kind.SEATING,
        player_id=seat.player_id, link=absolute(seat_link_path(seat)),
        facts={**round_facts(round_), "table": seat.table.number, "wind": seat.wind},
    )  # fmt: skip
    return messages_create(
        round_.competition, Kind.SEATING, [notice], scope=f"r{round_.pk}:seat:v{version}:t{here}:"
    )
