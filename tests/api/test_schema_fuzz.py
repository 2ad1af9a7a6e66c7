"""Schemathesis on every endpoint of /api/v1/, as each of four callers, with all of its checks (issue 13).

Random requests built from the OpenAPI schema, valid ones and invalid ones, are sent to the app (WSGI,
on the test database) by an anonymous caller, a player, a scorekeeper and an organiser of a small
league: real users with their real roles, and API tokens made for the run. Every answer goes through
every check schemathesis has (``schemathesis.checks.CHECKS``: no 500, documented statuses, content
types, headers and bodies, invalid data refused, valid data accepted, ...). A failure is fixed in the
schema or the code, never by leaving an endpoint or a check out.

Ids in the path: about half of the cases name a real row of the league (a stable function of the
drawn id), so that the requests reach the views' validation and the service functions, not only their
404; references in bodies always name real rows (``aim_at_real_objects``).

``SCHEMATHESIS_MAX_EXAMPLES`` sets the examples per operation and caller (a few by default, so that the
normal suite stays fast), ``SCHEMATHESIS_COVERAGE=1`` adds schemathesis' coverage phase (every field's
boundaries) and ``SCHEMATHESIS_CASES_LOG`` names a file that gets one line per case sent: the long
exploratory run is bench/schema_fuzz.sh.
"""

from __future__ import annotations

import os
import zlib

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from hypothesis import HealthCheck, reject, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import CHECKS, is_check_class, load_all_checks
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation

from scoring import InvalidInput
from scoring.rulesets import RULESETS, get_ruleset
from tests.api.conftest import cast_league
from tests.conftest import built_for_the_module
from tests.factories import team_with_members
from tournament.api.tokens import public_id
from tournament.confirmations.seat_links import seat_link_token
from tournament.counts.services import count_enter, count_request
from tournament.league.competitions import competition_set_confirmation
from tournament.models import (
    AuditEntry,
    ChipCount,
    ChipTransfer,
    Club,
    Competition,
    Entry,
    Hand,
    HandAnswer,
    HandCheck,
    HandVoid,
    Lineup,
    Player,
    Round,
    Seat,
    Stage,
    Table,
    Team,
    TeamMember,
)
from tournament.stages.services import stage_add_round, stage_create
from tournament.tables.ledger.record import hand_record
from tournament.tables.selectors import table_ledger

pytestmark = pytest.mark.django_db

# Five a caller and operation: 531 of them, the suite's largest module (92 s of 1,100 at eight). The long
# exploratory run (bench/schema_fuzz.sh) sends a hundred each.
MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "5"))
CASES_LOG = os.environ.get("SCHEMATHESIS_CASES_LOG")
COVERAGE = os.environ.get("SCHEMATHESIS_COVERAGE", "") == "1"
ROLES = ("anonymous", "player", "scorekeeper", "organiser")
PASSWORD = "pw-for-tests-only"  # tests.factories.UserFactory's

load_all_checks()


@schemathesis.check
def refusals_name_listed_codes(ctx, response, case):
    """A 409 or 422 answers only codes its operation lists in the schema (``x-error-codes``; issue 38),
    so that a client branching on them meets no other."""
    if response.status_code not in (409, 422):
        return None
    answer = case.operation.definition.raw.get("responses", {}).get(str(response.status_code), {})
    listed = answer.get("x-error-codes")
    if listed is None:
        return None  # a status the operation does not document: status_code_conformance reports it
    codes = {error.get("code") for error in response.json().get("errors", [])}
    unlisted = codes - set(listed)
    if unlisted:
        raise AssertionError(
            f"{response.status_code} with code(s) {sorted(unlisted)} not in x-error-codes {listed}"
        )
    return None


ALL_CHECKS = [check for check in CHECKS.get_all() if not is_check_class(check)]

