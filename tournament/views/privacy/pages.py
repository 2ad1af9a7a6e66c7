"""A person's data page and downloads, and the organiser's erasure with its confirm step (issue 51).

The page opens for the person logged in (``/my-data/``) or through their private person link
(``/my-data/for/<token>/``: the same link as their messages' page, ``notifications.links``; an expired,
forged or retired link opens nothing). Never kept by a cache; the link is never passed on as a referrer.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.access.request_meta import request_meta
from tournament.forms.privacy import ContactForm, EraseForm
from tournament.models import Entry, ErasureRecord, Player, Registration
from tournament.notifications.kinds import OUTSIDE, Channel
from tournament.notifications.links import person_read
from tournament.notifications.people import person_key, person_link_live
from tournament.privacy.contact import channel_withdraw, contact_correct
from tournament.privacy.erase import ERASE_DENIED, PrivacyRefused, is_erased, may_erase, person_erase
from tournament.privacy.exports import data_csv, data_json
from tournament.privacy.selectors import person_data, person_of
from tournament.standings.exports import csv_attachment


def _private(response):
    response["Referrer-Policy"] = "same-origin"
    response["Cache-Control"] = "private, no-store"
    return response


def _key(token: str) -> str:
    """The person a live person link names, or 404 (forged, expired, retired, nobody)."""
    found = person_read(token)
    if found is None or not person_link_live(*found) or person_of(found[0]) == (None, None):
        raise Http404(_("This link is not valid."))
    return found[0]


def _channels_live(data: dict) -> list[tuple[str, str]]:
    chosen = set(data["preferences"]["channels"])
    return [(c.value, str(c.label)) for c in OUTSIDE if c in chosen]


def _purpose(purpose: str) -> str:
    """A consent's purpose in words: taking part, or messages by a channel."""
    if purpose.startswith("messages:"):
        channel = purpose.partition(":")[2]
        label = Channel(channel).label if channel in Channel.values else channel
        return _("Messages by %(channel)s") % {"channel": label}
    return _("Taking part (name and results in the standings)") if purpose == "league" else purpose


def _labelled(data: dict) -> dict:
    """The page's copy of the data with the codes said in words (the downloads keep the codes)."""
    statuses = dict(Entry.Status.choices)
    signups = dict(Registration.Status.choices)
    scopes = dict(ErasureRecord.Scope.choices)
    return {
        **data,
        "consents": [{**c, "purpose_label": _purpose(c["purpose"])} for c in data["consents"]],
        "entries": [{**e, "status_label": statuses.get(e["status"], e["status"])} for e in data["entries"]],
        "registrations": [
            {**r, "status_label": signups.get(r["status"], r["status"])} for r in data["registrations"]
        ],
        "erasures": [{**e, "scope_label": scopes.get(e["scope"], e["scope"])} for e in data["erasures"]],
        "messages": [
            {**m, "channel_label": dict(Channel.choices).get(m["channel"], m["channel"])}
            for m in data["messages"]
        ],  # fmt: skip
    }


def _page(request, key: str, *, token: str = ""):
    by_link = bool(token)
    account = None if by_link or not request.user.is_authenticated else request.user
    data = person_data(key)
    if data is None:
        raise Http404
    form = ContactForm(
        request.POST if request.POST.get("action") == "contact" else None,
        initial={"contact": data["person"]["contact"], **{f: data["preferences"][f] for f in
                 ("email", "telegram_chat", "whatsapp")}},
    )  # fmt: skip
    status, problem = 200, ""
    if request.method == "POST":
        try:
            if request.POST.get("action") == "withdraw":
                channel = request.POST.get("channel", "")
                channel_withdraw(key, channel, by_link=by_link, account=account)
                messages.success(
                    request, _("Done: no more messages by %(channel)s.") % {"channel": Channel(channel).label}
                )
                return redirect(request.path)
            if form.is_bound and form.is_valid():
                changed = contact_correct(key, **form.cleaned_data, by_link=by_link, account=account,
                                          meta=request_meta(request))  # fmt: skip
                messages.success(request, _("Saved.") if changed else _("Nothing changed."))
                return redirect(request.path)
            if not form.is_bound:
                raise PrivacyRefused(_("Choose what to do."))
        except PrivacyRefused as exc:
            if form.is_bound:
                form.add_error(exc.field if exc.field in form.fields else None, str(exc))
            else:
                problem = str(exc)
        status = 400
    base = request.path
    data = _labelled(data)
    context = {
        "data": data,
        "form": form,
        "token": token,
        "problem": problem,
        "channels": _channels_live(data),
        "json_url": base + "data.json",
        "csv_url": base + "data.csv",
        "messages_shown": data["messages"][-20:][::-1],
        "hands_shown": data["hands"][-20:][::-1],
    }
    return _private(render(request, "privacy/mine.html", context, status=status))


def _download(key: str, kind: str):
    data = person_data(key)
    if data is None:
        raise Http404
    stamp = timezone.localdate().isoformat()
    if kind == "json":
        response = HttpResponse(data_json(data), content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="my-data-{stamp}.json"'
    else:
        response = csv_attachment(data_csv(data), f"my-data-{stamp}.csv")
    return _private(response)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def mine(request):
    return _page(request, person_key(request.user))


@login_required
def mine_json(request):
    return _download(person_key(request.user), "json")


@login_required
def mine_csv(request):
    return _download(person_key(request.user), "csv")


@require_http_methods(["GET", "HEAD", "POST"])
def person(request, token: str):
    return _page(request, _key(token), token=token)


def person_json(request, token: str):
    return _download(_key(token), "json")


def person_csv(request, token: str):
    return _download(_key(token), "csv")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def erase(request, player_pk: int):
    """The organiser's "Erase this person": what goes and what stays, the request's date, a confirmation."""
    player = get_object_or_404(Player, pk=player_pk)
    if not may_erase(request.user, player):
        raise PermissionDenied(str(ERASE_DENIED))
    done = is_erased(player)
    form = EraseForm(request.POST or None, initial={"requested_on": timezone.localdate()})
    back = request.GET.get("back") or request.POST.get("back") or ""
    back = back if back.startswith("/") and not back.startswith("//") else ""
    status = 200
    if request.method == "POST":
        status = 400
        if done:
            form.add_error(None, _("This person's data was already erased: nothing more to do."))
            status = 409
        elif form.is_valid():
            try:
                record = person_erase(
                    player, user=request.user, requested_on=form.cleaned_data["requested_on"],
                    meta=request_meta(request),
                )  # fmt: skip
            except PrivacyRefused as exc:
                form.add_error(exc.field if exc.field in form.fields else None, str(exc))
                status = exc.status
            else:
                messages.success(
                    request, _("Erased: the person is now %(pseudonym)s.") % {"pseudonym": record.pseudonym}
                )
                return redirect(back or request.path)
    context = {"player": player, "form": form, "done": done, "back": back}
    return _private(render(request, "privacy/erase.html", context, status=status))
