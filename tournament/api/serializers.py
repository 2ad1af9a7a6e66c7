"""Serializers of the league API: they translate, nothing more (STYLE.md 6).

Field names are the contract of ../shared/spec/league-api.md: fields may be
added, never renamed. Players are always named by player id; a table's
``state`` is ``tournament.tables.selectors.table_fold`` as JSON.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import scoring
from scoring.options_schema import options_schema
from scoring.rulesets import get_ruleset
from tournament.api.competition_confirmation import CONFIRMATION, set_confirmation
from tournament.api.fields import Boolean, Integer, RowId, RowIds, StrictModelSerializer, Text
from tournament.api.permissions import is_league_organiser
from tournament.competitions import (
    CompetitionError,
    competition_change,
    competition_create,
    competition_set_rules,
    competition_set_staff,
)
from tournament.held import sees_held, sees_table_results
from tournament.tables.ledger.guard import INT_MAX
from tournament.models import Club, Competition, Entry, Player, Round, Table
from tournament.request_meta import request_meta
from tournament.standings.rank import DEFAULT_ORDER, METRICS, validate_order
from tournament.standings.queue import queue_standings_recompute
from tournament.tables.state import TableState

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
    """A player; ``contact`` (email or phone) is personal: only league organisers see it."""

    club = RowId(queryset=Club.objects.all(), allow_null=True, required=False)

    class Meta:
        model = Player
        fields = ["id", "name", "club", "registration_no", "contact"]

    def to_representation(self, player):
        data = super().to_representation(player)
        request = self.context.get("request")
        if request is None or not is_league_organiser(request.user):
            data.pop("contact", None)
        return data


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

    class Meta:
        model = Competition
        fields = [
            "id", "name", "kind", "rules", "options", "capital", "starts_on", "ends_on",
            "players", "withdrawn", "organisers", "scorekeepers", "created_at",
            "standings_order", "shared_places", "withdrawn_standing", "substitute_results",
            "confirmation", "confirmations_needed", "confirmation_minutes",
        ]  # fmt: skip
        read_only_fields = ["created_at"]
        extra_kwargs = {
            "capital": {"min_value": 1, "max_value": 10**9},  # chips: a sane bound in the column
            # competition_set_confirmation's bounds (tournament.competitions), stated in the schema
            "confirmations_needed": {"min_value": 1, "max_value": 3},
            "confirmation_minutes": {"min_value": 1, "max_value": 1440},
        }

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
        """``tournament.competitions``: created, then staff and rules set through their doors; audited."""
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
                except CompetitionError as exc:
                    raise _invalid(exc) from None
            set_confirmation(competition, confirmation, user, meta)
            if players is not None:
                competition_enter(competition, players)
        return competition

    def update(self, instance, validated_data):
        """Each change through its door: rules, staff, details (``tournament.competitions``); audited."""
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
            except CompetitionError as exc:
                raise _invalid(exc) from None
            if players is not None:
                competition_enter(competition, players)
                queue_standings_recompute(competition.pk)  # withdrawals show in them
        return Competition.objects.prefetch_related("entries", "organisers", "scorekeepers").get(
            pk=competition.pk
        )


def _invalid(exc: CompetitionError) -> serializers.ValidationError:
    """A refusal of ``tournament.competitions`` as the 400 naming its fields."""
    return serializers.ValidationError({k or "non_field_errors": v for k, v in exc.problems.items()})


def competition_enter(competition: Competition, players: list[Player]) -> None:
    """Make ``players`` the competition's active entries: enter, reinstate, withdraw; delete nothing."""
    wanted = {p.pk for p in players}
    entries = {e.player_id: e for e in Entry.objects.select_for_update().filter(competition=competition)}
    for pid in wanted - set(entries):
        Entry.objects.create(competition=competition, player_id=pid)
    for pid, entry in entries.items():
        if pid in wanted and entry.status == Entry.Status.WITHDRAWN:
            entry.status, entry.withdrawn_at = Entry.Status.ACTIVE, None
            entry.save(update_fields=["status", "withdrawn_at"])
        elif pid not in wanted and entry.status == Entry.Status.ACTIVE:
            entry.status, entry.withdrawn_at = Entry.Status.WITHDRAWN, timezone.now()
            entry.save(update_fields=["status", "withdrawn_at"])
    competition._prefetched_objects_cache = {}  # the answer shows the entries as they are now


