"""Using an invitation, and the password reset's limits.

``invitation_use``: the person an invitation was made for chooses a username and a password, and is
logged in. The pages that make invitations are the organiser's (``views/organiser/accounts.py``); the
change of state is ``tournament.access.invitations.invitation_accept``.

``PasswordResetView``: Django's own, with two limits so the form cannot be used to flood a mailbox
or the mail server: requests per client address (more answer 429), and messages per address
(more are quietly not sent: the page says the same either way, so it tells nobody which
addresses have an account).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from tournament.access.accounts import AccountError
from tournament.access.invitations import InvitationInvalid, invitation_accept, invitation_find
from tournament.access.request_meta import client_ip, request_meta
from tournament.forms.accounts import InvitationAcceptForm
from tournament.project.rate_limit import allow
from tournament.views.landing import landing_url

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _invalid(request, reason: str):
    return render(request, "registration/invitation_invalid.html", {"reason": reason}, status=410)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def invitation_use(request, token: str):
    try:
        invitation = invitation_find(token)
    except InvitationInvalid as exc:
        return _invalid(request, exc.reason)
    form = InvitationAcceptForm(
        request.POST if request.method == "POST" and "use_mine" not in request.POST else None,
        initial={"email": invitation.email},
    )
    if request.method == "POST":
        mine = "use_mine" in request.POST and request.user.is_authenticated
        if mine or form.is_valid():
            try:
                account = invitation_accept(
                    token,
                    account=request.user if mine else None,
                    username="" if mine else form.cleaned_data["username"],
                    password="" if mine else form.cleaned_data["password1"],
                    email=None if mine else form.cleaned_data["email"] or None,  # what they typed (issue 47)
                    meta=request_meta(request),
                )
            except InvitationInvalid as exc:
                return _invalid(request, exc.reason)
            except AccountError as exc:
                for field, problems in exc.problems.items():
                    for problem in problems:
                        form.add_error(field if field in form.fields else None, problem)
            else:
                if not mine:
                    login(request, account, backend=BACKEND)
                messages.success(request, _("Welcome, %(name)s: your account is ready.") % {"name": account})
                return redirect(landing_url(account))  # where their evening is, as after a login
    return render(request, "registration/invitation_use.html", {"invitation": invitation, "form": form})


RESET_RATE_CLIENT = "10/hour"  # reset requests from one client address
RESET_RATE_ADDRESS = "3/hour"  # reset messages to one email address


class PasswordResetView(auth_views.PasswordResetView):
    def post(self, request, *args, **kwargs):
        if not allow("password-reset", client_ip(request), RESET_RATE_CLIENT):
            form = self.get_form()
            form.add_error(None, _("Too many requests: wait a moment, then retry."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        address = form.cleaned_data["email"].strip().lower()
        if not allow("password-reset-mail", address, RESET_RATE_ADDRESS):
            return redirect(self.get_success_url())
        return super().form_valid(form)
