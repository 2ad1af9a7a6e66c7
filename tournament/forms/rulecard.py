"""The rule card form: every setting of a competition's rule set as an input of its own shape (issue 14).

Numbers are number inputs, yes/no settings checkboxes, choices lists of
words, lists of hands and the price table editable rows (each with "remove"
and one blank row to add; ``static/js/rulecard.js`` adds more without a
reload). After ``is_valid()``, ``options`` holds the settings that differ from
the published rule set, already accepted by ``get_ruleset``; the view hands
them to the one door, ``competition_set_rules``.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.errors import InvalidInput
from scoring.hand_values import CODE_LISTS, HAND_CODES
from scoring.rulesets import (
    CHOICES,
    MAX_SETTING,
    describe_settings,
    following_settings,
    get_ruleset,
)
from scoring.rulesets import _nullable as nullable  # noqa: PLC2701 - the engine's own rule of "may be empty"
from tournament.league import rulecard
from tournament.models import Competition

PAIRS = ("ping_hu_price", "limit_price")
PARTS = (("full", _("Full price")), ("half", _("Half price")))
EMPTY = {
    "min_doubles_self_drawn": _("same as any win")
}  # what an empty number means, where not "not counted"


def kind_of(key: str, like: Any) -> str:
    """How a setting is entered, read from the published value's shape."""
    if isinstance(like, bool):
        return "bool"
    if key in CHOICES:
        return "choices" if isinstance(like, list) else "choice"
    if key in PAIRS:
        return "pair"
    if isinstance(like, dict):
        return "mapping"
    if isinstance(like, list):
        return "table" if like and isinstance(like[0], list) else "hands"
    return "number" if like is None or isinstance(like, int) else "text"


def number(required: bool, initial: Any, **attrs) -> forms.IntegerField:
    return forms.IntegerField(
        required=required,
        min_value=0,
        max_value=MAX_SETTING,
        initial=initial,
        widget=forms.NumberInput(attrs={"min": 0, "max": MAX_SETTING, "inputmode": "numeric", **attrs}),
    )


def _posted_rows(data, key: str) -> int:
    """How many rows of ``key`` the browser sent (the page's script may have added some)."""
    found = [int(m.group(1)) for name in (data or {}) if (m := re.fullmatch(rf"{key}-(\d+)-\w+", name))]
    return max(found) + 1 if found else 0


