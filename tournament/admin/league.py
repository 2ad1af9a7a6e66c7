"""The admin of competitions, rounds, tables and hands: a window on the league, never a side door (issue 13).

Every change it allows goes through the same door as the pages and the API
(``tournament.league.competitions``, ``tournament.rounds``, ``tournament.tables.ledger``)
with the same object-level right; the ledger and the audit log are read-only.
"""

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournament.access.request_meta import request_meta
from tournament.access.roles import people_beyond
from tournament.admin.windows import CompetitionScoped, ReadOnlyAdmin, ReadOnlyInline
from tournament.forms.competitions import MAX_CAPITAL
from tournament.league.competitions import (
    CAPITAL_FIXED,
    CHANGEABLE,
    CompetitionError,
    capital_fixed,
    check_rules,
    check_staff_reach,
    check_team_settings,
    competition_change,
    competition_create,
    competition_set_rules,
    competition_set_staff,
    table_set_scorekeeper,
)
from tournament.models import (
    ChipTransfer,
    Competition,
    Entry,
    Hand,
    HandVoid,
    Round,
    Table,
)
from tournament.ratings.trust import competition_set_rated
from tournament.rounds.lifecycle import round_change, round_schedule
from tournament.rounds.seating import RoundError
from tournament.tables.ledger.checks import check_open
from tournament.tables.ledger.errors import HandRejected
from tournament.tables.ledger.preview import hand_settle
from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void


class EntryInline(ReadOnlyInline):
    """Shown, never saved here: entries change through ``tournament.league.entries`` (the Entries page)."""

    model = Entry
    fields = readonly_fields = ["player", "status", "substitute_for", "withdrawn_at"]


class CompetitionAdminForm(forms.ModelForm):
    """What the doors would refuse, refused here first, so the admin shows it on the form."""

    user = None  # who asks: set by CompetitionAdmin.get_form

    class Meta:
        model = Competition
        fields = [
            "name",
            "kind",
            "rules",
            "options",
            "capital",
            "rated",
            "starts_on",
            "ends_on",
            "organisers",
            "scorekeepers",
            "standings_order",
            "shared_places",
            "withdrawn_standing",
            "substitute_results",
            "min_sessions",
            "best_sessions",
            "team_scoring",
            "placing_points",
            "lineup_deadline",
            "substitute_rule",
        ]

    TEAM_SETTINGS = ("team_scoring", "placing_points", "lineup_deadline", "substitute_rule")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "min_sessions" in self.fields:
            self.fields["min_sessions"].required = False  # empty: every player is ranked (issue 33)
        for name in self.TEAM_SETTINGS:  # a team event's settings (issue 35): left out, they stay as they are
            if name in self.fields:
                self.fields[name].required = False

    def clean_min_sessions(self):
        return self.cleaned_data.get("min_sessions") or 0

    def clean(self):
        data = super().clean()
        for name in self.TEAM_SETTINGS:
            if name in self.fields and data.get(name) in (None, ""):
                data[name] = getattr(self.instance, name)
        try:  # the door's own judgement of a team event's settings, shown on the form (issue 35)
            check_team_settings({k: data[k] for k in self.TEAM_SETTINGS if k in data})
        except CompetitionError as exc:
            for field, problems in exc.problems.items():
                self.add_error(field if field in self.fields else None, problems)
        try:
            check_rules(data.get("rules") or self.instance.rules, data.get("options"))
        except CompetitionError as exc:
            raise forms.ValidationError(str(exc)) from None
        if "organisers" in self.fields and not data.get("organisers"):
            self.add_error("organisers", _("A competition needs at least one organiser."))
        if self.instance.pk and "capital" in self.changed_data and capital_fixed(self.instance):
            self.add_error("capital", CAPITAL_FIXED)
        if (data.get("capital") or 0) > MAX_CAPITAL:
            self.add_error("capital", _("At most %(max)s chips.") % {"max": MAX_CAPITAL})
        if "organisers" in self.fields:  # a new competition too: its form has the field
            try:
                check_staff_reach(
                    self.instance, self.user, data.get("organisers") or [], data.get("scorekeepers") or []
                )
            except CompetitionError as exc:
                self.add_error(None, [m for ms in exc.problems.values() for m in ms])
        return data