# --- rounds and seating -----------------------------------------------------------------------------


class RoundSerializer(StrictModelSerializer):
    number = Integer(min_value=1, max_value=INT_MAX, required=False, help_text="Defaults to the next number.")

    class Meta:
        model = Round
        fields = ["id", "competition", "number", "starts_at", "ends_at", "venue", "status", "results_held"]
        # A round's status and held results change only through its actions (POST /rounds/{id}/start/ ...,
        # tournament.api.lifecycle), which check the transition and write the audit entry (issue 13).
        read_only_fields = ["competition", "status", "results_held"]

    def validate(self, attrs):
        for name, action in (
            ("status", "publish/, start/, end/, finish/ or reopen/"),
            ("results_held", "hold/ or release/"),
        ):
            if name in self.initial_data and self.initial_data[name] != getattr(self.instance, name, None):
                raise serializers.ValidationError(
                    {
                        name: [
                            _("Read-only here: use POST /api/v1/rounds/{id}/%(action)s") % {"action": action}
                        ]
                    },
                    code="read_only",
                )
        competition = self.context["competition"]
        number = attrs.get("number")
        if number is None and self.instance is None:
            last = competition.rounds.order_by("-number").values_list("number", flat=True).first()
            number = attrs["number"] = (last or 0) + 1
            if number > INT_MAX:
                message = _(
                    "Round %(last)s is the last number a round can have: give this round a free number."
                ) % {"last": last}
                raise serializers.ValidationError({"number": [message]}, code="round_number_overflow")
        elif number is not None:
            clash = Round.objects.filter(competition=competition, number=number)
            if self.instance is not None:
                clash = clash.exclude(pk=self.instance.pk)
            if clash.exists():
                raise serializers.ValidationError(
                    {"number": [f"Round {number} already exists in this competition."]}, code="unique"
                )
        starts_at = attrs.get("starts_at", getattr(self.instance, "starts_at", None))
        ends_at = attrs.get("ends_at", getattr(self.instance, "ends_at", None))
        if starts_at and ends_at and ends_at < starts_at:
            raise serializers.ValidationError({"ends_at": ["A round cannot end before it starts."]})
        return attrs


class SeatingRequestSerializer(serializers.Serializer):
    seed = Integer(
        required=False, allow_null=True, min_value=0, max_value=2**63 - 1, help_text="For a repeatable draw."
    )
    swiss = Boolean(required=False, default=False, help_text="Seat players with close chip totals together.")


# --- tables -----------------------------------------------------------------------------------------


class TableStateSerializer(serializers.Serializer):
    """``tournament.tables.state.TableState``: the table after the hands that stand."""

    prevailing_wind = Text()
    dealer = Integer(help_text="Player id of the dealer of the next hand.")
    seat_winds = serializers.DictField(child=Text(), help_text="Player id → seat wind now.")
    hand_number = Integer(help_text="The number the next hand will get.")
    balances = serializers.DictField(child=Integer(), help_text="Player id → chips.")
    finished = Boolean()
    finish_reason = Text(allow_null=True)
    hands_played = Integer()
    dealer_repeats = Integer()


class ConflictSerializer(ErrorSerializer):
    """409: somebody recorded the hand first (``state`` is the table now), or the hand cannot be taken
    as sent: its Idempotency-Key was used for another hand, it was entered again already (no ``state``).
    """

    state = TableStateSerializer(
        required=False, help_text="The table now, when somebody recorded this hand first."
    )


def state_data(state: TableState) -> dict:
    return {
        "prevailing_wind": state.prevailing_wind,
        "dealer": state.dealer,
        "seat_winds": {str(pid): wind for pid, wind in state.seat_winds.items()},
        "hand_number": state.hand_number,
        "balances": {str(pid): chips for pid, chips in state.balances.items()},
        "finished": state.finished,
        "finish_reason": state.finish_reason,
        "hands_played": state.hands_played,
        "dealer_repeats": state.dealer_repeats,
    }