# Answers a valid request may get because of the state of the league, not because of the request.
# positive_data_acceptance already allows 401, 403, 404, 409 and 429 (its defaults, kept); these
# operations add the refusals that the rules make of a well-formed request, each documented in the
# schema with the error shape (a test of its own asks each refusal of the API: tests/api, tests/scoring):
STATE_REFUSALS = [
    # A username and password that are well formed but name no user: 400 invalid_credentials (a
    # random pair never names one of the four callers).
    ("/api/v1/auth/token/", "POST", ["400"]),
    # A hand, a correction, a void or a seating that the rules refuse (not the caller's table's turn,
    # a round already finished, a 0-double win under min_doubles 1, a round without players): 422.
    # A hand's entry is /settle/'s outcome with players named by id: its fields depend on each other
    # as there (below), and its full hand is scored by the engine (scoring-api.md), so a 400 too.
    ("/api/v1/tables/{id}/hands/", "POST", ["400", "422"]),
    ("/api/v1/hands/{id}/correct/", "POST", ["400", "422"]),
    ("/api/v1/hands/{id}/void/", "POST", ["422"]),
    ("/api/v1/rounds/{id}/seating/", "POST", ["422"]),
    ("/api/v1/competitions/{id}/seating/", "POST", ["422"]),
    # A hand the scoring engine's rules refuse (no such decomposition, below the rule set's minimum).
    ("/api/v1/score/", "POST", ["422"]),
    # An outcome's fields depend on each other in ways an OpenAPI 3.0 schema cannot state: the
    # discarder is not the winner, a self-drawn win has no discarder, an offender only for a false
    # win, doubles or a hand but not both (scoring/settle.py). The engine refuses such an outcome
    # with 400 and names the field; the schema documents the 400 and says it in the fields' texts.
    ("/api/v1/settle/", "POST", ["400", "422"]),
    # Players confirming hands (issue 19): an answer after the round is finished, a ruling on a hand
    # that is neither disputed nor waiting (nothing_to_rule) are 422; a dispute needs a reason, which a
    # body with "dispute" and no reason lacks (400 reason_required): a rule between two fields that
    # the schema states in the text only, as for /settle/.
    ("/api/v1/hands/{id}/confirmations/", "POST", ["400", "422"]),
    ("/api/v1/seats/{token}/hands/{hand_id}/confirmation/", "POST", ["400", "422"]),
    # A seat's link while its round is drawn (again) and not published: 422 round_not_published, and
    # nothing of the draft (a run's seating POST makes one).
    ("/api/v1/seats/{token}/", "GET", ["422"]),
    ("/api/v1/hands/{id}/ruling/", "POST", ["422"]),
    # Chip counts (issue 19): no count asked for (no_count_due), chips that do not add up to the
    # table's (total_differs), a count that does not differ (not_differing), a table not playing
    # (not_playing): 422, each a state of the table, not a fault of the body.
    ("/api/v1/tables/{id}/counts/", "POST", ["422"]),
    ("/api/v1/tables/{id}/counts/request/", "POST", ["422"]),
    ("/api/v1/counts/{id}/accept/", "POST", ["422"]),
    ("/api/v1/counts/{id}/compare/", "POST", ["422"]),
    # A season's nights (issue 33): a season whose dates do not hold together (a first night off its
    # weekday, an end before the start, a skipped date that is no night) is 422 naming the field; a
    # reply or check-in for a withdrawn player or a finished night, a late arrival already seated: 422.
    ("/api/v1/competitions/{id}/season/", "POST", ["422"]),
    ("/api/v1/rounds/{id}/attendance/{player_pk}/", "PUT", ["422"]),
    ("/api/v1/rounds/{id}/attendance/{player_pk}/late/", "POST", ["422"]),
    # Teams (issue 35): a player in another team, not entered, or not on the team's roster: 422, each a
    # state of the league, not a fault of the body (a lineup with nobody the schema refuses: minItems 1).
    ("/api/v1/competitions/{id}/teams/", "POST", ["422"]),
    ("/api/v1/rounds/{id}/lineups/{team_pk}/", "PUT", ["422"]),
    # Stages (issue 49): a stage to cut from, or a club of a category, named by an id that is no earlier
    # stage or no club of this competition's entrants: 400 naming the field, as a hand's players (above).
    ("/api/v1/stages/{id}/", "PATCH", ["400"]),
    # Sign-ups (issue 51): rules between fields the schema states in its text only: an email or a phone
    # (one of two), consent true, an answer to each of the organiser's own questions; a window whose close
    # is before its open, a cap below the places taken, only the settings the window has: 400 naming it.
    ("/api/v1/competitions/{id}/registrations/", "POST", ["400"]),
    ("/api/v1/competitions/{id}/registration/", "PUT", ["400"]),
]


