"""Stored ratings kept to the ledger: rated again from the first changed session on (issue 35).

``ratings_update_from(key)`` deletes every stored change at or after ``key``
(a round's end time and id, ``tournament.ratings.sessions``), reads the
rated sessions from there on, starts each of their players from the skill
he had just before (his last change left, or a newcomer's) and rates them in
order (``tournament.ratings.rate``). What lies before ``key`` is not read
again: a round finished tonight rates tonight's tables only.

``ratings_rebuild()`` does the same from the very first session.

Writers are one at a time (a PostgreSQL advisory lock, held to the end of the
transaction): two updates at once would both delete and insert the same
changes. The same ledger gives the same ratings, whatever the order in which
the updates ran: each reads the sessions as they stand when it runs.
"""

from __future__ import annotations

from datetime import datetime

from django.db import connection, transaction

from tournament.models import PlayerRating, RatingChange
from tournament.ratings.rate import Change, Skill, rate
from tournament.ratings.sessions import rated_rounds, round_times, rounds_since, sessions_of

_LOCK = 35_0001  # pg_advisory_xact_lock key of the ratings' writers
_BATCH = 5000
_COPY_FROM = 5000  # more changes than this are written with COPY on PostgreSQL


def _one_writer() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK])


def _skills_before(players: set[int], reset: set[int]) -> dict[int, Skill]:
    """Each player's skill before the sessions to rate: the stored one, or for a player whose later
    changes were just deleted (``reset``) his last change left."""
    start = {
        pk: Skill(mu, sigma, sessions)
        for pk, mu, sigma, sessions in PlayerRating.objects.filter(pk__in=players - reset).values_list(
            "pk", "mu", "sigma", "sessions"
        )
    }
    if reset:
        left = RatingChange.objects.filter(player__in=reset).order_by(
            "player_id", "-ended_at", "-round_id", "-table_id"
        )
        for pk, mu, sigma, sessions in left.values_list("player_id", "mu_after", "sigma_after", "sessions"):
            start.setdefault(pk, Skill(mu, sigma, sessions))
    return start


def _change_row(change: Change) -> RatingChange:
    session = change.session
    return RatingChange(
        player_id=change.player_id,
        table_id=session.table_id,
        round_id=session.round_id,
        competition_id=session.competition_id,
        ended_at=session.key[0],
        day=session.day,
        place=change.place,
        mu_before=change.before.mu,
        sigma_before=change.before.sigma,
        mu_after=change.after.mu,
        sigma_after=change.after.sigma,
        sessions=change.after.sessions,
    )


_CHANGE_COLUMNS = (
    "player_id", "table_id", "round_id", "competition_id", "ended_at", "day", "place",
    "mu_before", "sigma_before", "mu_after", "sigma_after", "sessions",
)  # fmt: skip


def _copy_changes(changes: list[Change]) -> None:
    """PostgreSQL's COPY, for many changes at once: a league's 400,000 took minutes as INSERTs."""
    sql = f"COPY {RatingChange._meta.db_table} ({', '.join(_CHANGE_COLUMNS)}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for c in changes:
            s = c.session
            copy.write_row(
                (c.player_id, s.table_id, s.round_id, s.competition_id, s.key[0], s.day, c.place,
                 c.before.mu, c.before.sigma, c.after.mu, c.after.sigma, c.after.sessions)
            )  # fmt: skip


def _save(changes: list[Change], skills: dict[int, Skill], players: set[int]) -> None:
    if connection.vendor == "postgresql" and len(changes) > _COPY_FROM:
        _copy_changes(changes)
    else:
        RatingChange.objects.bulk_create((_change_row(c) for c in changes), batch_size=_BATCH)
    rows = [
        PlayerRating(player_id=pk, mu=s.mu, sigma=s.sigma, rating=s.rating, sessions=s.sessions)
        for pk, s in skills.items()
        if pk in players and s.sessions > 0
    ]
    PlayerRating.objects.bulk_create(
        rows,
        batch_size=_BATCH,
        update_conflicts=True,
        unique_fields=["player"],
        update_fields=["mu", "sigma", "rating", "sessions"],
    )
    unrated = players - {row.player_id for row in rows}
    if unrated:  # every session of theirs left the rating (a round reopened or held)
        PlayerRating.objects.filter(pk__in=unrated).delete()


def ratings_update_from(key: tuple[datetime, int]) -> int:
    """Rate again every session at or after ``key`` (a round's end time and id); answers how many."""
    ended, round_id = key
    with transaction.atomic():
        _one_writer()
        # A range of the order's index: (ended_at, round) at or after the key.
        later = RatingChange.objects.filter(ended_at__gte=ended).exclude(
            ended_at=ended, round_id__lt=round_id
        )
        reset = set(later.values_list("player_id", flat=True).distinct())
        later.delete()
        rounds, times = rounds_since(key)
        sessions = sessions_of(rounds, times)
        players = reset | {p for s in sessions for p, _ in s.nets}
        changes, skills = rate(sessions, _skills_before(players, reset))
        _save(changes, skills, players)
    return len(sessions)


def ratings_rebuild() -> int:
    """Every rating from the first session on (the bench's "from scratch"; a repair); answers how many
    sessions were rated."""
    with transaction.atomic():
        _one_writer()
        RatingChange.objects.all().delete()
        PlayerRating.objects.all().delete()
        rounds = rated_rounds()
        sessions = sessions_of(rounds, round_times(rounds))
        changes, skills = rate(sessions, {})
        _save(changes, skills, set(skills))
    return len(sessions)
