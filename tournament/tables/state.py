"""The state of one table: a fold over the hands recorded there so far.

Nothing here is stored. Given how the four players first sat down, the capital
each started with and the table's hands in the order they were played (voided
hands left out), ``table_state`` answers who deals next, in which prevailing
wind, what each player's seat wind is, the hand number, every balance and
whether the session is over. Voiding a hand therefore needs no repair: fold
again without it (STYLE.md 3). ``table_history`` gives the same fold hand by
hand, for the scoresheet's list of hands.

Vocabulary

- **seat** (``"E" "S" "W" "N"`` in ``seats``): where a player *first sat*, as
  the seating drew it. It never changes during a session. The seats in the
  order E, S, W, N are the order of play, counter-clockwise ("flow of movement
  of the game is anti-clock wise", 001 section A; "the player to the right
  (counterclockwise)", 000 "Banker Definition").
- **dealer** (banker, East of the hand): the player who deals a hand. The
  player in the East seat deals the first hand (001 section A, "player picking
  the East seat will start first"; 002 "Seat selection": East is the 1st
  dealer, South the 2nd, West the 3rd, North the 4th).
- **seat wind** (player wind, own wind): a player's wind *for one hand*. The
  dealer is East, the next player counter-clockwise South, then West, then
  North (000 "Player Wind"; 001 rule 20). It moves with the deal, so after
  the deal has passed once the South-seat player is East, the West-seat
  player South, the North-seat player West and the East-seat player North.
  ``scoring.settle`` and ``scoring.score_hand`` speak in seat winds of the
  hand being scored: translate with ``winds_for_hand`` and ``seat_of``.
- **passing the deal**: the next seat counter-clockwise becomes dealer.
  Under the default rules (001 section A and rule 10, 002 "Gameplay", 004)
  the dealer keeps the deal when the dealer wins, and on a draw (no winner) in
  which nobody declared a kong; any other win, and a draw with a kong, passes
  the deal. 000 differs: there *every* win passes the deal ("When a player
  has Mahjong (GAME) or the tiles run out and someone has declared a KONG, the
  banker position rotates"), see ``DealRules`` and ``DEAL_RULES``.
- **prevailing wind** (round wind, table wind): East for the first round of
  the deal, then South, West and North; it moves on each time the deal has
  gone all the way round the table, i.e. when the deal comes back to the
  East seat (000 "Prevailing Wind"; 002 "Gameplay"). The position of the deal
  is therefore one counter, ``deals_passed`` (0 to 16): the prevailing wind
  is ``WINDS[deals_passed // 4]`` and the dealer sits in seat
  ``SEATS[deals_passed % 4]``.
- **hand number**: hands are numbered 1, 2, 3 ... in play order, counting
  only hands that stand (voided ones are left out of the fold).
  ``TableState.hand_number`` is the number the *next* hand will get.
- **balance**: the capital plus the net of the player's chip transfers
  (STYLE.md 5: the ledger is the truth; this only adds it up).
- **session**: the play at one table in one round. It ends when a player has
  exhausted his capital (balance <= 0; 001 rule 14), when the North round is
  complete (the deal has gone round in the North prevailing wind; 000
  "Prevailing Wind": "After the North prevailing wind the round is
  complete"; 002: "The game is complete when all four rounds/winds have been
  completed"), or when the organiser ends it at the competition's time (001
  rule 14, "Game will also end as per competition timing stated").

Choices where the documents are silent (also in docs/table-play.md):

- A false win (Za Hu, 001 rule 15; 002 "Wrong Winning Claim Scenario") does
  not pass the deal: no document names a false win among the events that
  rotate the deal, the hand ends with nobody having won, and the usual
  practice is to replay the hand with the same dealer. ``DealRules`` can
  treat it as a draw instead (then a kong in it passes the deal).
- Once the session is finished, ``prevailing_wind``, ``dealer`` and
  ``seat_winds`` stay those of the last hand played: there is no next hand to
  describe (after the North round there is no fifth wind).
- Hands recorded after the session had already ended (only possible when a
  void replays the table and an earlier hand now ends it) still move chips,
  because their transfers are in the ledger; they do not move the deal, and
  ``hands_after_end`` counts them so the scoresheet can flag them. The
  recording layer refuses new hands once ``finished`` is true.
- An accepted chip count's adjustment (issue 19, ``tournament.counts.services``) is
  added to the final balances, not placed between hands: the hand list's
  balances after each hand are the hands' alone, the table's balances
  (what the next hand pays from, what the next count is compared with)
  include it.
- What a payer short of chips pays is the rule set's business (issue 5);
  balances here may go below zero.

What this module does not do: read or write the database, score or settle a
hand (``scoring``), decide who may record. It imports only the standard
library.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

SEATS = ("E", "S", "W", "N")  # first seating, in the order of play (counter-clockwise)
WINDS = ("E", "S", "W", "N")  # prevailing winds in order; also seat winds from the dealer on
OUTCOMES = ("win", "draw", "false_win")
FINISH_REASONS = ("out_of_chips", "north_round_complete", "ended_by_organiser")
DEALS_PER_SESSION = len(WINDS) * len(SEATS)  # 4 winds x 4 dealers; the 16th pass ends the session


def _copy(values: Mapping) -> dict:
    # A private copy, so a caller's later change cannot reach a frozen value. A plain dict (not a
    # MappingProxyType) keeps the dataclasses picklable and ``dataclasses.asdict`` friendly.
    return dict(values)


@dataclass(frozen=True)
class DealRules:
    """When the deal passes: the rule set's game-flow settings, as data.

    - ``dealer_win_keeps_deal``: a dealer who wins deals again (001 section A
      "No minimum of round to be banker if he or she continues to win"; 002
      "If the dealer wins a particular hand ... the dealer ... do[es] not
      rotate"; 004 "except when the dealer wins"). False for 000, where any
      win rotates the banker.
    - ``draw_with_kong_passes_deal``: a draw in which a kong was declared
      passes the deal (001 rule 10; 000; 004 "when nobody wins and no kongs
      are declared ... the dealer stays"; 002 "Draw").
    - ``false_win_keeps_deal``: a false win (Za Hu) is replayed with the same
      dealer, kong or not (our choice, see the module docstring). When false,
      a false win counts as a draw.
    """

    dealer_win_keeps_deal: bool = True
    draw_with_kong_passes_deal: bool = True
    false_win_keeps_deal: bool = True


# Named presets, one per rule set of ../shared/spec/rulesets.md.
DEAL_RULES: Mapping[str, DealRules] = MappingProxyType(
    {
        "spgg-2023": DealRules(),  # 001 section A, rules 10 and 14
        "sg-tai-card": DealRules(),  # 004, "The dealer of the next hand is ..."
        "sg-classic": DealRules(),  # 002 "Gameplay" and "Draw"
        "sgmj-2002": DealRules(dealer_win_keeps_deal=False),  # 000 "Banker Definition"
    }
)


@dataclass(frozen=True)
class HandResult:
    """What the fold needs to know of one recorded hand that stands (not voided).

    Players are named by player id. ``net`` is each player's net chips from
    the hand's transfers (win payment, instant payouts, penalty) and must sum
    to zero; players who neither paid nor received may be left out.
    ``kong_declared`` says whether anybody declared a kong (exposed or
    concealed) during the hand; it only matters for a draw (001 rule 10).
    ``winner`` is set for a win, ``offender`` for a false win.
    The remaining fields are carried for the hand list and the standings.
    """

    outcome: str
    net: Mapping[int, int] = field(default_factory=dict, hash=False)
    winner: int | None = None
    kong_declared: bool = False
    self_drawn: bool = False
    discarder: int | None = None
    offender: int | None = None
    doubles: int | None = None
    hand_id: int | None = None  # the database row, for the layer that shows the list

    def __post_init__(self) -> None:
        object.__setattr__(self, "net", _copy(self.net))
        if self.outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {self.outcome!r}; expected one of {', '.join(OUTCOMES)}")
        if self.outcome == "win" and self.winner is None:
            raise ValueError("a win needs its winner")
        if self.outcome != "win" and self.winner is not None:
            raise ValueError(f"a {self.outcome} has no winner")
        if self.outcome == "false_win" and self.offender is None:
            raise ValueError("a false win (Za Hu) needs its offender")
        if sum(self.net.values()) != 0:
            raise ValueError(f"a hand's chips must sum to zero, not {sum(self.net.values())}")


@dataclass(frozen=True)
class TableState:
    """The table after the hands so far; see the module docstring for the words.

    ``dealer_repeats`` is how many hands in a row the current dealer has kept
    the deal (0 when the deal has just arrived). ``deals_passed`` is the
    position of the deal (0 to 16).
    """

    prevailing_wind: str
    dealer: int
    seat_winds: Mapping[int, str] = field(hash=False)
    hand_number: int
    balances: Mapping[int, int] = field(hash=False)
    finished: bool
    finish_reason: str | None
    hands_played: int
    dealer_repeats: int
    deals_passed: int
    hands_after_end: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat_winds", _copy(self.seat_winds))
        object.__setattr__(self, "balances", _copy(self.balances))


@dataclass(frozen=True)
class HandRow:
    """One line of the scoresheet's hand list: a hand as it was played."""

    number: int
    prevailing_wind: str
    dealer: int
    seat_winds: Mapping[int, str] = field(hash=False)  # player id -> seat wind during this hand
    hand: HandResult
    balances_after: Mapping[int, int] = field(hash=False)
    dealer_kept_deal: bool  # the same dealer deals the next hand
    after_end: bool = False  # recorded after the session had already ended

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat_winds", _copy(self.seat_winds))
        object.__setattr__(self, "balances_after", _copy(self.balances_after))


def dealer_keeps_deal(hand: HandResult, dealer: int, rules: DealRules = DealRules()) -> bool:
    """Whether ``dealer`` deals again after ``hand`` (001 section A, rule 10; 000; 002; 004)."""
    outcome = hand.outcome
    if outcome == "false_win":
        if rules.false_win_keeps_deal:
            return True  # our choice: the hand is replayed with the same dealer
        outcome = "draw"
    if outcome == "win":
        return hand.winner == dealer and rules.dealer_win_keeps_deal
    # a draw: the dealer stays unless somebody declared a kong (001 rule 10)
    return not (hand.kong_declared and rules.draw_with_kong_passes_deal)


def seat_winds_for(seats: Mapping[str, int], deals_passed: int) -> dict[int, str]:
    """Each player's seat wind when the deal has passed ``deals_passed`` times (000 "Player Wind")."""
    dealer_index = deals_passed % len(SEATS)
    return {seats[seat]: WINDS[(index - dealer_index) % len(WINDS)] for index, seat in enumerate(SEATS)}


def _check_seating(seats: Mapping[str, int], capital: int) -> None:
    if sorted(seats) != sorted(SEATS):
        raise ValueError(f"seats must name exactly the seats E, S, W, N, not {sorted(seats)}")
    if len(set(seats.values())) != len(SEATS):
        raise ValueError("four different players must sit at a table")
    if capital <= 0:
        raise ValueError("the capital must be a positive number of chips")


class Fold:
    """The fold in progress: ``play`` the next hand (its ``HandRow`` if asked), read the ``state`` now.

    Recording a hand plays it into a ``copy`` of the table's fold instead of folding every hand again.
    """

    __slots__ = (
        "seats", "rules", "players", "balances", "deals_passed", "last_position", "dealer_repeats",
        "finish_reason", "hands_after_end", "number",
    )  # fmt: skip

    def __init__(self, seats: Mapping[str, int], capital: int, rules: DealRules = DealRules()) -> None:
        _check_seating(seats, capital)
        self.seats, self.rules = seats, rules
        self.players = set(seats.values())
        self.balances = dict.fromkeys(seats.values(), capital)
        self.deals_passed = 0  # the position of the deal: the whole rotation is this one counter
        self.last_position = 0  # the position of the deal in the last hand played before the end
        self.dealer_repeats = 0
        self.finish_reason: str | None = None
        self.hands_after_end = 0
        self.number = 0

    def copy(self) -> Fold:
        other = copy.copy(self)
        other.balances = dict(self.balances)
        return other

    def play(self, hand: HandResult, *, row: bool = False) -> HandRow | None:
        """Play ``hand`` (a ``HandResult``, or a row with its fields) as the next hand; with ``row``, answer
        its line of the hand list."""
        self.number += 1
        strangers = {*hand.net, hand.winner, hand.discarder, hand.offender} - self.players - {None}
        if strangers:
            raise ValueError(f"hand {self.number} names players not at this table: {sorted(strangers)}")
        seats, balances = self.seats, self.balances
        after_end = self.finish_reason is not None
        position = self.last_position if after_end else self.deals_passed
        dealer = seats[SEATS[position % len(SEATS)]]
        for player, chips in hand.net.items():
            balances[player] += chips
        kept = not after_end and dealer_keeps_deal(hand, dealer, self.rules)
        if after_end:
            self.hands_after_end += 1  # chips move (they are in the ledger), the deal does not
        else:
            self.last_position = self.deals_passed
            if min(balances.values()) <= 0:
                self.finish_reason = "out_of_chips"  # 001 rule 14: a player has exhausted his capital
            if kept:
                self.dealer_repeats += 1
            elif self.deals_passed + 1 < DEALS_PER_SESSION:
                self.dealer_repeats = 0
                self.deals_passed += 1
            else:
                self.dealer_repeats = 0
                self.finish_reason = self.finish_reason or "north_round_complete"  # 000 "Prevailing Wind"
        if not row:
            return None
        return HandRow(
            number=self.number,
            prevailing_wind=WINDS[position // len(SEATS)],
            dealer=dealer,
            seat_winds=seat_winds_for(seats, position),
            hand=hand,
            balances_after=balances,
            dealer_kept_deal=kept,
            after_end=after_end,
        )

    def state(self, *, ended: bool = False, adjustments: Mapping[int, int] | None = None) -> TableState:
        """The table now; ``adjustments`` (accepted chip counts, issue 19) move chips, never the deal."""
        balances = dict(self.balances)
        for player, chips in (adjustments or {}).items():
            balances[player] += chips
        finish_reason = self.finish_reason
        if finish_reason is None and adjustments and min(balances.values()) <= 0:
            finish_reason = "out_of_chips"
        if finish_reason is None and ended:
            finish_reason = "ended_by_organiser"
        # A finished session shows the deal of its last hand: there is no next hand to describe.
        position = self.last_position if finish_reason is not None and self.number else self.deals_passed
        seats = self.seats
        return TableState(
            prevailing_wind=WINDS[position // len(SEATS)],
            dealer=seats[SEATS[position % len(SEATS)]],
            seat_winds=seat_winds_for(seats, position),
            hand_number=self.number + 1,
            balances=balances,
            finished=finish_reason is not None,
            finish_reason=finish_reason,
            hands_played=self.number,
            dealer_repeats=self.dealer_repeats,
            deals_passed=self.deals_passed,
            hands_after_end=self.hands_after_end,
        )


def table_history(
    seats: Mapping[str, int], capital: int, hands: Iterable[HandResult], *, rules: DealRules = DealRules()
) -> list[HandRow]:
    """Every hand in play order with its number, prevailing wind, dealer, seat winds and balances after."""
    fold = Fold(seats, capital, rules)
    return [fold.play(hand, row=True) for hand in hands]


def table_state(
    seats: Mapping[str, int],
    capital: int,
    hands: Iterable[HandResult],
    *,
    ended: bool = False,
    rules: DealRules = DealRules(),
    adjustments: Mapping[int, int] | None = None,
) -> TableState:
    """The table after ``hands`` (in play order, voided hands left out).

    ``seats`` maps E, S, W, N to the player ids as first seated; ``capital``
    is each player's starting chips; ``ended`` says the organiser has ended
    the session (001 rule 14, competition timing); ``rules`` is the rule
    set's ``DealRules`` (``DEAL_RULES[ruleset_id]``); ``adjustments`` is each
    player's net of the accepted chip counts' adjustments (issue 19), added to
    the balances after the hands: an adjustment moves chips, never the deal.
    """
    fold = Fold(seats, capital, rules)
    for hand in hands:
        fold.play(hand)
    return fold.state(ended=ended, adjustments=adjustments)


def seat_of(state: TableState, player_id: int) -> str:
    """The player's seat wind now (for the next hand, or the last one once finished)."""
    try:
        return state.seat_winds[player_id]
    except KeyError:
        raise ValueError(f"player {player_id} is not at this table") from None


def winds_for_hand(state: TableState) -> dict[str, int]:
    """Seat wind -> player id for the hand the state describes: the seats ``scoring.settle`` speaks in."""
    return {wind: player for player, wind in state.seat_winds.items()}


def net_by_player(winds: Mapping[str, int], net_by_wind: Mapping[str, int]) -> dict[int, int]:
    """Turn ``settle``'s ``net`` (seat wind -> chips) into player id -> chips, for ``HandResult.net``."""
    return {winds[wind]: chips for wind, chips in net_by_wind.items()}