def _config() -> SchemathesisConfig:
    operations = [
        {
            "include-name": f"{method} {path}",
            "checks": {
                "positive_data_acceptance": {
                    "expected-statuses": ["2xx", "401", "403", "404", "409", "429", *extra]
                }
            },
        }
        for path, method, extra in STATE_REFUSALS
    ]
    # Text in a body is Unicode without NUL: the API refuses NUL with a 400 (PostgreSQL's text cannot
    # hold it; tournament.api.parsers), so NUL is no valid input, which the schema cannot say.
    config = {"generation": {"allow-x00": False}, "operations": operations}
    # The coverage phase (boundaries of every field, deterministic) sends hundreds of cases to an operation
    # with a big body (a competition's options): in the long run only (SCHEMATHESIS_COVERAGE=1).
    config["phases"] = {"coverage": {"enabled": COVERAGE}}
    return SchemathesisConfig.from_dict(config)


# Loaded at collection, before any database exists: generating the schema reads no rows.
schema = schemathesis.openapi.from_wsgi(
    "/api/v1/schema/?format=json", get_wsgi_application(), config=_config()
)


@pytest.fixture
def _one_db_connection():
    """Keep the test's database connection across the WSGI requests, as Django's test client does."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The league every case is sent to, built once a module (``built_for_the_module``): every case still
    starts from these rows. Built per test, it was a third of the module's time.

    A league with a hand waiting for the players' confirmation, a chip count that differs from the ledger
    and one asked for (issue 19), two teams and a round to name a lineup for (issue 35), and stages (issue
    36); an API token for each role."""
    yield from built_for_the_module(django_db_blocker, _build_world)


def _build_world() -> dict:
    league = cast_league()
    organiser = league.users["organiser"]
    competition_set_confirmation(league.competition, rule="players", needed=2, user=organiser)
    seated = league.table.seats.select_related("player").first().player
    seated.user = league.users["player"]
    seated.save()
    # Teams (issue 35), before the first hand (a team is made before results): the player captains the
    # first; the second round is not seated yet, so that a lineup can be named for it.
    players = [s.player for s in league.table.seats.select_related("player").order_by("wind")]
    others = [s.player for s in league.other_table.seats.select_related("player").order_by("wind")]
    team_with_members(league.competition, "East Wind", players[:2] + others[:2], captain=seated)
    team_with_members(league.competition, "West Wind", players[2:] + others[2:])
    Round.objects.create(competition=league.competition, number=2, status=Round.Status.SCHEDULED)
    hand_record(table=league.table, entry={"outcome": "draw"})
    count_request(league.table, user=organiser)
    balances = dict(table_ledger(league.table).state.balances)
    first, second, *_ = sorted(balances)
    count_enter(league.table, chips={**balances, first: balances[first] + 1, second: balances[second] - 1})
    count_request(league.table, user=organiser)
    # Stages (issue 36): the preliminaries with the league's round, and a final cut to four.
    stage_add_round(stage_create(league.competition, name="Preliminaries"), league.round)
    stage_create(league.competition, name="Final", cut_size=4)
    users = {
        "anonymous": None,
        "player": league.users["player"],
        "scorekeeper": league.users["table_scorekeeper"],
        "organiser": league.users["organiser"],
    }
    tokens = {role: Token.objects.create(user=user) if user else None for role, user in users.items()}
    return {"league": league, "users": users, "tokens": tokens}


@pytest.fixture(params=ROLES)
def caller(request, world, db, settings, _one_db_connection):
    """The role's user and API token, in the module's league (``world``)."""
    settings.AXES_LOCKOUT_CALLABLE = "tournament.api.errors.lockout_response"
    # The scoring engine's rate limit would answer most of a run 429 (documented, but it tests nothing).
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"scoring": "1000000/minute"},
    }
    role = request.param
    return {
        "role": role,
        "user": world["users"][role],
        "token": world["tokens"][role],
        "league": world["league"],
    }


