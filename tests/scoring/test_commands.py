"""``manage.py score_hand`` and ``manage.py settle``: the command-line door of scoring-api.md.

JSON on stdin, JSON on stdout, exit 0 for a result, 1 for a well-formed hand
that is not a legal win, 2 for malformed input; the same JSON as the Python
door, and never a traceback.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import scoring
from scoring.jsontext import unique_keys

try:
    from django.conf import settings as _settings

    _settings.INSTALLED_APPS  # noqa: B018 (raises when pytest runs with -p no:django)
except Exception:  # pragma: no cover - pure runs of tests/scoring
    pytest.skip("needs Django settings (run without -p no:django)", allow_module_level=True)

from django.core.management import call_command  # noqa: E402

BASE_DIR = Path(__file__).resolve().parents[2]

# The contract's examples (../shared/spec/scoring-api.md).
CONTRACT_HAND = {
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
CONTRACT_OUTCOME = {
    "rules": "spgg-2023",
    "outcome": "win",
    "winner": "S",
    "win": "discard",
    "discarder": "W",
    "doubles": 3,
    "liable": None,
    "instant": [{"type": "kong", "seat": "E", "concealed": True}],
}
_PING_HU_SHAPE = {"prevailing_wind": "E", "seat_wind": "S", "win": "discard"}

# (what, door, JSON text in, exit code, HTTP status, first error code or None)
CASES = [
    ("the contract's hand", "score_hand", json.dumps(CONTRACT_HAND), 0, 200, None),
    ("the contract's outcome", "settle", json.dumps(CONTRACT_OUTCOME), 0, 200, None),
    ("a draw pays only the instant payouts", "settle",
     '{"outcome": "draw", "instant": [{"type": "kong", "seat": "N"}]}', 0, 200, None),
    ("input is case-insensitive and a list may be a string", "score_hand",
     json.dumps({**CONTRACT_HAND, "concealed": "b2 b3 b4 d5 d6 d7 c3 c3", "winning_tile": "b4"}),
     0, 200, None),
    ("fourteen tiles that make no hand (illegal, 001 rule 16)", "score_hand",
     json.dumps({**_PING_HU_SHAPE, "concealed": "B1 B2 B3 B4 B5 B6 D2 D3 D4 C7 C8 C9 NW WW",
                 "winning_tile": "C9"}), 1, 422, "incomplete_hand"),
    ("a tile used five times", "score_hand",
     json.dumps({**_PING_HU_SHAPE, "concealed": "B1 B1 B1 B1 B1 B2 B3 D2 D3 D4 C7 C8 C9 NW",
                 "winning_tile": "C9"}), 1, 422, "too_many_copies"),
    ("a chicken hand below the minimum (001 rule 16)", "score_hand",
     json.dumps({**_PING_HU_SHAPE, "concealed": "B1 B2 B3 B4 B5 B6 D2 D3 D4 C7 C8 C9 NW NW",
                 "winning_tile": "C8"}), 1, 422, "below_minimum_doubles"),
    ("quick entry below the minimum", "settle",
     '{"outcome": "win", "winner": "S", "win": "self_draw", "doubles": 0}', 1, 422, "below_minimum_doubles"),
    ("an unknown tile code", "score_hand", json.dumps({**CONTRACT_HAND, "concealed": "B2 ZZ"}), 2, 400,
     "unknown_tile"),
    ("an unknown rule set", "settle", json.dumps({**CONTRACT_OUTCOME, "rules": "riichi"}), 2, 400,
     "unknown_rules"),
    ("a missing field", "settle", '{"outcome": "win", "win": "discard", "discarder": "W", "doubles": 2}',
     2, 400, "missing_field"),
    ("not an object", "score_hand", "[1, 2, 3]", 2, 400, "not_an_object"),
    ("text that is not JSON", "score_hand", "{'rules': spgg}", 2, 400, "invalid_json"),
    ("an empty input", "settle", "", 2, 400, "invalid_json"),
    ("only white space", "score_hand", " \n ", 2, 400, "invalid_json"),
    ("NaN is not JSON", "settle", '{"outcome": "win", "winner": "S", "win": "self_draw", "doubles": NaN}',
     2, 400, "invalid_json"),
    ("nesting too deep for the parser", "settle", "[" * 100_000, 2, 400, "invalid_json"),
    ("a key given twice: not the last one silently", "settle", '{"outcome": "win", "outcome": "draw"}',
     2, 400, "duplicate_key"),
    ("a key given twice deeper in", "settle",
     '{"outcome": "draw", "instant": [{"type": "kong", "seat": "N", "seat": "S"}]}', 2, 400, "duplicate_key"),
]  # fmt: skip

DOORS = {"score_hand": scoring.score_hand, "settle": scoring.settle}


def python_door(door: str, text: str) -> tuple[int, dict]:
    """The Python door as the contract states it, with the exit code it stands for."""
    try:
        data = json.loads(
            text,
            parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)),
            object_pairs_hook=unique_keys,  # a dict holds a key once: a JSON text may not either
        )
    except (ValueError, RecursionError):
        return 2, {"errors": [{"code": "invalid_json"}]}
    try:
        body = DOORS[door](data)
    except scoring.InvalidInput as exc:
        return 2, {"errors": exc.as_dicts()}
    return (1 if body.get("win") is False else 0), body


def run_call_command(door: str, text: str, **options) -> tuple[int, dict]:
    out = io.StringIO()
    try:
        call_command(door, stdin=io.StringIO(text), stdout=out, **options)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, json.loads(out.getvalue())


def run_process(door: str, text: str | bytes) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", door],
        input=text.encode() if isinstance(text, str) else text,
        capture_output=True,
        cwd=BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "tournament.project.settings"},
        timeout=60,
    )


@pytest.mark.parametrize(("what", "door", "text", "exit_code", "_status", "error_code"), CASES)
def test_call_command_answers_like_the_contract(what, door, text, exit_code, _status, error_code):
    code, body = run_call_command(door, text)
    assert code == exit_code, what
    if error_code is None:
        assert "errors" not in body
    else:
        assert body["errors"][0]["code"] == error_code
        assert all({"code", "message"} <= set(e) for e in body["errors"])
        assert ("win" in body) == (exit_code == 1)  # {"win": false, ...} only for an illegal hand
    py_code, py_body = python_door(door, text)
    assert py_code == exit_code
    if py_body != {"errors": [{"code": "invalid_json"}]}:
        assert body == py_body, "the command line and Python give the same JSON"


def test_the_contract_examples_give_the_contract_results():
    _, scored = run_call_command("score_hand", json.dumps(CONTRACT_HAND))
    assert (scored["win"], scored["doubles"], scored["limit"], scored["payment"]) == (
        True,
        3,
        False,
        {"full": 8, "half": 4},
    )
    assert [i["code"] for i in scored["items"]] == ["dragon_pong", "seat_flower", "animal"]
    _, settled = run_call_command("settle", json.dumps(CONTRACT_OUTCOME))
    assert settled["net"] == {"E": 2, "S": 14, "W": -10, "N": -6}
    assert sorted((t["from"], t["to"], t["amount"], t["reason"]) for t in settled["transfers"]) == sorted(
        [
            ("W", "S", 8, "win"),
            ("E", "S", 4, "win"),
            ("N", "S", 4, "win"),
            ("S", "E", 2, "kong"),
            ("W", "E", 2, "kong"),
            ("N", "E", 2, "kong"),
        ]
    )


@pytest.mark.parametrize(
    ("door", "text", "exit_code"),
    [
        ("score_hand", json.dumps(CONTRACT_HAND), 0),
        ("settle", '{"outcome": "win", "winner": "S", "win": "self_draw", "doubles": 0}', 1),
        ("score_hand", "not json at all", 2),
        ("settle", b"\xff\xfe{", 2),  # not UTF-8
    ],
)
def test_a_real_process_prints_json_and_exits_with_the_contract_code(door, text, exit_code):
    done = run_process(door, text)
    assert done.returncode == exit_code
    assert b"Traceback" not in done.stderr and done.stderr == b""
    body = json.loads(done.stdout)
    if isinstance(text, str):
        assert (exit_code, body) == run_call_command(door, text)


def test_a_file_argument_reads_the_same_as_stdin(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(CONTRACT_HAND))
    out = io.StringIO()
    call_command("score_hand", str(path), stdout=out)
    assert json.loads(out.getvalue()) == scoring.score_hand(CONTRACT_HAND)


def test_a_missing_file_is_malformed_input_not_a_traceback(tmp_path):
    code, body = run_call_command("settle", "", file=str(tmp_path / "nope.json"))
    assert (code, body["errors"][0]["code"]) == (2, "unreadable_input")


def test_an_engine_bug_still_answers_in_the_error_shape(monkeypatch):
    from scoring.adapter.management.commands import score_hand

    def broken(data):
        raise ZeroDivisionError("a bug in the engine")

    monkeypatch.setattr(score_hand.Command, "door", staticmethod(broken))
    code, body = run_call_command("score_hand", json.dumps(CONTRACT_HAND))
    assert (code, body["errors"][0]["code"]) == (2, "unscorable_input")
