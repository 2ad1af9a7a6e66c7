"""Who a team event's round seats (issue 49, item 4): the teams' named players, and the teams that named
nobody.

Words:

- a **team night** is a round of a competition with teams: only team members sit, never an entry in no
  team; each team's players are its **lineup** for the round;
- a team **without a lineup** is named to the organiser before the round is seated, with what can be done:
  seat its **regulars** (``seat_regulars``), or name its players (the organiser may name a lineup until
  the round is seated, ``tournament.teams.services.lineup_set``);
- the **lineup size** is how many players each team names: the fewest regulars of any team (so each
  team fields as many as the others; four teams of four regulars name four each).

Reads only: ``tournament.rounds.seating.round_seat`` asks ``team_night`` and refuses or seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.models import Competition, Lineup, Round, Team, TeamMember
from tournament.words import word_list


@dataclass(frozen=True)
class MissingTeam:
    team: Team
    regulars: tuple[str, ...]  # their names, as the organiser is offered them
    regular_ids: tuple[int, ...]


@dataclass(frozen=True)
class TeamNight:
    named: tuple[int, ...]  # the players of the lineups named, sorted
    missing: tuple[MissingTeam, ...]  # teams that named nobody, by name

    def field(self, seat_regulars: bool) -> list[int]:
        """The round's players: the named, and (asked) the regulars of each team without a lineup."""
        players = set(self.named)
        if seat_regulars:
            players.update(p for m in self.missing for p in m.regular_ids)
        return sorted(players)

    def missing_words(self, round_number: int) -> str:
        names = word_list(m.team.name for m in self.missing)
        return _(
            "No lineup for round %(n)s from %(teams)s. Seat their regulars, or name their players first "
            "(an organiser may name a lineup until the round is seated)."
        ) % {"n": round_number, "teams": names}


def lineup_size(competition: Competition) -> int | None:
    """How many players each team names for a round: the fewest regulars of any team with regulars."""
    counts: dict[int, int] = {}
    for team_id in TeamMember.objects.filter(competition=competition, substitute=False).values_list(
        "team_id", flat=True
    ):
        counts[team_id] = counts.get(team_id, 0) + 1
    return min(counts.values()) if counts else None


def team_night(round_: Round) -> TeamNight | None:
    """The round's team night, or None when the competition has no teams (the usual field seats it)."""
    teams = list(Team.objects.filter(competition=round_.competition_id).order_by("name", "pk"))
    if not teams:
        return None
    named_by_team: dict[int, set[int]] = {}
    for team_id, player_id in Lineup.players.through.objects.filter(lineup__round=round_).values_list(
        "lineup__team_id", "player_id"
    ):
        named_by_team.setdefault(team_id, set()).add(player_id)
    regulars: dict[int, list[tuple[int, str]]] = {}
    members = TeamMember.objects.filter(competition=round_.competition_id, substitute=False)
    for team_id, player_id, name in members.order_by("player__name", "pk").values_list(
        "team_id", "player_id", "player__name"
    ):
        regulars.setdefault(team_id, []).append((player_id, name))
    missing = tuple(
        MissingTeam(
            team,
            tuple(name for _p, name in regulars.get(team.pk, ())),
            tuple(p for p, _name in regulars.get(team.pk, ())),
        )
        for team in teams
        if not named_by_team.get(team.pk)
    )
    named = tuple(sorted({p for players in named_by_team.values() for p in players}))
    return TeamNight(named, missing)


def missing_lineups(round_: Round) -> tuple[MissingTeam, ...]:
    """The teams that named no lineup for the round (none outside a team event), as the pages list them."""
    night = team_night(round_)
    return night.missing if night is not None else ()


def team_tags(competition_id: int) -> dict[int, str]:
    """Each team member's team, as a table card and the seating report tag them (short name, else name)."""
    rows = TeamMember.objects.filter(competition=competition_id).values_list(
        "player_id", "team__short_name", "team__name"
    )
    return {player: short or name for player, short, name in rows}