class RuleCardForm(forms.Form):
    def __init__(self, *args, competition: Competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.competition = competition
        self.base = get_ruleset(competition.rules)
        try:
            current = get_ruleset(competition.rules, competition.options or None)
        except InvalidInput:  # stored options no longer valid (the rule set changed): start from it
            current = self.base
        self.published = {row["key"]: row["value"] for row in describe_settings(self.base)}
        # settings the rule set derives from the limit (a doubling price table): left alone, they
        # follow the limit the organiser sets rather than pinning the values shown (issue 16)
        self.follow = following_settings(current) - set(competition.options or {})
        self.settings = describe_settings(current)
        self.shown = {row["key"]: row["value"] for row in self.settings}
        self.kinds = {k: kind_of(k, v if v is not None else self.shown[k]) for k, v in self.published.items()}
        self.names: dict[str, list[str]] = {}  # setting -> its fields, in the page's order
        self.options: dict[str, Any] = {}
        for key, value in self.shown.items():
            self._add_fields(key, value)

    # ------------------------------------------------------------ the inputs

    def _field(self, key: str, name: str, field: forms.Field) -> None:
        field.widget.attrs.setdefault("id", f"id_{name}")
        self.fields[name] = field
        self.names.setdefault(key, []).append(name)

    def _add_fields(self, key: str, value: Any) -> None:
        kind, label = self.kinds[key], rulecard.label(key)
        if kind == "bool":
            self._field(key, key, forms.BooleanField(required=False, initial=bool(value), label=label))
        elif kind == "number":
            empty = {"placeholder": EMPTY.get(key, _("not counted"))} if nullable(key) else {}
            self._field(key, key, number(not nullable(key), value, **empty))
        elif kind == "choice":
            choices = [(c, rulecard.words(c)) for c in CHOICES[key]]
            self._field(key, key, forms.ChoiceField(choices=choices, initial=value))
        elif kind == "choices":
            choices = [(c, rulecard.words(c)) for c in CHOICES[key]]
            field = forms.MultipleChoiceField(
                choices=choices, required=False, initial=list(value), widget=forms.CheckboxSelectMultiple
            )
            self._field(key, key, field)
        elif kind == "pair":
            for i, (part, _words) in enumerate(PARTS):
                self._field(key, f"{key}-{part}", number(not nullable(key), value[i] if value else None))
        elif kind == "mapping":
            for entry, parts in value.items():
                for part, amount in parts.items():
                    self._field(key, f"{key}-{entry}-{part}", number(True, amount))
        elif kind in ("hands", "table"):
            rows = max(len(value) + 1, _posted_rows(self.data, key))
            for i in range(rows):
                row = value[i] if i < len(value) else None
                if kind == "hands":
                    known = CODE_LISTS.get(key, HAND_CODES)
                    choices = [("", "—")] + [(c, rulecard.label(c)) for c in HAND_CODES if c in known]
                    field = forms.ChoiceField(choices=choices, required=False, initial=row)
                    field.widget.attrs["aria-label"] = label
                    self._field(key, f"{key}-{i}-hand", field)
                else:
                    for j, (part, words) in enumerate(PARTS):
                        self._field(key, f"{key}-{i}-{part}", number(False, row[j] if row else None))
                        self.fields[f"{key}-{i}-{part}"].widget.attrs["aria-label"] = words
                remove = forms.BooleanField(required=False)
                remove.widget.attrs["aria-label"] = _("Remove")
                self._field(key, f"{key}-{i}-remove", remove)
        else:
            self._field(key, key, forms.CharField(required=False, initial=value))

    # ------------------------------------------------------------ reading them back

    def _value(self, key: str, cleaned: dict) -> Any:
        kind, names = self.kinds[key], self.names[key]
        if kind in ("bool", "number", "choice", "text"):
            return cleaned.get(key)
        if kind == "choices":
            ticked = set(cleaned.get(key) or ())
            published = self.published[
                key
            ]  # the published order stays, so ticking nothing new changes nothing
            return [c for c in published if c in ticked] + [
                c for c in CHOICES[key] if c in ticked and c not in published
            ]
        if kind == "pair":
            full, half = cleaned.get(f"{key}-full"), cleaned.get(f"{key}-half")
            if full is None and half is None:
                return None
            if full is None or half is None:
                raise forms.ValidationError(_("Give both the full and the half price."))
            return [full, half]
        if kind == "mapping":
            out: dict[str, dict[str, int]] = {}
            for name in names:
                _key, entry, part = name.split("-")
                out.setdefault(entry, {})[part] = cleaned.get(name)
            return out
        rows = []
        for i in range(len(names) // (2 if kind == "hands" else 3)):
            if cleaned.get(f"{key}-{i}-remove"):
                continue
            if kind == "hands":
                code = cleaned.get(f"{key}-{i}-hand")
                if code and code not in rows:
                    rows.append(code)
                continue
            full, half = cleaned.get(f"{key}-{i}-full"), cleaned.get(f"{key}-{i}-half")
            if full is None and half is None:
                continue
            if full is None or half is None:
                raise forms.ValidationError(
                    _("Row %(doubles)s: give both the full and the half price.") % {"doubles": i}
                )
            rows.append([full, half])
        if kind == "table" and not rows:
            raise forms.ValidationError(_("The table needs at least one row."))
        return rows

    def clean(self):
        cleaned = super().clean()
        bad = {name for name in self.errors}
        values: dict[str, Any] = {}
        for key, names in self.names.items():
            if bad & set(names):
                continue
            try:
                values[key] = self._value(key, cleaned)
            except forms.ValidationError as exc:
                self.add_error(names[0], exc)
        if self.errors:
            return cleaned
        options = {
            key: value
            for key, value in values.items()
            if value != self.published[key] and not (key in self.follow and value == self.shown[key])
        }
        try:
            get_ruleset(self.competition.rules, options)
        except InvalidInput as exc:
            for error in exc.errors:
                key = (error.field or "").removeprefix("options.")
                names = self.names.get(key)
                self.add_error(names[0] if names else None, self._in_words(error, values))
            return cleaned
        self.options = options
        return cleaned

    def _in_words(self, error, values: dict) -> str:
        if error.code == "price_table_too_short":
            return _(
                "A limit of %(limit)s doubles needs a price for every double up to it, but the price "
                "table stops at %(last)s doubles: add rows to the price table or lower the limit to "
                "%(last)s."
            ) % {"limit": values["limit_doubles"], "last": len(values["price_table"]) - 1}
        return _("This value does not fit the rule set (%(detail)s).") % {"detail": error.message}

    # ------------------------------------------------------------ for the page

    def errors_of(self, key: str) -> list[str]:
        return [str(e) for name in self.names.get(key, ()) for e in self.errors.get(name, ())]

    def groups(self) -> list[dict]:
        """The settings under their headings, each with its inputs, wording and published value."""
        return card_groups(self)


def card_groups(form) -> list[dict]:
    """The form's settings under their headings, each with its inputs, wording and published value."""
    groups: dict[str, dict] = {}
    for row in form.settings:
        key = row["key"]
        slug, heading = rulecard.group_of(key)
        group = groups.setdefault(slug, {"slug": slug, "heading": heading, "cards": []})
        bound = {name: form[name] for name in form.names[key]}
        published = form.published[key]
        card = {
            **row,
            "label": rulecard.label(key),
            "help": rulecard.help_text(key),
            "kind": form.kinds[key],
            "changed": row["value"] != published,
            "published_words": rulecard.in_words(key, published),
            "errors": form.errors_of(key),
            "fields": list(bound.values()),
        }
        if card["kind"] in ("hands", "table"):
            width = 2 if card["kind"] == "hands" else 3
            fields = card["fields"]
            card["rows"] = [
                {"doubles": i // width, "fields": fields[i : i + width - 1], "remove": fields[i + width - 1]}
                for i in range(0, len(fields), width)
            ]
        elif card["kind"] == "mapping":
            entries: dict[str, dict] = {}
            for name, field in bound.items():
                _key, entry, part = name.split("-")
                entries.setdefault(entry, {"words": rulecard.words(entry), "parts": []})["parts"].append(
                    {"words": rulecard.words(part), "field": field}
                )
            card["entries"] = list(entries.values())
        group["cards"].append(card)
    order = [slug for slug, _heading, _keys in rulecard.GROUPS] + [rulecard.OTHER[0]]
    return sorted(groups.values(), key=lambda g: order.index(g["slug"]))
