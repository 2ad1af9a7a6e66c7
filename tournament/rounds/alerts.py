"""What needs the organiser during play (issue 32): one list, read where they are looking.

An **alert** is a fact at one table that a person should look at now:

- a **dispute**: a hand a player disputed, not yet ruled on (``HandCheck``);
- a **count that differs**: a chip count that disagrees with the ledger and is
  not yet accepted (``ChipCount``);
- a **quiet table**: a table of a round being played, not finished, with no
  hand for ``QUIET_MINUTES`` (since its last hand, or since the round started);
- a **round past its end**: still playing after its end time (a late start
  that nobody moved: every sheet says "Time is up");
- a **refused offline hand**: a hand kept on a phone while offline that the
  server refused when it was sent, not yet resolved (``RefusedHand``).

The dashboard, the competition's page and the round's page show them, live,
with a count and a link each; the detail stays on the pages that deal with
them (rulings, counts, the scoresheet). Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Max
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import (
    AuditEntry,
    ChipCount,
    Competition,
    Hand,
    HandCheck,
    RefusedHand,
    Round,
    Table,
)
from tournament.rounds.lifecycle import table_finished

QUIET_MINUTES = 15  # a playing table with no hand for this long is worth a look


@dataclass(frozen=True)
class Alert:
    kind: str  # "dispute", "count", "refused", "quiet", "time"
    round_number: int
    table_number: int
    table_id: int
    text: str
    url: str


@dataclass
class Alerts:
    items: list[Alert] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.items)

    def by_table(self) -> dict[int, list[Alert]]:
        out: dict[int, list[Alert]] = {}
        for alert in self.items:
            out.setdefault(alert.table_id, []).append(alert)
        return out


def _started_at(rounds: list[Round]) -> dict[int, datetime]:
    """When each round started (its audit entry; a round started by its first hand has one too)."""
    rows = AuditEntry.objects.filter(
        object_type="round", object_id__in=[r.pk for r in rounds], action="round_started"
    ).values_list("object_id", "at")
    return {object_id: at for object_id, at in rows}


def competition_alerts(competition: Competition, *, round_: Round | None = None) -> Alerts:
    """The competition's open alerts (or one round's), by round and table."""
    alerts = Alerts()
    hands = Hand.objects.filter(table__round__competition=competition)
    tables = Table.objects.filter(round__competition=competition)
    if round_ is not None:
        hands, tables = hands.filter(table__round=round_), tables.filter(round=round_)
    disputed = (
        HandCheck.objects.filter(
            hand__in=hands, state=HandCheck.State.DISPUTED, ruling="", hand__void__isnull=True
        )
        .select_related("hand__table__round")
        .order_by("hand__table__round__number", "hand__table__number", "hand__number")
    )
    queue = reverse("organiser:confirmations", args=[competition.pk])
    for check in disputed:
        table = check.hand.table
        alerts.items.append(
            Alert(
                "dispute",
                table.round.number,
                table.number,
                table.pk,
                _("Round %(r)s, table %(t)s: hand %(h)s disputed")
                % {"r": table.round.number, "t": table.number, "h": check.hand.number},
                queue,
            )
        )
    counts = (
        ChipCount.objects.filter(table__in=tables, status=ChipCount.Status.DIFFERS)
        .select_related("table__round")
        .order_by("table__round__number", "table__number")
    )
    for count in counts:
        table = count.table
        alerts.items.append(
            Alert(
                "count",
                table.round.number,
                table.number,
                table.pk,
                _("Round %(r)s, table %(t)s: the chip count differs from the ledger")
                % {"r": table.round.number, "t": table.number},
                reverse("table:counts", args=[table.pk]),
            )
        )
    refused = (
        RefusedHand.objects.filter(table__in=tables, resolution="")
        .select_related("table__round")
        .order_by("table__round__number", "table__number", "number")
    )
    for kept in refused:
        table = kept.table
        alerts.items.append(
            Alert(
                "refused",
                table.round.number,
                table.number,
                table.pk,
                _("Round %(r)s, table %(t)s: a hand kept offline was refused when sent")
                % {"r": table.round.number, "t": table.number},
                reverse("organiser:round", args=[table.round.pk]),
            )
        )
    alerts.items.extend(_quiet(tables))
    rounds = Round.objects.filter(
        competition=competition, status=Round.Status.PLAYING, ends_at__lt=timezone.now()
    )
    if round_ is not None:
        rounds = rounds.filter(pk=round_.pk)
    for late in rounds.order_by("number"):
        if late.clock_ends > timezone.now():  # playing on in extra time: its clock still runs
            continue
        alerts.items.append(
            Alert(
                "time",
                late.number,
                0,
                0,
                _("Round %(r)s is playing past its end time: end it, or move the end") % {"r": late.number},
                reverse("organiser:round", args=[late.pk]),
            )
        )
    return alerts


def _quiet(tables) -> list[Alert]:
    playing = list(
        tables.filter(round__status=Round.Status.PLAYING, ended_at__isnull=True)
        .select_related("round")
        .annotate(last=Max("hands__recorded_at"))
        .order_by("round__number", "number")
    )
    if not playing:
        return []
    started = _started_at(list({t.round_id: t.round for t in playing}.values()))
    now = timezone.now()
    quiet_since = now - timedelta(minutes=QUIET_MINUTES)
    out = []
    for table in playing:
        since = table.last or started.get(table.round_id)
        if since is None or since > quiet_since:
            continue
        if table.last is not None and table_finished(table):  # a table that finished by itself is quiet
            continue
        minutes = int((now - since).total_seconds() // 60)
        text = (
            _("Round %(r)s, table %(t)s: no hand for %(m)s minutes")
            if table.last is not None
            else _("Round %(r)s, table %(t)s: no hand yet, %(m)s minutes after the start")
        )
        out.append(
            Alert(
                "quiet",
                table.round.number,
                table.number,
                table.pk,
                text % {"r": table.round.number, "t": table.number, "m": minutes},
                reverse("table:scoresheet", args=[table.pk]),
            )
        )
    return out
