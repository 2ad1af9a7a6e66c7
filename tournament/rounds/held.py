"""Who sees the results of a held round: the one rule, for the pages and the API alike (issues 6, 13).

A **held** round (``Round.results_held``) keeps its results (hands,
transfers, balances, standings) back from the public until the organiser
releases it. Its seating (who sits where) stays public.

- ``sees_held``: the organisers of the competition (superusers count as
  organisers) see every held round of it.
- ``sees_table_results``: one table of a held round is also seen by the
  people at it: the table's scorekeeper and the table's own players (a
  user linked to a player seated there). This is what the scoresheet page
  has always shown; the API answers the same.
- Everybody else (anonymous visitors, other players, the scorekeeper of
  another table, the organiser of another competition) sees none of it
  until the round is released.

A **draft** seating (issue 14: a round whose tables are drawn but not yet
published, ``Round.Status.SCHEDULED``) is its competition's organisers'
only: ``sees_seating`` and ``hide_drafts``. Everybody else, a scorekeeper
and the players at it included, sees the round's tables once it is published.

The pages answer a hidden round or table 404 (``views.public.access``,
``views.table.scoresheet``); the API answers hands 404 with code
``results_held`` and a table's ``state`` null (``tournament.api``).
"""

from __future__ import annotations

from tournament.access.roles import can_manage_competition
from tournament.models import Competition, Round, Table


def sees_held(user, competition: Competition) -> bool:
    """Organisers of the competition see its held rounds; nobody else sees a whole held round."""
    return can_manage_competition(user, competition)


def visible_rounds(user, competition: Competition):
    """The competition's rounds whose results (and seating) this user may see: not held, not a draft."""
    rounds = Round.objects.filter(competition=competition)
    if sees_held(user, competition):
        return rounds
    return rounds.exclude(results_held=True).exclude(status=Round.Status.SCHEDULED)


def sees_seating(user, round_: Round, *, organiser: bool | None = None) -> bool:
    """Who sits where in ``round_``: everyone once it is published; a draft only its organisers."""
    if round_.status != Round.Status.SCHEDULED:
        return True
    if user is None or not user.is_authenticated:
        return False
    return organiser if organiser is not None else sees_held(user, round_.competition)


def hide_drafts(tables, user):
    """``tables`` (a Table queryset) without the tables of draft rounds, unless ``user`` organises them."""
    drafts = tables.filter(round__status=Round.Status.SCHEDULED)
    if user is not None and user.is_authenticated:
        if user.is_superuser:
            return tables
        drafts = drafts.exclude(round__competition__organisers=user)
    return tables.exclude(pk__in=drafts.values("pk"))


def sees_table_results(user, table: Table, *, organiser: bool | None = None) -> bool:
    """The results at ``table``: everyone's unless its round is held; then its competition's
    organisers, the table's scorekeeper and the table's own players only.

    ``organiser``: ``sees_held(user, competition)`` when the caller knows it already (a list of tables).
    """
    if not table.round.results_held:
        return True
    if user is None or not user.is_authenticated:
        return False
    if table.scorekeeper_id == user.pk:
        return True
    if organiser if organiser is not None else sees_held(user, table.round.competition):
        return True
    player = getattr(user, "player", None)
    return player is not None and player.pk in table.seat_map.values()


def open_tables(tables):
    """``tables`` (a Table queryset) whose live state anybody may follow: published, not held. (What the
    public table poll shows, ``views.table.scoresheet._check_visible``, for the tables of a query.)"""
    return tables.filter(round__results_held=False).exclude(round__status=Round.Status.SCHEDULED)
