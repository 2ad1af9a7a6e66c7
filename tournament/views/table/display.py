"""What the scoresheet shows, in plain data: the table now, its hands, the rule set, a preview.

Everything here reads a ``TableFold`` (``tournament.tables.selectors.table_fold``)
and the seated players; nothing is written. Words:

- **seat**: where a player first sat (E, S, W, N); the columns of the hand
  list follow it, so a player's column never moves.
- **wind now**: the player's seat wind for the next hand (it moves with the
  deal, ``tournament.tables.state``).
- **version**: a short fingerprint of what the live partial shows
  (``tournament.views.table.version``); it is swapped only when it changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.adapter.views import bao_reasons, decided_lines
from scoring.rulesets import describe_settings, get_ruleset
from scoring.words import ruleset_name
from tournament.forms.scoresheet import Seated
from tournament.forms.scoresheet_kinds import PAYOUT_KINDS
from tournament.forms.scoresheet_words import payout_kind
from tournament.league import rulecard
from tournament.models import Hand, HandCheck, Player, Table
from tournament.tables.selectors import TableFold, play_order_key
from tournament.tables.state import SEATS
from tournament.views.table.version import seats_read
from tournament.views.table.words import hand_doubles, preview_headline
from tournament.words import word_list

__all__ = ["hand_doubles"]  # said in words (tournament.views.table.words), read from here by the pages

WIND_NAMES = {
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
    "N": gettext_lazy("North"),
}
# One letter (one character in Chinese) for a wind where space is short: the balance cards, the hand list.
WIND_LETTERS = {
    "E": pgettext_lazy("wind, one letter", "E"),
    "S": pgettext_lazy("wind, one letter", "S"),
    "W": pgettext_lazy("wind, one letter", "W"),
    "N": pgettext_lazy("wind, one letter", "N"),
}
FINISH_WORDS = {
    "out_of_chips": gettext_lazy("a player is out of chips"),
    "north_round_complete": gettext_lazy("the North round is complete"),
    "ended_by_organiser": gettext_lazy("the organiser ended the session"),
}
REASON_WORDS = {
    "win": gettext_lazy("win"),
    "bao": gettext_lazy("Bao: pays for all"),
    "shooter": gettext_lazy("shooter pays for all"),
    "false_win": gettext_lazy("penalty (Za Hu)"),
    "kong": gettext_lazy("kong"),
    "flower_pair": gettext_lazy("flower pair"),
    "animal_pair": gettext_lazy("animal pair"),
    "bonus_set": gettext_lazy("bonus set"),
    "void": gettext_lazy("void"),
}


@dataclass(frozen=True)
class PlayerNow:
    id: int
    name: str
    seat: str  # as first seated
    wind: str  # seat wind now
    wind_name: str
    is_dealer: bool
    balance: int

    @property
    def wind_letter(self) -> str:
        return str(WIND_LETTERS[self.wind])


@dataclass(frozen=True)
class HistoryRow:
    hand_id: int
    number: int | None  # the hand's number in play (None for a voided hand)
    recorded_number: int
    summary: str
    doubles: str
    prevailing_wind: str
    dealer: str
    balances: list[int] = field(default_factory=list)  # in seat order, after the hand
    deltas: list[int] = field(default_factory=list)
    void_reason: str = ""
    corrected: bool = False  # voided and entered again (that entry standing or voided in its turn)
    corrected_by: int | None = None  # voided: the number in play of the hand that replaced it
    corrects_number: int | None = None  # a correction: the number of the voided hand it replaces
    after_end: bool = False
    check: str = ""  # players confirming (issue 19): the hand's check state, "" without one
    check_label: str = ""

    @property
    def is_void(self) -> bool:
        return bool(self.void_reason)

    @property
    def wind_letter(self) -> str:
        return str(WIND_LETTERS.get(self.prevailing_wind, self.prevailing_wind))

    @property
    def cells(self) -> list[tuple[int, int]]:
        """(balance after, chips won or lost) for each player in seat order: the hand list's columns."""
        return list(zip(self.balances, self.deltas, strict=True))


def seated_players(table: Table) -> dict[int, Player]:
    read = seats_read(table)
    seats = read if read is not None else table.seats.select_related("player")
    return {seat.player_id: seat.player for seat in seats}


def players_now(fold: TableFold, names: dict[int, Player]) -> list[PlayerNow]:
    state = fold.state
    seats = fold.table.seat_map
    return [
        PlayerNow(
            id=seats[seat],
            name=names[seats[seat]].name,
            seat=seat,
            wind=state.seat_winds[seats[seat]],
            wind_name=str(WIND_NAMES[state.seat_winds[seats[seat]]]),
            is_dealer=state.dealer == seats[seat],
            balance=state.balances[seats[seat]],
        )
        for seat in SEATS
    ]


