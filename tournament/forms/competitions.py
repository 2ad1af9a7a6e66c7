"""Competition set-up: the competition itself, its rule-set settings and its staff.

The rule-set settings form shows every setting of the chosen rule set with the
rule document's wording (``scoring.rulesets.describe_settings``) and stores in
``Competition.options`` only the settings that differ from the rule set as
published; ``get_ruleset(id, options)`` is the judge of what is allowed.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from scoring.errors import InvalidInput
from scoring.rulesets import describe_settings, following_settings, get_ruleset
from tournament.models import Competition
from tournament.standings_rank import METRICS, validate_order


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


class CompetitionForm(forms.ModelForm):
    class Meta:
        model = Competition
        fields = ["name", "kind", "rules", "capital", "starts_on", "ends_on"]
        widgets = {"starts_on": DateInput(), "ends_on": DateInput()}
        labels = {
            "name": _("Name"),
            "kind": _("Kind"),
            "rules": _("Rule set"),
            "capital": _("Capital"),
            "starts_on": _("Starts on"),
            "ends_on": _("Ends on"),
        }
        help_texts = {"capital": _("Chips each player starts a session with.")}

    def clean(self):
        cleaned = super().clean()
        starts, ends = cleaned.get("starts_on"), cleaned.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("The competition cannot end before it starts."))
        capital = cleaned.get("capital")
        if capital is not None and capital < 1:
            self.add_error("capital", _("Players need at least one chip to start a session."))
        return cleaned


def _as_text(value: Any) -> str:
    """A setting's value as the organiser types it: numbers and words plain, lists and tables as JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value)


def _from_text(text: str, like: Any) -> Any:
    """Parse what the organiser typed, read as the shape of the published value ``like``."""
    text = text.strip()
    if isinstance(like, str):
        return text
    if text == "":
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise forms.ValidationError(
            _("Not a value: write a whole number, true/false, or a list such as [1, 2].")
        ) from None


