"""Serializers of hands: the entry a scorekeeper sends and the hand recorded (league-api.md "hands").

Players are named by player id everywhere; the entry is the ``settle``
outcome of ../shared/spec/scoring-api.md, which ``tournament.tables.ledger``
translates into seat winds.
"""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.outcome import ANIMAL_PAIRS, BONUS_SETS, INSTANT_TYPES, MAX_DOUBLES, MAX_INSTANT
from tournament.api.fields import Boolean, ClosedSerializer, DateTime, Integer, StrictModelSerializer, Text
from tournament.api.serializers import PlayerIdField
from tournament.api.serializers_tables import TableStateSerializer, state_data
from tournament.models import Hand
from tournament.tables.ledger.guard import INT_MAX

# --- hands ------------------------------------------------------------------------------------------


class TransferSerializer(serializers.Serializer):
    """One chip transfer: ``from`` pays ``to`` ``amount`` chips for ``reason``."""

    amount = Integer()
    reason = Text()

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = Integer(source="from_player_id", help_text="Player id paying.")
        fields["to"] = Integer(source="to_player_id", help_text="Player id paid.")
        return fields


class VoidSerializer(serializers.Serializer):
    reason = Text()
    voided_by = Integer(source="voided_by_id", allow_null=True)
    voided_at = DateTime()


_DATETIME = DateTime()


class HandSerializer(StrictModelSerializer):
    """A recorded hand; ``transfers`` are the ones it was settled with (a void's reversals are apart)."""

    transfers = serializers.SerializerMethodField()
    voided = serializers.SerializerMethodField()
    void = serializers.SerializerMethodField()

    class Meta:
        model = Hand
        fields = [
            "id", "table", "number", "sequence", "outcome", "winner", "discarder", "offender", "liable",
            "self_drawn", "doubles", "kong_declared", "prevailing_wind", "dealer", "seat_winds",
            "transfers", "voided", "void", "corrects", "entry", "recorded_by", "recorded_at",
        ]  # fmt: skip
        read_only_fields = fields

    def to_representation(self, hand) -> dict:
        # The fields above, written out: building a ModelSerializer's fields for every hand cost more than
        # the rest of a hand post's answer (load bench, issue 7). A test holds this equal to DRF's own
        # representation from those fields, for hands of every kind.
        return {
            "id": hand.pk,
            "table": hand.table_id,
            "number": hand.number,
            "sequence": hand.sequence,
            "outcome": hand.outcome,
            "winner": hand.winner_id,
            "discarder": hand.discarder_id,
            "offender": hand.offender_id,
            "liable": hand.liable_id,
            "self_drawn": hand.self_drawn,
            "doubles": hand.doubles,
            "kong_declared": hand.kong_declared,
            "prevailing_wind": hand.prevailing_wind,
            "dealer": hand.dealer_id,
            "seat_winds": hand.seat_winds,
            "transfers": self.get_transfers(hand),
            "voided": self.get_voided(hand),
            "void": self.get_void(hand),
            "corrects": hand.corrects_id,
            "entry": hand.entry,
            "recorded_by": hand.recorded_by_id,
            "recorded_at": _DATETIME.to_representation(hand.recorded_at),
        }

    @extend_schema_field(TransferSerializer(many=True))
    def get_transfers(self, hand) -> list[dict]:
        written = self.context.get("transfers")  # a hand just recorded: the transfers the ledger wrote
        return [
            {"amount": t.amount, "reason": t.reason, "from": t.from_player_id, "to": t.to_player_id}
            for t in (hand.transfers.all() if written is None else written)
            if t.reverses_id is None
        ]

    def get_voided(self, hand) -> bool:
        return hand.is_void

    @extend_schema_field(VoidSerializer(allow_null=True))
    def get_void(self, hand) -> dict | None:
        return VoidSerializer(hand.void).data if hand.is_void else None


