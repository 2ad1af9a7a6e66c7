"""The organiser's teams page forms (issue 53: no hand-parsed POST): the one change each button asks for,
and the team settings. They only read and type the fields; the doors (``tournament.teams.services``,
``league.competitions.competition_change``) check the rules and say what they refuse."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.forms import ID_MAX

ACTIONS = ("settings", "create", "rename", "delete", "add", "remove", "captain")


class TeamActionForm(forms.Form):
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    team = forms.IntegerField(required=False, min_value=1, max_value=ID_MAX)
    player = forms.IntegerField(required=False, min_value=1, max_value=ID_MAX)
    name = forms.CharField(required=False, strip=False)  # the door trims and bounds it, and says so
    short_name = forms.CharField(required=False, strip=False)
    substitute = forms.BooleanField(required=False)

    def clean(self):
        data = super().clean()
        action = data.get("action")
        if action not in (None, "settings", "create") and not data.get("team"):
            raise forms.ValidationError(_("Choose a team."))
        if action in ("add", "remove") and not data.get("player"):
            raise forms.ValidationError(_("Choose a player."))
        return data


class TeamSettingsForm(forms.Form):
    """The team settings as the door takes them: ``placing_points`` a list (None when it is not one, for
    the door to refuse with its words), ``lineup_deadline`` minutes (-1 when not a number, likewise)."""

    team_scoring = forms.CharField(required=False)
    placing_points = forms.CharField(required=False)
    lineup_deadline = forms.CharField(required=False)
    substitute_rule = forms.CharField(required=False)

    def door_values(self) -> dict:
        data = self.cleaned_data
        try:
            points = [int(p) for p in data["placing_points"].replace(" ", "").split(",")]
        except ValueError:
            points = None
        try:
            minutes = int(data["lineup_deadline"])
        except ValueError:
            minutes = -1
        return {
            "team_scoring": data["team_scoring"],
            "placing_points": points,
            "lineup_deadline": minutes,
            "substitute_rule": data["substitute_rule"],
        }