KEPT = (AuditEntry, Club, Player, Competition, Entry, Round, Table, Seat, Hand, HandVoid, ChipTransfer,
        HandCheck, HandAnswer, ChipCount, Stage, Team, TeamMember, Lineup)  # fmt: skip


def rows() -> dict[str, int]:
    """How many rows of each kind the league holds (a refused request changes none; an accepted change
    writes an audit entry, so a change kept behind an error would show there too). One query: it is
    asked twice for every case sent."""
    counts = ", ".join(f"(SELECT COUNT(*) FROM {connection.ops.quote_name(m._meta.db_table)})" for m in KEPT)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {counts}")
        return dict(zip((model.__name__ for model in KEPT), cursor.fetchone(), strict=True))


def real_ids(caller, kept: dict[str, int]) -> dict[str, list]:
    """The ids a path can name, by what they name, for the league as ``kept`` counts it (``rows()``).

    Read again only when a count has moved: every accepted change writes an audit entry (counted), so
    the ids of the last case hold until a case changes something."""
    key = tuple(sorted(kept.items()))
    cached = caller.get("ids")
    if cached is None or cached[0] != key:
        caller["ids"] = cached = (key, _read_real_ids(caller["league"]))
    return cached[1]


def _read_real_ids(league) -> dict[str, list]:
    return {
        "clubs": list(Club.objects.values_list("pk", flat=True)),
        "players": list(Player.objects.values_list("pk", flat=True)),
        "competitions": list(Competition.objects.values_list("pk", flat=True)),
        "rounds": list(Round.objects.values_list("pk", flat=True)),
        "tables": list(Table.objects.values_list("pk", flat=True)),
        "hands": list(Hand.objects.values_list("pk", flat=True)),
        "counts": list(ChipCount.objects.values_list("pk", flat=True)),
        "stages": list(Stage.objects.values_list("pk", flat=True)),
        "lineups": list(Team.objects.values_list("pk", flat=True)),  # rounds/{id}/lineups/{team_pk}/
        "seats": [seat_link_token(seat) for seat in Seat.objects.order_by("pk")],  # the private links
        "rulesets": list(RULESETS),
        "users": list(get_user_model().objects.values_list("pk", flat=True)),
        "staff": list(league.competition.scorekeepers.values_list("pk", flat=True)),
    }


PATH_KINDS = (
    "clubs", "players", "competitions", "rounds", "tables", "hands", "rulesets", "counts", "seats", "stages",
    "lineups",
)  # fmt: skip


def _kind(path: str, name: str) -> str | None:
    if name == "competition_pk":
        return "competitions"
    parts = path.strip("/").split("/")  # api, v1, <resource>, {id}, ...
    kind = parts[-2] if parts[-1] == "{" + name + "}" else parts[parts.index("{" + name + "}") - 1]
    return kind if kind in PATH_KINDS else None


BODY_REFERENCES = {
    "club": "clubs",
    "scorekeeper": "staff",  # a table's scorekeeper is one of the competition's scorekeepers
    "players": "players",
    "organisers": "users",
    "scorekeepers": "users",
    # a team's members and captain (issue 35)
    "members": "players",
    "substitutes": "players",
    "captain": "players",
}


