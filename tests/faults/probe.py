"""Django's side of the fault tests, run as a subprocess on the fault database (``Stack.probe``).

``python -m tests.faults.probe seed NAME TABLES [ROUNDS]``
    A competition NAME with ROUNDS rounds (default 1) of TABLES seated tables
    each, every table four new players, all kept by one scorekeeper: prints
    the ids, the seats and the scorekeeper's API token.

``python -m tests.faults.probe audit COMPETITION``
    What the ledger and the stored standings say now, as JSON: every hand
    with its idempotency key and transfers; ``ledger_problems``, the broken
    invariants (a hand whose transfers do not match its settlement or do not
    sum to zero, a balance that is not the capital plus the player's ledger
    rows); ``standings``: whether the stored standings are current and how
    each stored scope differs from a full recompute (``standings_compute``).

A subprocess, not the pytest process: its connection is gone before
PostgreSQL is restarted, and it sees the database the server writes to.
"""

from __future__ import annotations

import json
import sys
from collections import Counter


def seed(name: str, tables: int, rounds: int = 1) -> dict:
    from django.contrib.auth.models import Group
    from rest_framework.authtoken.models import Token

    from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory, seated_table
    from tournament.models import Club, Player

    # Each seed is a new process: its factories' sequences go on from the rows already there.
    ClubFactory.reset_sequence(Club.objects.count())
    PlayerFactory.reset_sequence(Player.objects.count())
    keeper = UserFactory(username=f"keeper-{name}")
    keeper.groups.add(Group.objects.get(name="scorekeeper"))
    competition = CompetitionFactory(name=name)
    seated = [
        seated_table(
            competition=competition, round_number=r, table_number=n, scorekeeper=keeper,
            players=[PlayerFactory() for _ in range(4)],
        )
        for r in range(1, rounds + 1)
        for n in range(1, tables + 1)
    ]  # fmt: skip
    return {
        "competition": competition.pk,
        "round": seated[0].round_id,
        "capital": competition.capital,
        "tables": [
            {"id": t.pk, "round": t.round_id, "seats": [t.seat_map[w] for w in "ESWN"]} for t in seated
        ],
        "token": Token.objects.create(user=keeper).key,
    }


def _stored_rows(competition, scope: int) -> list[list]:
    from tournament.standings.store import stored_standings

    return _lines(stored_standings(competition, scope))


def _computed_rows(standings) -> list[list]:
    return _lines(standings.rows)


def _lines(rows) -> list[list]:
    return [
        [position, r.rank, r.shared, t.player_id, t.net_chips, t.sessions, t.hands_won, t.self_drawn_wins,
         t.za_hu, t.biggest_hand or 0, t.withdrawn]
        for position, r in enumerate(rows, start=1)
        for t in [r.totals]
    ]  # fmt: skip


def audit(competition_id: int) -> dict:
    from tournament.models import ChipTransfer, Competition, Hand, Round, StandingsMeta, Table
    from tournament.standings.compute import standings_compute
    from tournament.standings.store import COMPETITION_SCOPE, standings_freshness
    from tournament.tables.selectors import table_fold

    competition = Competition.objects.get(pk=competition_id)
    problems = []
    hands = []
    for hand in Hand.objects.filter(table__round__competition=competition).prefetch_related("transfers"):
        rows = [t for t in hand.transfers.all() if t.reverses_id is None]
        net = Counter()
        for t in rows:
            net[t.from_player_id] -= t.amount
            net[t.to_player_id] += t.amount
        paid = sorted((p["from"], p["to"], p["amount"]) for p in hand.scoring["paid"] if p["amount"] > 0)
        if sorted((t.from_player_id, t.to_player_id, t.amount) for t in rows) != paid:
            problems.append(f"hand {hand.pk}: its transfers are not the settlement it was recorded with")
        if sum(net.values()) != 0 or sum(hand.scoring["settle"].get("net", {}).values()) != 0:
            problems.append(f"hand {hand.pk}: its transfers do not sum to zero")
        hands.append(
            {"id": hand.pk, "table": hand.table_id, "key": hand.idempotency_key, "sequence": hand.sequence,
             "number": hand.number, "transfers": [[t.from_player_id, t.to_player_id, t.amount] for t in rows]}
        )  # fmt: skip
    balances = {}
    for table in Table.objects.filter(round__competition=competition).select_related("round__competition"):
        ledger = Counter()
        for frm, to, amount in ChipTransfer.objects.filter(table=table).values_list(
            "from_player_id", "to_player_id", "amount"
        ):
            ledger[frm] -= amount
            ledger[to] += amount
        state = table_fold(table).state.balances
        balances[table.pk] = state
        for pid, chips in state.items():
            if chips != competition.capital + ledger[pid]:
                problems.append(
                    f"table {table.pk}: player {pid} holds {chips}, the ledger says "
                    f"{competition.capital + ledger[pid]}"
                )
    differences = {}
    scopes = [(COMPETITION_SCOPE, None)] + [(r.pk, r) for r in Round.objects.filter(competition=competition)]
    stored_scopes = set(StandingsMeta.objects.filter(competition=competition).values_list("scope", flat=True))
    for scope, rnd in scopes:
        if scope not in stored_scopes:
            continue  # never stored: the pages and the API compute it on read
        stored = _stored_rows(competition, scope)
        fresh = (
            standings_compute(competition, rnd, include_held=True) if rnd else standings_compute(competition)
        )
        computed = _computed_rows(fresh)
        if stored != computed:
            differences[scope] = {"stored": stored, "computed": computed}
    standings = {"current": standings_freshness(competition).current, "differences": differences}
    if differences:  # what a failing test needs to tell which hand a scope missed, and why
        standings["marks"] = dict(
            StandingsMeta.objects.filter(competition=competition).values_list("scope", "ledger_mark")
        )
        standings["ledger"] = [
            [h.pk, h.table_id, sorted(t.pk for t in h.transfers.all())]
            for h in Hand.objects.filter(table__round__competition=competition).prefetch_related("transfers")
        ]
    return {
        "hands": hands,
        "balances": {str(k): {str(p): c for p, c in v.items()} for k, v in balances.items()},
        "ledger_problems": problems,
        "standings": standings,
    }


def main(argv: list[str]) -> None:
    import django

    django.setup()
    command, *args = argv
    if command == "seed":
        out = seed(args[0], *map(int, args[1:]))
    elif command == "audit":
        out = audit(int(args[0]))
    else:
        raise SystemExit(f"unknown command {command!r}")
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