def form_players(players: list[PlayerNow]) -> list[Seated]:
    """The players in the order the entry form offers them: as they sat down, like the balance cards."""
    order = {w: i for i, w in enumerate(SEATS)}
    return [Seated(p.id, p.name, p.wind) for p in sorted(players, key=lambda p: order[p.seat])]


def _name(names: dict[int, Player | PlayerNow], pid: int | None) -> str:
    if pid is None:
        return "?"
    player = names.get(pid)
    return player.name if player else f"player {pid}"


def hand_summary(hand: Hand, names: dict[int, Player]) -> str:
    """One line: who won and how, or the draw, or the penalty; then the instant payouts."""
    entry = hand.entry if isinstance(hand.entry, dict) else {}
    if hand.outcome == "win":
        winner = _name(names, hand.winner_id)
        if hand.self_drawn:
            text = _("%(winner)s won, self-drawn") % {"winner": winner}
        else:
            text = _("%(winner)s won, on %(discarder)s's discard") % {
                "winner": winner,
                "discarder": _name(names, hand.discarder_id),
            }
        if hand.liable_id:
            text += "; " + _("Bao: %(name)s") % {"name": _name(names, hand.liable_id)}
    elif hand.outcome == "false_win":
        text = _("Penalty (Za Hu): %(name)s") % {"name": _name(names, hand.offender_id)}
        if hand.discarder_id:
            text += ", " + _("on %(name)s's discard") % {"name": _name(names, hand.discarder_id)}
    else:
        text = _("Draw")
    extras = []
    for item in entry.get("instant") or []:
        if isinstance(item, dict):
            kind = payout_kind(item)
            label = str(PAYOUT_KINDS[kind][0]) if kind else str(item.get("type", "payout"))
            extras.append(f"{label.lower()} ({_name(names, item.get('player'))})")
    if extras:
        text += " · " + word_list(extras)
    return text


def corrections_of(hands) -> dict[int, int]:
    """{voided hand id: id of the hand that stands in its place}: a voided hand entered again."""
    return {h.corrects_id: h.pk for h in hands if h.corrects_id and not h.is_void}


def _checks(fold: TableFold) -> dict[int, HandCheck]:
    """Each hand's players' check, as the fold read it with its hands (or asked for)."""
    related = Hand.confirmation.related
    if all(related.is_cached(hand) for hand in fold.hands):
        found = {hand.pk: related.get_cached_value(hand) for hand in fold.hands}
        return {pk: check for pk, check in found.items() if check is not None}
    return {c.hand_id: c for c in HandCheck.objects.filter(hand__table_id=fold.table.pk)}


def history(fold: TableFold, names: dict[int, Player]) -> list[HistoryRow]:
    """Every hand recorded at the table in play order; voided ones in place, with their reason."""
    seats = fold.table.seat_map
    order = [seats[s] for s in SEATS]
    rows_by_hand = {row.hand.hand_id: row for row in fold.rows}
    by_id = {h.pk: h for h in fold.hands}
    number_of = {row.hand.hand_id: row.number for row in fold.rows}
    corrections = corrections_of(fold.hands)
    checks = _checks(fold)
    entered_again = {h.corrects_id for h in fold.hands if h.corrects_id}  # once each (the ledger's rule)
    out = []
    previous = dict.fromkeys(order, fold.table.round.competition.capital)
    for hand in sorted(fold.hands, key=lambda h: play_order_key(h, by_id)):
        row = rows_by_hand.get(hand.pk)
        common = {
            "hand_id": hand.pk,
            "recorded_number": hand.number,
            "summary": hand_summary(hand, names),
            "doubles": hand_doubles(hand),
            "corrects_number": by_id[hand.corrects_id].number if hand.corrects_id in by_id else None,
            "check": checks[hand.pk].state if hand.pk in checks else "",
            "check_label": checks[hand.pk].get_state_display() if hand.pk in checks else "",
        }
        if row is None:  # voided
            out.append(
                HistoryRow(
                    number=None,
                    prevailing_wind=hand.prevailing_wind,
                    dealer=_name(names, hand.dealer_id),
                    void_reason=hand.void.reason or "voided",
                    corrected=hand.pk in entered_again,
                    corrected_by=number_of.get(corrections.get(hand.pk)),
                    **common,
                )
            )
            continue
        after = [row.balances_after[p] for p in order]
        out.append(
            HistoryRow(
                number=row.number,
                prevailing_wind=row.prevailing_wind,
                dealer=_name(names, row.dealer),
                balances=after,
                deltas=[row.balances_after[p] - previous[p] for p in order],
                after_end=row.after_end,
                **common,
            )
        )
        previous = dict(row.balances_after)
    return out


