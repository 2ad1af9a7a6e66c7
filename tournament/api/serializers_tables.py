"""A table in the API: its seats, its state as a fold over its hands, and a conflict's answer."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.api.fields import Boolean, Integer, RowId, StrictModelSerializer, Text
from tournament.api.serializers import SEATS, ErrorSerializer
from tournament.models import Table
from tournament.rounds.held import sees_held, sees_table_results
from tournament.tables.state import TableState


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
    them: ``tournament.rounds.held.sees_table_results``, the scoresheet page's rule. The caller is the
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
        fields = [
            "id", "round", "number", "seats", "scorekeeper", "ended_at", "counts_without_hands",
            "results_held", "state",
        ]  # fmt: skip
        # Sent with another value, refused (400 read_only; StrictModelSerializer): a table's round and
        # number are the seating's, its end (and whether an empty table counts) is POST /tables/{id}/end/.
        read_only_fields = ["round", "number", "ended_at", "counts_without_hands"]

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
