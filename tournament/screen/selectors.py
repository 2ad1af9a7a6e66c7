"""What the big screen shows, read in a handful of queries whatever the number of tables (issue 36).

Words:

- the screen's **round** is the one the room is about: the round being played (the lowest number if
  several), else a seated one, else the next scheduled one, else the last finished;
- a table **still playing** is one of that round, playing, whose session is not over (not ended by the
  organiser, nobody out of chips, the North round not complete): the table's fold
  (``tournament.tables.state.Fold``) over its standing hands, read for the whole round at once;
- its **last hand** is the last standing hand in play order: its number and what happened (who won, how,
  the doubles), as data: the page words it in the viewer's language.

Nothing private is read or answered: no seat link, no e-mail, no account; a round whose results are held
shows its clock only (no tables), and the standings are the competition's public ones (held rounds left
out, ``tournament.standings.store``), or the stage's own when the round is in a stage
(``tournament.stages.selectors.stage_standings``). The answer is the same for everybody: any cache may
share it.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils import timezone

from tournament.models import ChipTransfer, Competition, Hand, Round, Seat, Stage
from tournament.rounds.clock import round_clock
from tournament.screen.models import Screen
from tournament.stages.selectors import stage_before, stage_standings
from tournament.standings.store import COMPETITION_SCOPE, stored_standings
from tournament.tables.selectors import DEAL_RULES, hand_result_with, play_order_key
from tournament.tables.state import DealRules, Fold
from tournament.teams.selectors import standings_of_teams, team_names

MAX_ROWS = 400  # standings lines sent: the screen pages through them (a room reads the top)
WINDS = ("E", "S", "W", "N")


def screen_round(competition: Competition) -> Round | None:
    rounds = list(Round.objects.filter(competition=competition).order_by("number"))
    for status in (Round.Status.PLAYING, Round.Status.SEATED):
        found = next((r for r in rounds if r.status == status), None)
        if found is not None:
            return found
    finished = [r for r in rounds if r.status == Round.Status.FINISHED]
    after = finished[-1].number if finished else 0
    later = [r for r in rounds if r.status == Round.Status.SCHEDULED and r.number > after]
    return later[0] if later else (finished[-1] if finished else None)


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _clock(round_: Round) -> dict:
    clock = round_clock(round_)
    return {
        "id": round_.pk,
        "number": round_.number,
        "status": clock.status,
        "venue": round_.venue,
        "held": round_.results_held,
        "starts_at": _iso(clock.starts_at),
        "ends_at": _iso(clock.ends_at),
        "extra_minutes": clock.extra_minutes,
        "clock_ends": _iso(clock.clock_ends),
    }


def _last_hand(hand: Hand, names: dict[int, str]) -> dict:
    settle = (hand.scoring or {}).get("settle") or {}
    return {
        "number": hand.number,
        "outcome": hand.outcome,
        "winner": names.get(hand.winner_id),
        "self_drawn": hand.self_drawn,
        "discarder": names.get(hand.discarder_id),
        "offender": names.get(hand.offender_id),
        "doubles": hand.doubles if hand.outcome == Hand.Outcome.WIN else None,
        "limit": hand.outcome == Hand.Outcome.WIN and bool(settle.get("limit")),
    }


def tables_playing(round_: Round) -> list[dict]:
    """The round's tables still playing, with their players' chips now and their last hand."""
    seats = Seat.objects.filter(round=round_).select_related("player", "table").order_by("table__number")
    tables: dict[int, dict] = {}
    names: dict[int, str] = {}
    for seat in seats:
        item = tables.setdefault(seat.table_id, {"table": seat.table, "seats": {}})
        item["seats"][seat.wind] = seat.player_id
        names[seat.player_id] = seat.player.name
    hands: dict[int, list[Hand]] = defaultdict(list)
    for hand in (
        Hand.objects.filter(table__round=round_)
        .select_related("void")
        .defer("rules", "entry", "seat_winds")  # a hand's rule-set snapshot and entry: not read here
        .order_by("table_id", "sequence")
    ):
        hands[hand.table_id].append(hand)
    net: dict[int | None, dict[int, int]] = defaultdict(dict)  # hand id (None: a count's adjustment)
    adjusted: dict[int, dict[int, int]] = defaultdict(dict)
    for hand_id, table_id, payer, payee, amount in ChipTransfer.objects.filter(
        table__round=round_, reverses__isnull=True
    ).values_list("hand_id", "table_id", "from_player_id", "to_player_id", "amount"):
        moved = net[hand_id] if hand_id is not None else adjusted[table_id]
        moved[payer] = moved.get(payer, 0) - amount
        moved[payee] = moved.get(payee, 0) + amount
    rules = DEAL_RULES.get(round_.competition.rules, DealRules())
    capital = round_.competition.capital
    out = []
    for table_id, item in tables.items():
        table = item["table"]
        if len(item["seats"]) != 4 or table.ended_at is not None:
            continue
        fold = Fold(item["seats"], capital, rules)
        recorded = hands[table_id]
        by_id = {h.pk: h for h in recorded}
        standing = sorted((h for h in recorded if not h.is_void), key=lambda h: play_order_key(h, by_id))
        for hand in standing:
            fold.play(hand_result_with(hand, net.get(hand.pk, {})))
        state = fold.state(ended=False, adjustments=adjusted.get(table_id, {}))
        if state.finished:
            continue
        out.append(
            {
                "number": table.number,
                "hands": len(standing),
                "prevailing_wind": state.prevailing_wind,
                "players": [
                    {
                        "name": names[pid],
                        "seat": wind,
                        "wind": state.seat_winds[pid],
                        "chips": state.balances[pid],
                        "dealer": pid == state.dealer,
                    }
                    for wind, pid in sorted(item["seats"].items(), key=lambda wp: WINDS.index(wp[0]))
                ],
                "last_hand": _last_hand(standing[-1], names) if standing else None,
            }
        )
    return out


def screen_stage(round_: Round | None) -> Stage | None:
    """The stage the screen's round is in, when the competition has stages (issue 36)."""
    if round_ is None:
        return None
    stages = Stage.objects.filter(stage_rounds__round=round_)
    return stages.select_related("competition", "category_club").first()


