"""Retention (issue 51; the Act's Retention Limitation obligation): contact details are not kept for ever.

A person's contact details (the record's contact, the addresses and channels of their choices, web push,
their login's email, their sign-ups' email and phone) are erased once they have had no entry for
``PRIVACY_RETENTION_MONTHS`` (the operator's setting, 24 by default). Their **last activity** is the latest of
their entries' dates, withdrawals, their competitions' first and last day and their rounds' start (a
season signed up for long before its first night counts from that night). Their name and
results stay: the league's record is a purpose that still holds.

``retention_run`` (the daily beat task, and the command ``privacy_retention``) first tells the organisers:
``PRIVACY_RETENTION_WARN_DAYS`` (30) before a person's details go, the organisers of the person's last
competition get a message in their inbox listing who and when (a ``RetentionWarning`` row each); on the day,
the details are erased, an ``ErasureRecord`` and an audit entry written for each person, and the organisers
get the list of what was done. A person who plays again meanwhile is spared (the warning is closed). A
person never entered in anything has no date to count from and is left alone (the report counts them).
"""

from __future__ import annotations

import calendar
import datetime
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop

from tournament.access.audit import audit_write
from tournament.models import Competition, ErasureRecord, Message, Player, Registration, RetentionWarning
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.people import people_for
from tournament.privacy.erase import contact_erase
from tournament.registration.models import ACTIVE


@dataclass
class RetentionReport:
    warned: list[tuple[int, str, datetime.date]] = field(default_factory=list)
    erased: list[tuple[int, str]] = field(default_factory=list)
    spared: int = 0  # warned before, active again since: nothing erased
    signups: int = 0  # sign-ups that never became a player, closed that long ago: their contact erased

    def lines(self) -> list[str]:
        out = [f"warned: {pk} {name}: contact erased on {day}" for pk, name, day in self.warned]
        out += [f"erased: {pk} {name}: contact details" for pk, name in self.erased]
        return out + [
            f"{len(self.warned)} warned, {len(self.erased)} erased, {self.spared} spared, "
            f"{self.signups} closed sign-ups erased"
        ]


def months_after(day: datetime.date, months: int) -> datetime.date:
    """The same day ``months`` later (earlier when negative); the month's last day when it has no such day
    (31 January + 1 month: 28 or 29 February), never a day before the period is over."""
    y, m = divmod(day.month - 1 + months, 12)
    return datetime.date(day.year + y, m + 1, min(day.day, calendar.monthrange(day.year + y, m + 1)[1]))


def holding_contact():
    """Players with contact details kept and at least one entry (the date to count from)."""
    held = (
        ~Q(contact="")
        | Q(preference__email__gt="")
        | Q(preference__telegram_chat__gt="")
        | Q(preference__whatsapp__gt="")
        | Q(preference__subscriptions__isnull=False)
        | Q(user__email__gt="")
        | Q(registrations__email__gt="")
        | Q(registrations__phone__gt="")
    )
    return Player.objects.filter(held).filter(entries__isnull=False).distinct()


def _last_active(player_ids) -> dict[int, tuple[datetime.date, int | None]]:
    """Each player's last activity, and the competition it was in."""
    out: dict[int, tuple[datetime.date, int | None]] = {}
    entries = (
        Player.objects.filter(pk__in=player_ids)
        .values("pk", "entries__competition_id")
        .annotate(
            a=Max("entries__entered_at"),
            b=Max("entries__withdrawn_at"),
            c=Max("entries__competition__ends_on"),
            d=Max("entries__competition__rounds__starts_at"),
            e=Max("entries__competition__starts_on"),
        )
    )
    for row in entries:
        days = [timezone.localdate(v) for v in (row["a"], row["b"], row["d"]) if v is not None]
        days += [row[k] for k in ("c", "e") if row[k] is not None]
        if not days:
            continue
        last = max(days)
        if row["pk"] not in out or last > out[row["pk"]][0]:
            out[row["pk"]] = (last, row["entries__competition_id"])
    return out


def _tell(competition_id: int | None, words: str, lines: list[str], event: str, now) -> None:
    """A message in the inbox of each organiser of the competition (in their language)."""
    competition = Competition.objects.filter(pk=competition_id).first()
    if competition is None or not lines:
        return
    organisers = list(competition.organisers.values_list("pk", flat=True))
    people = people_for(user_ids=organisers)
    rows = []
    for uid in organisers:
        person = people.get(f"u{uid}")
        language = person.language if person is not None else settings.LANGUAGE_CODE
        key = person.key if person is not None else f"u{uid}"
        with translation.override(language):
            subject = gettext("People's data: contact details kept past their time")
            body = gettext(words) % {"competition": competition.name} + "\n" + "\n".join(lines)
        rows.append(
            Message(
                competition=competition,
                kind=Kind.ORGANISER,
                event=event,
                recipient=key,
                user_id=uid,
                player_id=person.player_id if person is not None else None,
                channel=Channel.INBOX,
                language=language,
                subject=subject[:200],
                body=body,
                state=Message.State.SENT,
                sent_at=now,
            )
        )
    Message.objects.bulk_create(rows, ignore_conflicts=True)


