"""Reads of a competition's teams: rosters, the lineup's deadline and who may see a lineup, whom seating
separates and seats, the team standings (issue 35).

- **deadline**: ``Competition.lineup_deadline`` minutes before the round's start (``Round.starts_at``);
  a round without a start time has no deadline: its lineups close when it is seated.
- **revealed**: a lineup is seen by everyone once the deadline has passed or the round is no longer
  scheduled (its seating published); before that only the competition's organisers and the team's own
  captain and members (their linked accounts) see it.
- **seated from lineups**: when any team named a lineup for the round, the named players are the
  round's field (in place of the night's attendance); the seating keeps the teams apart as it keeps
  clubs apart. A competition without teams is separated by club, as before.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.access.roles import can_manage_competition
from tournament.models import Competition, Entry, Lineup, Player, Round, Team, TeamMember
from tournament.ratings.sessions import sessions_of
from tournament.teams.standings import RankedTeam, team_standings


def competition_teams(competition: Competition) -> list[Team]:
    """The teams by name, each with its members (``team.roster``: regulars first, then by name)."""
    teams = list(
        Team.objects.filter(competition=competition).select_related("captain").order_by("name", "pk")
    )
    members: dict[int, list[TeamMember]] = {t.pk: [] for t in teams}
    for m in TeamMember.objects.filter(team__in=teams).select_related("player"):
        members[m.team_id].append(m)
    for team in teams:
        team.roster = members[team.pk]
        team.captain_warning = captain_warning(team.captain)
    return teams


def players_in_no_team(competition: Competition) -> list[Player]:
    """The competition's playing entries in no team, by name (whom the teams page offers to add)."""
    in_team = TeamMember.objects.filter(competition=competition).values("player_id")
    return list(
        Player.objects.filter(entries__competition=competition, entries__status=Entry.Status.ACTIVE)
        .exclude(pk__in=in_team)
        .order_by("name", "pk")
    )


def captain_warning(captain: Player | None) -> str:
    """What the organiser is told of a captain whose player has no account (issue 49): they cannot log in
    to name the lineup. ``""`` for a captain who can, or none."""
    if captain is None or captain.user_id is not None:
        return ""
    return _(
        "%(name)s has no account and cannot log in to name the lineup: invite them from the players page, "
        "or name the lineup yourself."
    ) % {"name": captain.name}


def lineup_deadline(round_: Round) -> datetime | None:
    if round_.starts_at is None:
        return None
    return round_.starts_at - timedelta(minutes=round_.competition.lineup_deadline)


def round_is_seated(round_: Round) -> bool:
    """Lineups are closed for everyone: the round has tables (a draft too) or has left ``scheduled``."""
    return round_.status != Round.Status.SCHEDULED or round_.tables.exists()


def deadline_passed(round_: Round, now: datetime | None = None) -> bool:
    deadline = lineup_deadline(round_)
    return deadline is not None and (now or timezone.now()) >= deadline


def lineup_revealed(round_: Round, now: datetime | None = None) -> bool:
    return deadline_passed(round_, now) or round_.status != Round.Status.SCHEDULED


def team_of_user(user, competition: Competition) -> Team | None:
    """The team of the player linked to ``user`` in this competition, if any."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    member = TeamMember.objects.filter(competition=competition, player__user=user).select_related("team")
    first = member.first()
    return first.team if first else None


def captained_teams(user):
    """The teams whose captain is the player linked to ``user`` (for the player's home page)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Team.objects.none()
    return Team.objects.filter(captain__user=user).select_related("competition").order_by("-pk")


def may_see_lineup(user, round_: Round, team: Team, now: datetime | None = None) -> bool:
    return _lineup_viewer(user, round_, now)(team)


def _lineup_viewer(user, round_: Round, now: datetime | None = None):
    """Whether ``user`` may see a team's lineup for the round, as a function of the team: asked once for
    every team of a round (who the user is and which team is theirs are read once, not per team)."""
    if lineup_revealed(round_, now) or (
        user is not None and can_manage_competition(user, round_.competition)
    ):
        return lambda team: True
    own = team_of_user(user, round_.competition)
    own_pk = own.pk if own is not None else None
    return lambda team: own_pk is not None and team.pk == own_pk


def round_lineups(round_: Round, user, now: datetime | None = None) -> list[tuple[Team, Lineup | None, bool]]:
    """Each team of the round's competition: its lineup for the round (None: not named) and whether
    ``user`` may see it (a hidden lineup is answered as hidden, never as its players)."""
    lineups = {
        lu.team_id: lu
        for lu in Lineup.objects.filter(round=round_).prefetch_related("players").select_related("named_by")
    }
    sees = _lineup_viewer(user, round_, now)
    teams = Team.objects.filter(competition=round_.competition_id).order_by("name", "pk")
    return [(team, lineups.get(team.pk), sees(team)) for team in teams]


def next_lineup_round(competition: Competition) -> Round | None:
    """The first scheduled round without tables (a draft's tables count): the one a captain names the
    players for."""
    return (
        Round.objects.filter(competition=competition, status=Round.Status.SCHEDULED, tables__isnull=True)
        .order_by("number")
        .first()
    )


def lineup_field(round_: Round) -> list[int] | None:
    """The players the teams named for the round (sorted), or None when no team named a lineup."""
    if not Lineup.objects.filter(round=round_).exists():
        return None
    named = Lineup.players.through.objects.filter(lineup__round=round_)
    return sorted(set(named.values_list("player_id", flat=True)))


def separation_groups(competition_id: int, players: list[int]) -> dict[int, str | None]:
    """What seating keeps apart (its ``clubs=``): each player's team when the competition has teams
    (a player in no team is in no group), else each player's club (the club separation as before)."""
    if Team.objects.filter(competition=competition_id).exists():
        teams = dict(
            TeamMember.objects.filter(competition=competition_id, player__in=players).values_list(
                "player_id", "team_id"
            )
        )
        return {p: (f"team:{teams[p]}" if p in teams else None) for p in players}
    return dict(Player.objects.filter(pk__in=players).values_list("pk", "club__name"))


def team_names(competition: Competition) -> dict[int, str]:
    """Each player's team in a team event, by player id; {} without teams. Where a team event names the
    player's team in place of the club: the big screen and the competition page's standings (issue 49)."""
    return dict(TeamMember.objects.filter(competition=competition).values_list("player_id", "team__name"))


def counted_rounds(competition: Competition, *, include_held: bool = False):
    """The rounds the team standings count: finished, and (for the public) not held."""
    rounds = Round.objects.filter(competition=competition, status=Round.Status.FINISHED)
    return rounds if include_held else rounds.filter(results_held=False)


def standings_of_teams(competition: Competition, *, include_held: bool = False) -> list[RankedTeam]:
    """The competition's teams ranked from its finished rounds' sessions (``tournament.teams.standings``).

    A competition without teams has none here: its teams are its clubs (``tournament.standings.clubs``).
    """
    members = TeamMember.objects.filter(competition=competition).values_list(
        "player_id", "team_id", "substitute"
    )
    names = dict(Team.objects.filter(competition=competition).values_list("pk", "name"))
    if not names:
        return []
    team_of = {player: team for player, team, _sub in members}
    substitutes = {player for player, _team, sub in members if sub}
    return team_standings(
        sessions_of(counted_rounds(competition, include_held=include_held)),
        team_of,
        names,
        substitutes=substitutes,
        substitute_rule=competition.substitute_rule,
        scoring=competition.team_scoring,
        placing_points=competition.placing_points,
        shared_places=competition.shared_places,
    )
