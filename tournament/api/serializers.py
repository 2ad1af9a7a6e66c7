"""Serializers of the league API: they translate, nothing more (STYLE.md 6).

Field names are the contract of ../shared/spec/league-api.md: fields may be
added, never renamed. Players are always named by player id; a table's
``state`` is ``tournament.tables.selectors.table_fold`` as JSON.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from drf_spectacular.utils import extend_schema_field
from rest_framework import exceptions, serializers

import scoring
from scoring.options_schema import options_schema
from scoring.rulesets import get_ruleset
from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition, people_beyond
from tournament.api.competition_confirmation import CONFIRMATION, set_confirmation
from tournament.api.fields import Boolean, DateTime, Integer, RowId, RowIds, StrictModelSerializer, Text
from tournament.api.permissions import is_league_organiser
from tournament.league.competitions import (
    CompetitionError,
    StaffBeyondReach,
    competition_change,
    competition_create,
    competition_set_rules,
    competition_set_staff,
)
from tournament.league.entries import entries_set
from tournament.models import Club, Competition, Entry, Player
from tournament.standings.queue import queue_standings_recompute
from tournament.standings.rank import DEFAULT_ORDER, METRICS, validate_order
from tournament.teams.standings import check_placing_points

# Ids travel as JSON numbers; anything past a 64-bit key cannot name a row (and must not reach SQL).
MAX_ID = 2**63 - 1
SEATS = ("E", "S", "W", "N")


def PlayerIdField(**kwargs) -> serializers.IntegerField:  # noqa: N802 - a field factory, read like a class
    return Integer(min_value=1, max_value=MAX_ID, **kwargs)


@extend_schema_field({"type": "array", "items": {"type": "integer"}, "minItems": 1})
class NonEmptyIds(RowIds):
    """Ids of related rows, at least one (``allow_empty=False``, which the schema did not say)."""


@extend_schema_field(options_schema())
class OptionsField(serializers.DictField):
    """A rule set's options: checked by ``scoring.rulesets.get_ruleset`` (``validate``), described
    setting by setting in the schema (``scoring.options_schema``)."""


# --- errors -----------------------------------------------------------------------------------------


class ErrorItemSerializer(serializers.Serializer):
    code = Text(help_text="snake_case code, e.g. not_found, not_at_table, invalid.")
    message = Text(help_text="A sentence a person understands.")
    field = Text(required=False, help_text="The input field concerned, where one applies.")


class ErrorSerializer(serializers.Serializer):
    """Every error answer: ``{"errors": [{"code", "message", "field"}]}``."""

    errors = ErrorItemSerializer(many=True)


# --- clubs and players ------------------------------------------------------------------------------


class ClubSerializer(StrictModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "short_name"]


class PlayerSerializer(StrictModelSerializer):
    """A player; ``contact`` (email or phone) is personal: only a superuser, the player, or an organiser of
    every competition the player is in sees it (``tournament.access.roles.may_manage_person``)."""

    club = RowId(queryset=Club.objects.all(), allow_null=True, required=False)

    class Meta:
        model = Player
        fields = ["id", "name", "club", "registration_no", "contact"]

    def to_representation(self, player):
        data = super().to_representation(player)
        if not self._may_read_contact(player):
            data.pop("contact", None)
        return data

    def _may_read_contact(self, player) -> bool:
        request = self.context.get("request")
        if request is None or not is_league_organiser(request.user):
            return False
        user = request.user
        if user.is_superuser or player.user_id == user.pk:
            return True
        if "beyond" not in self.context:  # the one rule, asked once for a whole list
            self.context["beyond"] = set(people_beyond(user)["players"].values_list("pk", flat=True))
        return player.pk not in self.context["beyond"]


# --- competitions -----------------------------------------------------------------------------------


class CompetitionSerializer(StrictModelSerializer):
    """``players`` are the ids entered and playing; leaving one out of the list withdraws him.

    Entries are never deleted (history stays intact): a left-out player is
    marked withdrawn (``withdrawn`` lists them) and entering him again
    reinstates him.
    """

    options = OptionsField(required=False, help_text="The organiser's changes to the rule set.")
    players = RowId(
        many=True, queryset=Player.objects.all(), required=False, help_text="Ids of the players entered."
    )
    withdrawn = serializers.SerializerMethodField(help_text="Ids of the players who withdrew.")
    players_asked = serializers.SerializerMethodField(
        help_text="Ids of players asked for and not yet entered: they play or work in a competition of "
        "another organiser, and are entered when they, or their organiser, agree."
    )
    organisers = NonEmptyIds(
        child_relation=RowId(queryset=get_user_model().objects.all()),
        required=False,
        allow_empty=False,
        help_text="Ids of the users who run it (at least one; the creator when left out).",
    )
    scorekeepers = RowId(many=True, queryset=get_user_model().objects.all(), required=False)
    standings_order = serializers.ListField(
        # Each item a metric, reversed by a leading '-'; each metric once (validate_order: the schema
        # cannot say "once" of "x" and "-x").
        child=serializers.ChoiceField(choices=[*METRICS, *(f"-{m}" for m in METRICS)]),
        min_length=1,
        required=False,
        max_length=len(METRICS),
        help_text=(
            "Tie-break order of the standings, best first: metric names of "
            f"{', '.join(METRICS)}; a leading '-' reverses one. Default: {', '.join(DEFAULT_ORDER)}."
        ),
    )

    placing_points = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=1000),
        min_length=4,
        max_length=4,
        required=False,
        help_text="Team points for 1st, 2nd, 3rd and 4th at a table, none more than the one before "
        "(default 4, 2, 1, 0); players sharing a place share the points of the places they cover.",
    )

    class Meta:
        model = Competition
        fields = [
            "id", "name", "kind", "rules", "options", "capital", "starts_on", "ends_on",
            "players", "withdrawn", "organisers", "scorekeepers", "created_at",
            "standings_order", "shared_places", "withdrawn_standing", "substitute_results",
            "confirmation", "confirmations_needed", "confirmation_minutes", "min_sessions", "best_sessions",
            "team_scoring", "placing_points", "lineup_deadline", "substitute_rule",
            "rated", "players_asked",
        ]  # fmt: skip
        read_only_fields = ["created_at", "rated"]
        extra_kwargs = {
            "capital": {"min_value": 1, "max_value": 10**9},  # chips: a sane bound in the column
            # competition_set_confirmation's bounds (tournament.league.competitions), stated in the schema
            "confirmations_needed": {"min_value": 1, "max_value": 3},
            "confirmation_minutes": {"min_value": 1, "max_value": 1440},
            # a season's fair standings (issue 33; competition_change checks the same bounds)
            "min_sessions": {"min_value": 0, "max_value": 1000},
            "best_sessions": {"min_value": 1, "max_value": 1000},
            # team events (issue 35; competition_change checks the same bounds)
            "lineup_deadline": {"min_value": 0, "max_value": 10080},
        }

    def get_players_asked(self, competition) -> list[int]:
        """Only its organisers read whom they asked for (the viewset prefetches the waiting requests)."""
        request = self.context.get("request")
        if request is None or not can_manage_competition(request.user, competition):
            return []
        return sorted(r.player_id for r in competition.entry_requests.all() if r.state == "waiting")

    def get_withdrawn(self, competition) -> list[int]:
        return sorted(e.player_id for e in competition.entries.all() if e.status == Entry.Status.WITHDRAWN)

    def to_representation(self, competition):
        data = super().to_representation(competition)
        data["players"] = sorted(
            e.player_id for e in competition.entries.all() if e.status == Entry.Status.ACTIVE
        )
        return data

    def validate_standings_order(self, value):
        try:
            return list(validate_order(value))
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from None

    def validate_placing_points(self, value):
        try:
            return check_placing_points(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from None

    def validate(self, attrs):
        rules = attrs.get("rules", getattr(self.instance, "rules", "spgg-2023"))
        options = attrs.get("options", getattr(self.instance, "options", None))
        try:
            get_ruleset(rules, options or None)
        except scoring.InvalidInput as exc:
            raise serializers.ValidationError(
                {"options": [f"{e.field + ': ' if e.field else ''}{e.message}" for e in exc.errors]}
            ) from None
        return attrs

    def create(self, validated_data):
        """``tournament.league.competitions``: created, then staff and rules set through their doors;
        audited.
        """
        request, players = self.context["request"], validated_data.pop("players", None)
        staff = {k: validated_data.pop(k) for k in ("organisers", "scorekeepers") if k in validated_data}
        confirmation = {k: validated_data.pop(k) for k in CONFIRMATION if k in validated_data}
        user, meta = request.user, request_meta(request)
        with transaction.atomic():
            competition = competition_create(user=user, meta=meta, **validated_data)
            if staff:
                staff.setdefault("organisers", [user])  # the creator runs it unless organisers are named
                try:
                    competition_set_staff(competition, user=user, meta=meta, **staff)
                except StaffBeyondReach as exc:  # the caller's right, not the body: 403
                    raise exceptions.PermissionDenied(str(exc)) from None
                except CompetitionError as exc:
                    raise _invalid(exc) from None
            set_confirmation(competition, confirmation, user, meta)
            if players is not None:
                entries_set(competition, players, user=user, meta=meta)
        return competition

    def update(self, instance, validated_data):
        """Each change through its door: rules, staff, details (``league.competitions``); audited."""
        request, players = self.context["request"], validated_data.pop("players", None)
        user, meta = request.user, request_meta(request)
        staff = {k: validated_data.pop(k) for k in ("organisers", "scorekeepers") if k in validated_data}
        confirmation = {k: validated_data.pop(k) for k in CONFIRMATION if k in validated_data}
        with transaction.atomic():
            try:
                if "rules" in validated_data or "options" in validated_data:
                    competition_set_rules(
                        instance,
                        rules=validated_data.pop("rules", instance.rules),
                        options=validated_data.pop("options", instance.options),
                        user=user,
                        meta=meta,
                    )
                if staff:
                    competition_set_staff(instance, user=user, meta=meta, **staff)
                competition = competition_change(instance, user=user, meta=meta, **validated_data)
                set_confirmation(competition, confirmation, user, meta)
            except StaffBeyondReach as exc:  # the caller's right, not the body: 403
                raise exceptions.PermissionDenied(str(exc)) from None
            except CompetitionError as exc:
                raise _invalid(exc) from None
            if players is not None:
                entries_set(competition, players, user=user, meta=meta)
                queue_standings_recompute(competition.pk)  # withdrawals show in them
        return Competition.objects.prefetch_related(
            "entries", "organisers", "scorekeepers", "entry_requests"
        ).get(pk=competition.pk)


def _invalid(exc: CompetitionError) -> serializers.ValidationError:
    """A refusal of ``tournament.league.competitions`` as the 400 naming its fields."""
    return serializers.ValidationError({k or "non_field_errors": v for k, v in exc.problems.items()})


# --- rounds and seating -----------------------------------------------------------------------------


# --- tables -----------------------------------------------------------------------------------------


# --- tokens -----------------------------------------------------------------------------------------


class TokenRequestSerializer(serializers.Serializer):
    username = Text(max_length=150)
    password = Text(max_length=4096, style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = Text(help_text='Send as "Authorization: Token <token>".')


class TokenListItemSerializer(serializers.Serializer):
    id = Text(help_text="Names the token for DELETE; not the key, nor enough to guess it.")
    key_prefix = Text(help_text="The key's first characters, to recognise it by.")
    created = DateTime()
    current = Boolean(help_text="True for the token this request was sent with.")


class TokenPageSerializer(serializers.Serializer):
    """The list's page, in the shape of every list of the API (one page: a user has few tokens)."""

    count = Integer()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = TokenListItemSerializer(many=True)
