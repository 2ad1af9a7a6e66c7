"""Scheduling a season in one go (issue 33): a weekday, a start and end time, a venue, the first night,
a number of nights, exceptions (a date skipped, a date moved). Each night is a round, scheduled through
the round's own door (``tournament.rounds.lifecycle.round_schedule``, audited); the season itself is
one more audit entry. All or nothing: one refused date schedules no night.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_competition
from tournament.access.roles import require_organiser
from tournament.models import Competition, Round
from tournament.rounds.lifecycle import round_schedule
from tournament.season.dates import meeting_days, season_dates
from tournament.season.errors import SeasonError

MAX_NIGHTS = 104  # two years of weekly nights
MAX_VENUE = 200  # Round.venue
# Nights fall within these, so a schedule from a far first night cannot run past the calendar's end.
FIRST_DAY, LAST_DAY = date(2000, 1, 1), date(2099, 12, 31)


@dataclass(frozen=True)
class SeasonPlan:
    weekday: int  # 0 Monday .. 6 Sunday
    starts: time
    ends: time
    first_night: date
    nights: int
    venue: str = ""
    every_weeks: int = 1
    skip: tuple[date, ...] = ()
    moved: dict[date, date] = field(default_factory=dict)


def _day(d: date) -> str:
    return date_format(d, "DATE_FORMAT")


def season_check(plan: SeasonPlan) -> list[date]:
    """The nights' dates, or a ``SeasonError`` naming the field that is wrong."""
    if not isinstance(plan.nights, int) or not 1 <= plan.nights <= MAX_NIGHTS:
        raise SeasonError(
            _("A season has from 1 to %(max)s nights, not %(n)s.") % {"max": MAX_NIGHTS, "n": plan.nights},
            "nights",
        )
    if plan.every_weeks not in (1, 2):
        raise SeasonError(_("Nights are every week or every second week."), "every_weeks")
    if not 0 <= plan.weekday <= 6:
        raise SeasonError(_("Choose a weekday."), "weekday")
    named = [
        ("first_night", plan.first_night),
        *(("skip", d) for d in plan.skip),
        *(("moved", d) for pair in plan.moved.items() for d in pair),
    ]
    for name, d in named:
        if not FIRST_DAY <= d <= LAST_DAY:
            raise SeasonError(
                _("Choose nights from %(first)s to %(last)s, not %(day)s.")
                % {"first": _day(FIRST_DAY), "last": _day(LAST_DAY), "day": _day(d)},
                name,
            )
    if plan.first_night.weekday() != plan.weekday:
        on_weekday = plan.first_night + timedelta(days=(plan.weekday - plan.first_night.weekday()) % 7)
        words = {  # the first night's own weekday named (issue 54), and the season's
            "day": _day(plan.first_night),
            "its": date_format(plan.first_night, "l"),
            "weekday": date_format(on_weekday, "l"),
        }
        raise SeasonError(
            _("The first night, %(day)s, is a %(its)s, not a %(weekday)s: the nights are on one weekday.")
            % words,
            "first_night",
        )
    if plan.ends <= plan.starts:
        raise SeasonError(_("A night ends after it starts."), "ends")
    if len(plan.venue) > MAX_VENUE:
        raise SeasonError(_("Say the venue in at most %(max)s characters.") % {"max": MAX_VENUE}, "venue")
    regular = set(
        meeting_days(plan.first_night, plan.nights, every_weeks=plan.every_weeks, skipped=len(set(plan.skip)))
    )
    for d in [*plan.skip, *plan.moved]:
        if d not in regular:
            raise SeasonError(
                _("%(day)s is not one of the season's nights.") % {"day": _day(d)},
                "skip" if d in plan.skip else "moved",
            )
    if set(plan.skip) & set(plan.moved):
        raise SeasonError(_("A night is either skipped or moved, not both."), "moved")
    dates = season_dates(
        plan.first_night, plan.nights, every_weeks=plan.every_weeks, skip=plan.skip, moved=plan.moved
    )
    if len(set(dates)) != len(dates):
        raise SeasonError(_("Two nights fall on the same day: move one elsewhere."), "moved")
    return dates


def season_schedule(
    competition: Competition, plan: SeasonPlan, *, user=None, meta: RequestMeta | None = None
) -> list[Round]:
    """Schedule every night of ``plan`` after the competition's rounds; answers the new rounds."""
    require_organiser(user, competition)
    dates = season_check(plan)
    zone = timezone.get_current_timezone()
    with transaction.atomic():
        rounds = [
            round_schedule(
                competition,
                user=user,
                meta=meta,
                starts_at=timezone.make_aware(datetime.combine(d, plan.starts), zone),
                ends_at=timezone.make_aware(datetime.combine(d, plan.ends), zone),
                venue=plan.venue,
            )
            for d in dates
        ]
        audit_competition(
            "season_scheduled",
            user,
            competition,
            gettext_noop("%(actor)s scheduled %(nights)s nights of %(competition)s from %(first)s"),
            meta,
            {"nights": len(rounds), "first": dates[0].isoformat()},
            {"rounds": [r.pk for r in rounds], "skip": [d.isoformat() for d in plan.skip]},
        )
    return rounds
