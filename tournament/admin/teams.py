"""The admin's pages of team events (issue 35): a window whose changes go through the teams' doors.

A team is created, renamed, given a captain and deleted through ``tournament.teams.services``; a member
is added or removed there too (what the door refuses, the form says first: ``team_check``,
``team_member_check``). A
lineup is read here only: captains and organisers name it on the lineup page or through the API.
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition
from tournament.admin.windows import CompetitionScoped, ReadOnlyInline
from tournament.models import Lineup, Team, TeamMember
from tournament.teams.errors import TeamError
from tournament.teams.selectors import captain_warning
from tournament.teams.services import (
    team_captain_set,
    team_check,
    team_create,
    team_delete,
    team_member_add,
    team_member_check,
    team_member_remove,
    team_update,
)


class MemberInline(ReadOnlyInline):
    """Shown here; members are added and removed on the Team members page (through the doors)."""

    model = TeamMember
    fk_name = "team"
    fields = readonly_fields = ["player", "substitute"]


class TeamAdminForm(forms.ModelForm):
    class Meta:
        model = Team
        fields = ["competition", "name", "short_name", "captain"]

    def clean(self):
        """The door's refusals (``team_check``: hands recorded, a name another team has in any case), said on
        the form, where the organiser can correct them: ``save_model`` has no way to show a refusal."""
        data = super().clean()
        competition = self.instance.competition if self.instance.pk else data.get("competition")
        if competition is not None and data.get("name") is not None:
            try:
                team_check(
                    competition,
                    name=data["name"],
                    short_name=data.get("short_name") or "",
                    team=self.instance if self.instance.pk else None,
                )
            except TeamError as exc:
                self.add_error(exc.field if exc.field in self.fields else None, str(exc))
        return data

    def clean_captain(self):
        captain = self.cleaned_data.get("captain")
        if captain is not None and (
            self.instance.pk is None
            or not TeamMember.objects.filter(team=self.instance, player=captain).exists()
        ):
            raise forms.ValidationError(_("A captain is one of the team's members: add them first."))
        return captain


@admin.register(Team)
class TeamAdmin(CompetitionScoped):
    form = TeamAdminForm
    list_display = ["name", "short_name", "competition", "captain"]
    list_filter = ["competition"]
    inlines = [MemberInline]
    raw_id_fields = ["captain"]

    def get_readonly_fields(self, request, obj=None):
        return ["competition"] if obj is not None else []

    def has_delete_permission(self, request, obj=None):
        # A team is deleted only before its competition has results (team_delete refuses it after).
        return obj is None or (
            can_delete(request, obj)
            and not obj.competition.rounds.filter(tables__hands__isnull=False).exists()
        )

    def delete_queryset(self, request, queryset):
        for team in queryset:  # each through the door (the bulk action too), audited
            if self.has_delete_permission(request, team):
                self.delete_model(request, team)

    def save_model(self, request, obj, form, change):
        data, meta = form.cleaned_data, request_meta(request)
        try:
            if change:
                team_update(
                    obj,
                    name=data["name"],
                    short_name=data.get("short_name", ""),
                    user=request.user,
                    meta=meta,
                )
                team_captain_set(obj, data.get("captain"), user=request.user, meta=meta)
                if warning := captain_warning(data.get("captain")):
                    self.message_user(request, warning, messages.WARNING)
            else:
                made = team_create(
                    data["competition"], name=data["name"], short_name=data.get("short_name", ""),
                    user=request.user, meta=meta,
                )  # fmt: skip
                obj.pk = made.pk
        except TeamError as exc:
            raise ValidationError(str(exc)) from None
        obj.refresh_from_db()

    def delete_model(self, request, obj):
        team_delete(obj, user=request.user, meta=request_meta(request))


def can_delete(request, team: Team) -> bool:
    return can_manage_competition(request.user, team.competition)


class TeamMemberAdminForm(forms.ModelForm):
    class Meta:
        model = TeamMember
        fields = ["team", "player", "substitute"]

    def clean(self):
        data = super().clean()
        team, player = data.get("team"), data.get("player")
        if team is not None and player is not None:
            try:
                team_member_check(team, player)
            except TeamError as exc:
                raise forms.ValidationError(str(exc)) from None
        return data


@admin.register(TeamMember)
class TeamMemberAdmin(CompetitionScoped):
    form = TeamMemberAdminForm
    competition_path = "team__competition"
    list_display = ["player", "team", "substitute"]
    list_filter = ["team__competition", "team"]
    raw_id_fields = ["player"]

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request, obj)  # add or remove, never edit

    def has_delete_permission(self, request, obj=None):
        return obj is None or can_delete(request, obj.team)

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        made = team_member_add(
            data["team"], data["player"], substitute=data.get("substitute", False),
            user=request.user, meta=request_meta(request),
        )  # fmt: skip
        obj.pk = made.pk

    def delete_queryset(self, request, queryset):
        for member in queryset:  # each through the door (the bulk action too), audited
            if self.has_delete_permission(request, member):
                self.delete_model(request, member)

    def delete_model(self, request, obj):
        team_member_remove(obj.team, obj.player, user=request.user, meta=request_meta(request))


@admin.register(Lineup)
class LineupAdmin(CompetitionScoped):
    """Read only: the lineup page and ``PUT /api/v1/rounds/{id}/lineups/{team id}/`` name a lineup."""

    competition_path = "team__competition"
    list_display = ["team", "round", "named_by", "named_at"]
    list_filter = ["team__competition"]
    readonly_fields = ["round", "team", "players", "named_by", "named_at"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request, obj)
