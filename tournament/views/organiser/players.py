"""Players of a competition: add one, import a CSV file, enter registered players, withdraw, substitute.

Entries are never deleted: a withdrawal sets ``Entry.status`` and
``withdrawn_at``; a substitute is a new entry pointing at the one it replaces
(``substitute_for``), so past tables and results keep their players.
"""

from __future__ import annotations

import base64
import binascii

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournament.access.request_meta import request_meta
from tournament.forms.players import (
    CsvConfirmForm,
    CsvUploadForm,
    EnterPlayersForm,
    PlayerForm,
    SubstituteForm,
)
from tournament.league.consent import requests_asked
from tournament.league.entries import entry_add, entry_reinstate, entry_substitute, entry_withdraw
from tournament.league.players_import import ImportRejected, players_import, players_preview
from tournament.models import Entry, EntryRequest, Round

from .access import managed_competition, managed_entry, organiser_required


def _page(request, competition, *, add_form=None, enter_form=None, status=200):
    entries = (
        competition.entries.select_related("player__club", "player__user", "substitute_for__player")
        .prefetch_related("substitutes__player")
        .order_by("status", "player__name")
    )
    return render(
        request,
        "organiser/players.html",
        {
            "competition": competition,
            "entries": entries,
            "active": sum(1 for e in entries if e.status == Entry.Status.ACTIVE),
            "add_form": add_form or PlayerForm(),
            "enter_form": enter_form or EnterPlayersForm(competition=competition),
            "upload_form": CsvUploadForm(),
            "asked": requests_asked(competition),
        },
        status=status,
    )


@organiser_required
def players(request, pk: int):
    return _page(request, managed_competition(request, pk))


@organiser_required
@require_POST
def player_add(request, pk: int):
    competition = managed_competition(request, pk)
    form = PlayerForm(request.POST)
    if not form.is_valid():
        return _page(request, competition, add_form=form, status=400)
    with transaction.atomic():
        player = form.save()
        entry_add(competition, player, user=request.user, registered=True, meta=request_meta(request))
    messages.success(request, _("%(name)s registered and entered.") % {"name": player.name})
    return redirect("organiser:players", competition.pk)


@organiser_required
@require_POST
def players_enter(request, pk: int):
    competition = managed_competition(request, pk)
    form = EnterPlayersForm(request.POST, competition=competition)
    if not form.is_valid():
        return _page(request, competition, enter_form=form, status=400)
    with transaction.atomic():
        done = [
            entry_add(competition, player, user=request.user, meta=request_meta(request))
            for player in form.cleaned_data["players"]
        ]
    asked = sum(1 for d in done if isinstance(d, EntryRequest))
    n = len(done) - asked
    if n:
        messages.success(request, ngettext("%(n)s player entered.", "%(n)s players entered.", n) % {"n": n})
    if asked:
        messages.info(request, asked_text(asked))
    return redirect("organiser:players", competition.pk)


def asked_text(n: int) -> str:
    return ngettext(
        "%(n)s player plays or works in a competition you do not organise: they, or their organiser, are "
        "asked first, and are entered when they agree.",
        "%(n)s players play or work in a competition you do not organise: they, or their organisers, are "
        "asked first, and are entered when they agree.",
        n,
    ) % {"n": n}


def _choices(post) -> dict[int, str]:
    """The organiser's answers about likely duplicates: ``same_<line>`` → "new" or a registration number."""
    out = {}
    for key, value in post.items():
        line = key.removeprefix("same_")
        if (
            key.startswith("same_")
            and line.isascii()
            and line.isdigit()
            and len(line) < 7
            and len(value) <= 30
        ):
            out[int(line)] = value
    return out


def _preview_page(
    request, competition, data: bytes, create_clubs: bool, *, status=200, preview=None, choices=None
):
    preview = preview or players_preview(data, create_clubs=create_clubs, choices=choices)
    confirm = CsvConfirmForm(initial={"data": base64.b64encode(data).decode(), "create_clubs": create_clubs})
    return render(
        request,
        "organiser/import.html",
        {
            "competition": competition,
            "preview": preview,
            "confirm": confirm,
            # the corrected file keeps the choice made for the first one (issue 14)
            "upload_form": CsvUploadForm(initial={"create_clubs": create_clubs}, auto_id="upload_%s"),
        },
        status=status,
    )


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def players_import_upload(request, pk: int):
    """Upload a file and see every row's problems; nothing is imported here."""
    competition = managed_competition(request, pk)
    form = CsvUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        return _preview_page(
            request, competition, form.cleaned_data["file"], form.cleaned_data["create_clubs"]
        )
    return render(
        request,
        "organiser/import.html",
        {"competition": competition, "preview": None, "upload_form": form},
        status=400 if form.is_bound else 200,
    )


