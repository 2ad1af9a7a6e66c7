from django import forms
from django.contrib import admin

from tournament.ledger import HandRejected, RequestMeta, hand_record, hand_settle, hand_void
from tournament.models import (
    AuditEntry,
    ChipTransfer,
    Club,
    Competition,
    Entry,
    Hand,
    HandVoid,
    Player,
    Round,
    Table,
)
from tournament.request_meta import request_meta


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "short_name"]
    search_fields = ["name", "short_name"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "registration_no", "club"]
    list_filter = ["club"]
    search_fields = ["name", "registration_no"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player", "substitute_for"]


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "rules", "capital", "starts_on"]
    filter_horizontal = ["organisers", "scorekeepers"]
    inlines = [EntryInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["competition", "number", "status", "starts_at", "venue"]
    list_filter = ["competition", "status"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "scorekeeper", "ended_at"]
    list_filter = ["round__competition"]
    raw_id_fields = ["scorekeeper"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """The ledger is append-only: the admin shows it and never edits or deletes it."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ChipTransferInline(admin.TabularInline):
    model = ChipTransfer
    extra = 0
    fields = ["from_player", "to_player", "amount", "reason", "reverses"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class HandEntryForm(forms.ModelForm):
    """Record a hand from the admin through the one door (``tournament.ledger.hand_record``)."""

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
            meta=_meta(request),
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
            raise forms.ValidationError("This hand is already voided.")
        return hand


@admin.register(HandVoid)
class HandVoidAdmin(ReadOnlyAdmin):
    """Adding a void here voids the hand through ``tournament.ledger.hand_void`` (reversing transfers)."""

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
            meta=_meta(request),
        )
        obj.pk = void.pk
        obj.__dict__.update({k: v for k, v in void.__dict__.items() if not k.startswith("_")})


def _meta(request) -> RequestMeta:
    return request_meta(request)


@admin.register(ChipTransfer)
class ChipTransferAdmin(ReadOnlyAdmin):
    list_display = ["hand", "from_player", "to_player", "amount", "reason", "created_at"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "action", "user", "ip_address", "competition", "object_type", "object_id"]
    list_filter = ["action", "competition"]
