"""The hands the load bench's scorekeepers enter: legal, varied, and a session that lasts.

A session ends when a player is out of chips or when the deal has gone round
the North wind (16 passes of the deal; ``tournament.tables.state``). A bench
that hammers a table with hands would end every session within a minute, and
a finished table answers every further hand 422 ``table_finished``. So the
scorekeeper here plays a long, believable evening instead:

- the **dealer** wins most hands (a dealer's win keeps the deal, 001 rule 10),
  on a discard by the richest other player or self-drawn, 1 to 3 doubles,
  sometimes with a kong paid out at once;
- some hands are **draws** without a kong (the dealer keeps the deal);
- a player far ahead makes a **false win** (Za Hu: pays every other player,
  the deal stays, ``DealRules.false_win_keeps_deal``), which pulls chips back;
- every ``PASS_EVERY``-th hand a non-dealer wins, so the deal does move on
  (16 passes end the session: that is after 16 x ``PASS_EVERY`` hands).

Nothing here imports Django: the locustfile uses it on the table state the API
answers (``state``: ``dealer``, ``balances`` keyed by player id as text,
``hand_number``), and a test folds it through the real scoring engine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

PASS_EVERY = 40  # a non-dealer wins every 40th hand: the session lasts 640 hands
FALSE_WIN_ABOVE = 120  # a player this far above the capital may make a false win (it costs 3 x 32)


def next_entry(state: Mapping[str, Any], capital: int, rng: random.Random) -> dict:
    """The next hand's outcome (players by id), as POSTed to /api/v1/tables/{id}/hands/."""
    balances = {int(pid): chips for pid, chips in state["balances"].items()}
    dealer = int(state["dealer"])
    number = int(state["hand_number"])
    richest = max(balances, key=lambda p: (balances[p], p))
    poorest = min(balances, key=lambda p: (balances[p], p))
    entry: dict[str, Any]
    if number % PASS_EVERY == 0:
        winner = poorest if poorest != dealer else min((p for p in balances if p != dealer), key=balances.get)
        payer = richest if richest != winner else dealer
        entry = {"outcome": "win", "winner": winner, "win": "discard", "discarder": payer, "doubles": 1}
    elif balances[richest] - capital > FALSE_WIN_ABOVE and rng.random() < 0.5:
        entry = {"outcome": "false_win", "offender": richest}
    elif dealer == richest or rng.random() < 0.15:
        entry = {"outcome": "draw"}
    else:
        entry = {"outcome": "win", "winner": dealer, "doubles": rng.choice((1, 1, 2, 2, 3))}
        if dealer == poorest and rng.random() < 0.5:
            entry["win"] = "self_draw"
        else:
            others = [p for p in balances if p != dealer]
            entry["win"] = "discard"
            entry["discarder"] = max(others, key=lambda p: (balances[p], p))
        if rng.random() < 0.1:
            entry["instant"] = [{"type": "kong", "player": dealer, "concealed": rng.random() < 0.5}]
    entry["hand_number"] = number
    return entry
