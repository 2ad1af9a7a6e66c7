"""The worked examples of ../shared/spec/scoring-api.md (a hand, its score, an outcome, its settlement).

Shown in the OpenAPI schema beside the shapes of ``scoring.adapter.openapi`` and used by the tests that
send them. Pure data.
"""

EXAMPLE_HAND = {
    "rules": "spgg-2023",
    "prevailing_wind": "E",
    "seat_wind": "S",
    "concealed": ["B2", "B3", "B4", "D5", "D6", "D7", "C3", "C3"],
    "melds": [
        {"type": "chow", "tiles": ["C4", "C5", "C6"]},
        {"type": "kong", "tiles": ["RD", "RD", "RD", "RD"], "concealed": True},
    ],
    "bonus": ["F2", "CAT"],
    "winning_tile": "B4",
    "win": "discard",
    "events": [],
}
EXAMPLE_SCORE = {
    "rules": "spgg-2023",
    "win": True,
    "doubles": 3,
    "limit": False,
    "items": [
        {"code": "dragon_pong", "name": "Pong of Red Dragons", "doubles": 1, "rule": "001 rule 23g"},
        {"code": "seat_flower", "name": "Own flower F2", "doubles": 1, "rule": "001 rule 23a"},
        {"code": "animal", "name": "Animal: Cat", "doubles": 1, "rule": "001 rule 23c"},
    ],
    "sets": [
        ["B2", "B3", "B4"],
        ["D5", "D6", "D7"],
        ["C4", "C5", "C6"],
        ["RD", "RD", "RD", "RD"],
        ["C3", "C3"],
    ],
    "payment": {"full": 8, "half": 4},
    "ping_hu": False,
}
EXAMPLE_OUTCOME = {
    "rules": "spgg-2023",
    "outcome": "win",
    "winner": "S",
    "win": "discard",
    "discarder": "W",
    "doubles": 3,
    "liable": None,
    "instant": [{"type": "kong", "seat": "E", "concealed": True}],
}
EXAMPLE_SETTLEMENT = {
    "rules": "spgg-2023",
    "doubles": 3,
    "limit": False,
    "payment": {"full": 8, "half": 4},
    "transfers": [
        {"from": "W", "to": "S", "amount": 8, "reason": "win"},
        {"from": "E", "to": "S", "amount": 4, "reason": "win"},
        {"from": "N", "to": "S", "amount": 4, "reason": "win"},
        {"from": "S", "to": "E", "amount": 2, "reason": "kong"},
        {"from": "W", "to": "E", "amount": 2, "reason": "kong"},
        {"from": "N", "to": "E", "amount": 2, "reason": "kong"},
    ],
    "net": {"E": 2, "S": 14, "W": -10, "N": -6},
    "notes": [],
    "decided_by": [],
}