def ruleset_summary(table: Table) -> dict:
    """The rule set in force: its name, the few settings a scorekeeper asks about, and all of them."""
    competition = table.round.competition
    rules = get_ruleset(competition.rules, competition.options or None)
    # in words, as the rule card says them (issue 32): no raw keys, English descriptions or JSON lists
    settings = [
        {
            "key": item["key"],
            "label": rulecard.label(item["key"]),
            "shown": rulecard.in_words(item["key"], item["value"]),
            "help": rulecard.help_text(item["key"]),
            "source": item.get("source", ""),
        }
        for item in describe_settings(rules)
    ]
    return {
        "id": rules.id,
        "name": ruleset_name(competition.rules, _),
        "title": rules.title,
        "version": rules.version,
        "source": rules.source,
        "min_doubles": rules["min_doubles"],
        "limit_doubles": rules.get("limit_doubles"),
        "capital": competition.capital,
        "changed": sorted(rulecard.label(k) for k in (competition.options or {})),
        "settings": settings,
    }


def transfer_lines(transfers: list[dict], names: dict[int, Player | PlayerNow]) -> list[dict]:
    """Who pays whom, in names, for the preview."""
    out = []
    for t in transfers:
        reason = str(REASON_WORDS.get(t["reason"], t["reason"]))
        out.append(
            {
                "from": _name(names, t["from"]),
                "to": _name(names, t["to"]),
                "amount": t["amount"],
                "reason": reason,
            }
        )
    return out


def note_text(note: dict, settlement, names: dict[int, PlayerNow]) -> str:
    """The engine's note on a settlement, with the players' names instead of their seat winds."""
    seat = settlement.settle_input

    def who(key: str) -> str:
        return _name(names, settlement.winds.get(seat.get(key) or ""))

    if note.get("code") == "no_bao_other_discard":
        return _(
            "No Bao: %(discarder)s discarded the winning tile, not the liable player %(liable)s; "
            "everyone pays the usual share."
        ) % {"discarder": who("discarder"), "liable": who("liable")}
    if note.get("code") == "no_bao_self_draw":
        return _("No Bao: this rule set does not make a liable player pay for a self-drawn win.")
    return str(note.get("message", ""))


def bao_preview(settlement, names: dict[int, PlayerNow]) -> dict | None:
    """The Bao proposal as the preview shows it: who, the tile, each reason in words with its rule."""
    bao = settlement.bao
    if not bao:
        return None
    winner = _name(names, settlement.winds.get(settlement.settle_input.get("winner") or ""))
    return {
        "player": bao["player"],
        "name": _name(names, bao["player"]),
        "tile": bao["tile"],
        "applied": bao["applied"],
        "reasons": bao_reasons(bao, winner),
    }


def preview_data(settlement, players: list[PlayerNow], *, limit_doubles: int | None = None) -> dict:
    """The preview of an entry: doubles item by item (full hand), who pays whom, the new balances."""
    names = {p.id: p for p in players}
    result = settlement.result
    score = settlement.score or result.get("hand") or {}
    outcome = settlement.settle_input.get("outcome", "win")
    return {
        "headline": preview_headline(outcome, result, settlement.transfers, limit_doubles=limit_doubles),
        "false_win": outcome == "false_win",
        "items": score.get("items") or [],
        "full_hand": bool(score),
        "doubles": result.get("doubles"),
        "limit": result.get("limit"),
        "payment": result.get("payment"),
        "transfers": transfer_lines(settlement.transfers, names),
        "notes": [note_text(n, settlement, names) for n in result.get("notes") or []],
        "decided": decided_lines(result, lambda wind: _name(names, settlement.winds.get(wind))),
        "bao": bao_preview(settlement, names),
        "unpaid": [
            {"name": names[pid].name, "chips": chips} for pid, chips in settlement.unpaid.items() if chips
        ],
        "balances": [
            {
                "name": p.name,
                "before": p.balance,
                "after": settlement.balances_after[p.id],
                "delta": settlement.balances_after[p.id] - p.balance,
            }
            for p in players
        ],
    }


def void_awaiting(rows: list[HistoryRow]) -> HistoryRow | None:
    """The first voided hand not entered again with standing hands after it (they moved up one)."""
    for at, row in enumerate(rows):
        if row.is_void and not row.corrected and any(not r.is_void for r in rows[at + 1 :]):
            return row
    return None
