"""The rules matrix's mutation proof (issue "Rules, third pass"): a row's test fails without its rule.

For every row of docs/rules-matrix/ whose code column (``code``, ``engine / choice`` or ``setting``)
names a rule-set setting, the setting is flipped in the preset of each document the row speaks of
(its section's heading, or the ``document`` cell of a choices table: 001 spgg-2023, 004
sg-tai-card, 002 sg-classic, 000 sgmj-2002, "all" the four) and the tests the row names are run
with it, in this process: at least one must fail. Flipping a setting deletes the rule: a count of
doubles a rule set gives becomes empty (``None``: the hand is not counted), an empty one counts 1,
a flag is negated, a setting of words takes its next value, a list of hands loses every hand (an
empty one gains the hands the row names), a number that cannot be empty is one less (one more if 0), a table's
every amount grows by one. The flipped preset is made with ``RuleSet.with_options``, so a limit
that prices follow re-derives them; it is put in ``RULESETS`` for the run and taken out after.

Only pure tests are run here (parametrized arguments only; no fixture, no database, no Hypothesis
search): a test that needs more cannot be run in-process and is reported as such. The sweep reads
every row and runs in a few seconds (``tests/test_rules_matrix.py`` runs it with the suite).
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scoring import hand_malformed
from scoring.errors import InvalidInput
from scoring.rulesets import CHOICES, SETTINGS_DOC
from scoring.rulesets import ruleset as ruleset_module
from scoring.rulesets.ruleset import RuleSet

PRESET_OF = {"001": "spgg-2023", "004": "sg-tai-card", "002": "sg-classic", "000": "sgmj-2002"}
CODE_COLUMNS = ("code", "engine / choice", "setting")
TICKED = re.compile(r"`([^`]+)`")
WORD = re.compile(r"^([a-z_]+)(?:\s*=.*)?$")


@dataclass(frozen=True)
class Row:
    doc: str  # the matrix file
    line: str  # the row as written
    presets: tuple[str, ...]
    settings: tuple[str, ...]
    tests: tuple[tuple[str, str, str | None], ...]  # (file, function, case or None)
    words: frozenset[str]  # every backticked word of the row (hand codes a list may gain)


def _documents(text: str) -> tuple[str, ...]:
    if text.strip().lower().startswith("all"):
        return tuple(PRESET_OF.values())
    return tuple(dict.fromkeys(PRESET_OF[d] for d in re.findall(r"\b(00[0124])\b", text)))


def rows(doc: Path, references: Callable, tables: Callable) -> list[Row]:
    """Every row of ``doc`` whose code column names a rule-set setting."""
    out = []
    for heading, header, body in tables(doc.read_text()):
        lowered = [h.lower() for h in header]
        if "test" not in lowered:
            continue
        code = next((lowered.index(c) for c in CODE_COLUMNS if c in lowered), None)
        if code is None:
            continue
        for line, cells in body:
            if code >= len(cells):
                continue
            where = cells[lowered.index("document")] if "document" in lowered else heading
            presets = _documents(where)
            words = [m.group(1) for span in TICKED.findall(cells[code]) if (m := WORD.match(span.strip()))]
            settings = tuple(dict.fromkeys(w for w in words if w in SETTINGS_DOC))
            tests = tuple(references(cells[lowered.index("test")]))
            if presets and settings:
                ticked = frozenset(TICKED.findall(line))
                out.append(Row(doc.name, line, presets, settings, tests, ticked))
    return out


def flipped(key: str, value: Any, row_words: frozenset[str]) -> Any:
    """``value`` of setting ``key`` with its rule deleted (see the module's docstring)."""
    if isinstance(value, bool):
        return not value
    if key in CHOICES and isinstance(value, str):
        choices = CHOICES[key]
        return choices[(choices.index(value) + 1) % len(choices)]
    if value is None:
        return 1
    if isinstance(value, int):
        if ruleset_module._nullable(key):
            return None
        return value - 1 if value > 0 else value + 1
    if isinstance(value, list | tuple):
        if not value:
            return sorted(w for w in row_words if w in SETTINGS_DOC and w != key)
        if all(isinstance(v, str) for v in value):
            return []
    return _grown(value)


def _grown(value: Any) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, dict):
        return {k: _grown(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_grown(v) for v in value]
    return value


HAND_LISTS = ("limit_hands", "instant_wins", "all_pay_full_hands", "min_doubles_exempt")


def deletion(base: RuleSet, key: str, row_words: frozenset[str]) -> dict[str, Any]:
    """The options that delete the rule ``key`` of ``base``: the setting flipped, and a hand taken out
    of the lists of hands that would still give it its value (a limit hand counts the limit whatever
    its own count)."""
    settings = ruleset_module._thaw(base.settings)
    if key in HAND_LISTS and settings[key]:
        named = [w for w in row_words if w in settings[key]]
        return {key: [h for h in settings[key] if h not in named] if named else []}
    options = {key: flipped(key, settings[key], row_words)}
    for lists in HAND_LISTS:
        if key in (settings.get(lists) or ()):
            options[lists] = [h for h in settings[lists] if h != key]
    return options


def mutant(preset: str, key: str, row_words: frozenset[str]) -> RuleSet:
    base = ruleset_module.RULESETS[preset]
    options = deletion(base, key, row_words)
    try:
        return base.with_options(options)
    except InvalidInput:  # a value an organiser may not set (a refused limit): put in as it is
        settings = {**ruleset_module._thaw(base.settings), **options}
        return RuleSet(
            base.id, base.version, base.title, base.source, settings, base.scoring_keys, base.citations
        )


@contextmanager
def installed(presets: tuple[str, ...], key: str, row_words: frozenset[str]) -> Iterator[None]:
    """Setting ``key`` flipped in ``presets`` for the block: in the shipped rule set, and again in any
    rule set a test makes with an option that sets it (an option cannot bring a deleted rule back)."""
    saved = {p: ruleset_module.RULESETS[p] for p in presets}
    caches = (ruleset_module._WITH_OPTIONS, hand_malformed.RULES_CACHE)  # rule sets made before, by id
    original = RuleSet.with_options

    def with_options(self: RuleSet, options: Any) -> RuleSet:
        made = original(self, options)
        named = isinstance(options, dict) and any(
            k == key or (k in HAND_LISTS and key in (v or ())) for k, v in options.items()
        )
        if made.id not in presets or not named:
            return made
        deleted = deletion(made, key, row_words)
        try:  # made again, so that settings following the limit follow a flipped one
            return original(self, {**options, **deleted})
        except InvalidInput:
            settings = {**ruleset_module._thaw(made.settings), **deleted}
            return RuleSet(
                made.id, made.version, made.title, made.source, settings, made.scoring_keys, made.citations
            )

    for cache in caches:
        cache.clear()
    ruleset_module.RULESETS.update({p: mutant(p, key, row_words) for p in presets})
    RuleSet.with_options = with_options
    try:
        yield
    finally:
        RuleSet.with_options = original
        ruleset_module.RULESETS.update(saved)
        for cache in caches:
            cache.clear()


class NotPure(Exception):
    """The test needs fixtures, a database or a Hypothesis search: it is not run in-process."""


def _cases(function: Callable) -> list[tuple[set[str], dict[str, Any]]]:
    """Each case of a pure test as (the names it can be called by, its arguments)."""
    from tests.test_rules_matrix import _labels

    marks = [m for m in getattr(function, "pytestmark", []) if m.name == "parametrize"]
    params = list(inspect.signature(function).parameters)
    per_mark = []
    for mark in marks:
        names = mark.args[0]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        labels = _labels(mark)
        kwargs = []
        for row in mark.args[1]:
            values = row.values if hasattr(row, "marks") else (tuple(row) if len(names) > 1 else (row,))
            kwargs.append(dict(zip(names, values, strict=True)))
        per_mark.append(list(zip(labels, kwargs, strict=True)))
    given = {n for cases in per_mark for _, kw in cases[:1] for n in kw}
    if set(params) - given or getattr(function, "is_hypothesis_test", False):
        raise NotPure(function.__name__)
    if not per_mark:
        return [(set(), {})]
    out = []
    for combo in itertools.product(*per_mark):
        names = {"-".join(j) for j in itertools.product(*[c[0] for c in combo])}
        names |= {"-".join(j) for j in itertools.product(*[c[0] for c in reversed(combo)])}
        out.append((names, {k: v for _, kw in combo for k, v in kw.items()}))
    return out


def run(test: tuple[str, str, str | None], locate: Callable, matches: Callable) -> bool:
    """Whether the named test (all its cases, or the one named) passes. Raises ``NotPure``."""
    _file_name, function_name, case = test
    function = getattr(_module(test, locate), function_name)
    for names, kwargs in _cases(function):
        if case is not None and not matches(case, names):
            continue
        try:
            function(**kwargs)
        except pytest.skip.Exception:
            continue
        except (Exception, pytest.fail.Exception):  # an assertion, pytest.raises unmet, the engine refusing
            return False
    return True


def sweep(docs: list[Path]) -> tuple[list[str], list[str]]:
    """(each row and setting whose tests all pass with it flipped, each row whose tests none can run)."""
    from tests.test_rules_matrix import _locate, _matches, _tables, references

    survived, unrunnable = [], []
    for doc in docs:
        for row in rows(doc, references, _tables):
            pure = []
            for test in row.tests:
                try:
                    _cases(getattr(_module(test, _locate), test[1]))
                    pure.append(test)
                except NotPure:
                    continue
            if not pure:
                unrunnable.append(f"{row.doc}: {row.line[:100]}")
                continue
            for key in row.settings:
                with installed(row.presets, key, row.words):
                    if all(run(t, _locate, _matches) for t in pure):
                        survived.append(f"{row.doc}: {key} in {', '.join(row.presets)}: {row.line[:100]}")
    return survived, unrunnable


def _module(test: tuple[str, str, str | None], locate: Callable):
    """The test's module; only the pure scoring tests' (``tests/scoring/``) are imported here."""
    from tests.test_rules_matrix import ROOT

    path: Path = locate(test[0])
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[:2] != ("tests", "scoring"):
        raise NotPure(test[0])
    return importlib.import_module(".".join(parts))
