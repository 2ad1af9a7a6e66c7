"""A new round of a competition: its number and the scheduling door (``round_schedule``).

Named also by ``tournament.rounds.lifecycle``, with the rest of a round's life; several rounds at once are
``tournament.rounds.series``, a season's nights ``tournament.season.schedule``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_round
from tournament.access.roles import require_organiser
from tournament.models import Competition, Round
from tournament.rounds.seating import RoundError

MAX_ROUND_NUMBER = 2**31 - 1  # the column's largest value (PostgreSQL integer)


def next_round_number(competition: Competition) -> int:
    last = competition.rounds.order_by("-number").values_list("number", flat=True).first()
    number = (last or 0) + 1
    if number > MAX_ROUND_NUMBER:
        raise RoundError(_("No round number is left after %(n)s: give the new round a number.") % {"n": last})
    return number


def round_schedule(
    competition: Competition,
    *,
    user=None,
    meta: RequestMeta | None = None,
    number: int | None = None,
    **fields,
) -> Round:
    """A new round of the competition (the next number unless one is given): starts_at, ends_at, venue."""
    require_organiser(user, competition)
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=competition.pk)  # one new number at a time
        number = next_round_number(competition) if number is None else number
        if Round.objects.filter(competition=competition, number=number).exists():
            raise RoundError(_("Round %(n)s already exists in this competition.") % {"n": number})
        round_ = Round.objects.create(competition=competition, number=number, **fields)
        audit_round(
            "round_scheduled", user, round_, gettext_noop("%(actor)s scheduled round %(round)s"), meta
        )
    return round_