WARN_WORDS = gettext_noop(
    "%(competition)s: these people have had no entry for a long time. Their contact details (phone, "
    "email, channels) will be erased on the day shown; their names and results stay. An entry before then "
    "keeps them."
)
DONE_WORDS = gettext_noop(
    "%(competition)s: the contact details of these people were erased today (no entry for the period the "
    "league keeps them); their names and results stay."
)

CONTACT_WORDS = gettext_noop(
    "%(actor)s erased the contact details of %(player)s: no entry for %(months)s months"
)


def _signups_erase(cutoff: datetime.date, now, report: RetentionReport) -> list[tuple[int, str]]:
    """Sign-ups that never became a player (refused, withdrawn, expired) and last changed before ``cutoff``:
    their email, phone and answers erased, one audit entry per competition. Nobody plays under them, so
    there is no entry to wait for: the organiser is told in the day's list."""
    stale = (
        Registration.objects.filter(player__isnull=True, changed_at__date__lt=cutoff)
        .exclude(status__in=ACTIVE)
        .exclude(email="", phone="", answers={})
    )
    found = list(stale.values_list("pk", "competition_id", "name"))
    if not found:
        return []
    with transaction.atomic():
        Registration.objects.filter(pk__in=[pk for pk, _c, _n in found]).update(
            email="", phone="", answers={}
        )
        for competition_id in sorted({c for _pk, c, _n in found}):
            ids = [pk for pk, c, _n in found if c == competition_id]
            audit_write(
                "signups_erased", user=None, competition=Competition(pk=competition_id),
                object_type="competition", object_id=competition_id, words=SIGNUPS_WORDS,
                args={"n": len(ids)}, data={"registrations": ids},
            )  # fmt: skip
    report.signups += len(found)
    return [(c, name) for _pk, c, name in found]


SIGNUPS_WORDS = gettext_noop(
    "%(actor)s erased the contact details of %(n)s closed sign-ups kept past their time"
)


def retention_run(*, now=None) -> RetentionReport:
    """Warn, then erase; answer the report (see the module's words)."""
    now = now or timezone.now()
    today = timezone.localdate(now)
    months, warn_days = settings.PRIVACY_RETENTION_MONTHS, settings.PRIVACY_RETENTION_WARN_DAYS
    report = RetentionReport()
    open_warnings = {w.player_id: w for w in RetentionWarning.objects.filter(done_at=None)}
    candidates = {p.pk: p for p in holding_contact()}
    last = _last_active(candidates.keys() | open_warnings.keys())
    to_warn: dict[int | None, list[str]] = {}
    done: dict[int | None, list[str]] = {}
    horizon = today + datetime.timedelta(warn_days)
    for pk, warning in list(open_warnings.items()):  # active again, or nothing left to erase: closed
        day = last.get(pk, (None,))[0]
        if pk not in candidates or day is None or months_after(day, months) > horizon:
            RetentionWarning.objects.filter(pk=warning.pk).update(done_at=now)
            report.spared += pk in candidates
            del open_warnings[pk]
    for pk, player in sorted(candidates.items()):
        if pk not in last:
            continue
        day, competition_id = last[pk]
        due = months_after(day, months)
        if due > horizon:
            continue
        warning = open_warnings.get(pk)
        if warning is None:
            erase_on = max(due, horizon)
            RetentionWarning.objects.create(player=player, warned_at=now, erase_on=erase_on)
            report.warned.append((pk, player.name, erase_on))
            to_warn.setdefault(competition_id, []).append(
                f"{player.name} ({player.registration_no}): {erase_on}"
            )
        elif warning.erase_on <= today and due <= today:
            with transaction.atomic():
                gone = contact_erase(Player.objects.select_for_update().get(pk=pk))
                RetentionWarning.objects.filter(pk=warning.pk).update(done_at=now)
                ErasureRecord.objects.create(
                    player=player, scope=ErasureRecord.Scope.CONTACT, requested_on=today
                )
                audit_write(
                    "contact_erased", user=None, competition=None, object_type="player", object_id=pk,
                    words=CONTACT_WORDS,
                    args={"player": player.name, "months": months},
                    data={"player": pk, "erased": gone, "last_active": day.isoformat()},
                )  # fmt: skip
            report.erased.append((pk, player.name))
            done.setdefault(competition_id, []).append(f"{player.name} ({player.registration_no})")
    for competition_id, name in _signups_erase(months_after(today, -months), now, report):
        done.setdefault(competition_id, []).append(name)
    for competition_id, lines in to_warn.items():
        _tell(competition_id, WARN_WORDS, lines, f"privacy:warn:c{competition_id}:{today}", now)
    for competition_id, lines in done.items():
        _tell(competition_id, DONE_WORDS, lines, f"privacy:done:c{competition_id}:{today}", now)
    return report
