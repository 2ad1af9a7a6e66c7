"""Django's side of the backup test, run as a subprocess on the database ``DATABASE_URL`` names.

``python -m tests.deploy.league play``
    A small league through the ledger's one door (``hand_record``): two rounds, three tables,
    players with Chinese names, a voided hand; the stored standings refreshed as the Celery task
    would. Prints the competition's and rounds' ids.

``python -m tests.deploy.league serve COMPETITION``
    What the app serves of it: the standings API of the competition and of each round, and the
    standings CSV, through Django's test client (the whole request path, stored standings included).
"""

from __future__ import annotations

import json
import sys


def play() -> dict:
    from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, seated_table
    from tournament.tables.ledger import hand_record, hand_void
    from tournament.standings.store import standings_refresh

    club = ClubFactory(name="翡翠龙 Jade Dragons")
    names = ["陈美玲", "Ben Tan", "林志强", "Dan Koh", "Eve Ng", "黄丽华", "Gus Lee", "Hal Goh"]
    p = [PlayerFactory(name=name, club=club) for name in names]
    competition = CompetitionFactory(name="春季联赛 Spring League")
    t11 = seated_table(competition=competition, players=p[0:4])
    t12 = seated_table(competition=competition, players=p[4:8], table_number=2)
    t21 = seated_table(competition=competition, players=[p[0], p[4], p[1], p[5]], round_number=2)

    def win(table, seat, doubles, discarder=None):
        entry = {"outcome": "win", "winner": table.seat_map[seat], "doubles": doubles}
        if discarder:
            entry |= {"win": "discard", "discarder": table.seat_map[discarder]}
        else:
            entry |= {"win": "self_draw"}
        return hand_record(table=table, entry=entry)

    win(t11, "S", 3)
    win(t11, "E", 2, discarder="N")
    wrong = win(t12, "W", 5)
    hand_void(hand=wrong, reason="entered at the wrong table")
    win(t12, "E", 1)
    win(t21, "W", 4, discarder="E")
    standings_refresh(competition)
    return {"competition": competition.pk, "rounds": [t11.round_id, t21.round_id]}


def serve(competition_id: int) -> dict:
    from django.test import Client

    from tournament.models import Round

    client = Client()

    def get(path: str):
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.status_code)
        return answer

    def api(path: str) -> dict:
        body = get(path).json()
        body.pop("computed_at", None)  # when it was worked out, not what it says
        return body

    rounds = Round.objects.filter(competition_id=competition_id).order_by("number")
    return {
        "competition": api(f"/api/v1/competitions/{competition_id}/standings/"),
        "rounds": {r.number: api(f"/api/v1/rounds/{r.pk}/standings/") for r in rounds},
        "csv": get(f"/competitions/{competition_id}/standings.csv").content.decode("utf-8-sig"),
    }


def main(argv: list[str]) -> None:
    import django

    django.setup()
    command, *args = argv
    out = play() if command == "play" else serve(int(args[0]))
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1:])
