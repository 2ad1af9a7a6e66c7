"""What each player of a night was told (issue 49): their inbox, read back by ``test_told_*``."""

from __future__ import annotations

from tournament.models import Message, Seat
from tournament.notifications.kinds import Channel
from tournament.notifications.selectors import inbox


def kinds(player_id: int) -> list[str]:
    """Every message the player has in their inbox, oldest first, by kind."""
    rows = Message.objects.filter(player_id=player_id, channel=Channel.INBOX).order_by("pk")
    return list(rows.values_list("kind", flat=True))


def events(player_id: int) -> list[str]:
    rows = Message.objects.filter(player_id=player_id, channel=Channel.INBOX).order_by("pk")
    return list(rows.values_list("event", flat=True))


def standing(player_id: int) -> list[str]:
    """The subjects the inbox shows as holding now (not replaced), newest first."""
    return [m.subject for m in inbox(f"p{player_id}") if not m.replaced]


def replaced(player_id: int) -> list[str]:
    return [m.subject for m in inbox(f"p{player_id}") if m.replaced]


def seat_of(round_, player_id: int) -> tuple[int, str] | None:
    seat = Seat.objects.filter(round=round_, player_id=player_id).select_related("table").first()
    return (seat.table.number, seat.wind) if seat else None


WIND = {"E": "East", "S": "South", "W": "West", "N": "North"}


def seat_subject(round_, player_id: int) -> str:
    table, wind = seat_of(round_, player_id)
    return f"table {table}, {WIND[wind]}"