@extend_schema_field(
    {
        "type": "object",
        "properties": {seat: {"type": "integer"} for seat in SEATS},
        "description": 'Player id per seat as first seated: {"E": id, "S": id, "W": id, "N": id}.',
    }
)
class SeatsField(serializers.ReadOnlyField):
    def to_representation(self, table):
        return table.seat_map


class TableSerializer(StrictModelSerializer):
    """A table; ``state`` is folded from its hands.

    While the round's results are held (``results_held``) the seating stays public but ``state``
    (balances, hand counts, winds: all of it comes from the hands) is null to whoever may not see
    them: ``tournament.held.sees_table_results``, the scoresheet page's rule. The caller is the
    ``request`` in the context; without one, the caller sees what an anonymous visitor sees.
    """

    seats = SeatsField(source="*")
    state = serializers.SerializerMethodField(
        help_text="Null while the table is not seated with four players, or while its round's results "
        "are held back and the caller is not one of the competition's organisers, the table's "
        "scorekeeper or one of its players."
    )
    results_held = Boolean(
        source="round.results_held", read_only=True, help_text="The round's results are held back."
    )
    scorekeeper = RowId(queryset=get_user_model().objects.all(), allow_null=True, required=False)

    class Meta:
        model = Table
        fields = ["id", "round", "number", "seats", "scorekeeper", "ended_at", "results_held", "state"]
        read_only_fields = ["round", "number", "ended_at"]

    def validate(self, attrs):
        """A read-only field sent with another value is refused (400 ``read_only``), never silently
        ignored: a table's round and number are the seating's, its end is ``POST /tables/{id}/end/``."""
        for name in ("round", "number", "ended_at", "results_held"):
            if self.instance is None or name not in self.initial_data:
                continue
            field = self.fields[name]
            current = field.get_attribute(self.instance)
            shown = None if current is None else field.to_representation(current)
            if self.initial_data[name] != shown:
                message = _("Read-only here: %(field)s is not changed through this endpoint.") % {
                    "field": name
                }
                raise serializers.ValidationError({name: [message]}, code="read_only")
        return attrs

    def _sees_results(self, table) -> bool:
        if not table.round.results_held:
            return True
        request = self.context.get("request")
        user = getattr(request, "user", None)
        organisers = self.context.setdefault("_sees_held", {})  # per competition, once per answer
        competition = table.round.competition
        if competition.pk not in organisers:
            organisers[competition.pk] = user is not None and sees_held(user, competition)
        return sees_table_results(user, table, organiser=organisers[competition.pk])

    @extend_schema_field(TableStateSerializer(allow_null=True))
    def get_state(self, table) -> dict | None:
        if len(table.seat_map) != len(SEATS):
            return None  # not (yet) seated with four players: no state to fold
        if not self._sees_results(table):
            return None  # held back (see the class docstring)
        from tournament.tables.selectors import table_fold

        return state_data(table_fold(table).state)


# --- tokens -----------------------------------------------------------------------------------------


class TokenRequestSerializer(serializers.Serializer):
    username = Text(max_length=150)
    password = Text(max_length=4096, style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = Text(help_text='Send as "Authorization: Token <token>".')


class TokenListItemSerializer(serializers.Serializer):
    id = Text(help_text="Names the token for DELETE; not the key, nor enough to guess it.")
    key_prefix = Text(help_text="The key's first characters, to recognise it by.")
    created = serializers.DateTimeField()
    current = Boolean(help_text="True for the token this request was sent with.")


class TokenPageSerializer(serializers.Serializer):
    """The list's page, in the shape of every list of the API (one page: a user has few tokens)."""

    count = Integer()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = TokenListItemSerializer(many=True)


class SeatingResultSerializer(serializers.Serializer):
    round = Integer()
    tables = TableSerializer(many=True)
    report = serializers.DictField(
        help_text="The quality report: repeat_pairs, repeat_meetings, max_meetings, winds, max_wind_spread, …"
    )


class PlanRequestSerializer(serializers.Serializer):
    seed = Integer(
        required=False, allow_null=True, min_value=0, max_value=2**63 - 1, help_text="For a repeatable draw."
    )


class PlanResultSerializer(serializers.Serializer):
    rounds = SeatingResultSerializer(many=True, help_text="Every round seated, in order.")