class RoundAdminForm(forms.ModelForm):
    class Meta:
        model = Round
        fields = ["competition", "number", "starts_at", "ends_at", "venue"]

    def clean_number(self):
        number = self.cleaned_data["number"]
        if (
            self.instance.pk
            and number != self.instance.number
            and self.instance.status != Round.Status.SCHEDULED
        ):
            raise forms.ValidationError(
                _("Round %(n)s is seated: its number is fixed.") % {"n": self.instance.number}
            )
        return number


class TableAdminForm(forms.ModelForm):
    class Meta:
        model = Table
        fields = ["scorekeeper"]

    def clean_scorekeeper(self):
        keeper = self.cleaned_data.get("scorekeeper")
        competition = self.instance.round.competition
        if keeper is not None and not (
            keeper.is_superuser
            or competition.scorekeepers.filter(pk=keeper.pk).exists()
            or competition.organisers.filter(pk=keeper.pk).exists()
        ):
            raise forms.ValidationError(_("%(name)s is not on this competition's staff.") % {"name": keeper})
        return keeper


@admin.register(Competition)
class CompetitionAdmin(CompetitionScoped):
    """Changes go through ``tournament.league.competitions`` (details, rules, staff): checked and audited."""

    competition_path = ""
    form = CompetitionAdminForm
    list_display = ["name", "kind", "rules", "capital", "starts_on"]
    filter_horizontal = ["organisers", "scorekeepers"]
    inlines = [EntryInline]

    def get_readonly_fields(self, request, obj=None):
        # Whose results count in the ratings is a superuser's mark (tournament.ratings.trust, issue 48).
        fields = list(super().get_readonly_fields(request, obj))
        return fields if request.user.is_superuser else [*fields, "rated"]

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if not request.user.is_superuser:  # the staff pickers offer what the staff page offers
            staff = [] if obj is None else [*obj.organisers.all(), *obj.scorekeepers.all()]
            reachable = (
                get_user_model()
                .objects.filter(is_active=True)
                .exclude(
                    pk__in=people_beyond(request.user)["accounts"]
                    .exclude(pk__in=[u.pk for u in staff])
                    .values("pk")
                )
            )
            for name in ("organisers", "scorekeepers"):
                if name in form.base_fields:
                    form.base_fields[name].queryset = reachable
        form.user = request.user  # the doors' checks of who asks (check_staff_reach), run in clean()
        return form

    def save_model(self, request, obj, form, change):
        meta, data = request_meta(request), form.cleaned_data
        try:
            if not change:
                fields = {k: data[k] for k in form.changed_data if k in CHANGEABLE}
                created = competition_create(
                    user=request.user,
                    meta=meta,
                    rules=data["rules"],
                    options=data.get("options") or {},
                    **fields,
                )
                if data.get("rated") and request.user.is_superuser:
                    created = competition_set_rated(created, rated=True, user=request.user, meta=meta)
                obj.pk = created.pk
                obj.__dict__.update({k: v for k, v in created.__dict__.items() if not k.startswith("_")})
                return
            if "rated" in form.changed_data:
                competition_set_rated(obj, rated=data["rated"], user=request.user, meta=meta)
            if {"rules", "options"} & set(form.changed_data):
                competition_set_rules(
                    obj, rules=data["rules"], options=data.get("options"), user=request.user, meta=meta
                )
            changes = {k: data[k] for k in form.changed_data if k in CHANGEABLE}
            if changes:
                competition_change(obj, user=request.user, meta=meta, **changes)
        except CompetitionError as exc:
            raise ValidationError(str(exc)) from None

    def save_related(self, request, form, formsets, change):
        competition_set_staff(
            form.instance,
            organisers=form.cleaned_data.get("organisers") or [request.user],
            scorekeepers=form.cleaned_data.get("scorekeepers") or [],
            user=request.user,
            meta=request_meta(request),
        )
        for formset in formsets:
            self.save_formset(request, form, formset, change=change)


@admin.register(Round)
class RoundAdmin(CompetitionScoped):
    """Times and venue through ``round_change``; status and held results only by the round's actions."""

    form = RoundAdminForm
    list_display = ["competition", "number", "status", "results_held", "starts_at", "venue"]
    list_filter = ["competition", "status"]
    # Extra time only through round_add_time (the round page, POST /api/v1/rounds/{id}/extra-time/).
    readonly_fields = ["status", "results_held", "extra_minutes"]

    def get_readonly_fields(self, request, obj=None):
        return [*self.readonly_fields, "competition"] if obj is not None else self.readonly_fields

    def save_model(self, request, obj, form, change):
        fields = {
            k: form.cleaned_data[k]
            for k in ("number", "starts_at", "ends_at", "venue")
            if k in form.cleaned_data
        }
        try:
            if change:
                saved = round_change(obj, user=request.user, meta=request_meta(request), **fields)
            else:
                saved = round_schedule(
                    form.cleaned_data["competition"], user=request.user, meta=request_meta(request), **fields
                )
        except RoundError as exc:
            raise ValidationError(str(exc)) from None
        obj.pk = saved.pk