@organiser_required
@require_POST
def players_import_confirm(request, pk: int):
    """Check the previewed file again; import it all when asked and every row is good."""
    competition = managed_competition(request, pk)
    form = CsvConfirmForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("The previewed file is missing: upload it again."))
    try:
        data = base64.b64decode(form.cleaned_data["data"], validate=True)
    except (binascii.Error, ValueError):
        return HttpResponseBadRequest(_("The previewed file is damaged: upload it again."))
    create_clubs = form.cleaned_data["create_clubs"]
    choices = _choices(request.POST)
    if "import" not in request.POST:
        return _preview_page(request, competition, data, create_clubs, choices=choices)
    try:
        result = players_import(
            data,
            create_clubs=create_clubs,
            competition=competition,
            user=request.user,
            meta=request_meta(request),
            choices=choices,
        )
    except ImportRejected as rejected:
        messages.error(
            request,
            _("Nothing was imported: correct the rows marked below and upload the file again.")
            if rejected.preview.problem_rows or rejected.preview.file_problems
            else _(
                "Nothing was imported: say for each row marked below whether it is the registered player."
            ),
        )
        return _preview_page(request, competition, data, create_clubs, status=400, preview=rejected.preview)
    messages.success(
        request,
        _(
            "Imported: %(new)s new players, %(old)s already registered, %(clubs)s clubs created; "
            "%(entered)s entered."
        )
        % {
            "new": len(result.created),
            "old": len(result.existing),
            "clubs": len(result.clubs_created),
            "entered": result.entered,
        },
    )
    if result.asked:
        messages.info(request, asked_text(result.asked))
    return redirect("organiser:players", competition.pk)


@organiser_required
@require_POST
def entry_withdraw_view(request, pk: int):
    entry = managed_entry(request, pk)
    entry_withdraw(entry, user=request.user, meta=request_meta(request))
    messages.success(
        request,
        _(
            "%(name)s withdrawn: in the standings they are %(standing)s. "
            "Reinstate them below if it was a mistake."
        )
        % {"name": entry.player.name, "standing": entry.competition.get_withdrawn_standing_display()},
    )
    _warn_if_seated(request, entry)
    return redirect("organiser:players", entry.competition_id)


@organiser_required
@require_POST
def entry_reinstate_view(request, pk: int):
    """A withdrawn player plays again (issue 32): a withdrawal is not final."""
    entry = managed_entry(request, pk)
    entry_reinstate(entry, user=request.user, meta=request_meta(request))
    messages.success(
        request,
        _("%(name)s reinstated: seated again from the next round drawn.") % {"name": entry.player.name},
    )
    return redirect("organiser:players", entry.competition_id)


def _warn_if_seated(request, entry: Entry) -> None:
    """A withdrawn player still seated in a round that has not started leaves a hole at a table."""
    waiting = (
        Round.objects.filter(
            competition=entry.competition,
            seats__player=entry.player,
            status__in=(Round.Status.SCHEDULED, Round.Status.SEATED),
        )
        .order_by("number")
        .values_list("number", flat=True)
    )
    if waiting:
        messages.warning(
            request,
            _("%(name)s is still seated in round %(rounds)s: seat that round again to fill the place.")
            % {"name": entry.player.name, "rounds": ", ".join(str(n) for n in waiting)},
        )


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def entry_substitute_view(request, pk: int):
    entry = managed_entry(request, pk)
    form = SubstituteForm(request.POST or None, entry=entry)
    if request.method == "POST" and form.is_valid():
        try:
            new = entry_substitute(
                entry, form.cleaned_data["player"], user=request.user, meta=request_meta(request)
            )
        except PermissionDenied as exc:  # a player who is not theirs: entered first, when they agree
            form.add_error("player", str(exc))
        else:
            messages.success(
                request, _("%(new)s replaces %(old)s.") % {"new": new.player.name, "old": entry.player.name}
            )
            _warn_if_seated(request, entry)
            return redirect("organiser:players", entry.competition_id)
    return render(
        request,
        "organiser/substitute.html",
        {"competition": entry.competition, "entry": entry, "form": form},
        status=400 if form.is_bound else 200,
    )
