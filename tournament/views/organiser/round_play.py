"""The round page during play (issue 14): each table as it stands, for the organiser walking the room.

Per table: the hands played so far, the prevailing wind and the dealer, each
player's seat wind now and balance, and how long ago its last hand was
recorded (a quiet table may need a word). The numbers are the table's fold
(``tournament.tables.selectors.table_fold``, the scoresheet's own reading); nothing here
writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from tournament.models import Round, Table
from tournament.rounds.alerts import QUIET_MINUTES
from tournament.rounds.lifecycle import table_finished
from tournament.tables.selectors import table_fold
from tournament.views.table.display import FINISH_WORDS, WIND_NAMES

ORDER = ("E", "S", "W", "N")
PLAY_SECONDS = 20  # the tables' section refreshes itself this often while the round is played (htmx)


@dataclass(frozen=True)
class SeatNow:
    name: str
    wind: str  # the seat wind now (it moves with the deal)
    balance: int
    dealer: bool


@dataclass(frozen=True)
class TableNow:
    table: Table
    hands: int
    prevailing_wind: str
    dealer: str
    seats: tuple[SeatNow, ...]
    last_hand_at: datetime | None
    minutes_since: int | None
    finished: bool
    finish_words: str
    alerts: tuple = ()  # what needs the organiser at this table (tournament.rounds.alerts)

    @property
    def quiet(self) -> bool:
        return not self.finished and self.minutes_since is not None and self.minutes_since >= QUIET_MINUTES


def tables_now(round_: Round, tables: list[dict], alerts: dict | None = None) -> list[TableNow]:
    """Each table of a round being played (or finished) as it stands (``tables``: the round page's), with
    its alerts (``alerts``: by table id)."""
    if round_.status not in (Round.Status.PLAYING, Round.Status.FINISHED):
        return []
    now = timezone.now()
    out = []
    for item in tables:
        table = item["table"]
        if len(table.seat_map) != 4:
            continue
        fold = table_fold(table)
        state = fold.state
        names = {p.pk: p.name for _, p in item["seats"] if p}
        standing = [h for h in fold.hands if not h.is_void]
        last = max((h.recorded_at for h in standing), default=None)
        seats = sorted(
            (
                SeatNow(
                    name=names.get(pid, "—"),
                    wind=str(WIND_NAMES[state.seat_winds[pid]]),
                    balance=state.balances[pid],
                    dealer=pid == state.dealer,
                )
                for pid in table.seat_map.values()
            ),
            key=lambda s: [str(WIND_NAMES[w]) for w in ORDER].index(s.wind),
        )
        finished = table_finished(table, state)
        reason = "ended_by_organiser" if table.ended_at else state.finish_reason
        out.append(
            TableNow(
                table=table,
                hands=state.hands_played,
                prevailing_wind=str(WIND_NAMES[state.prevailing_wind]),
                dealer=names.get(state.dealer, "—"),
                seats=tuple(seats),
                last_hand_at=last,
                minutes_since=int((now - last).total_seconds() // 60) if last else None,
                finished=finished,
                finish_words=str(FINISH_WORDS.get(reason, "")) if finished else "",
                alerts=tuple((alerts or {}).get(table.pk, ())),
            )
        )
    return out
