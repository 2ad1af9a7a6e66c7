"""Bao (包, pay-for-all): who becomes liable, and what the liable player pays.

A player is **liable** when he discards a **dangerous** tile that another
player claims to reach a big hand his exposed melds already show, or a
**fresh** tile near the end of the wall (001 rule 27 and section A; 004
"pay-for-all"; 002 "Paying for all players"; 000 "Pay all situations").
The liable player pays every payer's share of the win (or of the kong's
instant payout) on his own.

- ``advice``: reads the table and lists the dangerous discards, with the
  reason and the rule (``bao_advice``); ``on_discard``: whether a winning
  discard made its discarder liable (``discard_liability``);
- ``liability``: applies it when a hand is settled: whether the rule set
  makes the liable player pay on this win (``bao_self_draw``,
  ``bao_on_other_discard``), and the transfers of a player paying for all
  (``scoring.settle`` calls it).
"""

from scoring.bao.advice import bao_advice, shown_doubles
from scoring.bao.liability import instant_payer_for_all, pay_for_all, win_payer_for_all
from scoring.bao.on_discard import discard_liability

__all__ = [
    "bao_advice",
    "discard_liability",
    "instant_payer_for_all",
    "pay_for_all",
    "shown_doubles",
    "win_payer_for_all",
]
