"""The organiser's registration page (issue 51): the window's settings, the counts at a glance, and the
queue, one tap for each decision on a phone. Each button posts to a door of
``tournament.registration`` (checked, audited, the person told); this view only translates."""

from __future__ import annotations

from datetime import datetime

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.access.request_meta import request_meta
from tournament.models import Club, Player, Registration
from tournament.notifications.links import absolute
from tournament.registration.errors import RegistrationError
from tournament.registration.matching import matches_of
from tournament.registration.models import Channel, Who
from tournament.registration.notice import current_notice, default_text, notice_words
from tournament.registration.queue import (
    registration_approve,
    registration_mark_paid,
    registration_refuse,
    registration_wait,
    registration_withdraw,
)
from tournament.registration.selectors import counts, positions, queue, settings_of, window_state
from tournament.registration.window import invitation_renew, registration_configure

from .access import managed_competition, organiser_required

S = Registration.Status
GROUPS = (S.PENDING, S.OFFERED, S.WAITING, S.APPROVED)
SECTIONS = (*GROUPS, "settings")  # where a button's page comes back to, its message said there


def _when(value: str) -> datetime | None:
    found = parse_datetime(value.strip()) if value and value.strip() else None
    if value and value.strip() and found is None:
        raise RegistrationError("invalid", _("Not a date and time."))
    return timezone.make_aware(found) if found is not None and timezone.is_naive(found) else found


def _number(value: str, field: str) -> int | None:
    value = (value or "").strip()
    if not value:
        return None
    if not value.isdigit():
        raise RegistrationError("invalid", _("A whole number."), field=field)
    return int(value)


def _configure(request, competition) -> str:
    post = request.POST
    registration_configure(
        competition, user=request.user, meta=request_meta(request),
        open_from=_when(post.get("open_from", "")), open_until=_when(post.get("open_until", "")),
        places=_number(post.get("places", ""), "places"), who=post.get("who", Who.ANYONE),
        clubs=[int(c) for c in post.getlist("clubs") if c.isdigit()],
        ask_name_zh=post.get("ask_name_zh") == "on", ask_club=post.get("ask_club") == "on",
        questions=[q for q in post.get("questions", "").splitlines() if q.strip()],
        fee=post.get("fee", ""), fee_how=post.get("fee_how", ""),
        offer_hours=_number(post.get("offer_hours", ""), "offer_hours") or 48,
        notice=post.get("notice", ""), notice_contact=post.get("notice_contact", ""),
    )  # fmt: skip
    return _("Registration settings saved.")


def _decide(request, competition) -> str:
    post, meta = request.POST, request_meta(request)
    reg = get_object_or_404(Registration, pk=_number(post.get("registration", ""), "registration") or 0)
    if reg.competition_id != competition.pk:
        raise PermissionDenied(_("You do not organise this competition."))
    action = post.get("action")
    if action == "approve":
        player = _number(post.get("player", ""), "player")
        registration_approve(reg, user=request.user, player=player, new_player=player is None, meta=meta)
        return _("%(name)s approved and entered.") % {"name": reg.name}
    if action == "refuse":
        registration_refuse(reg, user=request.user, reason=post.get("reason", ""), meta=meta)
        return _("%(name)s refused.") % {"name": reg.name}
    if action == "wait":
        registration_wait(reg, user=request.user, meta=meta)
        return _("%(name)s moved to the waiting list.") % {"name": reg.name}
    if action == "paid":
        registration_mark_paid(
            reg, user=request.user, amount=post.get("amount", ""), method=post.get("method", ""),
            paid_at=_when(post.get("paid_at", "")), meta=meta,
        )  # fmt: skip
        return _("Fee of %(name)s marked paid.") % {"name": reg.name}
    if action == "withdraw":
        registration_withdraw(reg, user=request.user, meta=meta)
        return _("%(name)s withdrawn.") % {"name": reg.name}
    raise RegistrationError("invalid", _("Nothing to do."))


def _fee_amount(fee: str) -> str:
    digits = "".join(c for c in fee if c.isdigit() or c == ".").strip(".")
    return digits or ""


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def registrations(request, pk: int):
    competition = managed_competition(request, pk)
    problem, status = None, 200
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "settings":
                done = _configure(request, competition)
            elif action == "invite":
                invitation_renew(competition, user=request.user, meta=request_meta(request))
                done = _("A new invitation link: the old one no longer works.")
            else:
                done = _decide(request, competition)
        except RegistrationError as exc:
            problem, status = exc, exc.status
        else:
            messages.success(request, done)
            back = request.POST.get("back", "")
            back = back if back in SECTIONS else ""
            url = reverse("organiser:registrations", args=[competition.pk])
            return redirect(f"{url}?at={back}#{back}" if back else url)
    window = settings_of(competition)
    regs = list(queue(competition))
    matches = matches_of([r for r in regs if r.status in (S.PENDING, S.WAITING)])
    players = Player.objects.in_bulk({p for ids in matches.values() for p in ids})
    where = positions(competition)
    for r in regs:
        r.match_players = [players[p] for p in matches.get(r.pk, [])]
        r.position = where.get(r.pk)
    groups = [(s, S(s).label, [r for r in regs if r.status == s]) for s in GROUPS]
    groups[2][2].sort(key=lambda r: r.position or 0)
    notice = current_notice(competition, create=False)
    signup_url = absolute(reverse("registration:signup", args=[competition.pk]))
    context = {
        "competition": competition, "window": window, "state": window_state(window),
        "glance": counts(competition), "groups": groups,
        "done": [r for r in regs if r.status not in GROUPS], "problem": problem, "anyone": bool(regs),
        "at": request.GET.get("at") if request.GET.get("at") in SECTIONS else "",
        "signup_url": signup_url,
        "invite_url": f"{signup_url}?invite={window.invite_token}" if window.invite_token else "",
        "who_choices": Who.choices, "clubs": Club.objects.all(),
        "chosen_clubs": set(window.clubs.values_list("pk", flat=True)) if window.pk else set(),
        "notice": notice, "fee_amount": _fee_amount(window.fee),
        "notice_text": notice_words(notice) if notice else default_text(competition),
        "channels": dict(Channel.choices),
    }  # fmt: skip
    return render(request, "organiser/registrations.html", context, status=status)
