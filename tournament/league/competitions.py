"""A competition's set-up, one door per change (issue 13): its details, rule-set settings and staff.

``competition_create``, ``competition_change`` (name, dates, capital,
standings settings), ``competition_set_rules`` (the rule set and the
organiser's changes to it), ``competition_set_staff`` (organisers and
scorekeepers) and ``table_set_scorekeeper`` each check the caller's right
(an organiser of the competition; creating one needs the organiser role;
``user=None`` is a command run by the operator), validate, save, and write
one audit entry in words with names, in one transaction. The pages, the
REST API and the admin call these; none of them saves these fields itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

import scoring
from scoring.rulesets import get_ruleset
from tournament.access.audit import RequestMeta, actor_name, audit_competition, audit_write
from tournament.access.roles import ORGANISER, people_beyond, require_organiser, user_roles
from tournament.models import Competition, Round, Table
from tournament.notifications import events as notify
from tournament.standings.queue import queue_standings_recompute
from tournament.teams.models import SubstituteRule, TeamScoring
from tournament.teams.standings import check_placing_points


class CompetitionError(Exception):
    """The change cannot be made; ``problems`` maps a field (or None) to its messages."""

    def __init__(self, problems: dict[str | None, list[str]]):
        self.problems = problems
        super().__init__("; ".join(m for ms in problems.values() for m in ms))


class StaffBeyondReach(CompetitionError):
    """A person the caller may not put on their staff (``check_staff_reach``): the API answers 403."""


def _plain(value):
    """A value as the audit entry's JSON keeps it (dates as text)."""
    return value if isinstance(value, str | int | bool | list | dict | type(None)) else str(value)


def check_rules(rules: str, options: dict | None) -> None:
    """The rule set exists and the organiser's changes fit it (``get_ruleset`` is the judge)."""
    try:
        get_ruleset(rules, options or None)
    except scoring.InvalidInput as exc:
        raise CompetitionError(
            {"options": [f"{e.field + ': ' if e.field else ''}{e.message}" for e in exc.errors]}
        ) from None


CHANGEABLE = (
    "name", "kind", "capital", "starts_on", "ends_on",
    "standings_order", "shared_places", "withdrawn_standing", "substitute_results",
    "min_sessions", "best_sessions",
    "team_scoring", "placing_points", "lineup_deadline", "substitute_rule",
)  # fmt: skip
RANKING = (
    "standings_order", "shared_places", "withdrawn_standing", "substitute_results",
    "min_sessions", "best_sessions",
)  # fmt: skip
MAX_SESSIONS = 1000  # a season's nights needed or counted: a sane bound (the column holds 32,767)


def _check_sessions(changes: dict) -> None:
    """A season's fair standings (issue 33): nights needed 0 to 1,000; best nights 1 to 1,000 or none."""
    problems: dict[str | None, list[str]] = {}
    need = changes.get("min_sessions", 0)
    if not isinstance(need, int) or isinstance(need, bool) or not 0 <= need <= MAX_SESSIONS:
        problems["min_sessions"] = [_("Say from 0 to %(max)s nights.") % {"max": MAX_SESSIONS}]
    best = changes.get("best_sessions")
    if best is not None and (
        not isinstance(best, int) or isinstance(best, bool) or not 1 <= best <= MAX_SESSIONS
    ):
        problems["best_sessions"] = [
            _("Say from 1 to %(max)s nights, or leave it empty.") % {"max": MAX_SESSIONS}
        ]
    if problems:
        raise CompetitionError(problems)


