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
  discard of the eye (house-rule options);
- under sg-classic with the limit raised to six (002 "five (or six)"), the
  one setting an organiser changes alone that other settings depend on.

Each winning variant is also settled (``scoring.settle`` with the hand: the
winner the hand's seat wind, on a discard the next seat as the discarder), so
that a change of who pays shows too (issue 37): its transfers and net; and
settled again with that next seat entered as the liable (Bao) seat, so that a
change of who pays for all, or of which liable seats are refused, shows too
(issue 52: 004's consequences, 000's discard-only scenarios).

The full result of each scoring (its JSON, or the error of ``InvalidInput``)
and of each settlement must be identical on both sides; otherwise the exit status is 1 and the
differences are printed grouped by why they changed (``why``: a win now
refused, with the engine's own reason; items gained or lost; another price),
each group with its count, the variants it was seen in and one example.
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

LIMIT_SIX = {"limit_doubles": 6}


def variants(hand: dict):
    """The corpus hand under every rule set, won both ways, and with house rules."""
    other_win = "discard" if hand["win"] == "self_draw" else "self_draw"
    for rules in RULE_SETS:
        for win in (hand["win"], other_win):
            yield {**hand, "rules": rules, "win": win}
    yield {**hand, "options": HOUSE_RULES}
    yield {**hand, "rules": "sg-classic", "options": LIMIT_SIX}


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
            out.write(json.dumps(settled(data) if result.get("win") else None, sort_keys=True) + "\n")


def settled(data: dict) -> dict:
    """Who pays whom for a winning variant: the winner its seat wind, on a discard the next seat discards;
    and again with the next seat liable (``with_liable``)."""
    winner = data["seat_wind"]
    outcome = {"rules": data.get("rules", "spgg-2023"), "outcome": "win", "winner": winner, "hand": data}
    if data.get("options"):
        outcome["options"] = data["options"]
    following = "ESWN"[("ESWN".index(winner) + 1) % 4]
    if data["win"] == "discard":
        outcome["discarder"] = following
    out = _settle_once(outcome)
    out["with_liable"] = _settle_once({**outcome, "liable": following})
    return out


def _settle_once(outcome: dict) -> dict:
    from scoring.errors import InvalidInput
    from scoring.settle import settle

    try:
        result = settle(outcome)
    except InvalidInput as exc:
        return {"invalid_input": [e.as_dict() for e in exc.errors]}
    return {"transfers": result.get("transfers"), "net": result.get("net")}


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
    scorings = [n for n in differ if n % 2 == 0]
    settlements = [n for n in differ if n % 2 == 1]
    settled_count = sum(1 for line in after[1::2] if line != "null")
    print(f"{len(after) // 2:,} scorings compared with {commit}: {len(scorings)} differ")
    print(f"{settled_count:,} settlements compared with {commit}: {len(settlements)} differ")
    if differ:
        report(differ, before, after)
    return 1 if differ else 0


def why(before: dict, after: dict) -> str:
    """One line on what changed between two answers for the same scoring (or settlement)."""
    if before is None or after is None or "with_liable" in before or "with_liable" in after:
        plain = [{k: v for k, v in (side or {}).items() if k != "with_liable"} for side in (before, after)]
        if plain[0] != plain[1]:
            return "paid otherwise: " + _who_pays(plain[0]) + " -> " + _who_pays(plain[1])
        liable = [(side or {}).get("with_liable") for side in (before, after)]
        return "with the next seat liable: " + _who_pays(liable[0]) + " -> " + _who_pays(liable[1])
    if before.get("win") and after.get("win") is False:
        return "refused now: " + "; ".join(e["message"] for e in after.get("errors", []))
    if before.get("win") is False and after.get("win"):
        return "accepted now (was: " + "; ".join(e["message"] for e in before.get("errors", [])) + ")"
    if before.get("win") is False and after.get("win") is False:
        added = [e["message"] for e in after.get("errors", []) if e not in before.get("errors", [])]
        return "still refused (no score changes), reasons added: " + "; ".join(added)
    if "invalid_input" in before or "invalid_input" in after:
        return "input errors changed: " + json.dumps(after.get("invalid_input", after.get("errors")))
    codes = [{i["code"] for i in side.get("items", [])} for side in (before, after)]
    parts = []
    if codes[0] != codes[1]:
        parts.append(f"items -{sorted(codes[0] - codes[1])} +{sorted(codes[1] - codes[0])}")
    for key in ("doubles", "limit", "payment", "errors"):
        if before.get(key) != after.get(key):
            parts.append(f"{key} {json.dumps(before.get(key))} -> {json.dumps(after.get(key))}")
    return ", ".join(parts) or "other fields changed"


def _who_pays(settlement: dict | None) -> str:
    """Each payer's total in a settlement, in seat order (``-`` for none)."""
    if settlement and "invalid_input" in settlement:
        return "refused (" + ", ".join(e["code"] for e in settlement["invalid_input"]) + ")"
    if not settlement or "transfers" not in settlement:
        return json.dumps(settlement)[:80]
    paid: dict[str, int] = {}
    for t in settlement["transfers"]:
        paid[t["from"]] = paid.get(t["from"], 0) + t["amount"]
    return " ".join(f"{seat}{paid[seat]}" for seat in "ESWN" if seat in paid) or "-"


def _options_label(data: dict) -> str:
    options = data.get("options")
    if not options:
        return ""
    return "+house" if options == HOUSE_RULES else "+" + ",".join(f"{k}={v}" for k, v in options.items())


def report(differ: list[int], before: list[str], after: list[str]) -> None:
    """The differences grouped by why, each with the variants (rule set, win, events) it holds."""
    sys.path.insert(0, str(ROOT / "bench"))
    from hands_corpus import corpus

    scored = [data for hand in corpus() for data in variants(hand)]
    groups: dict[str, list[int]] = {}
    for n in differ:
        groups.setdefault(why(json.loads(before[n]), json.loads(after[n])), []).append(n)
    scored = [data for data in scored for _side in ("score", "settle")]  # two lines per variant
    for reason, rows in sorted(groups.items(), key=lambda g: -len(g[1])):
        seen: dict[str, int] = {}
        for n in rows:
            data = scored[n]
            exposed = any(not m.get("concealed") for m in data.get("melds", []))
            label = (
                f"{data.get('rules', 'spgg-2023')}{_options_label(data)} {data['win']}, "
                f"events {'/'.join(data.get('events') or ()) or '-'}, "
                f"{'with a claimed meld' if exposed else 'no claimed meld'}"
            )
            seen[label] = seen.get(label, 0) + 1
        print(f"\n{len(rows)} x {reason}")
        for label, count in sorted(seen.items(), key=lambda x: -x[1]):
            print(f"    {count:4} {label}")
        print(f"  e.g. #{rows[0]}\n  before {before[rows[0]][:300]}\n  after  {after[rows[0]][:300]}")


if __name__ == "__main__":
    sys.exit(main())
