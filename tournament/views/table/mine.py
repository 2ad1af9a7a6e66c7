"""My tables: where a scorekeeper, an organiser or a player goes at the start of a round.

- a scorekeeper: the tables assigned to them (``Table.scorekeeper``), those of
  rounds still being played first;
- an organiser: the tables of the rounds now seated or playing in their
  competitions;
- a player whose login is linked to a ``Player``: their table in the current
  round (the latest round seated or playing), else their latest table.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournament.models import Player, Round, Seat, Table

CURRENT = (Round.Status.SEATED, Round.Status.PLAYING)


def _with_players(tables) -> list[dict]:
    out = []
    for table in tables:
        seats = {s.wind: s.player.name for s in table.seats.all()}
        out.append(
            {
                "table": table,
                "players": [seats.get(w, "—") for w in "ESWN"],
                "current": table.round.status in CURRENT,
            }
        )
    return out


def _tables():
    return Table.objects.select_related("round__competition").prefetch_related("seats__player")


@require_GET
@login_required
def my_tables(request):
    user = request.user
    keeping = (
        _tables().filter(scorekeeper=user).order_by("-round__competition__id", "-round__number", "number")
    )
    keeping = sorted(keeping, key=lambda t: t.round.status not in CURRENT)  # stable: current ones first
    organising = _tables().filter(round__competition__organisers=user, round__status__in=CURRENT)
    player = Player.objects.filter(user=user).first()
    my_seat = None
    if player is not None:
        seats = Seat.objects.filter(player=player).select_related("table__round__competition", "round")
        my_seat = (
            seats.filter(round__status__in=CURRENT).order_by("-round__starts_at", "-round__id").first()
            or seats.order_by("-round__id").first()
        )
    context = {
        "keeping": _with_players(keeping),
        "organising": _with_players(organising.exclude(scorekeeper=user)),
        "player": player,
        "my_table": _with_players(_tables().filter(pk=my_seat.table_id))[0] if my_seat else None,
    }
    return render(request, "table/mine.html", context)