def standings_lines(competition: Competition, stage: Stage | None = None) -> list[dict]:
    """The competition's stored standings, or the stage's own when the screen's round is in one."""
    ranked = stored_standings(competition, COMPETITION_SCOPE) if stage is None else stage_standings(stage)
    rows = [row for row in ranked if not row.totals.withdrawn]
    teams = team_names(competition)
    return [
        {
            "rank": row.rank,
            "shared": row.shared,
            "name": row.totals.name,
            "club": row.totals.club or "",
            "team": teams.get(row.totals.player_id, ""),
            "chips": row.totals.net_chips,
            "sessions": row.totals.sessions,
        }
        for row in rows[:MAX_ROWS]
    ]


def screen_data(competition: Competition) -> dict:
    """The big screen's whole answer: the same for every viewer (module docstring)."""
    round_ = screen_round(competition)
    message = Screen.objects.filter(competition=competition).values_list("message", flat=True).first()
    playing = round_ is not None and round_.status == Round.Status.PLAYING and not round_.results_held
    tables = tables_playing(round_) if playing else []
    stage = screen_stage(round_)
    return {
        "competition": {"id": competition.pk, "name": competition.name},
        "made_at": timezone.now().isoformat(),
        "message": message or "",
        "round": _clock(round_) if round_ is not None else None,
        "stage": _stage(stage) if stage is not None else None,
        "tables": tables,
        "standings": standings_lines(competition, stage),
        "teams": team_lines(competition),
    }


def _stage(stage: Stage) -> dict:
    """The stage and its cut as the screen names them (issue 49): "Final · top 8 of Preliminaries"."""
    before = stage_before(stage)
    return {
        "id": stage.pk,
        "name": stage.name,
        "cut_size": stage.cut_size if before is not None else None,
        "cut_from": before.name if before is not None else None,
        "category": stage.category,  # the key: the page words it in its language (one answer for all)
    }


def team_lines(competition: Competition) -> list[dict]:
    """A team event's team standings (issue 49; empty without teams), the public ones (held rounds out)."""
    return [
        {"rank": t.rank, "shared": t.shared, "name": t.line.name, "chips": t.line.chips,
         "points": float(t.line.points), "sessions": t.line.sessions}
        for t in standings_of_teams(competition)
    ]  # fmt: skip
