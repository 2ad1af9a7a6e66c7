from django.contrib import admin

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


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "outcome", "winner", "doubles", "recorded_at", "recorded_by"]
    list_filter = ["outcome", "table__round__competition"]
    inlines = [ChipTransferInline]


@admin.register(HandVoid)
class HandVoidAdmin(ReadOnlyAdmin):
    list_display = ["hand", "reason", "voided_by", "voided_at"]


@admin.register(ChipTransfer)
class ChipTransferAdmin(ReadOnlyAdmin):
    list_display = ["hand", "from_player", "to_player", "amount", "reason", "created_at"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "action", "user", "ip_address", "competition", "object_type", "object_id"]
    list_filter = ["action", "competition"]
