"""The organiser's stage forms (issue 49; issue 53: no hand-parsed POST): a stage's settings, the stage
page's actions, and a category's players. The doors (``tournament.stages.services``,
``tournament.stages.categories``) check the rules; these only read and type the fields."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.forms import ID_MAX
from tournament.models import Club, Player, Stage
from tournament.stages.services import MAX_CATEGORY, MAX_CUT, MAX_NAME

CUT_FIELDS = ("cut_size", "source", "category", "category_club", "carry_over")


def _an_id(value) -> bool:
    text = str(value)  # its length first: a long enough text is no integer for Python (4300 digits)
    return text.isascii() and text.isdigit() and len(text) <= len(str(ID_MAX)) and int(text) <= ID_MAX


class RowChoice(forms.ModelChoiceField):
    """A row by id; a value that is no id is "not one of the choices", never asked of the database."""

    def to_python(self, value):
        if value not in self.empty_values and not _an_id(value):
            raise forms.ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


class RowsChoice(forms.ModelMultipleChoiceField):
    """Rows by id, each checked as ``RowChoice`` checks one."""

    def _check_values(self, value):
        for pk in value:
            if not _an_id(pk):
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"], code="invalid_pk_value", params={"pk": pk}
                )
        return super()._check_values(value)


class StageForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=MAX_NAME)
    seating = forms.ChoiceField(label=_("Seating"), choices=Stage.Seating.choices, initial=Stage.Seating.DRAW)
    cut_size = forms.IntegerField(
        label=_("Cut to the top (players)"), required=False, min_value=1, max_value=MAX_CUT
    )
    source = RowChoice(
        label=_("Cut from the stage"), queryset=Stage.objects.none(), required=False,
        empty_label=_("the stage before"),
    )  # fmt: skip
    category = forms.CharField(
        label=_("Only one category of entries (its own cut)"), required=False, max_length=MAX_CATEGORY,
        widget=forms.TextInput(attrs={"list": "category-names"}),
        help_text=_("Newcomers, women, seniors, or your club's own word: see the categories below."),
    )  # fmt: skip
    category_club = RowChoice(
        label=_("Only one club's players (its own cut)"), queryset=Club.objects.order_by("name"),
        required=False,
    )  # fmt: skip
    carry_over = forms.ChoiceField(
        label=_("Carry-over"), choices=Stage.CarryOver.choices, initial=Stage.CarryOver.ZERO
    )
    advance = forms.TypedChoiceField(
        label=_("Knockout: players of each table who go on"), choices=[(2, "2"), (1, "1")], coerce=int,
        initial=2,
    )  # fmt: skip

    def __init__(self, *args, competition, stage: Stage | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        earlier = competition.stages.all()
        if stage is not None:
            earlier = earlier.filter(number__lt=stage.number)
        self.first = not earlier.exists()
        if self.first:  # the first stage takes every entrant: no cut to set
            for name in CUT_FIELDS:
                del self.fields[name]
        else:
            self.fields["source"].queryset = earlier

    def clean_category(self):
        return self.cleaned_data.get("category", "").strip()

    def door_values(self) -> dict:
        """The cleaned values as the doors take them (a first stage's cut fields at their defaults)."""
        values = dict(self.cleaned_data)
        if self.first:
            values["carry_over"] = Stage.CarryOver.ZERO
        return values

    @classmethod
    def initial_of(cls, stage: Stage) -> dict:
        return {
            "name": stage.name, "seating": stage.seating, "cut_size": stage.cut_size,
            "source": stage.source_id, "category": stage.category, "category_club": stage.category_club_id,
            "carry_over": stage.carry_over, "advance": stage.advance,
        }  # fmt: skip


class StageActionForm(forms.Form):
    """One of the stage page's buttons: put a round in, publish the cut, replace a qualifier, seat a round."""

    action = forms.ChoiceField(choices=[(a, a) for a in ("add_round", "publish", "replace", "seat")])
    round = forms.IntegerField(required=False, min_value=1, max_value=2**63 - 1)
    player = forms.IntegerField(required=False, min_value=1, max_value=2**63 - 1)

    def clean(self):
        data = super().clean()
        action = data.get("action")
        if action in ("add_round", "seat") and not data.get("round"):
            raise forms.ValidationError(_("Choose a round."))
        if action == "replace" and not data.get("player"):
            raise forms.ValidationError(_("Choose a player."))
        return data


class CategoryForm(forms.Form):
    name = forms.CharField(
        label=_("Category"), max_length=MAX_CATEGORY, widget=forms.TextInput(attrs={"list": "category-names"})
    )
    players = RowsChoice(
        label=_("Players"), queryset=Player.objects.none(), widget=forms.SelectMultiple(attrs={"size": 8})
    )
    remove = forms.BooleanField(label=_("Take them out of the category"), required=False)

    def __init__(self, *args, competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = Player.objects.filter(entries__competition=competition).order_by(
            "name"
        )
