"""The admin's read-only windows: what changes only through its part's doors is shown, never edited.

Chip counts (``tournament.counts.services``), a night's replies and check-ins
(``tournament.season.attendance``) and the audit log (written by every door).
"""

from django.contrib import admin

from tournament.access.roles import can_manage_competition
from tournament.models import Attendance, AuditEntry, ChipCount


class ReadOnlyAdmin(admin.ModelAdmin):
    """The ledger is append-only: the admin shows it and never edits or deletes it."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ChipCount)
class ChipCountAdmin(ReadOnlyAdmin):
    """Counts change only through ``tournament.counts.services`` (the table's count page and the API)."""

    list_display = ["table", "status", "at_end", "requested_at", "counted_at", "resolved_at"]
    list_filter = ["status"]


@admin.register(Attendance)
class AttendanceAdmin(ReadOnlyAdmin):
    """Replies and check-ins change only through ``tournament.season.attendance`` (pages and API)."""

    list_display = ["round", "entry", "reply", "checked_in", "checked_in_at", "no_show", "reserve"]
    list_filter = ["reply", "checked_in", "no_show"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "action", "user", "ip_address", "competition", "object_type", "object_id"]
    list_filter = ["action", "competition"]


class ReadOnlyInline(admin.TabularInline):
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False

    has_change_permission = has_delete_permission = has_add_permission


class CompetitionScoped(admin.ModelAdmin):
    """Object-level rights as on the pages: a staff organiser sees and changes only their competitions."""

    competition_path = "competition"  # from the object to its competition ("" for a competition itself)

    def competition_of(self, obj):
        for part in filter(None, self.competition_path.split("__")):
            obj = getattr(obj, part)
        return obj

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        organisers = "__".join(filter(None, [self.competition_path, "organisers"]))
        return queryset.filter(**{organisers: request.user}).distinct()

    def has_change_permission(self, request, obj=None):
        allowed = super().has_change_permission(request, obj)
        return allowed and (obj is None or can_manage_competition(request.user, self.competition_of(obj)))

    def has_delete_permission(self, request, obj=None):
        return False  # nothing of a competition's record is deleted (entries are withdrawn, hands voided)
