"""The organiser's forms for players confirming hands (issue 19): the setting and a ruling."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Competition, HandCheck


class ConfirmationSettingForm(forms.ModelForm):
    """What makes a hand count for the standings; saved by ``competition_set_confirmation``."""

    class Meta:
        model = Competition
        fields = ["confirmation", "confirmations_needed", "confirmation_minutes"]
        widgets = {"confirmation": forms.RadioSelect}

    def save(self, commit=True):  # never saves itself: the view calls the one door
        raise NotImplementedError("use tournament.league.competitions.competition_set_confirmation")


class RulingForm(forms.Form):
    ruling = forms.ChoiceField(choices=HandCheck.Ruling.choices)
    reason = forms.CharField(label=_("Why"), max_length=300)