def _is_id(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pick(value, choices: list, *, always: bool = False):
    """One of ``choices`` for about half of the values (``always``: for every value), or None: a
    stable function of the drawn value, so that a run is repeatable (``derandomize``)."""
    digest = zlib.crc32(repr(value).encode())
    return choices[(digest >> 1) % len(choices)] if choices and (always or digest % 2 == 0) else None


def aim_at_real_objects(case, caller, kept: dict[str, int]) -> None:
    """Let about half of the path ids name real rows (a value the schema allows is replaced, never a
    mutated one, so that invalid cases stay invalid), and some token requests carry the caller's
    real password."""
    ids = real_ids(caller, kept)
    path = case.meta.components.get(ParameterLocation.PATH)
    mutated_path = path is not None and path.mode.is_negative  # left as it is: an invalid id
    for name, value in list((case.path_parameters or {}).items() if not mutated_path else ()):
        if name == "token_id":
            candidates = [public_id(caller["token"])] if caller["token"] is not None else []
        else:
            kind = _kind(case.operation.path, name)
            candidates = ids.get(kind, []) if kind else []
        if isinstance(value, int | str) and not isinstance(value, bool):
            chosen = _pick(value, candidates)
            if chosen is not None:
                case.path_parameters[name] = chosen
    body = case.body
    if isinstance(body, dict) and not case.operation.path.startswith(
        ("/api/v1/hands/", "/api/v1/tables/{id}/hands/")
    ):
        # A reference in a body (a player's club, a table's scorekeeper, a competition's players and
        # staff) names a row that exists: the schema says "integer", not which ones are there, and an
        # unknown one is refused 400 does_not_exist (tests/api/test_league.py asks that).
        for name, kind in BODY_REFERENCES.items():
            value = body.get(name)
            if _is_id(value):
                body[name] = _pick(value, ids[kind], always=True)
            elif isinstance(value, list) and all(_is_id(v) for v in value):
                body[name] = [_pick(v, ids[kind], always=True) for v in value]
    table = _table_of(case)
    if isinstance(body, dict) and table is not None:
        # Players in a hand are named by id: those seated at its table (another id is 400
        # not_at_table, which tests/api/test_hands.py asks of the API).
        seated = sorted(table.seat_map.values())
        for item in [body, *(i for i in body.get("instant") or () if isinstance(i, dict))]:
            for name in ("winner", "discarder", "liable", "offender", "player"):
                if _is_id(item.get(name)):
                    item[name] = _pick(item[name], seated, always=True)
    chips = body.get("chips") if isinstance(body, dict) else None
    if table is not None and isinstance(chips, dict) and len(chips) == len(table.seat_map):
        # A count names the table's four players by id (the schema cannot list them): another key is
        # 400 wrong_players (tests/counts). In about half of the valid ones, the chips the ledger says
        # (a count that adds up, so that it is entered when one is due).
        players = sorted(table.seat_map.values())
        balances = table_ledger(table).state.balances
        held = [balances.get(p, 0) for p in players]
        if case.meta.generation.mode.is_positive and min(held) >= 0 and _pick(sorted(chips.items()), [True]):
            body["chips"] = {str(p): chips for p, chips in zip(players, held, strict=True)}
        else:
            body["chips"] = {str(p): v for p, v in zip(players, chips.values(), strict=True)}
    if case.meta.generation.mode.is_positive and case.operation.path.startswith("/api/v1/competitions/"):
        _limit_within_the_price_table(body, case.path_parameters or {})
    order = body.get("standings_order") if isinstance(body, dict) else None
    if case.meta.generation.mode.is_positive and isinstance(order, list):
        # Each metric once, "x" and "-x" being the same metric: a rule the schema cannot state.
        firsts = {}
        for item in order:
            firsts.setdefault(item.removeprefix("-") if isinstance(item, str) else item, item)
        body["standings_order"] = list(firsts.values())
    points = body.get("placing_points") if isinstance(body, dict) else None
    if case.meta.generation.mode.is_positive and isinstance(points, list) and all(map(_is_id, points)):
        # A place never earns more than the place above it (issue 35): an order the schema cannot state.
        body["placing_points"] = sorted(points, reverse=True)
    if case.operation.path == "/api/v1/auth/token/" and isinstance(body, dict) and caller["user"]:
        if isinstance(body.get("username"), str) and _pick(body["username"], [True]):
            case.body = {"username": caller["user"].username, "password": PASSWORD}


def _limit_within_the_price_table(body, params) -> None:
    """A limit of doubles the price table has no row for is 400 price_table_too_short (scoring.rulesets,
    issue 16): a rule between two settings the schema cannot state. A valid competition's options that
    break only that rule get the limit the table pays (limit_doubles: the table's last row)."""
    options = body.get("options") if isinstance(body, dict) else None
    if not isinstance(options, dict):
        return
    pk = params.get("id") if _is_id(params.get("id")) and params["id"] <= 2**63 - 1 else None
    kept = Competition.objects.filter(pk=pk).values_list("rules", flat=True).first() if pk else None
    rules = body.get("rules") or kept or "spgg-2023"
    if rules not in RULESETS:
        return
    try:
        get_ruleset(rules, options or None)
    except InvalidInput as exc:
        table = options.get("price_table", RULESETS[rules]["price_table"])
        if [e.code for e in exc.errors] == ["price_table_too_short"] and len(table) > 0:
            options["limit_doubles"] = len(table) - 1


def _table_of(case) -> Table | None:
    """The table a hand is recorded at (``tables/{id}/hands/``), corrected at (``hands/{id}/correct/``) or
    chips are counted at (``tables/{id}/counts/``)."""
    pk = (case.path_parameters or {}).get("id")
    if not _is_id(pk) or pk > 2**63 - 1:
        return None
    if case.operation.path in ("/api/v1/tables/{id}/hands/", "/api/v1/tables/{id}/counts/"):
        return Table.objects.filter(pk=pk).first()
    if case.operation.path == "/api/v1/hands/{id}/correct/":
        hand = Hand.objects.filter(pk=pk).select_related("table").first()
        return hand.table if hand else None
    return None


UNIQUE = {  # path prefix -> (model, field): values one row only may hold
    "/api/v1/clubs/": (Club, "name"),
    "/api/v1/players/": (Player, "registration_no"),
}


def _ends_before_it_starts(body: dict, pk) -> bool:
    """A round's times, the body's or those it keeps, in the wrong order: 400 (RoundSerializer)."""
    kept = Round.objects.filter(pk=pk).values("starts_at", "ends_at").first() if pk else None
    times = []
    for name in ("starts_at", "ends_at"):
        value = body[name] if name in body else (kept or {}).get(name)
        if isinstance(value, str):
            value = parse_datetime(value)
        times.append(value)
    starts, ends = times
    if starts is None or ends is None:
        return False
    if timezone.is_naive(starts) != timezone.is_naive(ends):
        starts, ends = (timezone.make_aware(t) if timezone.is_naive(t) else t for t in (starts, ends))
    return ends < starts


def refused_for_what_the_schema_cannot_say(case) -> bool:
    """A body valid by the schema that breaks a rule the schema cannot state, so it is not sent as a
    valid case: a value another row holds (a club's name, a player's registration number, a round's
    number in its competition: 400 ``unique``, asked of tests/api/test_league.py), or a round that
    ends before it starts."""
    body, params = case.body, case.path_parameters or {}
    if not isinstance(body, dict):
        return False
    this = params.get("id") if _is_id(params.get("id")) else None
    for prefix, (model, field) in UNIQUE.items():
        value = body.get(field)
        if case.operation.path.startswith(prefix) and isinstance(value, str):
            return model.objects.filter(**{field: value.strip()}).exclude(pk=this).exists()
    if "/rounds/" in case.operation.path and _ends_before_it_starts(body, this):
        return True
    number, competition = body.get("number"), params.get("competition_pk")
    if "/rounds/" in case.operation.path and _is_id(number) and _is_id(competition):
        rounds = Round.objects.filter(competition_id=competition, number=number).exclude(pk=this)
        return number <= 2**31 - 1 and rounds.exists()
    return False


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_caller_gets_documented_answers_from_every_endpoint(case, caller):
    before = rows()
    aim_at_real_objects(case, caller, before)
    if case.meta.generation.mode.is_positive and refused_for_what_the_schema_cannot_say(case):
        reject()
    headers = {"Authorization": f"Token {caller['token'].key}"} if caller["token"] else {}
    outcome = "failed"
    try:
        response = case.call_and_validate(headers=headers, checks=ALL_CHECKS)
        outcome = response.status_code
        if response.status_code >= 400:  # refused: nothing written (issue 13)
            assert rows() == before, (case.operation.label, response.status_code, response.text[:300])
    finally:
        if CASES_LOG:  # the long run counts its cases, failed ones too (bench/schema_fuzz.sh)
            with open(CASES_LOG, "a") as log:
                log.write(f"{caller['role']}\t{case.operation.label}\t{outcome}\n")
    token = caller["token"]
    if token is not None and not Token.objects.filter(key=token.key).exists():
        # A DELETE of auth/token/ or tokens/{id}/ revoked it: the next case is sent with it again.
        Token.objects.filter(user=token.user).delete()
        Token.objects.create(key=token.key, user=token.user)
