"""A round in the API, and the requests and answers of its seating and the competition's plan."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from tournament.api.fields import Boolean, DateTime, Integer, StrictModelSerializer
from tournament.api.serializers_tables import (
    TableSerializer,
)
from tournament.models import Round
from tournament.tables.ledger.guard import INT_MAX


class RoundSerializer(StrictModelSerializer):
    number = Integer(min_value=1, max_value=INT_MAX, required=False, help_text="Defaults to the next number.")
    extra_minutes = serializers.IntegerField(
        read_only=True, help_text="Extra time given to the round (POST /api/v1/rounds/{id}/extra-time/)."
    )
    clock_ends = DateTime(
        read_only=True,
        allow_null=True,
        help_text="When the round's clock runs out: `ends_at` plus the extra time.",
    )

    class Meta:
        model = Round
        fields = [
            "id", "competition", "number", "starts_at", "ends_at", "venue", "status", "results_held",
            "extra_minutes", "clock_ends",
        ]  # fmt: skip
        # A round's status and held results change only through its actions (POST /rounds/{id}/start/ ...,
        # tournament.api.lifecycle), which check the transition and write the audit entry (issue 13);
        # its extra time through POST /rounds/{id}/extra-time/ (issue 36).
        read_only_fields = ["competition", "status", "results_held"]

    def read_only_message(self, name: str) -> str:
        action = {
            "status": "publish/, start/, end/, finish/ or reopen/",
            "results_held": "hold/ or release/",
            "extra_minutes": "extra-time/",
        }
        if name in action:
            return _("Read-only here: use POST /api/v1/rounds/{id}/%(action)s") % {"action": action[name]}
        return super().read_only_message(name)

    def validate(self, attrs):
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
    publish = Boolean(required=False, default=False, help_text="Publish in the same step (players see it).")
    reserves = serializers.ListField(
        child=Integer(min_value=1, max_value=2**31 - 1),
        required=False,
        max_length=3,
        help_text="Player ids of playing entries seated to fill a table instead of byes (issue 33). Left "
        "out: the reserves the night was seated with, while they still fill its last table; `[]`: none.",
    )
    seat_regulars = Boolean(
        required=False,
        default=False,
        help_text="A team event: seat the regulars of each team that named no lineup for the round "
        "(without it such a round is refused with 422 cannot_seat, naming the teams; issue 49).",
    )


class SeatingResultSerializer(serializers.Serializer):
    round = Integer()
    tables = TableSerializer(many=True)
    byes = serializers.ListField(child=Integer(), required=False, help_text="Player ids sitting out.")
    seated_from = serializers.ChoiceField(
        choices=["checked_in", "yes", "entries", "stage", "lineups"],
        required=False,
        help_text="Whom the round was seated from: the checked-in, the yes replies, every active entry, "
        "a stage's qualifiers (issue 36), or the players the teams named (issue 35).",
    )
    report = serializers.DictField(
        help_text="The quality report: repeat_pairs, repeat_meetings, max_meetings, winds, max_wind_spread, …"
    )


class PlanRequestSerializer(serializers.Serializer):
    seed = Integer(
        required=False, allow_null=True, min_value=0, max_value=2**63 - 1, help_text="For a repeatable draw."
    )


class PlanResultSerializer(serializers.Serializer):
    rounds = SeatingResultSerializer(many=True, help_text="Every round seated, in order.")
