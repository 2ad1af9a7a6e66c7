"""The sign-up form and the private page (issue 51). Thin: the form's answers go to
``registration_signup`` as they are; its refusal is shown at its field with its 4xx status.

Flood: each address may post ``REGISTRATION_RATE_LIMIT`` sign-ups (``tournament.project.rate_limit``;
429 beyond), and a field hidden from people (``website``) that only a robot fills is refused (400).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.access.request_meta import client_ip, request_meta
from tournament.models import Club, Competition
from tournament.project import rate_limit
from tournament.registration.errors import RegistrationError
from tournament.registration.models import Channel, Who
from tournament.registration.notice import current_notice, notice_words
from tournament.registration.offers import offer_accept
from tournament.registration.queue import registration_withdraw
from tournament.registration.selectors import by_token, counts, position_of, settings_of, window_state
from tournament.registration.signup import registration_signup
from tournament.registration.tell import messages_of

HONEYPOT = "website"


def _private(response):
    response["Referrer-Policy"] = "same-origin"
    response["Cache-Control"] = "private, no-store"
    return response


def _answers(post, questions: list[str]) -> dict:
    return {q: post.get(f"q{n}", "") for n, q in enumerate(questions) if post.get(f"q{n}", "").strip()}


def _post(request, competition: Competition, window):
    post = request.POST
    if post.get(HONEYPOT):
        raise RegistrationError("invalid", _("This form was not filled in by a person."))
    if not rate_limit.allow("signup", client_ip(request), settings.REGISTRATION_RATE_LIMIT):
        raise RegistrationError(
            "rate_limited", _("Too many sign-ups from here: try again in a minute."), status=429
        )
    return registration_signup(
        competition,
        name=post.get("name", ""), name_zh=post.get("name_zh", ""), club=post.get("club") or None,
        email=post.get("email", ""), phone=post.get("phone", ""), channel=post.get("channel", Channel.LINK),
        answers=_answers(post, list(window.questions or [])), consent=post.get("consent") == "yes",
        invite=post.get("invite", ""), language=get_language() or "en", meta=request_meta(request),
    )  # fmt: skip


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    window = settings_of(competition)
    window.questions = list(window.questions or [])
    problem, status = None, 200
    if request.method == "POST":
        try:
            reg = _post(request, competition, window)
        except RegistrationError as exc:
            problem, status = exc, exc.status
        else:
            messages.success(request, _("You are signed up. This page is your private link: bookmark it."))
            return redirect("registration:mine", reg.token)
    glance = counts(competition)
    notice = current_notice(competition) if window.pk else None
    context = {
        "competition": competition, "window": window, "state": window_state(window), "glance": glance,
        "full": glance["free"] == 0, "notice": notice, "notice_text": notice_words(notice) if notice else "",
        "clubs": window.clubs.all() if window.who == Who.CLUBS else Club.objects.all() if window.pk else [],
        "questions": [(f"q{n}", q, request.POST.get(f"q{n}", "")) for n, q in enumerate(window.questions)],
        "channels": Channel.choices, "problem": problem, "post": request.POST,
        "invite": request.GET.get("invite", "") or request.POST.get("invite", ""),
        "invited_only": window.who == Who.INVITED, "honeypot": HONEYPOT,
    }  # fmt: skip
    return render(request, "signup/form.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def mine(request, token: str):
    reg = by_token(token)
    if reg is None:
        raise Http404(_("This link is not valid."))
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "accept":
                offer_accept(reg, meta=request_meta(request))
                messages.success(request, _("The place is yours. The organiser will confirm it."))
            elif action == "withdraw":
                offered = reg.status == reg.Status.OFFERED
                registration_withdraw(reg, by_person=True, meta=request_meta(request))
                messages.success(
                    request,
                    _("You declined the place: it goes to the next person.")
                    if offered
                    else _("Your sign-up is withdrawn."),
                )
            else:
                raise RegistrationError("invalid", _("Nothing to do."))
        except RegistrationError as exc:
            messages.error(request, str(exc))
        return _private(redirect("registration:mine", reg.token))
    reg.refresh_from_db()
    context = {
        "competition": reg.competition, "reg": reg, "position": position_of(reg),
        "window": settings_of(reg.competition), "told": messages_of(reg)[:20],
    }  # fmt: skip
    return _private(render(request, "signup/mine.html", context))