@admin.register(Table)
class TableAdmin(CompetitionScoped):
    """The scorekeeper through ``table_set_scorekeeper``; tables come from seating, end by round actions."""

    competition_path = "round__competition"
    form = TableAdminForm
    list_display = ["round", "number", "scorekeeper", "ended_at"]
    list_filter = ["round__competition"]
    raw_id_fields = ["scorekeeper"]
    readonly_fields = ["round", "number", "ended_at", "counts_without_hands"]

    def has_add_permission(self, request):
        return False

    def save_model(self, request, obj, form, change):
        try:
            table_set_scorekeeper(
                obj, form.cleaned_data.get("scorekeeper"), user=request.user, meta=request_meta(request)
            )
        except CompetitionError as exc:
            raise ValidationError(str(exc)) from None


class ChipTransferInline(ReadOnlyInline):
    model = ChipTransfer
    fields = readonly_fields = ["from_player", "to_player", "amount", "reason", "reverses"]


class HandEntryForm(forms.ModelForm):
    """Record a hand from the admin through the one door (``tournament.tables.ledger.hand_record``)."""

    entry = forms.JSONField(
        help_text='The outcome with players by id, e.g. {"outcome": "win", "winner": 12, "win": "self_draw", '
        '"doubles": 2}; see league-api.md "hands".'
    )

    class Meta:
        model = Hand
        fields = ["table"]

    def clean(self):
        data = super().clean()
        table, entry = data.get("table"), data.get("entry")
        if table is not None and entry is not None:
            try:
                check_open(table)
                hand_settle(table=table, entry=entry)
            except HandRejected as exc:
                raise forms.ValidationError([p.message for p in exc.problems]) from None
        return data


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "outcome", "winner", "doubles", "recorded_at", "recorded_by"]
    list_filter = ["outcome", "table__round__competition"]
    inlines = [ChipTransferInline]

    def has_add_permission(self, request):
        return request.user.is_superuser

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = HandEntryForm
        return super().get_form(request, obj, **kwargs)

    def get_inlines(self, request, obj):
        return self.inlines if obj is not None else []

    def save_model(self, request, obj, form, change):
        hand = hand_record(
            table=form.cleaned_data["table"],
            entry=form.cleaned_data["entry"],
            user=request.user,
            meta=request_meta(request),
        )
        obj.pk = hand.pk
        obj.__dict__.update({k: v for k, v in hand.__dict__.items() if not k.startswith("_")})


class HandVoidForm(forms.ModelForm):
    class Meta:
        model = HandVoid
        fields = ["hand", "reason"]

    def clean_hand(self):
        hand = self.cleaned_data["hand"]
        if hand.is_void:
            raise forms.ValidationError(_("This hand is already voided."))
        try:
            check_open(hand.table)
        except HandRejected as exc:
            raise forms.ValidationError([p.message for p in exc.problems]) from None
        return hand


@admin.register(HandVoid)
class HandVoidAdmin(ReadOnlyAdmin):
    """Adding a void here voids the hand through ``tables.ledger.void.hand_void`` (reversing transfers)."""

    list_display = ["hand", "reason", "voided_by", "voided_at"]
    form = HandVoidForm
    raw_id_fields = ["hand"]

    def has_add_permission(self, request):
        return request.user.is_superuser

    def save_model(self, request, obj, form, change):
        void = hand_void(
            hand=form.cleaned_data["hand"],
            reason=form.cleaned_data["reason"],
            user=request.user,
            meta=request_meta(request),
        )
        obj.pk = void.pk
        obj.__dict__.update({k: v for k, v in void.__dict__.items() if not k.startswith("_")})


@admin.register(ChipTransfer)
class ChipTransferAdmin(ReadOnlyAdmin):
    list_display = ["hand", "adjustment_of", "from_player", "to_player", "amount", "reason", "created_at"]