class HandRecordedSerializer(HandSerializer):
    """The answer to a recorded hand: the hand and the table's new ``state``."""

    state = serializers.SerializerMethodField()

    class Meta(HandSerializer.Meta):
        fields = [*HandSerializer.Meta.fields, "state"]
        read_only_fields = fields

    def to_representation(self, hand) -> dict:
        return {**super().to_representation(hand), "state": self.get_state(hand)}

    @extend_schema_field(TableStateSerializer)
    def get_state(self, hand) -> dict:
        return state_data(self.context["state"])


class VoidedSerializer(serializers.Serializer):
    """The answer to a void: the hand (now flagged) and the table's new ``state``."""

    hand = HandSerializer()
    state = TableStateSerializer(allow_null=True)


class InstantSerializer(ClosedSerializer):
    """An instant payout during the hand (scoring-api.md ``instant``), the player named by id."""

    type = serializers.ChoiceField(choices=INSTANT_TYPES)
    player = PlayerIdField(help_text="Who is paid.")
    concealed = Boolean(required=False)
    pair = serializers.ChoiceField(choices=ANIMAL_PAIRS, required=False, help_text="For an animal_pair.")
    set = serializers.ChoiceField(choices=BONUS_SETS, required=False, help_text="For a bonus_set.")
    initial = Boolean(required=False)
    liable = PlayerIdField(required=False, allow_null=True)
    discarder = PlayerIdField(required=False, allow_null=True, help_text="Who fed an exposed kong.")


class HandEntrySerializer(ClosedSerializer):
    """One hand's outcome: the ``settle`` outcome of scoring-api.md with players named by player id.

    Another field is a 400 ``unknown_field``; ``rules`` and ``options`` are judged by the ledger (a
    hand cannot change the competition's rules: ``options_not_allowed``, ``rules_not_allowed``).
    ``hand_number`` says which hand the scorekeeper believes they are entering: if that hand has been
    recorded meanwhile the answer is 409.
    """

    passed_on = ("rules", "options")

    outcome = serializers.ChoiceField(choices=Hand.Outcome.choices)
    winner = PlayerIdField(required=False, allow_null=True)
    win = serializers.ChoiceField(choices=["discard", "self_draw"], required=False)
    discarder = PlayerIdField(required=False, allow_null=True)
    doubles = Integer(required=False, allow_null=True, min_value=0, max_value=MAX_DOUBLES)
    ping_hu = Boolean(required=False)
    limit = Boolean(required=False)
    thirteen_wonders = Boolean(required=False, help_text="A win on Thirteen Wonders, when no hand is given.")
    robbing_eighth_flower = Boolean(
        required=False,
        help_text="A win by robbing the eighth flower, when no hand is given (the discarder drew it).",
    )
    kong_replacement = Boolean(
        required=False, help_text="A self-drawn win on a kong's replacement tile, when no hand is given."
    )
    liable = PlayerIdField(required=False, allow_null=True)
    offender = PlayerIdField(required=False, allow_null=True)
    kong_declared = Boolean(required=False, help_text="A kong was declared (for a draw).")
    instant = InstantSerializer(many=True, required=False, max_length=MAX_INSTANT)
    hand = serializers.DictField(required=False, help_text="The full hand (scoring-api.md, Hand).")
    hand_number = Integer(required=False, min_value=1, max_value=INT_MAX)

    def validate(self, attrs):
        if _has_nul(self.initial_data):
            raise serializers.ValidationError("Text may not contain NUL characters.", code="invalid")
        return attrs

    def entry(self) -> dict:
        """The entry for ``hand_record``: the input as sent, the known fields as validated."""
        entry = {k: v for k, v in self.initial_data.items() if k != "hand_number"}
        entry.update({k: v for k, v in self.validated_data.items() if k not in ("hand_number", "instant")})
        if "instant" in self.validated_data:
            entry["instant"] = [
                {**raw, **dict(clean)}
                for raw, clean in zip(
                    self.initial_data["instant"], self.validated_data["instant"], strict=True
                )
            ]
        return entry


def _has_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, Mapping):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_has_nul(v) for v in value)
    return False


class HandVoidRequestSerializer(serializers.Serializer):
    reason = Text(max_length=300, help_text="Why the hand is voided.")