class RulesetOptionsForm(forms.Form):
    """One field per setting of the competition's rule set; ``options`` is the organiser's changes.

    After ``is_valid()``, ``self.options`` holds the settings that differ from the
    published rule set, already accepted by ``get_ruleset``.
    """

    def __init__(self, *args, competition: Competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.competition = competition
        self.base = get_ruleset(competition.rules)
        try:
            current = get_ruleset(competition.rules, competition.options or None)
        except InvalidInput:  # stored options no longer valid (the rule set changed): start from it
            current = self.base
        self.published = {row["key"]: row["value"] for row in describe_settings(self.base)}
        self.settings = describe_settings(current)
        # settings the rule set derives from limit_doubles (a doubling price table): left alone,
        # they follow the limit the organiser sets rather than pinning the values shown
        self.follow = following_settings(current) - set(competition.options or {})
        self.shown = {row["key"]: row["value"] for row in self.settings}
        self.options: dict[str, Any] = {}
        for row in self.settings:
            key, value, like = row["key"], row["value"], self.published[row["key"]]
            label = row["description"] or key
            if isinstance(like, bool) or isinstance(value, bool):
                field = forms.TypedChoiceField(
                    label=label,
                    choices=[("true", _("yes")), ("false", _("no"))],
                    coerce=lambda v: v == "true",
                    initial="true" if value else "false",
                )
            else:
                field = forms.CharField(label=label, required=False, initial=_as_text(value))
            field.widget.attrs["id"] = f"id_{key}"
            self.fields[key] = field
            row["field"] = key

    def rows(self):
        """The settings for the template: each with its bound field, grouped scoring first."""
        for row in self.settings:
            yield {
                **row,
                "bound": self[row["key"]],
                "changed": row["key"] in (self.competition.options or {}),
            }

    def clean(self):
        cleaned = super().clean()
        options: dict[str, Any] = {}
        for key, like in self.published.items():
            if key not in cleaned:
                continue  # that field already has an error
            raw = cleaned[key]
            if isinstance(raw, bool):
                value = raw
            else:
                try:
                    value = _from_text(raw, like if like is not None else 0)
                except forms.ValidationError as exc:
                    self.add_error(key, exc)
                    continue
            if value != like and not (key in self.follow and value == self.shown[key]):
                options[key] = value
        if self.errors:
            return cleaned
        try:
            get_ruleset(self.competition.rules, options)
        except InvalidInput as exc:
            for error in exc.errors:
                field = (error.field or "").removeprefix("options.")
                self.add_error(field if field in self.fields else None, error.message)
            return cleaned
        self.options = options
        return cleaned


def _users(text: str) -> tuple[list, list[str]]:
    User = get_user_model()
    names = [n.strip() for n in text.replace("\n", ",").split(",") if n.strip()]
    found = {u.username.lower(): u for u in User.objects.filter(username__in=names)}
    for name in names:  # usernames are case-sensitive in Django; accept the one account either way
        if name.lower() not in found:
            match = User.objects.filter(username__iexact=name).first()
            if match:
                found[name.lower()] = match
    missing = [n for n in names if n.lower() not in found]
    users = list({u.pk: u for n in names if (u := found.get(n.lower()))}.values())
    return users, missing


class UsernamesField(forms.Field):
    """People ticked in a searchable list of accounts; usernames typed one a line still count
    (the posted values are joined and read by ``_users``)."""

    widget = forms.CheckboxSelectMultiple

    def to_python(self, value) -> str:
        if isinstance(value, list | tuple):
            return "\n".join(str(v) for v in value)
        return value or ""


def staff_choices(competition: Competition) -> list[tuple[str, str]]:
    """Every active account, the competition's staff first, each named with its full name if any."""
    staff = set(competition.organisers.values_list("pk", flat=True)) | set(
        competition.scorekeepers.values_list("pk", flat=True)
    )
    users = get_user_model().objects.filter(is_active=True).order_by("username")
    ordered = sorted(users, key=lambda u: (u.pk not in staff, u.username.casefold()))
    return [
        (u.username, f"{u.get_full_name()} ({u.username})" if u.get_full_name() else u.username)
        for u in ordered
    ]


class StaffForm(forms.Form):
    """Organisers and scorekeepers, ticked in a list of accounts that a filter box searches (issue 14)."""

    organisers = UsernamesField(label=_("Organisers"), required=False)
    scorekeepers = UsernamesField(label=_("Scorekeepers"), required=False)

    def __init__(self, *args, competition: Competition, **kwargs):
        super().__init__(*args, **kwargs)
        choices = staff_choices(competition)
        for name in ("organisers", "scorekeepers"):
            self.fields[name].widget.choices = choices

    @classmethod
    def initial_for(cls, competition: Competition) -> dict:
        return {
            "organisers": list(
                competition.organisers.order_by("username").values_list("username", flat=True)
            ),
            "scorekeepers": list(
                competition.scorekeepers.order_by("username").values_list("username", flat=True)
            ),
        }

    def _clean_users(self, name: str) -> list:
        users, missing = _users(self.cleaned_data.get(name, ""))
        if missing:
            raise forms.ValidationError(
                _("No account with the username: %(names)s") % {"names": ", ".join(missing)}
            )
        return users

    def clean_organisers(self):
        users = self._clean_users("organisers")
        if not users:
            raise forms.ValidationError(_("A competition needs at least one organiser."))
        return users

    def clean_scorekeepers(self):
        return self._clean_users("scorekeepers")


TIEBREAK_FIELDS = 4
# The metrics' names in the organiser's language (standings_rank imports only the standard library).
METRIC_LABELS = {
    "net_chips": _("net chips"),
    "hands_won": _("hands won"),
    "biggest_hand": _("biggest hand (doubles)"),
    "self_drawn_wins": _("self-drawn wins"),
    "za_hu": _("Za Hu (false wins)"),
    "sessions": _("sessions played"),
    "chips_per_session": _("chips per session"),
}


def metric_label(name: str) -> str:
    return str(METRIC_LABELS.get(name, METRICS[name].label))


def _metric_choices() -> list[tuple[str, str]]:
    """Each metric in its natural direction, then taken the other way (``-name``)."""
    natural, reverse = [], []
    for m in METRICS.values():
        best, worst = (
            (_("most first"), _("fewest first")) if m.more_is_better else (_("fewest first"), _("most first"))
        )
        natural.append((m.name, f"{metric_label(m.name)} ({best})"))
        reverse.append((f"-{m.name}", f"{metric_label(m.name)} ({worst})"))
    return [("", "—"), *natural, *reverse]


class StandingsSettingsForm(forms.ModelForm):
    """How the standings rank: the tie-break order, shared places, withdrawn players, substitutes."""

    class Meta:
        model = Competition
        fields = ["shared_places", "withdrawn_standing", "substitute_results"]
        widgets = {
            "withdrawn_standing": forms.RadioSelect,
            "substitute_results": forms.RadioSelect,
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        order = list(self.instance.standings_order or [])
        tiebreaks = {}
        for i in range(TIEBREAK_FIELDS):
            tiebreaks[f"tiebreak_{i + 1}"] = forms.ChoiceField(
                label=_("Ranked by") if i == 0 else _("then by"),
                choices=_metric_choices(),
                required=i == 0,
                initial=order[i] if i < len(order) else "",
            )
        # The order first, as the organiser reads the page.
        self.fields = {**tiebreaks, **self.fields}

    def clean(self):
        cleaned = super().clean()
        order, seen = [], set()
        for i in range(TIEBREAK_FIELDS):
            picked = cleaned.get(f"tiebreak_{i + 1}")
            if not picked:
                continue
            name = picked.removeprefix("-")
            if name in seen:
                self.add_error(
                    f"tiebreak_{i + 1}",
                    _("%(metric)s is already in the order above.") % {"metric": metric_label(name)},
                )
                return cleaned
            seen.add(name)
            order.append(picked)
        try:
            cleaned["standings_order"] = list(validate_order(order))
        except ValueError as exc:
            self.add_error(None, str(exc))
        return cleaned

    def save(self, commit=True):
        self.instance.standings_order = self.cleaned_data["standings_order"]
        return super().save(commit)
