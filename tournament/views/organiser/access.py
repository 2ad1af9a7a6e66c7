"""Who may open the organiser's pages, and the objects they may change."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournament.access.roles import can_manage_competition, organises_anything
from tournament.models import Competition, Entry, Round


def organiser_required(view):
    """Anonymous: to the login page. Signed in, organising nothing and not a league organiser: 403."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not organises_anything(request.user):
            raise PermissionDenied(_("Only organisers may open this page."))
        return view(request, *args, **kwargs)

    return wrapped


def managed_competition(request, pk: int) -> Competition:
    competition = get_object_or_404(Competition, pk=pk)
    if not can_manage_competition(request.user, competition):
        raise PermissionDenied(_("You do not organise this competition."))
    return competition


def managed_round(request, pk: int) -> Round:
    round_ = round_or_404(pk)
    if not can_manage_competition(request.user, round_.competition):
        raise PermissionDenied(_("You do not organise this competition."))
    return round_


def managed_entry(request, pk: int) -> Entry:
    entry = get_object_or_404(Entry.objects.select_related("competition", "player"), pk=pk)
    if not can_manage_competition(request.user, entry.competition):
        raise PermissionDenied(_("You do not organise this competition."))
    return entry


def managed_competitions(user):
    """The competitions this user may change, newest first."""
    if user.is_superuser:
        return Competition.objects.all()
    return Competition.objects.filter(organisers=user)


def round_or_404(pk: int) -> Round:
    """The round named by the URL, with its competition (the access checks above and the door's pages)."""
    return get_object_or_404(Round.objects.select_related("competition"), pk=pk)
