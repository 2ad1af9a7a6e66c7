"""The doors of team events (issue 35): teams, their rosters and captains, and each round's lineups.

Each door checks the caller's right and the transition, writes in one transaction and writes the
audit entry (``tournament.access.audit``); the pages, the API and the admin call them and nothing else
saves a team, a member or a lineup. ``user=None`` is the operator at the command line.

- ``team_create``/``team_update``/``team_delete``: an organiser of the competition; creating or deleting
  a team is refused once a hand is recorded in the competition (its results name the teams).
- ``team_member_add``/``team_member_remove``/``team_captain_set``: an organiser. A member is an active
  entry of the competition and in no other team of it; a captain is a member of the team.
- ``lineup_set``: the team's captain (until the deadline) or an organiser (until the round is seated);
  every player named is on the team's roster and playing; exactly the competition's lineup size
  (``tournament.teams.night.lineup_size``: the fewest regulars of any team), so that each team fields as
  many players as the others.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from tournament.access.audit import RequestMeta, audit_team, audit_write
from tournament.access.roles import can_manage_competition, require_organiser
from tournament.db.text import storable
from tournament.models import Competition, Entry, Hand, Lineup, Player, Round, Team, TeamMember
from tournament.teams.errors import LineupClosed, ResultsExist, TeamError
from tournament.teams.night import lineup_size
from tournament.teams.selectors import deadline_passed, round_is_seated
from tournament.words import word_list


def _no_results(competition: Competition) -> None:
    if Hand.objects.filter(table__round__competition=competition).exists():
        raise ResultsExist(
            _("Hands are recorded in this competition: its teams can no longer be added or removed.")
        )


def _clean_name(name: str, competition: Competition, team: Team | None = None) -> str:
    name = (name or "").strip()
    if not name or len(name) > 120:
        raise TeamError(_("Give the team a name (up to 120 characters)."), "name")
    if not storable(name):  # a NUL or a lone surrogate: no database stores it (tournament.db.text)
        raise TeamError(_("Null characters are not allowed."), "name")
    same = Team.objects.filter(competition=competition, name__iexact=name)
    if team is not None:
        same = same.exclude(pk=team.pk)
    if same.exists():
        raise TeamError(_("Another team of this competition has that name."), "name")
    return name


def _clean_short(short_name: str) -> str:
    short_name = (short_name or "").strip()
    if len(short_name) > 20:
        raise TeamError(_("A short name has up to 20 characters."), "short_name")
    if not storable(short_name):
        raise TeamError(_("Null characters are not allowed."), "short_name")
    return short_name


def team_check(
    competition: Competition, *, name: str, short_name: str = "", team: Team | None = None
) -> None:
    """What ``team_create`` (``team`` None) or ``team_update`` refuses of these values, said before it is
    tried (the admin's form asks it first): hands recorded (a new team only), a name another team of the
    competition has in any case, a name or short name too long."""
    if team is None:
        _no_results(competition)
    _clean_name(name, competition, team)
    _clean_short(short_name)


def team_create(
    competition: Competition,
    *,
    name: str,
    short_name: str = "",
    members: Iterable[Player] = (),
    substitutes: Iterable[Player] = (),
    captain: Player | None = None,
    user=None,
    meta: RequestMeta | None = None,
) -> Team:
    """A new team, with its first members and captain if given (each checked as its own door does)."""
    require_organiser(user, competition)
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=competition.pk)  # checked under the lock (issue 53)
        _no_results(competition)
        team = Team.objects.create(
            competition=competition,
            name=_clean_name(name, competition),
            short_name=_clean_short(short_name),
        )
        audit_team("team_created", user, team, gettext_noop("%(actor)s created team %(team)s"), meta)
        for player in members:
            team_member_add(team, player, user=user, meta=meta)
        for player in substitutes:
            team_member_add(team, player, substitute=True, user=user, meta=meta)
        if captain is not None:
            team_captain_set(team, captain, user=user, meta=meta)
    return team


def team_update(
    team: Team,
    *,
    name: str | None = None,
    short_name: str | None = None,
    user=None,
    meta: RequestMeta | None = None,
) -> Team:
    """Rename a team (its results stay its own)."""
    require_organiser(user, team.competition)
    with transaction.atomic():
        locked = Team.objects.select_for_update().select_related("competition").get(pk=team.pk)
        changes = {}
        if name is not None:
            changes["name"] = _clean_name(name, locked.competition, locked)
        if short_name is not None:
            changes["short_name"] = _clean_short(short_name)
        changed = sorted(k for k, v in changes.items() if getattr(locked, k) != v)
        if not changed:
            return locked
        before = locked.name
        for key in changed:
            setattr(locked, key, changes[key])
        locked.save(update_fields=changed)
        audit_team(
            "team_changed",
            user,
            locked,
            gettext_noop("%(actor)s renamed team %(before)s: %(team)s"),
            meta,
            before=before,
            fields=changed,
        )
    return locked


def team_delete(team: Team, *, user=None, meta: RequestMeta | None = None) -> None:
    require_organiser(user, team.competition)
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=team.competition_id)  # checked under the lock
        _no_results(team.competition)
        audit_team("team_deleted", user, team, gettext_noop("%(actor)s deleted team %(team)s"), meta)
        team.delete()


def team_member_check(team: Team, player: Player) -> None:
    """What ``team_member_add`` refuses, said before it is tried (the admin's form asks it first)."""
    competition = team.competition
    entered = Entry.objects.filter(competition=competition, player=player, status=Entry.Status.ACTIVE)
    if not entered.exists():
        raise TeamError(
            _("%(player)s is not playing in this competition.") % {"player": player.name},
            "player",
            "not_entered",
        )
    other = TeamMember.objects.filter(competition=competition, player=player).select_related("team").first()
    if other is not None:
        raise TeamError(
            _("%(player)s is already in team %(team)s.") % {"player": player.name, "team": other.team.name},
            "player",
            "in_another_team",
        )


def team_member_add(
    team: Team, player: Player, *, substitute: bool = False, user=None, meta: RequestMeta | None = None
) -> TeamMember:
    """Put a player entered in the competition on the team's roster (a regular, or a substitute). Checked
    under the team's lock and audited in the same transaction (issue 53)."""
    competition = team.competition
    require_organiser(user, competition)
    try:
        with transaction.atomic():
            locked = Team.objects.select_for_update().select_related("competition").get(pk=team.pk)
            team_member_check(locked, player)
            member = TeamMember.objects.create(
                team=locked, competition=competition, player=player, substitute=bool(substitute)
            )
            audit_team(
                "team_member_added",
                user,
                locked,
                gettext_noop("%(actor)s put %(player)s in team %(team)s (%(as)s)"),
                meta,
                player=player.name,
                player_id=player.pk,
                **{"as": "substitute" if substitute else "regular"},
            )
    except IntegrityError:  # added to another team meanwhile: the database's constraint said so
        raise TeamError(
            _("%(player)s is already in another team.") % {"player": player.name}, "player", "in_another_team"
        ) from None
    return member


def team_member_remove(team: Team, player: Player, *, user=None, meta: RequestMeta | None = None) -> None:
    """Take a player off the roster (and off the captaincy; lineups already named keep them)."""
    require_organiser(user, team.competition)
    with transaction.atomic():
        deleted, _n = TeamMember.objects.filter(team=team, player=player).delete()
        if not deleted:
            raise TeamError(
                _("%(player)s is not in this team.") % {"player": player.name}, "player", "not_on_roster"
            )
        if team.captain_id == player.pk:
            team.captain = None
            team.save(update_fields=["captain"])
        audit_team(
            "team_member_removed",
            user,
            team,
            gettext_noop("%(actor)s took %(player)s out of team %(team)s"),
            meta,
            player=player.name,
            player_id=player.pk,
        )


def team_captain_set(
    team: Team, player: Player | None, *, user=None, meta: RequestMeta | None = None
) -> Team:
    """The team's captain: one of its members, or nobody."""
    require_organiser(user, team.competition)
    with transaction.atomic():
        locked = Team.objects.select_for_update().select_related("competition").get(pk=team.pk)
        if player is not None and not TeamMember.objects.filter(team=locked, player=player).exists():
            raise TeamError(  # checked under the team's lock: a member removed meanwhile is no captain
                _("%(player)s is not in this team: a captain is one of its members.")
                % {"player": player.name},
                "captain",
                "not_on_roster",
            )
        if locked.captain_id == (player.pk if player else None):
            return locked
        locked.captain = player
        locked.save(update_fields=["captain"])
        audit_team(
            "team_captain_set",
            user,
            locked,
            gettext_noop("%(actor)s made %(player)s captain of team %(team)s"),
            meta,
            player=player.name if player else "—",
            player_id=player.pk if player else None,
        )
    return locked


def _may_name(user, team: Team) -> bool:
    """An organiser, or the captain of this team; a captain of another team is refused by name."""
    if user is None or can_manage_competition(user, team.competition):
        return True
    if team.captain is not None and team.captain.user_id is not None and team.captain.user_id == user.pk:
        return True
    if Team.objects.filter(competition=team.competition, captain__user=user).exclude(pk=team.pk).exists():
        raise PermissionDenied(_("A captain names only their own team's lineup."))
    return False


def lineup_set(
    round_: Round,
    team: Team,
    players: Iterable[Player],
    *,
    user=None,
    meta: RequestMeta | None = None,
    now=None,
) -> Lineup:
    """Name the team's players for the round (replacing a lineup named before)."""
    if round_.competition_id != team.competition_id:
        raise TeamError(_("This team does not play in this round's competition."), "team")
    if not _may_name(user, team):
        raise PermissionDenied(_("Only the team's captain or an organiser names its lineup."))
    organiser = user is None or can_manage_competition(user, team.competition)
    players = list(players)
    seen: set[int] = set()
    twice = sorted({p.name for p in players if p.pk in seen or seen.add(p.pk)})
    if twice:  # a list that names a player twice is not the lineup it seems to be (issue 49)
        raise TeamError(
            _("Name each player once: %(names)s named twice.") % {"names": word_list(twice)},
            "players",
            "named_twice",
        )
    size = lineup_size(team.competition)
    if not players:
        raise TeamError(_("Name at least one player."), "players", "empty_lineup")
    roster = set(TeamMember.objects.filter(team=team).values_list("player_id", flat=True))
    playing = set(
        Entry.objects.filter(competition=team.competition_id, status=Entry.Status.ACTIVE).values_list(
            "player_id", flat=True
        )
    )
    strangers = sorted(p.name for p in players if p.pk not in roster or p.pk not in playing)
    if strangers:
        raise TeamError(
            _("Not on the team's roster (or not playing): %(names)s.") % {"names": word_list(strangers)},
            "players",
            "not_on_roster",
        )
    with transaction.atomic():
        locked = Round.objects.select_for_update().select_related("competition").get(pk=round_.pk)
        if round_is_seated(locked):
            raise LineupClosed(_("Round %(n)s is seated: its lineups are fixed.") % {"n": locked.number})
        if not organiser and deadline_passed(locked, now):
            raise LineupClosed(
                _("The deadline for round %(n)s's lineups has passed: ask the organiser.")
                % {"n": locked.number}
            )
        if size is not None and len(players) != size:  # each team fields as many as the others (issue 49)
            raise TeamError(
                ngettext(
                    "Name exactly %(size)s player: %(n)s named.",
                    "Name exactly %(size)s players: %(n)s named.",
                    size,
                )
                % {"size": size, "n": len(players)},
                "players",
                "wrong_size",
            )
        kept = Lineup.objects.filter(round=locked, team=team).first()
        if kept is not None and set(kept.players.values_list("pk", flat=True)) == {p.pk for p in players}:
            return kept  # the same lineup again (a replay): nothing changes, nothing is written
        lineup, _created = Lineup.objects.update_or_create(
            round=locked,
            team=team,
            defaults={"named_by": user if user is not None else None, "named_at": now or timezone.now()},
        )
        lineup.players.set([p.pk for p in players])
        names = ", ".join(sorted(p.name for p in players))
        audit_write(
            "lineup_set",
            user=user,
            competition=locked.competition,
            object_type="team",
            object_id=team.pk,
            words=gettext_noop("%(actor)s named team %(team)s's players for round %(round)s: %(players)s"),
            args={"team": team.name, "round": locked.number, "players": names},
            data={"team": team.pk, "round": locked.number, "players": sorted(p.pk for p in players)},
            meta=meta,
        )
    return lineup
