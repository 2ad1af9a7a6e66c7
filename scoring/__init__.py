"""Singapore Mahjong scoring: a pure-Python library (no Django import).

The two questions of the contract (../shared/spec/scoring-api.md):

- ``score_hand(dict) -> dict``: what is this winning hand worth?
- ``settle(dict) -> dict``: who pays whom for this hand's outcome?

Both raise ``InvalidInput`` for malformed input. Every module of this package
is the pure rules core but ``scoring.adapter``, the Django layer around it
(the API views, the calculator page, the commands).
"""

from scoring.errors import IllegalHand, InvalidInput

# Imported eagerly: the submodule ``scoring.settle`` would otherwise replace
# the function of the same name on this package the first time it is loaded.
from scoring.settle import settle


def score_hand(data: dict) -> dict:
    from scoring.score import score_hand as _score_hand

    return _score_hand(data)


__all__ = ["IllegalHand", "InvalidInput", "score_hand", "settle"]
