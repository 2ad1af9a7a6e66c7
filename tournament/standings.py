"""Standings computed on read from the chip ledger: the bridge to ``standings_rank``.

``standings_compute(competition, round=None)`` loads every player's totals
with one aggregate query (correlated subqueries over the ledger, the hands
and the seats) and ranks them with ``tournament.standings_rank.rank`` under
the default tie-break (net chips, hands won, biggest hand; issue 6).

Vocabulary (as in ``standings_rank``):

- **chips**: a player's net chips, the plain sum of the ``ChipTransfer`` rows
  he received minus those he paid, at finished and running tables alike
  (STYLE.md 5: the ledger is the truth). A void adds reversing transfers, so
  a voided hand nets to zero here without being looked at.
- **hands won**, **self-drawn wins**, **Za Hu**, **biggest hand**: counted over
  the hands that stand (not voided).
- **sessions**: the tables a player sat at in rounds that are under way or
  over (status playing or finished), or at which a hand has been recorded.
- **held** round: ``Round.results_held``: its results stay out of the
  standings until the organiser releases them (``include_held=True`` shows
  them, for the organiser).

Who is listed: for a competition, every player entered (withdrawn ones marked)
and anyone seated in it; for a round, the players seated in that round.

What this module does not do: store standings (the Celery-maintained table
arrives with issue 6 and must agree with this), or decide who may see held
results (the caller does).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Exists, IntegerField, Max, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from tournament.models import ChipTransfer, Competition, Entry, Hand, Player, Round, Seat
from tournament.standings_rank import DEFAULT_ORDER, PlayerTotals, RankedRow, rank


@dataclass(frozen=True)
class Standings:
    """The ranked rows of a competition (or of one of its rounds) at ``computed_at``."""

    competition_id: int
    round_id: int | None
    computed_at: datetime
    rows: list[RankedRow]
    held: bool = False  # the round asked for is held back and not shown


def _per_player(queryset, group_by: str, aggregate) -> Subquery:
    """A correlated subquery: ``aggregate`` over ``queryset`` rows of the outer player (0 when none)."""
    inner = (
        queryset.filter(**{group_by: OuterRef("pk")})
        .order_by()
        .values(group_by)
        .annotate(total=aggregate)
        .values("total")
    )
    return Coalesce(Subquery(inner, output_field=IntegerField()), Value(0))


def standings_compute(
    competition: Competition, round: Round | None = None, *, include_held: bool = False
) -> Standings:
    """Every listed player's totals from the ledger, ranked by the default tie-break."""
    rounds = Round.objects.filter(competition=competition)
    if round is not None:
        rounds = rounds.filter(pk=round.pk)
    held = round is not None and round.results_held and not include_held
    if not include_held:
        rounds = rounds.exclude(results_held=True)
    round_ids = rounds.values("pk")
    transfers = ChipTransfer.objects.filter(table__round__in=round_ids)
    standing = Hand.objects.filter(table__round__in=round_ids, void__isnull=True)
    played = Seat.objects.filter(round__in=round_ids).filter(
        Q(round__status__in=[Round.Status.PLAYING, Round.Status.FINISHED]) | Q(table__hands__isnull=False)
    )
    seated = Seat.objects.filter(round__in=round_ids).values("player")
    if round is None:
        listed = Q(pk__in=Entry.objects.filter(competition=competition).values("player")) | Q(pk__in=seated)
    else:
        listed = Q(pk__in=seated)
    players = (
        Player.objects.filter(listed)
        .select_related("club")
        .annotate(
            total_received=_per_player(transfers, "to_player", Sum("amount")),
            total_paid=_per_player(transfers, "from_player", Sum("amount")),
            total_won=_per_player(standing, "winner", Count("pk")),
            total_self_drawn=_per_player(standing.filter(self_drawn=True), "winner", Count("pk")),
            total_za_hu=_per_player(standing, "offender", Count("pk")),
            total_biggest=_per_player(standing, "winner", Max("doubles")),
            total_sessions=_per_player(played, "player", Count("table", distinct=True)),
            total_withdrawn=Exists(
                Entry.objects.filter(
                    competition=competition, player=OuterRef("pk"), status=Entry.Status.WITHDRAWN
                )
            ),
        )
    )
    totals = [
        PlayerTotals(
            player_id=p.pk,
            name=p.name,
            club=p.club.name if p.club else None,
            net_chips=p.total_received - p.total_paid,
            sessions=p.total_sessions,
            hands_won=p.total_won,
            self_drawn_wins=p.total_self_drawn,
            za_hu=p.total_za_hu,
            biggest_hand=p.total_biggest,
            withdrawn=p.total_withdrawn,
        )
        for p in players
    ]
    return Standings(
        competition_id=competition.pk,
        round_id=round.pk if round is not None else None,
        computed_at=timezone.now(),
        rows=rank(totals, DEFAULT_ORDER),
        held=held,
    )
