"""Competition set-up: the competition itself, its rule-set settings and its staff.

The rule-set settings are a form of their own, the rule card (``tournament.forms.rulecard``), which
shows every setting with the rule document's wording and stores in
``Competition.options`` only the settings that differ from the rule set as
published; ``get_ruleset(id, options)`` is the judge of what is allowed.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from tournament.access.names import person_label
from tournament.access.roles import people_beyond
from tournament.models import Competition
from tournament.standings.rank import METRICS, validate_order


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


MAX_CAPITAL = 10**9  # as the API says (tournament.api.serializers: a sane bound in the column)


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
        if capital is not None and capital > MAX_CAPITAL:  # the API's bound too: more overflows the chip sums
            self.add_error("capital", _("At most %(max)s chips.") % {"max": MAX_CAPITAL})
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


def staff_choices(competition: Competition, user=None) -> list[tuple[str, str]]:
    """The accounts ``user`` may put on the staff, the competition's staff first, each named with its full
    name if any: the staff, the organiser's own people and people in no competition yet (issue 48: never
    a person of a competition ``user`` does not organise; a superuser sees every active account)."""
    staff = set(competition.organisers.values_list("pk", flat=True)) | set(
        competition.scorekeepers.values_list("pk", flat=True)
    )
    users = get_user_model().objects.filter(is_active=True).select_related("player").order_by("username")
    if user is not None and not user.is_superuser:
        users = users.exclude(pk__in=people_beyond(user)["accounts"].exclude(pk__in=staff))
    ordered = sorted(users, key=lambda u: (u.pk not in staff, u.username.casefold()))
    return [(u.username, person_label(u)) for u in ordered]


class StaffForm(forms.Form):
    """Organisers and scorekeepers, ticked in a list of accounts that a filter box searches (issue 14)."""

    organisers = UsernamesField(label=_("Organisers"), required=False)
    scorekeepers = UsernamesField(label=_("Scorekeepers"), required=False)

    def __init__(self, *args, competition: Competition, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = staff_choices(competition, user)
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


def _at_most(value, low: int):
    """A season's nights needed or counted (issue 33): ``low`` to 1,000, or empty."""
    if value is not None and not low <= value <= 1000:
        raise forms.ValidationError(_("Say from %(low)s to 1000 nights.") % {"low": low})
    return value


class StandingsSettingsForm(forms.ModelForm):
    """How the standings rank: the tie-break order, shared places, withdrawn players, substitutes."""

    class Meta:
        model = Competition
        fields = [
            "shared_places",
            "withdrawn_standing",
            "substitute_results",
            "min_sessions",
            "best_sessions",
        ]
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
        self.fields["min_sessions"].required = False  # empty: every player is ranked
        # The order first, as the organiser reads the page.
        self.fields = {**tiebreaks, **self.fields}

    def clean_min_sessions(self):
        return _at_most(self.cleaned_data.get("min_sessions"), 0) or 0

    def clean_best_sessions(self):
        return _at_most(self.cleaned_data.get("best_sessions"), 1)

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
