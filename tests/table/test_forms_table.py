"""The entry form: what the scorekeeper taps becomes the ledger's entry (players by id).

The entry is the ``settle`` outcome of scoring-api.md with players named by
id (league-api.md, "hands"). No database: the form only knows the four
players it is given.
"""

import pytest

from tournament.forms.scoresheet import EntryForm, Seated
from tournament.forms.scoresheet_words import explain, form_data_from_entry, meld_of

PLAYERS = [Seated(11, "Ann", "E"), Seated(12, "Ben", "S"), Seated(13, "Cai", "W"), Seated(14, "Dee", "N")]
HIDDEN = {"expected_number": "4", "idempotency_key": "k-1"}


def entry_of(fields: dict) -> dict:
    form = EntryForm({**HIDDEN, **fields}, players=PLAYERS)
    assert form.is_valid(), form.errors
    return form.entry()


CASES = [
    (
        "a win on a discard, quick entry",
        {"outcome": "win", "winner": "12", "win_from": "13", "doubles": "3"},
        {"outcome": "win", "winner": 12, "win": "discard", "discarder": 13, "doubles": 3},
    ),
    (
        "a self-drawn win",
        {"outcome": "win", "winner": "11", "win_from": "self", "doubles": "1"},
        {"outcome": "win", "winner": 11, "win": "self_draw", "doubles": 1},
    ),
    (
        "Ping Hu keeps its doubles",
        {"outcome": "win", "winner": "11", "win_from": "12", "doubles": "4", "ping_hu": "on"},
        {"outcome": "win", "winner": 11, "win": "discard", "discarder": 12, "doubles": 4, "ping_hu": True},
    ),
    (
        "a limit hand needs no doubles",
        {"outcome": "win", "winner": "14", "win_from": "self", "limit": "on", "doubles": "2"},
        {"outcome": "win", "winner": 14, "win": "self_draw", "limit": True},
    ),
    (
        "13 Wonders",
        {"outcome": "win", "winner": "14", "win_from": "11", "thirteen_wonders": "on"},
        {"outcome": "win", "winner": 14, "win": "discard", "discarder": 11, "thirteen_wonders": True},
    ),
    (
        "Bao: the liable player",
        {"outcome": "win", "winner": "12", "win_from": "self", "doubles": "5", "liable": "13"},
        {"outcome": "win", "winner": 12, "win": "self_draw", "doubles": 5, "liable": 13},
    ),
    ("a draw", {"outcome": "draw", "winner": "12", "doubles": "3"}, {"outcome": "draw"}),
    (
        "a draw with a concealed and an exposed kong",
        {"outcome": "draw", "p-0-player": "14", "p-0-kind": "kong_concealed", "p-1-player": "11",
         "p-1-kind": "kong_exposed", "p-1-initial": "on"},
        {"outcome": "draw", "instant": [{"player": 14, "type": "kong", "concealed": True},
                                        {"player": 11, "type": "kong", "concealed": False}]},
    ),
    (
        "bonus payouts at the deal and later, one paid by a liable player",
        {"outcome": "draw", "p-0-player": "12", "p-0-kind": "flower_pair", "p-0-initial": "on",
         "p-2-player": "13", "p-2-kind": "set_animals", "p-2-liable": "11"},
        {"outcome": "draw", "instant": [
            {"player": 12, "type": "flower_pair", "initial": True},
            {"player": 13, "type": "bonus_set", "set": "animals", "liable": 11}]},
    ),
    (
        "a penalty (Za Hu) on a discard",
        {"outcome": "false_win", "offender": "13", "claimed_from": "12"},
        {"outcome": "false_win", "offender": 13, "discarder": 12},
    ),
    (
        "a penalty (Za Hu) with no discard",
        {"outcome": "false_win", "offender": "13", "claimed_from": ""},
        {"outcome": "false_win", "offender": 13},
    ),
    (
        "the full hand, typed or picked as tile codes, with a situation",
        {"outcome": "win", "winner": "12", "win_from": "self", "concealed": "b2 b3 b4 C3 C3",
         "meld_0": "RD RD RD RD", "meld_0_concealed": "on", "meld_2": "D5 D6 D7", "bonus": "F2",
         "winning_tile": "B4", "situations": ["last_tile"], "doubles": "9"},
        {"outcome": "win", "winner": 12, "win": "self_draw", "hand": {
            "concealed": "b2 b3 b4 C3 C3",
            "melds": [{"type": "kong", "tiles": ["RD", "RD", "RD", "RD"], "concealed": True},
                      {"type": "chow", "tiles": ["D5", "D6", "D7"]}],
            "bonus": "F2", "winning_tile": "B4", "events": ["last_tile"]}},
    ),
    (
        "the tile picker's JSON wins over the typed codes",
        {"outcome": "win", "winner": "12", "win_from": "self", "hand_json": '{"concealed": "B1 B1"}',
         "concealed": "C1"},
        {"outcome": "win", "winner": 12, "win": "self_draw", "hand": {"concealed": "B1 B1"}},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("case", "fields", "entry"), CASES, ids=[c[0] for c in CASES])
def test_taps_become_the_ledgers_entry(case, fields, entry):
    assert entry_of(fields) == entry


MISSING = [
    ("no winner", {"outcome": "win", "win_from": "self", "doubles": "2"}, "winner", "Tap the winner."),
    ("no way of winning", {"outcome": "win", "winner": "11", "doubles": "2"}, "win_from", "Tap self-drawn"),
    ("no doubles", {"outcome": "win", "winner": "11", "win_from": "self"}, "doubles", "Enter the doubles"),
    ("no offender", {"outcome": "false_win"}, "offender", "Tap the player who claimed"),
    ("a payout for nobody", {"outcome": "draw", "p-1-kind": "kong_exposed"}, "p-1-player", "Say who"),
    ("a payout for nothing", {"outcome": "draw", "p-0-player": "11"}, "p-0-kind", "Say what"),
    ("a player not at the table", {"outcome": "win", "winner": "99", "win_from": "self", "doubles": "1"},
     "winner", "Select a valid choice"),
]  # fmt: skip


@pytest.mark.parametrize(("case", "fields", "field", "words"), MISSING, ids=[c[0] for c in MISSING])
def test_a_missing_tap_is_asked_for(case, fields, field, words):
    form = EntryForm({**HIDDEN, **fields}, players=PLAYERS)
    assert not form.is_valid()
    assert any(words in e for e in form.errors[field])


def test_the_form_offers_more_payout_rows_when_the_last_ones_are_used():
    form = EntryForm(
        {**HIDDEN, "outcome": "draw", "p-6-player": "11", "p-6-kind": "kong_exposed"}, players=PLAYERS
    )
    assert form.payout_rows == 8 and form.is_valid()
    assert form.entry()["instant"] == [{"player": 11, "type": "kong", "concealed": False}]


@pytest.mark.parametrize(
    ("tiles", "concealed", "meld"),
    [
        ("C4 C5 C6", False, {"type": "chow", "tiles": ["C4", "C5", "C6"]}),
        ("b5,b5,b5", False, {"type": "pong", "tiles": ["B5", "B5", "B5"]}),
        ("RD RD RD RD", True, {"type": "kong", "tiles": ["RD", "RD", "RD", "RD"], "concealed": True}),
        ("EW EW EW EW", False, {"type": "kong", "tiles": ["EW", "EW", "EW", "EW"]}),
        ("B5 B5 B5", True, {"type": "pong", "tiles": ["B5", "B5", "B5"]}),  # only a kong is concealed
    ],
)
def test_a_declared_set_takes_its_type_from_its_tiles(tiles, concealed, meld):
    assert meld_of(tiles, concealed=concealed) == meld


@pytest.mark.parametrize("case", CASES[:-1], ids=[c[0] for c in CASES[:-1]])
def test_a_recorded_entry_fills_the_form_again_the_same(case):
    _, fields, entry = case
    data = {k: v for k, v in form_data_from_entry(entry).items() if v not in (None, False, [])}
    form = EntryForm(
        {**HIDDEN, **{k: v if isinstance(v, list) else str(v) for k, v in data.items()}}, players=PLAYERS
    )
    assert form.is_valid(), form.errors
    assert form.entry() == entry


@pytest.mark.parametrize(
    ("code", "message", "field", "words"),
    [
        ("discarder_is_winner", "The winner cannot have discarded his own winning tile.", "discarder",
         "The winner cannot have discarded the winning tile: tap who discarded it."),
        ("below_minimum_doubles", "A win needs at least 1 double(s).", "doubles",
         "A win needs at least 1 double(s)."),
        ("invalid_tile", "'ZZ' is not a tile code.", "hand.concealed[3]",
         "Full hand: 'ZZ' is not a tile code."),
        ("invalid_seat", "Seat must be a seat: E, S, W or N.", "instant[0].seat",
         "Kongs and bonus tiles: Seat must be a seat: E, S, W or N."),
    ],
)  # fmt: skip
def test_problems_are_told_in_the_words_of_the_table(code, message, field, words):
    assert explain(code, message, field) == words


def test_a_refused_bao_is_told_in_the_readers_language():
    """A liable seat the engine refuses (004 lines 65-71; 000 lines 360-363, issue 52) names no field: its
    reason is the engine's own explained sentence, translated like an impossible event's."""
    from django.utils import translation

    from scoring.words import REFUSAL_WHY

    message = REFUSAL_WHY["bao_consequence_not_met"]
    assert explain("bao_consequence_not_met", message, "liable") == message
    with translation.override("zh-hans"):
        assert explain("bao_consequence_not_met", message, "liable").startswith("包牌：自摸胡牌时")
