"""The league's data, one module per part of the domain."""

from tournament.models.audit import AuditEntry
from tournament.models.clubs import Club, Player
from tournament.models.competitions import Competition, Entry
from tournament.models.hands import ChipTransfer, Hand, HandVoid
from tournament.models.rounds import Round, Seat, Table

__all__ = [
    "AuditEntry", "ChipTransfer", "Club", "Competition", "Entry", "Hand", "HandVoid", "Player", "Round",
    "Seat", "Table",
]  # fmt: skip
