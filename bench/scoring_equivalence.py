"""Same answers as before: score the bench corpus with the working tree and with a git commit, compare.

Run: ``.venv/bin/python bench/scoring_equivalence.py [COMMIT]`` (default ``HEAD``; a few seconds per side).

For speed work on ``scoring`` (issue 3): the reference is the scoring core
as it was at ``COMMIT`` (``git archive`` of ``scoring/`` into a temporary
folder), not a stored answer. Each side runs in its own process and scores
every hand of ``bench/hands_corpus.py`` in several variants, so the rules'
less common branches are reached too:

- under each of the four shipped rule sets;
- won the other way (self-drawn <-> discard: some then fail the event checks);
- with seven pairs allowed, four alike as two pairs, Ping Hu judged without
  wait shapes, mixed terminals needing ones and nines, Hidden Treasure on a
  discard of the eye (house-rule options).

The full result of each scoring (its JSON, or the error of ``InvalidInput``)
must be identical on both sides; the first differences are printed and the
exit status is 1.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RULE_SETS = ("spgg-2023", "sg-tai-card", "sg-classic", "sgmj-2002")
HOUSE_RULES = {
    "seven_pairs": 2,
    "seven_pairs_four_alike": True,
    "ping_hu_wait_shapes": False,
    "mixed_terminals_needs_ones_and_nines": True,
    "hidden_treasure_self_drawn": False,
}


def variants(hand: dict):
    """The corpus hand under every rule set, won both ways, and with house rules."""
    other_win = "discard" if hand["win"] == "self_draw" else "self_draw"
    for rules in RULE_SETS:
        for win in (hand["win"], other_win):
            yield {**hand, "rules": rules, "win": win}
    yield {**hand, "options": HOUSE_RULES}


def score_all() -> None:
    """(In the child process) print one JSON line per scoring, with the ``scoring`` on sys.path."""
    sys.path.insert(0, str(ROOT / "bench"))
    from hands_corpus import corpus

    from scoring.errors import InvalidInput
    from scoring.score import score_hand

    out = sys.stdout
    for hand in corpus():
        for data in variants(hand):
            try:
                result = score_hand(data)
            except InvalidInput as exc:
                result = {"invalid_input": [e.as_dict() for e in exc.errors]}
            out.write(json.dumps(result, sort_keys=True) + "\n")


def run_side(code_root: Path) -> list[str]:
    """The lines ``score_all`` prints with ``scoring`` imported from ``code_root``."""
    program = (
        "import sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[2]);"
        "import scoring_equivalence as e; e.score_all()"
    )
    done = subprocess.run(
        [sys.executable, "-c", program, str(code_root), str(ROOT / "bench")],
        capture_output=True,
        text=True,
        check=True,
        cwd=code_root,
    )
    return done.stdout.splitlines()


def main() -> int:
    commit = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "scoring"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        before = run_side(Path(tmp))
    after = run_side(ROOT)
    differ = [n for n, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    print(f"{len(after):,} scorings compared with {commit}: {len(differ)} differ")
    for n in differ[:5]:
        print(f"  #{n}\n  before {before[n]}\n  after  {after[n]}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
