"""Clubs and players.

A **player** is a person registered with the league (a unique registration
number), optionally a member of a **club**, optionally linked to a login so
they can follow their own tables.
"""

from django.conf import settings
from django.db import models


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    short_name = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    name = models.CharField(max_length=120)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.PROTECT, related_name="players")
    registration_no = models.CharField("registration number", max_length=30, unique=True)
    contact = models.CharField(max_length=200, blank=True, help_text="Email or phone, optional.")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )

    class Meta:
        ordering = ["name", "registration_no"]

    def __str__(self) -> str:
        return f"{self.name} ({self.registration_no})"
