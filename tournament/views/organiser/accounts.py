"""The organiser's accounts pages (issue 22): scorekeepers and players get a login without the admin.

From the staff page: make a scorekeeper's account, or an invitation. From a player's account page:
make their account, an invitation (sent by email, or printed as a slip with a QR code), link an
existing account, or unlink it. A scorekeeper or a player's account can be deactivated. Every change
is a door of ``tournament.access.accounts``; these views only read forms and show the outcome.
"""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.mail import send_mail
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tournament.access import accounts, invitations
from tournament.access.request_meta import request_meta
from tournament.forms.accounts import AccountForm, InviteForm, LinkForm
from tournament.forms.competitions import StaffForm
from tournament.models import Invitation, Player
from tournament.privacy.erase import may_erase

from .access import managed_competition, organiser_required

SESSION_LINKS = "invitation_links"  # invitation id -> its secret, for the slip page of this session only


def staff_context(competition, *, account_form=None, invite_form=None) -> dict:
    """What the staff page shows below the staff form: scorekeepers' accounts and open invitations."""
    return {
        "keepers": competition.scorekeepers.select_related("player").order_by("username"),
        # Organisers' accounts are a superuser's to switch off
        # (tournament.access.accounts.account_set_active).
        "organiser_ids": set(
            competition.scorekeepers.filter(organised__isnull=False).values_list("pk", flat=True)
        ),
        "account_form": account_form or AccountForm(prefix="account"),
        "invite_form": invite_form or InviteForm(prefix="invite"),
        "invitations": _open_invitations(competition).filter(role=Invitation.Role.SCOREKEEPER),
    }


def _open_invitations(competition):
    return competition.invitations.filter(
        used_at=None, withdrawn_at=None, expires_at__gt=timezone.now()
    ).select_related("player")


def _problems(form, exc: accounts.AccountError) -> None:
    for field, problems in exc.problems.items():
        for problem in problems:
            form.add_error(field if field in form.fields else None, problem)


def _invite(request, competition, form, *, role, player=None):
    """Make the invitation, keep its link for this session's slip page, and email it if asked."""
    invitation, token = invitations.invitation_create(
        competition,
        role=role,
        player=player,
        email=form.cleaned_data["email"],
        user=request.user,
        meta=request_meta(request),
    )
    request.session.setdefault(SESSION_LINKS, {})[str(invitation.pk)] = token
    request.session.modified = True
    if invitation.email:
        link = request.build_absolute_uri(reverse("invitation_use", args=[token]))
        body = render_to_string("organiser/invitation_email.txt", {"invitation": invitation, "link": link})
        subject = _("Your invitation to %(competition)s") % {"competition": competition.name}
        try:
            send_mail(subject, body, None, [invitation.email])
        except OSError:
            messages.warning(request, _("The email could not be sent: print the slip or copy the link."))
        else:
            messages.success(request, _("Invitation sent to %(email)s.") % {"email": invitation.email})
    return redirect("organiser:invitation", invitation.pk)


@organiser_required
@require_POST
def staff_accounts(request, pk: int):
    """A scorekeeper's account (``action=create``) or an invitation to be one (``action=invite``)."""
    competition = managed_competition(request, pk)
    action = request.POST.get("action")
    account_form = AccountForm(request.POST if action == "create" else None, prefix="account")
    invite_form = InviteForm(request.POST if action == "invite" else None, prefix="invite")
    role = Invitation.Role.SCOREKEEPER
    if action == "invite" and invite_form.is_valid():
        return _invite(request, competition, invite_form, role=role)
    if action == "create" and account_form.is_valid():
        try:
            account = accounts.account_create(
                competition,
                role=role,
                username=account_form.cleaned_data["username"],
                password=account_form.cleaned_data["password1"],
                email=account_form.cleaned_data["email"],
                user=request.user,
                meta=request_meta(request),
            )
        except accounts.AccountError as exc:
            _problems(account_form, exc)
        else:
            messages.success(request, _("%(name)s can now log in and keep score.") % {"name": account})
            return redirect("organiser:staff", competition.pk)
    context = {
        "competition": competition,
        "form": StaffForm(
            initial=StaffForm.initial_for(competition), competition=competition, user=request.user
        ),
        **staff_context(competition, account_form=account_form, invite_form=invite_form),
    }
    return render(request, "organiser/staff.html", context, status=400)