def check_team_settings(changes: dict) -> None:
    """A team event's settings (issue 35, ``tournament.teams``): choices, points, minutes."""
    problems: dict[str | None, list[str]] = {}
    if "team_scoring" in changes and changes["team_scoring"] not in TeamScoring.values:
        problems["team_scoring"] = [_("Choose one of the listed ways.")]
    if "substitute_rule" in changes and changes["substitute_rule"] not in SubstituteRule.values:
        problems["substitute_rule"] = [_("Choose one of the listed rules.")]
    if "placing_points" in changes:
        try:
            changes["placing_points"] = check_placing_points(changes["placing_points"])
        except ValueError:
            problems["placing_points"] = [
                _("Four whole numbers from 0 to 1000, each no more than the one before (e.g. 4, 2, 1, 0).")
            ]
    minutes = changes.get("lineup_deadline", 0)
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 0 <= minutes <= 10080:
        problems["lineup_deadline"] = [_("Between 0 and 10080 minutes (a week).")]
    if problems:
        raise CompetitionError(problems)


CAPITAL_FIXED = gettext_lazy(
    "Play has started: the chips each player starts with can no longer change (the tables' balances "
    "come from them and the hands)."
)


def capital_fixed(competition: Competition) -> bool:
    """The capital is fixed once a round has started or a hand exists (issue 48): every balance is the
    capital plus the ledger, so a later change would rewrite the balances of rounds already played."""
    from tournament.models import Hand

    started = (Round.Status.PLAYING, Round.Status.FINISHED)
    return (
        competition.rounds.filter(status__in=started).exists()
        or Hand.objects.filter(table__round__competition=competition).exists()
    )


def competition_create(*, user=None, meta: RequestMeta | None = None, **fields: Any) -> Competition:
    """A new competition, run by the organiser who creates it."""
    if user is not None and ORGANISER not in user_roles(user):
        raise PermissionDenied(_("Only an organiser may create a competition."))
    check_rules(fields.get("rules", "spgg-2023"), fields.get("options"))
    with transaction.atomic():
        competition = Competition.objects.create(**fields)
        if user is not None:
            competition.organisers.add(user)
        audit_competition(
            "competition_created", user, competition, gettext_noop("%(actor)s created %(competition)s"), meta
        )
    return competition


def competition_change(competition: Competition, *, user=None, meta: RequestMeta | None = None, **changes):
    """Change the competition's details or standings settings (not its rules or staff: their own doors)."""
    require_organiser(user, competition)
    unknown = set(changes) - set(CHANGEABLE)
    if unknown:
        raise CompetitionError(
            {None: [_("These cannot be changed here: %(f)s.") % {"f": ", ".join(sorted(unknown))}]}
        )
    _check_sessions(changes)
    check_team_settings(changes)
    with transaction.atomic():
        locked = Competition.objects.select_for_update().get(pk=competition.pk)
        changed = sorted(k for k, v in changes.items() if getattr(locked, k) != v)
        if not changed:
            return locked
        if "capital" in changed and capital_fixed(locked):
            raise CompetitionError({"capital": [str(CAPITAL_FIXED)]})
        for key in changed:
            setattr(locked, key, changes[key])
        locked.save(update_fields=changed)
        audit_competition(
            "standings_settings_changed" if set(changed) <= set(RANKING) else "competition_changed",
            user,
            locked,
            gettext_noop("%(actor)s changed %(competition)s: %(fields)s"),
            meta,
            {"fields": ", ".join(changed)},
            {"fields": changed, **{k: _plain(changes[k]) for k in changed}},
        )
        if set(changed) & set(RANKING) or "capital" in changed:
            queue_standings_recompute(locked.pk)
    return locked


def competition_set_rules(
    competition: Competition, *, rules: str, options: dict | None, user=None, meta: RequestMeta | None = None
) -> Competition:
    """The competition's rule set and the organiser's changes to it, checked together (issue 13).

    Hands already recorded keep the settings they were scored under (``Hand.rules``).
    """
    require_organiser(user, competition)
    options = dict(options or {})
    check_rules(rules, options)
    with transaction.atomic():
        locked = Competition.objects.select_for_update().get(pk=competition.pk)
        if locked.rules == rules and (locked.options or {}) == options:
            return locked
        before = {"rules": locked.rules, "options": locked.options or {}}
        locked.rules, locked.options = rules, options
        locked.save(update_fields=["rules", "options"])
        changed = sorted(
            set(before["options"]) ^ set(options)
            | {k for k in options if before["options"].get(k) != options[k]}
        )
        audit_competition(
            "rules_changed",
            user,
            locked,
            gettext_noop(
                "%(actor)s set the rules of %(competition)s to %(rules)s with %(count)s changes: %(keys)s"
            ),
            meta,
            {"rules": rules, "count": len(options), "keys": ", ".join(changed) or "—"},
            {"before": before, "rules": rules, "options": options},
        )
    return locked


