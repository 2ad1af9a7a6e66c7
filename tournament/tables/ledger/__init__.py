"""Recording and voiding hands: the one door to the chip ledger.

``hand_record`` is used by the scoresheet page, the API, the admin and the
tests alike. It

1. checks the entry (players named by id) against the table and its state
   (players not at the table, a finished session, a stale hand number);
2. turns player ids into the seat winds of this hand and asks the scoring
   engine (``scoring.settle``, which scores a full hand with
   ``scoring.score_hand``) under the competition's rule set;
3. applies the rule set's short-of-chips policy (``cap_to_balances``);
4. writes the hand, its immutable ``ChipTransfer`` rows and an audit entry
   in one transaction, and queues the standings update on commit.

Bad input raises ``HandRejected`` (nothing is written); two devices entering
the same hand get one ``HandConflict``; a retried request with the same
idempotency key and the same entry returns the hand recorded first (another
entry with that key is refused, 409; ``tournament.tables.ledger.guard``). ``hand_void`` never deletes
or edits: it adds a ``HandVoid`` row and reversing transfers. A correction
(``hand_correct``) is a void plus one re-entry: a voided hand is entered
again once, in its place; a second correction of it is refused.

Every door checks the caller's right (``may_record``: the table's
scorekeeper or an organiser of the competition; ``user=None`` is a command
or a test acting as the operator) and refuses every change in a finished
round or at a table the organiser has ended, until the round is reopened
(``tournament.rounds.lifecycle.round_reopen``, issue 13).
"""

from tournament.tables.ledger.checks import check_open
from tournament.tables.ledger.errors import HandConflict, HandRejected, Problem
from tournament.tables.ledger.preview import Settlement, hand_settle
from tournament.tables.ledger.record import Recorded, hand_correct, hand_record, hand_record_with_state
from tournament.tables.ledger.void import hand_void

__all__ = [
    "HandConflict", "HandRejected", "Problem", "Recorded", "Settlement", "check_open",
    "hand_correct", "hand_record", "hand_record_with_state", "hand_settle", "hand_void",
]  # fmt: skip
