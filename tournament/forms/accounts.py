"""Forms of the accounts' pages: a new account (by an organiser or through an invitation), an
invitation, linking an account to a player. They validate; ``tournament.access.accounts`` changes state."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class AccountForm(UserCreationForm):
    """A username and a password chosen twice (Django's own checks), and an optional email address."""

    email = forms.EmailField(
        label=_("Email address"),
        required=False,
        help_text=_("Optional: lets the person reset a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(autocapitalize="none", autocomplete="username")

    def clean_username(self):
        username = super().clean_username()
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("This username is taken: choose another."))
        return username


class InvitationAcceptForm(AccountForm):
    """The person invited chooses their own username and password."""


class InviteForm(forms.Form):
    email = forms.EmailField(
        label=_("Email address"),
        required=False,
        help_text=_("Optional: the link is sent there. Without one, print the slip and hand it over."),
    )


class LinkForm(forms.Form):
    username = forms.CharField(label=_("Username of an existing account"), max_length=150)

    def clean_username(self):
        name = self.cleaned_data["username"].strip()
        account = get_user_model().objects.filter(username__iexact=name).first()
        if account is None:
            raise forms.ValidationError(_("No account with the username: %(names)s") % {"names": name})
        return account
