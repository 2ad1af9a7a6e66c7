"""The league's data, one module per part of the domain."""

from tournament.models.accounts import Invitation
from tournament.models.audit import AuditEntry
from tournament.models.clubs import Club, Player
from tournament.models.competitions import Competition, Entry
from tournament.confirmations.models import ConfirmationRule, HandAnswer, HandCheck
from tournament.counts.models import ChipCount
from tournament.tables.models import ChipTransfer, Hand, HandVoid
from tournament.models.rounds import Round, Seat, Table
from tournament.standings.models import StandingRow, StandingsMeta

__all__ = [
    "AuditEntry", "ChipCount", "ChipTransfer", "Club", "Competition", "ConfirmationRule", "Entry", "Hand",
    "HandAnswer", "HandCheck", "HandVoid", "Invitation", "Player", "Round",
    "Seat", "StandingRow", "StandingsMeta", "Table",
]  # fmt: skip
