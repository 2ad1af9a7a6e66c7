"""Where each role lands after logging in or accepting an invitation (issue 14): the page of their evening."""

from __future__ import annotations

from tournament.access.roles import ORGANISER, user_roles
from tournament.views.table.mine import player_tables


def landing_url(user) -> str:
    """Where ``user``'s evening is, for the page after logging in (issue 14; a ``next`` wins over it).

    - an organiser (of any competition, or by the group): their dashboard;
    - a scorekeeper at one table of a round published or playing: that table's scoresheet;
      at several: "My tables";
    - a player linked to a ``Player``: their table now (their seat's page, to confirm), else their own page;
    - anybody else: the front page.
    """
    from django.urls import reverse

    from tournament.models import Player, Round, Table

    if not user.is_authenticated:
        return reverse("home")
    if ORGANISER in user_roles(user) or user.organised.exists():
        return reverse("organiser:dashboard")
    current = (Round.Status.SEATED, Round.Status.PLAYING)
    keeping = list(Table.objects.filter(scorekeeper=user, round__status__in=current).select_related("round"))
    if len(keeping) == 1:
        return reverse("table:scoresheet", args=[keeping[0].pk])
    if keeping:
        return reverse("table:mine")
    player = Player.objects.filter(user=user).first()
    if player is not None:
        tables = [t for t in player_tables(player) if t.round.status in current]
        if tables:
            return reverse("table:my_seat", args=[tables[0].pk])  # where they confirm (issue 32)
        return reverse("public:player", args=[player.pk])
    return reverse("home")
