"""The admin's stages (issues 36, 49), the entries' categories, and the big screen's window.

A stage is changed and deleted here through ``tournament.stages.services`` (``stage_update``,
``stage_delete``: while nothing of it is played or published), the form saying the door's refusal first; it
is added on the organiser's stages page or ``/api/v1/competitions/{id}/stages/``. Qualifiers and the
screen's message are shown only (``stage_publish``/``qualifier_replace``; ``tournament.screen.message``).
An entry's category is added or deleted through ``tournament.stages.categories.entry_categories_set``.
"""

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition
from tournament.admin.windows import CompetitionScoped
from tournament.admin.windows import ReadOnlyAdmin as WindowAdmin
from tournament.models import EntryCategory, Qualifier, Screen, Stage
from tournament.stages.categories import entry_categories_set
from tournament.stages.errors import StageError
from tournament.stages.selectors import stage_locked_reason, stages_cut_from
from tournament.stages.services import EDITABLE, stage_check, stage_delete, stage_update


class StageAdminForm(forms.ModelForm):
    class Meta:
        model = Stage
        fields = list(EDITABLE)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["source"].queryset = Stage.objects.filter(
                competition_id=self.instance.competition_id, number__lt=self.instance.number
            )

    def clean(self):
        """The door's refusal on the form (raised from ``save_model`` it would be a 500)."""
        data = super().clean()
        if self.instance.pk and not self.errors:
            fresh = Stage.objects.select_related("competition").get(pk=self.instance.pk)
            try:
                stage_check(fresh, **{k: data.get(k) for k in EDITABLE})
            except StageError as exc:
                raise ValidationError(str(exc)) from None
        return data


@admin.register(Stage)
class StageAdmin(CompetitionScoped):
    form = StageAdminForm
    list_display = ["competition", "number", "name", "seating", "cut_size", "source", "category", "status"]
    list_filter = ["competition", "status"]

    def has_add_permission(self, request):
        return False  # added on the stages page or through the API (numbered after the others)

    def has_delete_permission(self, request, obj=None):
        if obj is None:
            return super(CompetitionScoped, self).has_delete_permission(request)
        return (
            can_manage_competition(request.user, obj.competition)
            and stage_locked_reason(obj) is None
            and not stages_cut_from(obj)
        )

    def save_model(self, request, obj, form, change):
        stage = Stage.objects.select_related("competition").get(pk=obj.pk)
        stage_update(
            stage, user=request.user, meta=request_meta(request),
            **{k: form.cleaned_data.get(k) for k in EDITABLE},
        )  # fmt: skip
        obj.refresh_from_db()

    def delete_model(self, request, obj):
        stage_delete(obj, user=request.user, meta=request_meta(request))

    def delete_queryset(self, request, queryset):
        for stage in queryset.order_by("-number"):  # each through the door, the later first
            if self.has_delete_permission(request, stage):
                self.delete_model(request, stage)


@admin.register(EntryCategory)
class EntryCategoryAdmin(CompetitionScoped):
    competition_path = "entry__competition"
    list_display = ["entry", "name"]
    list_filter = ["name"]
    raw_id_fields = ["entry"]

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request, obj)  # add or delete, not edit

    def has_delete_permission(self, request, obj=None):
        return obj is None or can_manage_competition(request.user, obj.entry.competition)

    def save_model(self, request, obj, form, change):
        entry = obj.entry
        try:
            entry_categories_set(
                entry.competition, obj.name, [entry.player], user=request.user, meta=request_meta(request)
            )
        except StageError as exc:
            raise ValidationError(str(exc)) from None
        made = EntryCategory.objects.get(entry=entry, name=obj.name.strip())
        obj.pk = made.pk

    def delete_model(self, request, obj):
        entry = obj.entry
        entry_categories_set(
            entry.competition, obj.name, [entry.player], add=False, user=request.user,
            meta=request_meta(request),
        )  # fmt: skip

    def delete_queryset(self, request, queryset):
        for row in queryset.select_related("entry__competition", "entry__player"):
            if self.has_delete_permission(request, row):
                self.delete_model(request, row)


@admin.register(Qualifier)
class QualifierAdmin(WindowAdmin):
    list_display = ["stage", "seed", "player", "rank", "status", "tied_at_cut", "replaced_by"]
    list_filter = ["stage", "status"]


@admin.register(Screen)
class ScreenAdmin(WindowAdmin):
    list_display = ["competition", "message", "changed_at"]
