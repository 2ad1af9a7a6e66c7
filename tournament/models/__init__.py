"""The league's data, one module per part of the domain."""

from tournament.models.clubs import Club, Player
from tournament.models.competitions import Competition, Entry

__all__ = ["Club", "Competition", "Entry", "Player"]
