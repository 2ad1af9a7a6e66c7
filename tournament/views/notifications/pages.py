"""The inbox and choices page, the stop link, the web-push subscription (issue 34)."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from tournament.access.request_meta import request_meta
from tournament.forms.notifications import PreferenceForm
from tournament.league.consent import requests_to_decide
from tournament.notifications.kinds import OUTSIDE, Channel, Kind
from tournament.notifications.links import person_read, person_token, stop_read
from tournament.notifications.people import channel_ready, person_key, person_link_live, preference_of
from tournament.notifications.preferences import (
    PreferenceRefused,
    kind_stop,
    person_links_retire,
    preference_change,
    push_subscribe,
)
from tournament.notifications.selectors import inbox


def _private(response):
    """A signed link in the address: never passed on, never kept by a cache."""
    response["Referrer-Policy"] = "same-origin"
    response["Cache-Control"] = "private, no-store"
    return response


def _page(request, key: str, *, token: str = "", requests_waiting: int = 0):
    ready = {c for c in OUTSIDE if channel_ready(c)}
    pref = preference_of(key)
    if request.method == "POST" and request.POST.get("action") == "retire":
        pref = person_links_retire(key)
        messages.success(
            request,
            _(
                "Your earlier private links no longer open this page. This page's address is your new "
                "private link: keep it to yourself."
            ),
        )
        if token:
            return redirect("notifications:person", person_token(key, after=pref.links_retired_at))
        return redirect(request.path)
    signed_in = not token and request.user.is_authenticated
    initial = PreferenceForm.initial_from(pref)
    if signed_in and not initial.get("email"):
        initial["email"] = request.user.email  # one email per person: their login's (issue 47)
    form = PreferenceForm(request.POST or None, ready=ready, initial=initial, login=signed_in)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            preference_change(
                key,
                channels=data.get("channels", pref.channels if pref is not None else [Channel.EMAIL]),
                stopped=[k for k in Kind.values if k not in data["kinds"]],
                language=data["language"],
                email=data["email"],
                telegram_chat=data.get("telegram_chat", "") or (pref.telegram_chat if pref else ""),
                whatsapp=data.get("whatsapp", "") or (pref.whatsapp if pref else ""),
                by_link=bool(token),
                account=request.user if signed_in else None,
                meta=request_meta(request),
            )
        except PreferenceRefused as exc:
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        else:
            messages.success(request, _("Saved: your messages follow these choices from now on."))
            return redirect(request.path)
    context = {
        "form": form,
        # A person who chose no language reads their messages in the page's (issue 47).
        "inbox": inbox(key, reader_language="" if pref and pref.language else translation.get_language()),
        "push_key": settings.VAPID_PUBLIC_KEY if Channel.PUSH in ready else "",
        "push_url": request.path + "push/",
        "token": token,
        "requests_waiting": requests_waiting,
    }
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "notifications/inbox.html", context, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def mine(request):
    return _page(request, person_key(request.user), requests_waiting=requests_to_decide(request.user).count())


def _person(token: str) -> str:
    """The person a live person link names (not forged, expired or retired), or 404."""
    found = person_read(token)
    key = found[0] if found else None
    if key is None or not person_link_live(*found) or preference_of(key) is None and not _exists(key):
        raise Http404(_("This link is not valid."))
    return key


def _exists(key: str) -> bool:
    from django.contrib.auth import get_user_model

    from tournament.models import Player

    model = Player if key.startswith("p") else get_user_model()
    return model.objects.filter(pk=int(key[1:])).exists()


@require_http_methods(["GET", "HEAD", "POST"])
def person(request, token: str):
    return _private(_page(request, _person(token), token=token))


def _subscription(raw: bytes) -> tuple[str, str, str] | None:
    """(endpoint, p256dh, auth) of a browser's subscription, or None: not JSON, nested past Python's
    recursion limit (the parser cannot), not an object, not text where text is due."""
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        return None
    keys = body.get("keys") if isinstance(body, dict) else None
    found = (body.get("endpoint"), keys.get("p256dh"), keys.get("auth")) if isinstance(keys, dict) else ()
    return found if found and all(isinstance(v, str) for v in found) else None


def _subscribe(request, key: str):
    found = _subscription(request.body)
    if found is None:
        return JsonResponse(
            {"errors": [{"code": "invalid", "message": _("Not a subscription."), "field": None}]}, status=400
        )
    endpoint, p256dh, auth = found
    try:
        push_subscribe(
            key, endpoint=endpoint, p256dh=p256dh, auth=auth,
            user=request.user if request.user.is_authenticated else None, meta=request_meta(request),
        )  # fmt: skip
    except PreferenceRefused as exc:
        return JsonResponse({"errors": [{"code": "invalid", "message": str(exc), "field": None}]}, status=400)
    return JsonResponse({"subscribed": True}, status=201)


@login_required
@require_POST
def push_mine(request):
    if not channel_ready(Channel.PUSH):
        raise Http404
    return _subscribe(request, person_key(request.user))


@require_POST
def push_person(request, token: str):
    if not channel_ready(Channel.PUSH):
        raise Http404
    return _private(_subscribe(request, _person(token)))


@csrf_exempt  # the signed link is the proof (and a mail app's one-click stop posts without a form)
@require_http_methods(["GET", "HEAD", "POST"])
def stop(request, token: str):
    found = stop_read(token)
    if found is None:
        raise Http404(_("This link is not valid."))
    key, kind = found
    done = False
    if request.method == "POST":
        done = kind_stop(key, kind) is not None
        if not done:
            raise Http404(_("This link is not valid."))
    pref = preference_of(key)
    # The page speaks the language of the message it came from: the person's.
    with translation.override(
        pref.language if pref is not None and pref.language else translation.get_language()
    ):
        # One kind stopped, nothing more opened (issue 48): no link to the person's inbox from here.
        context = {"kind": str(Kind(kind).label), "done": done}
        return _private(render(request, "notifications/stop.html", context))
