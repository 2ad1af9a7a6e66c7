"""factory_boy factories for the league's models."""

import factory
from django.contrib.auth import get_user_model

from tournament.models import Club, Competition, Entry, Player


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("pw-for-tests-only")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    short_name = factory.Sequence(lambda n: f"C{n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Faker("name")
    club = factory.SubFactory(ClubFactory)
    registration_no = factory.Sequence(lambda n: f"R{n:05d}")


class CompetitionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Competition

    name = factory.Sequence(lambda n: f"Competition {n}")
    rated = True  # a competition the league trusts (tournament.ratings.trust); the model's default is False


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    competition = factory.SubFactory(CompetitionFactory)
    player = factory.SubFactory(PlayerFactory)


def seated_table(*, competition=None, players=None, round_number=1, table_number=1, scorekeeper=None):
    """A published round with one table of four seated E, S, W, N (players created when not given)."""
    from tournament.models import Round, Seat, Table

    competition = competition or CompetitionFactory()
    players = players or [PlayerFactory() for _ in range(4)]
    # In bulk: one query for the entries (those already there kept) and one for the seats. The suite builds
    # thousands of tables; one by one, with get_or_create's savepoints, this was 20 queries more each.
    Entry.objects.bulk_create(
        [Entry(competition=competition, player=player) for player in players], ignore_conflicts=True
    )
    # Published (seated): a draft's tables are the organisers' only (tournament.rounds.held.sees_seating).
    rnd = Round.objects.filter(competition=competition, number=round_number).first()
    if rnd is None:
        rnd = Round.objects.create(competition=competition, number=round_number, status=Round.Status.SEATED)
    table = Table.objects.create(round=rnd, number=table_number, scorekeeper=scorekeeper)
    if scorekeeper is not None:  # a table's scorekeeper is on the staff (tournament.access.roles.may_record)
        competition.scorekeepers.add(scorekeeper)
    Seat.objects.bulk_create(
        [
            Seat(table=table, round=rnd, wind=wind, player=player)
            for wind, player in zip("ESWN", players, strict=True)
        ]
    )
    return table


class TeamFactory(factory.django.DjangoModelFactory):
    """A team made directly, for a test's set-up (the doors are ``tournament.teams.services``)."""

    class Meta:
        model = "tournament.Team"

    competition = factory.SubFactory(CompetitionFactory)
    name = factory.Sequence(lambda n: f"Team {n}")


def team_with_members(competition, name: str, players, *, substitutes=(), captain=None):
    """A team of ``competition`` with these players entered and on its roster (``substitutes`` from its
    pool), ``captain`` one of them."""
    from tournament.models import Team, TeamMember

    team = Team.objects.create(competition=competition, name=name)
    for player, sub in [(p, False) for p in players] + [(p, True) for p in substitutes]:
        Entry.objects.get_or_create(competition=competition, player=player)
        TeamMember.objects.create(team=team, competition=competition, player=player, substitute=sub)
    if captain is not None:
        team.captain = captain
        team.save(update_fields=["captain"])
    return team