def _names(users: Iterable) -> str:
    return ", ".join(sorted(actor_name(u) for u in users)) or "—"


def competition_set_staff(
    competition: Competition,
    *,
    organisers: Iterable | None = None,
    scorekeepers: Iterable | None = None,
    user=None,
    meta: RequestMeta | None = None,
) -> Competition:
    """Who runs the competition and who keeps score in it (issue 48: roles are per competition).

    A competition keeps at least one organiser. ``None`` leaves that list as it is. Nobody is put in a
    league-wide group here: the organiser group (clubs, players, new competitions) is a superuser's to
    give, in the admin. A person added reaches this staff only when they are the organiser's own or in no
    competition yet (``check_staff_reach``). A scorekeeper who leaves the staff leaves their tables of
    rounds not yet finished, in the same transaction and audit entry.
    """
    require_organiser(user, competition)
    with transaction.atomic():
        locked = Competition.objects.select_for_update().get(pk=competition.pk)
        new_organisers = list(organisers) if organisers is not None else list(locked.organisers.all())
        new_keepers = list(scorekeepers) if scorekeepers is not None else list(locked.scorekeepers.all())
        if not new_organisers:
            raise CompetitionError({"organisers": [_("A competition needs at least one organiser.")]})
        old = ({u.pk for u in locked.organisers.all()}, {u.pk for u in locked.scorekeepers.all()})
        if old == ({u.pk for u in new_organisers}, {u.pk for u in new_keepers}):
            return locked
        check_staff_reach(locked, user, new_organisers, new_keepers)
        locked.organisers.set(new_organisers)
        locked.scorekeepers.set(new_keepers)
        staying = {u.pk for u in new_organisers} | {u.pk for u in new_keepers}
        left = Table.objects.filter(round__competition=locked, scorekeeper__isnull=False).exclude(
            scorekeeper__in=staying
        )
        cleared = sorted(left.exclude(round__status=Round.Status.FINISHED).values_list("pk", flat=True))
        Table.objects.filter(pk__in=cleared).update(scorekeeper=None)
        audit_competition(
            "staff_changed",
            user,
            locked,
            gettext_noop(
                "%(actor)s set the staff of %(competition)s: "
                "organisers %(organisers)s; scorekeepers %(scorekeepers)s"
            ),
            meta,
            {"organisers": _names(new_organisers), "scorekeepers": _names(new_keepers)},
            {
                "organisers": sorted(u.pk for u in new_organisers),
                "scorekeepers": sorted(u.pk for u in new_keepers),
                "tables_cleared": cleared,
            },
        )
    return locked


def check_staff_reach(competition: Competition, user, organisers: Iterable, scorekeepers: Iterable) -> None:
    """Adding a person to one's staff reaches only one's own people (``people_beyond``) and people in no
    competition yet; people already on this staff stay. A superuser (and the operator) reaches anyone."""
    if user is None or user.is_superuser:
        return
    current = (
        set(competition.organisers.values_list("pk", flat=True))
        | set(competition.scorekeepers.values_list("pk", flat=True))
        if competition.pk is not None
        else set()  # a competition being made (the admin's add form): every person is added
    )
    added = {u.pk: u for u in [*organisers, *scorekeepers] if u.pk not in current}
    beyond = set(people_beyond(user)["accounts"].filter(pk__in=added).values_list("pk", flat=True))
    if beyond:
        raise StaffBeyondReach(
            {
                None: [
                    _(
                        "%(names)s also play or work in a competition you do not organise: "
                        "only a superuser may add them to your staff."
                    )
                    % {"names": _names(added[pk] for pk in beyond)}
                ]
            }
        )


