"""Forms of the people's data pages (issue 51): a person's contact corrected, an erasure's request date."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.privacy.contact import MAX_CONTACT


class ContactForm(forms.Form):
    contact = forms.CharField(
        label=_("Phone or email the organiser keeps"), max_length=MAX_CONTACT, required=False
    )
    email = forms.CharField(label=_("Email address for messages"), max_length=254, required=False)
    telegram_chat = forms.CharField(label=_("Telegram chat id"), max_length=20, required=False)
    whatsapp = forms.CharField(
        label=_("WhatsApp number"),
        max_length=20,
        required=False,
        help_text=_("With the country code: +6591234567."),
    )


class EraseForm(forms.Form):
    requested_on = forms.DateField(
        label=_("The person asked on"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("Kept as the proof of the request."),
    )
    confirm = forms.BooleanField(
        label=_("I understand: the name becomes a pseudonym and the contact details are gone for good."),
    )
