"""My tables: where a scorekeeper, an organiser or a player goes at the start of a round.

- a scorekeeper: the tables assigned to them (``Table.scorekeeper``), those of
  rounds being played first, then the rounds seated next;
- an organiser: the tables of the rounds now seated or playing in their
  competitions;
- a player whose login is linked to a ``Player``: their table **now** (the
  one in a round being played; else the next round seated), the other tables
  they are seated at, else their latest table.

Every table is named by its round and number and says where it stands:
"Round 2 · Table 1 — playing now", "Round 3 · Table 4 — next" (issue 14).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournament.models import Player, Round, Table
from tournament.season.selectors import door_nights

CURRENT = (Round.Status.SEATED, Round.Status.PLAYING)


def when_key(table: Table) -> tuple:
    """Tables in the order a person needs them: playing now, then seated next (earliest round first),
    then the rest (latest first)."""
    rnd = table.round
    if rnd.status == Round.Status.PLAYING:
        return (0, rnd.number, table.number)
    if rnd.status == Round.Status.SEATED:
        return (1, rnd.number, table.number)
    return (2, -rnd.competition_id, -rnd.number, table.number)


def table_label(table: Table) -> str:
    """The label "Round 2 · Table 1 — playing now": its round, its number and where it stands."""
    names = {"round": table.round.number, "table": table.number}
    if table.round.status == Round.Status.PLAYING:
        return _("Round %(round)s · Table %(table)s — playing now") % names
    if table.round.status == Round.Status.SEATED:
        return _("Round %(round)s · Table %(table)s — next") % names
    if table.round.status == Round.Status.FINISHED:
        return _("Round %(round)s · Table %(table)s — finished") % names
    return _("Round %(round)s · Table %(table)s — scheduled") % names


def _with_players(tables) -> list[dict]:
    out = []
    for table in sorted(tables, key=when_key):
        seats = {s.wind: s.player.name for s in table.seats.all()}
        out.append(
            {
                "table": table,
                "players": [seats.get(w, "—") for w in "ESWN"],
                "current": table.round.status in CURRENT,
                "playing": table.round.status == Round.Status.PLAYING,
                "label": table_label(table),
            }
        )
    return out


def _tables():
    return Table.objects.select_related("round__competition").prefetch_related("seats__player")


def player_tables(player: Player | None) -> list[Table]:
    """The player's tables in rounds seated or playing, the one now first; else their latest table."""
    if player is None:
        return []
    # A draft seating is not theirs to see until published (``tournament.rounds.held.sees_seating``).
    seated = _tables().filter(seats__player=player).exclude(round__status=Round.Status.SCHEDULED).distinct()
    current = sorted(seated.filter(round__status__in=CURRENT), key=when_key)
    if current:
        return current
    latest = seated.order_by("-round__competition_id", "-round__number").first()
    return [latest] if latest else []


@require_safe
@login_required
def my_tables(request):
    user = request.user
    # A draft seating is not shown until published (``tournament.rounds.held``), not even to its scorekeeper.
    keeping = _tables().filter(scorekeeper=user).exclude(round__status=Round.Status.SCHEDULED)
    organising = _tables().filter(round__competition__organisers=user, round__status__in=CURRENT)
    player = Player.objects.filter(user=user).first()
    mine = _with_players(player_tables(player))
    context = {
        "keeping": _with_players(keeping),
        "organising": _with_players(organising.exclude(scorekeeper=user)),
        "player": player,
        "my_table": mine[0] if mine else None,
        "my_other_tables": mine[1:],
        "door_nights": door_nights(user),  # a scorekeeper checks players in at the door (issue 47)
    }
    return render(request, "table/mine.html", context)