def table_set_scorekeeper(table: Table, keeper, *, user=None, meta: RequestMeta | None = None) -> Table:
    """Who records the hands at a table (a scorekeeper or organiser of the competition, or nobody)."""
    competition = table.round.competition
    require_organiser(user, competition)
    if keeper is not None:
        staff = (
            competition.scorekeepers.filter(pk=keeper.pk).exists()
            or competition.organisers.filter(pk=keeper.pk).exists()
        )
        if not staff and not keeper.is_superuser:
            raise CompetitionError(
                {
                    "scorekeeper": [
                        _("%(name)s is not on this competition's staff.") % {"name": actor_name(keeper)}
                    ]
                }
            )
    with transaction.atomic():
        locked = Table.objects.select_for_update().select_related("round__competition").get(pk=table.pk)
        if locked.scorekeeper_id == (keeper.pk if keeper else None):
            return locked
        locked.scorekeeper = keeper
        locked.save(update_fields=["scorekeeper"])
        audit_write(
            "scorekeeper_assigned",
            user=user,
            competition=competition,
            object_type="table",
            object_id=locked.pk,
            words=gettext_noop(
                "%(actor)s made %(keeper)s the scorekeeper of table %(table)s of round %(round)s"
            ),
            args={
                "keeper": actor_name(keeper) if keeper else "—",
                "table": locked.number,
                "round": locked.round.number,
            },
            data={"table": locked.pk, "scorekeeper": keeper.pk if keeper else None},
            meta=meta,
        )
        if keeper is not None and locked.round.status in (Round.Status.SEATED, Round.Status.PLAYING):
            # a published round: the new keeper is told the table, as at publishing (the walk of issue 47
            # found a keeper named after publishing never told)
            notify.seating_changed(locked.round_id)
    return locked


def competition_set_confirmation(
    competition: Competition,
    *,
    rule: str,
    needed: int | None = None,
    minutes: int | None = None,
    user=None,
    meta: RequestMeta | None = None,
) -> Competition:
    """What makes a hand count for the standings (issue 19; ``tournament.confirmations.services``).

    Applies to hands recorded from now on: a recorded hand keeps the rule it was checked under.
    """
    from tournament.models import ConfirmationRule

    require_organiser(user, competition)
    needed = competition.confirmations_needed if needed is None else needed
    minutes = competition.confirmation_minutes if minutes is None else minutes
    problems: dict[str | None, list[str]] = {}
    if rule not in ConfirmationRule.values:
        problems["confirmation"] = [_("Choose one of the listed rules.")]
    if isinstance(needed, bool) or not isinstance(needed, int) or not 1 <= needed <= 3:
        problems["confirmations_needed"] = [_("Between 1 and 3 players.")]
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 1440:
        problems["confirmation_minutes"] = [_("Between 1 and 1440 minutes.")]
    if problems:
        raise CompetitionError(problems)
    with transaction.atomic():
        locked = Competition.objects.select_for_update().get(pk=competition.pk)
        now = (locked.confirmation, locked.confirmations_needed, locked.confirmation_minutes)
        if now == (rule, needed, minutes):
            return locked
        locked.confirmation, locked.confirmations_needed, locked.confirmation_minutes = rule, needed, minutes
        locked.save(update_fields=["confirmation", "confirmations_needed", "confirmation_minutes"])
        audit_competition(
            "confirmation_changed",
            user,
            locked,
            gettext_noop(
                "%(actor)s set what makes a hand count in %(competition)s: %(rule)s "
                "(%(needed)s players, %(minutes)s minutes)"
            ),
            meta,
            {"rule": rule, "needed": needed, "minutes": minutes},
            {"before": list(now), "rule": rule, "needed": needed, "minutes": minutes},
        )
    return locked
