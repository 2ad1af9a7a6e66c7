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


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    competition = factory.SubFactory(CompetitionFactory)
    player = factory.SubFactory(PlayerFactory)
