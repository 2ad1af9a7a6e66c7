"""The refusals a client must expect: every 409 and 422 an operation can answer, with its codes (issue 38).

A 409 or a 422 is a well-formed request that the state of the league or the rules refuse now; the
answer's ``errors[].code`` says which refusal it is, so that a client branches on it. ``refusal``
writes one such answer for ``@extend_schema(responses=...)``: its description lists each code with
what it means, and it carries one example per code; the schema hook
(``tournament.api.schema_hooks``) adds the codes as ``x-error-codes``, a list a program reads. The
codes are plain strings in the answer's schema, not an enum: a client generated today keeps working
when a later version adds a refusal.

The lists per operation follow the doors behind them (``tournament.tables.ledger``,
``tournament.confirmations.services``, ``tournament.counts.services``, ``tournament.rounds``) and
the scoring engine (``scoring.adapter.openapi.ENGINE_REFUSALS``); schemathesis checks every 409 and
422 it meets against them (tests/api/test_schema_fuzz.py).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse

from scoring.adapter.openapi import ENGINE_REFUSALS, SETTLE_REFUSALS
from tournament.api.serializers import ErrorSerializer

MEANING = {
    # 409: somebody changed it first, or the request repeats one that went another way.
    "conflict": "Somebody recorded this hand first, or the `hand_number` sent is stale: `state` is the "
    "table now. Check the hand list before entering it again.",
    "idempotency_key_reused": "This `Idempotency-Key` was sent before with another hand: a new hand "
    "takes a new key.",
    "already_corrected": "The voided hand has been entered again already: void that one to correct it.",
    "round_transition": "The round or table is not in a state this step starts from (publishing a round "
    "not seated, finishing one with tables still playing, renumbering a seated round...): the message "
    "says why.",
    "far_from_date": "The night is more than 12 hours from its start time: send `confirm_date: true` to "
    "start it or check players in anyway (the message names the date).",
    "already_answered": "This seat has already answered otherwise for this hand.",
    "already_ruled": "The organiser has already ruled on this hand.",
    "hand_void": "This hand has been voided.",
    "stage": "The stage cannot change so now (its cut not published yet, or published already, a round "
    "of another stage, a qualifier who is still playing...): the message says why.",
    "replies_closed": "The night is seated (or over): a player's reply comes too late; the organiser can "
    "still answer for them.",
    # 422: the rules refuse it in the state things are in.
    "table_not_seated": "The table does not have four players seated.",
    "round_not_published": "The round's seating is a draft: the organiser publishes it before play.",
    "round_finished": "The round is finished: its hands, answers and counts are final unless an organiser "
    "reopens it.",
    "table_ended": "The organiser has ended this table: its hands are final unless the round is reopened.",
    "table_finished": "This table's session is over: no more hands.",
    "number_out_of_range": "A number of the hand (doubles, a transfer) is more than can be recorded.",
    "invalid_correction": "Only a voided hand of this table can be entered again.",
    "already_void": "The hand is already voided.",
    "cannot_seat": "The round cannot be seated now (started, hands recorded, too few players...): the "
    "message says why.",
    "nothing_to_rule": "The hand is neither disputed nor waiting: there is nothing to rule.",
    "not_playing": "Play has not started at this table: there are no chips to count.",
    "no_count_due": "No chip count is asked for at this table.",
    "invalid_chips": "Chips are a whole number, 0 or more.",
    "wrong_players": "Count the chips of each of the table's four players.",
    "total_differs": "The count does not add up to the table's chips: chips are never created or lost.",
    "not_differing": "Only a count that differs from the ledger is accepted or compared again.",
    "not_allowed": "The season refuses this now (a night over, a date not in the season, a bad number of "
    "nights...): the message says why, `field` names what to change.",
    "not_entered": "The player is not entered in this competition, or has withdrawn from it.",
    # team events (issue 35, ``tournament.teams.services``)
    "lineup_closed": "The round's lineups are closed: its deadline has passed (a captain; the organiser may "
    "still name it until the round is seated) or the round is seated.",
    "results_exist": "Hands are recorded in the competition: its teams can no longer be added or removed.",
    "invalid_team": "The team cannot be so (no name, a name another team has, a short name too long): "
    "`field` names what to change.",
    "in_another_team": "The player is already in another team of this competition.",
    "not_on_roster": "The player is not on this team's roster (or no longer playing).",
    "empty_lineup": "A lineup names at least one player.",
    "wrong_size": "A lineup names exactly the lineup size: the fewest regulars of any team (issue 49).",
    "named_twice": "A lineup names each player once.",
    # registration (issue 51, ``tournament.registration``)
    "registration_closed": "Sign-ups for this competition are not open now.",
    "already_registered": "This email or phone has signed up for this competition already.",
    "registration_transition": "The sign-up is not in a status this step starts from (approving one "
    "refused or withdrawn, refusing one approved...): the message says why.",
    "choose_player": "The sign-up matches registered players: send `player` (one of `matches`) or "
    "`new_player: true`.",
    "already_entered": "The player chosen is entered in this competition already.",
    "full": "No place is free: the sign-up stays on the waiting list.",
    "no_offer": "No place is offered to this person now (never, or the offer expired).",
    # people's data (issue 51, ``tournament.privacy``)
    "already_erased": "This person's data was erased already: nothing more to do.",
    **ENGINE_REFUSALS,
}

LEAD = {
    409: "Conflict: somebody changed it first, or the state refuses this step now. `errors[].code` is:",
    422: "Well-formed, but the rules refuse it in the state things are in. `errors[].code` is one of:",
}

# The ledger's refusals of a hand entered (recorded or entered again), then the engine's of its outcome.
_HAND_OPEN = ("round_not_published", "round_finished", "table_ended")
HAND_ENTRY_409 = ("conflict", "idempotency_key_reused")
HAND_CORRECT_409 = (*HAND_ENTRY_409, "already_corrected")
HAND_ENTRY_422 = ("table_not_seated", *_HAND_OPEN, "table_finished", "number_out_of_range", *SETTLE_REFUSALS)
HAND_CORRECT_422 = (
    "invalid_correction",
    *_HAND_OPEN,
    "table_finished",
    "number_out_of_range",
    *SETTLE_REFUSALS,
)
HAND_VOID_422 = ("already_void", *_HAND_OPEN)
ANSWER_409 = ("already_answered", "already_ruled", "hand_void")
ANSWER_422 = ("round_finished",)
SEAT_422 = ("round_not_published",)  # a seat's link while its round's seating is a draft
RULING_409 = ("already_ruled", "hand_void")
RULING_422 = ("nothing_to_rule", "round_finished", "table_ended")
COUNT_ENTER_422 = ("round_finished", "no_count_due", "invalid_chips", "wrong_players", "total_differs")
COUNT_REQUEST_422 = ("round_finished", "not_playing")
COUNT_SETTLE_422 = ("round_finished", "not_differing")
ATTENDANCE_409 = ("replies_closed", "far_from_date")
ATTENDANCE_422 = ("not_allowed", "not_entered")
SEASON_422 = ("not_allowed",)
STAGE_409 = ("stage",)
TEAM_CREATE_409 = ("results_exist",)
TEAM_CREATE_422 = ("invalid_team", "not_entered", "in_another_team", "not_on_roster")
LINEUP_409 = ("lineup_closed",)
LINEUP_422 = ("invalid_team", "not_on_roster", "empty_lineup", "wrong_size", "named_twice")


def refusal(status: int, codes: tuple[str, ...] | list[str], serializer=None) -> OpenApiResponse:
    """The 409 or 422 answer of an operation that refuses with ``codes`` (each in ``MEANING``)."""
    codes = list(dict.fromkeys(codes))
    lines = "\n".join(f"- `{code}`: {MEANING[code]}" for code in codes)
    examples = [
        OpenApiExample(
            code,
            value={"errors": [{"code": code, "message": MEANING[code]}]},
            status_codes=[str(status)],
            response_only=True,
        )
        for code in codes
    ]
    return OpenApiResponse(
        serializer or ErrorSerializer, description=f"{LEAD[status]}\n\n{lines}", examples=examples
    )
