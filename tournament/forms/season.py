"""A season's forms (issue 33): the nights scheduled in one go, the night's seating from who is here."""

from __future__ import annotations

from datetime import date

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.season.schedule import MAX_NIGHTS, SeasonPlan

WEEKDAYS = [
    (0, _("Monday")), (1, _("Tuesday")), (2, _("Wednesday")), (3, _("Thursday")),
    (4, _("Friday")), (5, _("Saturday")), (6, _("Sunday")),
]  # fmt: skip


class DateInput(forms.DateInput):
    input_type = "date"


class TimeInput(forms.TimeInput):
    input_type = "time"


def _dates(text: str) -> list[date]:
    out = []
    for part in text.replace(",", " ").split():
        try:
            out.append(date.fromisoformat(part))
        except ValueError:
            raise forms.ValidationError(_("Write each date as YYYY-MM-DD.")) from None
    return out


class SeasonForm(forms.Form):
    # The first night says the weekday (issue 54): chosen only to have it checked against the first night.
    weekday = forms.TypedChoiceField(
        label=_("Weekday"),
        choices=[("", _("The first night's weekday")), *WEEKDAYS],
        coerce=int,
        required=False,
        empty_value=None,
    )
    starts = forms.TimeField(label=_("Starts at"), widget=TimeInput())
    ends = forms.TimeField(label=_("Ends at"), widget=TimeInput())
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    first_night = forms.DateField(label=_("First night"), widget=DateInput())
    nights = forms.IntegerField(label=_("Number of nights"), min_value=1, max_value=MAX_NIGHTS)
    every_weeks = forms.TypedChoiceField(
        label=_("How often"),
        choices=[(1, _("Every week")), (2, _("Every second week"))],
        coerce=int,
        initial=1,
    )
    skip = forms.CharField(
        label=_("Nights skipped"),
        required=False,
        help_text=_("Dates with no night (a public holiday), YYYY-MM-DD."),
    )
    moved = forms.CharField(
        label=_("Nights moved"),
        required=False,
        help_text=_("Each as date=new date, for example 2027-02-09=2027-02-11."),
    )

    field_order = ["first_night", "weekday"]  # the first night says the weekday: it comes first (issue 54)

    def clean_skip(self):
        return _dates(self.cleaned_data.get("skip", ""))

    def clean_moved(self):
        out = {}
        for pair in self.cleaned_data.get("moved", "").replace(",", " ").split():
            old, sep, new = pair.partition("=")
            if not sep:
                raise forms.ValidationError(_("Write each move as date=new date."))
            (a,), (b,) = _dates(old) or [None], _dates(new) or [None]
            if a is None or b is None:
                raise forms.ValidationError(_("Write each move as date=new date."))
            out[a] = b
        return out

    def plan(self) -> SeasonPlan:
        data = self.cleaned_data
        weekday = data["first_night"].weekday() if data["weekday"] is None else data["weekday"]
        return SeasonPlan(
            **{**data, "weekday": weekday, "skip": tuple(data["skip"]), "moved": dict(data["moved"])}
        )


class NightSeatingForm(forms.Form):
    reserves = forms.MultipleChoiceField(
        label=_("Reserves to fill a table"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Seated instead of giving byes: as many as the last table lacks."),
    )
    publish = forms.BooleanField(label=_("Publish at once"), required=False)
    seat_regulars = forms.BooleanField(
        label=_("Seat the regulars of a team without a lineup"), required=False, widget=forms.HiddenInput
    )

    def __init__(self, *args, reserves: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reserves"].choices = [(str(pk), name) for pk, name in reserves]

    def clean_reserves(self):
        return tuple(int(p) for p in self.cleaned_data.get("reserves", []))
