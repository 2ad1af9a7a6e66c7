"""The organiser's page of players' confirmations (issue 19): the setting, the queue, the rulings.

Thin: the setting is saved by ``competition_set_confirmation``, a ruling by
``hand_rule`` (which voids through ``tournament.tables.ledger.hand_void``); the
queue is read by ``tournament.confirmations.queue``.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.access.request_meta import request_meta
from tournament.confirmations.services import hand_rule
from tournament.forms.confirmations import ConfirmationSettingForm, RulingForm
from tournament.league.competitions import CompetitionError, competition_set_confirmation
from tournament.models import Hand
from tournament.tables.ledger.errors import HandRejected
from tournament.views.organiser.rulings_queue import queue

from .access import managed_competition, organiser_required


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def confirmations(request, pk: int):
    competition = managed_competition(request, pk)
    form = ConfirmationSettingForm(request.POST or None, instance=competition)
    if request.method == "POST" and form.is_valid():
        try:
            competition_set_confirmation(
                competition,
                rule=form.cleaned_data["confirmation"],
                needed=form.cleaned_data["confirmations_needed"],
                minutes=form.cleaned_data["confirmation_minutes"],
                user=request.user,
                meta=request_meta(request),
            )
        except CompetitionError as exc:
            for field, problems in exc.problems.items():
                for problem in problems:
                    form.add_error(field if field in form.fields else None, problem)
        else:
            messages.success(request, _("Saved: it applies to the hands recorded from now on."))
            return redirect("organiser:confirmations", competition.pk)
    context = {"competition": competition, "form": form, "queue": queue(competition)}
    return render(
        request, "organiser/confirmations.html", context, status=400 if form.is_bound and form.errors else 200
    )


@organiser_required
@require_POST
def rule(request, hand_id: int):
    hand = get_object_or_404(Hand.objects.select_related("table__round__competition"), pk=hand_id)
    competition = managed_competition(request, hand.table.round.competition_id)
    form = RulingForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose keep or void, and say why."))
        return redirect("organiser:confirmations", competition.pk)
    try:
        hand_rule(
            hand=hand,
            ruling=form.cleaned_data["ruling"],
            reason=form.cleaned_data["reason"],
            user=request.user,
            meta=request_meta(request),
        )
    except HandRejected as exc:
        for problem in exc.problems:
            messages.error(request, problem.message)
    else:
        if form.cleaned_data["ruling"] == "keep":
            messages.success(request, _("Hand %(n)s kept: it counts.") % {"n": hand.number})
        else:
            messages.success(
                request,
                _("Hand %(n)s voided: the scorekeeper of table %(t)s enters it again.")
                % {"n": hand.number, "t": hand.table.number},
            )
    return redirect("organiser:confirmations", competition.pk)
