"""Which sessions are rated, read from the database as ``rate.Session`` (issue 35).

A session (a table of a round) is **rated** once its round is finished and
its results are not held (``Round.results_held``), and a hand stands at it
(a table where nothing was played is no result). Each player's net chips at
the table are the ledger's transfers there, as the standings count them:
voids net to zero through their reversing transfers; the transfers of a hand
whose check does not count yet (``HandCheck.counted``, issue 19) are left
out; an accepted chip count's adjustment counts.

The **rating order** of a round is its end: the scheduled end
(``Round.ends_at``) when the organiser gave one, else the last table's end,
else the scheduled start, else the competition's creation; then the round's
id, then the table's id (``rate.SessionKey``).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from django.conf import settings
from django.db.models import Max, Q, QuerySet, Sum
from django.utils import timezone

from tournament.models import ChipTransfer, ConfirmationRule, Hand, HandCheck, RatingChange, Round, Seat
from tournament.ratings.rate import Session


def rated_rounds() -> QuerySet:
    """Finished rounds, results released, of competitions the league trusts (issue 48): those a superuser
    marked rated (``Competition.rated``); with ``RATINGS_RATE`` "confirmed" also those whose hands count
    once players confirm them (``ConfirmationRule.PLAYERS``), with "all" every competition. An organiser's
    own competition of made-up results moves nobody."""
    rounds = Round.objects.filter(status=Round.Status.FINISHED, results_held=False)
    rate = settings.RATINGS_RATE
    if rate == "all":
        return rounds
    trusted = Q(competition__rated=True)
    if rate == "confirmed":
        trusted |= Q(competition__confirmation=ConfirmationRule.PLAYERS)
    return rounds.filter(trusted)


def round_times(rounds: QuerySet) -> dict[int, tuple[datetime, int]]:
    """Each round's end for the rating order (module docstring), with its competition's id."""
    rows = rounds.order_by().values_list(
        "pk", "competition_id", "ends_at", "starts_at", "competition__created_at"
    )
    last_table = dict(  # only where no end is scheduled: a league's every table is not read for nothing
        rounds.order_by()
        .filter(ends_at__isnull=True, tables__ended_at__isnull=False)
        .values("pk")
        .annotate(m=Max("tables__ended_at"))
        .values_list("pk", "m")
    )
    return {
        pk: (ends_at or last_table.get(pk) or starts_at or created, competition)
        for pk, competition, ends_at, starts_at, created in rows
    }


def sessions_of(rounds: QuerySet, times: dict[int, tuple[datetime, int]] | None = None) -> list[Session]:
    """Every rated session of ``rounds`` (a queryset of rated rounds), each player's net chips at it."""
    times = round_times(rounds) if times is None else times
    played = Hand.objects.filter(table__round__in=rounds, void__isnull=True).values("table_id")
    seats = Seat.objects.filter(round__in=rounds, table__in=played).order_by()
    at: dict[tuple[int, int], list[int]] = defaultdict(list)
    for round_id, table_id, player_id in seats.values_list("round_id", "table_id", "player_id"):
        at[(round_id, table_id)].append(player_id)
    net: dict[tuple[int, int], int] = defaultdict(int)
    transfers = (
        ChipTransfer.objects.filter(table__round__in=rounds)
        .exclude(hand__in=HandCheck.objects.filter(counted=False).values("hand_id"))
        .order_by()
    )
    for side, sign in (("to_player", 1), ("from_player", -1)):
        grouped = (
            transfers.values("table_id", side).annotate(n=Sum("amount")).values_list("table_id", side, "n")
        )
        for table_id, player_id, amount in grouped:
            net[(table_id, player_id)] += sign * int(amount)
    sessions = []
    for (round_id, table_id), players in at.items():
        ended, competition = times[round_id]
        sessions.append(
            Session(
                key=(ended, round_id, table_id),
                competition_id=competition,
                day=timezone.localtime(ended).date() if timezone.is_aware(ended) else ended.date(),
                nets=tuple(sorted((p, net.get((table_id, p), 0)) for p in players)),
            )
        )
    return sorted(sessions, key=lambda s: s.key)


def rounds_since(key: tuple[datetime, int]) -> tuple[QuerySet, dict[int, tuple[datetime, int]]]:
    """The rated rounds at or after ``key`` (end time, round id) in the rating order, and their times."""
    times = round_times(rated_rounds())
    later = {pk: t for pk, t in times.items() if (t[0], pk) >= key}
    return rated_rounds().filter(pk__in=sorted(later)), later


def first_unrated_or_moved(round_id: int) -> tuple[datetime, int] | None:
    """Where the rating order must start again after a change to this round: the earlier of its place
    now (if it is rated) and where its sessions were rated before (if they were); None if neither."""
    now = round_times(rated_rounds().filter(pk=round_id)).get(round_id)
    before = (
        RatingChange.objects.filter(round_id=round_id).order_by("ended_at").values_list("ended_at", flat=True)
    )
    keys = [(now[0], round_id)] if now else []
    first = before.first()
    if first is not None:
        keys.append((first, round_id))
    return min(keys) if keys else None


def out_of_step() -> tuple[datetime, int] | None:
    """The first place in the rating order where the stored changes and the rated rounds disagree on which
    rounds count (a round finished or released while the broker was down, a league upgraded with rounds
    played before the ratings existed, a round reopened whose task was lost); None when they agree."""
    rated = set(
        Hand.objects.filter(table__round__in=rated_rounds(), void__isnull=True)
        .order_by()
        .values_list("table__round_id", flat=True)
        .distinct()
    )
    stored = set(RatingChange.objects.order_by().values_list("round_id", flat=True).distinct())
    keys = [(t[0], pk) for pk, t in round_times(rated_rounds().filter(pk__in=rated - stored)).items()]
    for pk in stored - rated:
        first = (
            RatingChange.objects.filter(round_id=pk).order_by("ended_at").values_list("ended_at", flat=True)
        )
        keys.append((first[0], pk))
    return min(keys) if keys else None