def _entered_player(competition, player_pk: int) -> Player:
    player = get_object_or_404(Player.objects.select_related("user"), pk=player_pk)
    if not competition.entries.filter(player=player).exists():
        raise PermissionDenied(_("This player is not entered in this competition."))
    return player


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def player_account(request, pk: int, player_pk: int):
    """A player's login: make it, invite them, link an existing one, or unlink it."""
    competition = managed_competition(request, pk)
    player = _entered_player(competition, player_pk)
    action = request.POST.get("action") if request.method == "POST" else None
    forms = {
        "account_form": AccountForm(request.POST if action == "create" else None, prefix="account"),
        "invite_form": InviteForm(request.POST if action == "invite" else None, prefix="invite"),
        "link_form": LinkForm(request.POST if action == "link" else None, prefix="link"),
    }
    meta = request_meta(request)
    if action is not None:
        try:
            done = _player_action(request, competition, player, action, forms, meta)
        except accounts.AccountError as exc:
            _problems(forms[f"{action}_form" if action != "create" else "account_form"], exc)
            done = None
        if done is not None:
            return done
    context = {
        "competition": competition,
        "player": player,
        "invitations": _open_invitations(competition).filter(player=player),
        "may_erase": may_erase(request.user, player),  # the person's data (issue 51)
        **forms,
    }
    return render(request, "organiser/player_account.html", context, status=400 if action else 200)


def _player_action(request, competition, player, action, forms, meta):
    back = redirect("organiser:player_account", competition.pk, player.pk)
    role = Invitation.Role.PLAYER
    if action == "invite" and forms["invite_form"].is_valid():
        return _invite(request, competition, forms["invite_form"], role=role, player=player)
    if action == "create" and forms["account_form"].is_valid():
        data = forms["account_form"].cleaned_data
        account = accounts.account_create(
            competition,
            role=role,
            player=player,
            username=data["username"],
            password=data["password1"],
            email=data["email"],
            user=request.user,
            meta=meta,
        )
        messages.success(request, _("%(name)s can now log in.") % {"name": account})
        return back
    if action == "link" and forms["link_form"].is_valid():
        account = forms["link_form"].cleaned_data["username"]
        accounts.player_link(competition, player, account, user=request.user, meta=meta)
        messages.success(
            request, _("%(player)s is linked to %(name)s.") % {"player": player.name, "name": account}
        )
        return back
    if action == "unlink":
        accounts.player_unlink(competition, player, user=request.user, meta=meta)
        messages.success(request, _("%(player)s has no account now.") % {"player": player.name})
        return back
    if action not in ("invite", "create", "link"):
        return HttpResponseBadRequest()
    return None


@organiser_required
@require_POST
def account_active(request, pk: int, user_pk: int):
    """Deactivate (``active=0``) or reactivate (``active=1``) a scorekeeper's or player's account."""
    competition = managed_competition(request, pk)
    account = get_object_or_404(get_user_model(), pk=user_pk)
    active = request.POST.get("active") == "1"
    try:
        accounts.account_set_active(
            competition, account, active=active, user=request.user, meta=request_meta(request)
        )
    except accounts.AccountError as exc:
        messages.error(request, str(exc))
    else:
        text = _("%(name)s can log in again.") if active else _("%(name)s can no longer log in.")
        messages.success(request, text % {"name": account})
    return redirect("organiser:players" if request.POST.get("back") == "players" else "organiser:staff", pk)


@never_cache
@organiser_required
def invitation(request, pk: int):
    """The invitation's slip: its link and QR code, to print; the link is shown only in the session
    that made it (the database keeps only its digest)."""
    invitation = get_object_or_404(Invitation.objects.select_related("competition", "player"), pk=pk)
    competition = managed_competition(request, invitation.competition_id)
    token = request.session.get(SESSION_LINKS, {}).get(str(invitation.pk))
    link = qr = None
    if token and invitation.pending:
        link = request.build_absolute_uri(reverse("invitation_use", args=[token]))
        # Inline <svg> markup (no data: URI, no style attribute): allowed by the Content-Security-Policy.
        svg = segno.make(link, error="m").svg_inline(
            scale=5, border=2, svgclass="qr", lineclass=None, omitsize=True, title=_("The invitation's link")
        )
        qr = mark_safe(svg)  # noqa: S308 - made here from our own link
    return render(
        request,
        "organiser/invitation.html",
        {"competition": competition, "invitation": invitation, "link": link, "qr": qr},
    )


@organiser_required
@require_POST
def invitation_withdraw(request, pk: int):
    invitation = get_object_or_404(Invitation.objects.select_related("competition", "player"), pk=pk)
    managed_competition(request, invitation.competition_id)
    invitations.invitation_withdraw(invitation, user=request.user, meta=request_meta(request))
    request.session.get(SESSION_LINKS, {}).pop(str(invitation.pk), None)
    request.session.modified = True
    messages.success(request, _("The invitation was withdrawn: its link no longer works."))
    if invitation.player_id:
        return redirect("organiser:player_account", invitation.competition_id, invitation.player_id)
    return redirect("organiser:staff", invitation.competition_id)
