"""The league's data. Each part keeps its models in its own package; Django finds them all here.

Every model keeps the app label ``tournament`` and its table (``tournament_<model>``): moving a model
between the parts' packages changes no row and needs no migration.
"""

from tournament.access.models import AuditEntry, Invitation
from tournament.confirmations.models import ConfirmationRule, HandAnswer, HandCheck
from tournament.counts.models import ChipCount
from tournament.league.models import Club, Competition, Entry, EntryRequest, Player
from tournament.notifications.models import Broadcast, Message, NoticeSettings, Preference, PushSubscription
from tournament.privacy.models import ErasureRecord, RetentionWarning
from tournament.ratings.models import PlayerRating, RatingChange
from tournament.registration.models import Consent, DataNotice, Registration, RegistrationSettings
from tournament.rounds.models import Round, Seat, Table
from tournament.screen.models import Screen
from tournament.season.models import Attendance
from tournament.stages.models import EntryCategory, Qualifier, Stage, StageRound
from tournament.standings.models import StandingRow, StandingsMeta
from tournament.tables.models import ChipTransfer, Hand, HandVoid, RefusedHand
from tournament.teams.models import Lineup, Team, TeamMember

__all__ = [
    "Attendance", "AuditEntry", "Broadcast", "ChipCount", "ChipTransfer", "Club", "Competition",
    "ConfirmationRule", "Entry", "EntryRequest", "Hand", "HandAnswer", "HandCheck", "HandVoid",
    "Invitation", "Lineup", "Message",
    "Consent", "DataNotice", "Registration", "RegistrationSettings",
    "ErasureRecord", "RetentionWarning",
    "NoticeSettings", "Player", "PlayerRating", "Preference", "PushSubscription", "Qualifier",
    "RatingChange", "RefusedHand", "Round", "Screen", "Seat", "Stage", "StageRound", "StandingRow",
    "EntryCategory",
    "StandingsMeta", "Table", "Team", "TeamMember",
]  # fmt: skip
