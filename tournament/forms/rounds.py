"""Rounds: the schedule, the seating options, a swap, the tables' scorekeepers."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.access.names import person_name
from tournament.models import Round
from tournament.tables.ledger.guard import INT_MAX

MAX_SERIES = 52  # rounds scheduled at once: a weekly league's year


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%dT%H:%M", **kwargs)


class RoundForm(forms.ModelForm):
    class Meta:
        model = Round
        fields = ["number", "starts_at", "ends_at", "venue"]
        widgets = {"starts_at": DateTimeInput(), "ends_at": DateTimeInput()}
        labels = {
            "number": _("Number"),
            "starts_at": _("Starts at"),
            "ends_at": _("Ends at"),
            "venue": _("Venue"),
        }

    def __init__(self, *args, competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.competition = competition
        for name in ("starts_at", "ends_at"):
            self.fields[name].input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"]

    def clean_number(self):
        number = self.cleaned_data["number"]
        if number < 1:
            raise forms.ValidationError(_("Rounds are numbered from 1."))
        if number > INT_MAX:
            raise forms.ValidationError(_("A round number goes up to %(max)s.") % {"max": INT_MAX})
        taken = Round.objects.filter(competition=self.competition, number=number).exclude(pk=self.instance.pk)
        if taken.exists():
            raise forms.ValidationError(_("There is a round %(n)s already.") % {"n": number})
        return number

    def clean(self):
        cleaned = super().clean()
        starts, ends = cleaned.get("starts_at"), cleaned.get("ends_at")
        if starts and ends and ends <= starts:
            self.add_error("ends_at", _("The round must end after it starts."))
        return cleaned

    def save(self, commit=True):
        self.instance.competition = self.competition
        return super().save(commit)


class ScheduleForm(RoundForm):
    """A round, or several at once (issue 32): a night's rounds in one trip, the venue typed once."""

    count = forms.IntegerField(
        label=_("How many rounds"), min_value=1, max_value=MAX_SERIES, initial=1, required=False
    )
    every_days = forms.IntegerField(
        label=_("One every (days)"),
        min_value=1,
        max_value=90,
        initial=7,
        required=False,
        help_text=_("Several rounds: the same times and venue, this many days apart."),
    )

    def clean(self):
        cleaned = super().clean()
        cleaned["count"] = cleaned.get("count") or 1
        cleaned["every_days"] = cleaned.get("every_days") or 7
        if cleaned["count"] > 1 and not cleaned.get("starts_at"):
            self.add_error("starts_at", _("Give the first round's start to schedule several rounds."))
        return cleaned


class SeatingForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Draw number (optional)"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=_("Leave it empty for a new draw; the same number draws the same seating again."),
    )
    swiss = forms.BooleanField(
        label=_("Swiss seating"), required=False, help_text=_("Players with close chip totals sit together.")
    )
    seat_regulars = forms.BooleanField(
        label=_("Seat the regulars of a team without a lineup"), required=False, widget=forms.HiddenInput
    )


class SwapForm(forms.Form):
    player_a = forms.TypedChoiceField(label=_("Player"), coerce=int)
    player_b = forms.TypedChoiceField(label=_("swaps with"), coerce=int)

    def __init__(self, *args, seated: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—"), *seated]
        self.fields["player_a"].choices = choices
        self.fields["player_b"].choices = choices

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("player_a") is not None and cleaned.get("player_a") == cleaned.get("player_b"):
            raise forms.ValidationError(_("Choose two different players."))
        return cleaned


class ScorekeepersForm(forms.Form):
    """One choice per table: who keeps its score."""

    def __init__(self, *args, tables, staff, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", _("(nobody)"))] + [(str(u.pk), person_name(u)) for u in staff]
        self.tables = list(tables)
        for table in self.tables:
            self.fields[f"table_{table.pk}"] = forms.TypedChoiceField(
                label=_("Table %(n)s") % {"n": table.number},
                choices=choices,
                required=False,
                coerce=int,
                empty_value=None,
                initial=table.scorekeeper_id or "",
            )

    def assignments(self):
        """(table, user id or None) for every table."""
        return [(t, self.cleaned_data.get(f"table_{t.pk}")) for t in self.tables]
