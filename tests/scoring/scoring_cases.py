"""Helpers for the scoring tests: write a hand the way a rule book shows it.

``hand("B1 B2 B3 ...", melds=["pong RD", "kong B5 concealed", "chow C4 C5 C6"])``
builds the contract's JSON (../shared/spec/scoring-api.md). The winning tile
is the last concealed tile unless ``winning`` says otherwise; the winner sits
South in an East round unless ``seat``/``prevailing`` say otherwise.
``tally(result)`` is what the table-driven tests compare: each item code with
the doubles it counted.
"""

from __future__ import annotations

from collections import Counter

from scoring.score import score_hand


def meld(text: str) -> dict:
    """ "pong RD" / "kong B5 concealed" / "chow C4 C5 C6" as a contract meld."""
    words = text.split()
    kind, tiles = words[0], [w for w in words[1:] if w != "concealed"]
    if kind in ("pong", "kong") and len(tiles) == 1:
        tiles = tiles * (3 if kind == "pong" else 4)
    out = {"type": kind, "tiles": tiles}
    if "concealed" in words:
        out["concealed"] = True
    return out


def hand(
    concealed: str,
    *,
    melds: tuple[str, ...] | list[str] = (),
    bonus: str = "",
    win: str = "discard",
    winning: str | None = "last",
    seat: str = "S",
    prevailing: str = "E",
    events: tuple[str, ...] | list[str] = (),
    rules: str = "spgg-2023",
    options: dict | None = None,
) -> dict:
    tiles = concealed.split()
    data = {
        "rules": rules,
        "prevailing_wind": prevailing,
        "seat_wind": seat,
        "concealed": tiles,
        "melds": [meld(m) for m in melds],
        "bonus": bonus.split(),
        "win": win,
        "events": list(events),
    }
    if winning == "last":
        data["winning_tile"] = tiles[-1]
    elif winning is not None:
        data["winning_tile"] = winning
    if options is not None:
        data["options"] = options
    return data


def tally(result: dict) -> dict[str, int]:
    """Item code -> doubles counted (several items of one code add up)."""
    out: Counter = Counter()
    for item in result.get("items", []):
        out[item["code"]] += item["doubles"]
    return dict(out)


def scored(data: dict) -> dict:
    return score_hand(data)


def check(data: dict, expected: dict[str, int], rule: str) -> dict:
    """Score ``data``; its items must be exactly ``expected`` and cite ``rule`` (when one is given)."""
    result = score_hand(data)
    assert "errors" not in result or result.get("doubles") is not None, result
    got = tally(result)
    assert got == expected, f"{rule}: expected {expected}, got {got} ({result})"
    if rule and expected:
        cited = {i["rule"] for i in result["items"]}
        assert any(rule in c for c in cited), f"no item cites {rule}: {cited}"
    return result
