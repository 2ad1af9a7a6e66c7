"""The rules matrix (docs/rules-matrix/) names real tests: a renamed or deleted test or case breaks this.

A reference is ``file::function`` or ``file::function[case]``; in the same
table row, ``::function`` names another function of the last file and
``[case]`` another case of the last function. A case is a parametrized
test's id, or the first column of its table (the case's name in the rule
book); ``…`` in a case stands for any text (a long name shortened).

Every pointer names exactly one test (issue "Rules, third pass", item 4): a
bare name without ``::`` (``test_x``, ``test_x[case]``), a ``::function`` or
a ``[case]`` with no file or function before it in its row, and a case that
matches no case or several cases of its function are each reported as
broken, never skipped. ``file::function`` names the function (all its cases
are that one test); to name one case of it, give the case.
"""

import ast
import importlib
import itertools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MATRIX = sorted(p for p in (ROOT / "docs" / "rules-matrix").glob("*.md") if p.name != "README.md")
SPAN = re.compile(r"`([^`]+)`")
NAMED = re.compile(r"^((?:tests/[\w/]+/)?test_\w+\.py)?::(\w+)(?:\[(.+)\])?$")
CASE = re.compile(r"^\[(.+)\]$")
BARE = re.compile(r"^test_\w+(?:\[.+\])?$")  # a test's name without its file and ``::``


def references(text: str) -> list[tuple[str, str, str | None]]:
    """Every (file, function, case or None) the matrix names, row by row."""
    found = []
    for line in text.splitlines():
        file_name = function = None
        for span in SPAN.findall(line):
            named, case = NAMED.match(span), CASE.match(span)
            if named and (named.group(1) or file_name):
                file_name = named.group(1) or file_name
                function = named.group(2)
                found.append((file_name, function, named.group(3)))
            elif case and function:
                found.append((file_name, function, case.group(1)))
            elif ".py::" in span or named or case or BARE.match(span):
                found.append((span, "", None))  # a pointer this reader cannot follow is a broken one
    return found


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def _locate(name: str) -> Path | None:
    if "/" in name:
        return ROOT / name
    found = list((ROOT / "tests").rglob(name))
    return found[0] if len(found) == 1 else None


def _labels(mark) -> list[set[str]]:
    """The names of each case of one parametrize mark: its id, its first column, all its columns."""
    argnames, argvalues = mark.args[0], mark.args[1]
    several = not isinstance(argnames, str) or "," in argnames
    ids = mark.kwargs.get("ids")
    cases = []
    for i, row in enumerate(argvalues):
        param = hasattr(row, "marks")  # pytest.param (a dict row has .values too)
        values = row.values if param else None
        given = row.id if param else None
        if values is None:
            values = tuple(row) if several else (row,)
        names = {str(values[0]), "-".join(str(v) for v in values)}
        if given:
            names.add(str(given))
        elif isinstance(ids, list | tuple) and i < len(ids) and ids[i] is not None:
            names.add(str(ids[i]))
        elif callable(ids):
            names.add("-".join(str(ids(v)) for v in values))
        cases.append(names)
    return cases


def case_labels(path: Path, function: str) -> list[set[str]]:
    """Each case of ``function`` in ``path`` as the set of names it can be called by (none: not parametrized).

    Stacked marks make one case of each combination, named by its marks' names joined (pytest joins the
    ids the one nearest the function first; either order is read).
    """
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    test = getattr(importlib.import_module(module), function)
    marks = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
    per_mark = [_labels(m) for m in marks]
    if len(per_mark) <= 1:
        return per_mark[0] if per_mark else []
    cases = []
    for combo in itertools.product(*per_mark):
        names = {"-".join(joined) for joined in itertools.product(*combo)}
        names |= {"-".join(joined) for joined in itertools.product(*reversed(combo))}
        cases.append(names)
    return cases


def case_names(path: Path, function: str) -> set[str]:
    """Every name a case of ``function`` in ``path`` can be called by (none if it is not parametrized)."""
    return {name for names in case_labels(path, function) for name in names}


def _matches(case: str, names: set[str]) -> bool:
    if "…" not in case and "..." not in case:
        return case in names
    parts = re.split(r"…|\.\.\.", case)
    pattern = re.compile(".*".join(re.escape(p.strip()) for p in parts), re.S)
    return any(pattern.fullmatch(n) or pattern.fullmatch(n.strip()) for n in names)


def cases_named(case: str, path: Path, function: str) -> int:
    """How many cases of ``function`` the matrix's ``[case]`` names (it must be exactly one)."""
    return sum(1 for names in case_labels(path, function) if _matches(case, names))


def problems(named: list[tuple[str, str, str | None]]) -> list[str]:
    """Each pointer that does not name exactly one test, with what is wrong with it."""
    out = []
    for file_name, function, case in named:
        path = _locate(file_name) if function else None
        if not function:
            out.append(f"{file_name} (not file::function[case])")
        elif path is None or not path.exists() or function not in _test_functions(path):
            out.append(f"{file_name}::{function} (no such test)")
        elif case is not None:
            count = cases_named(case, path, function)
            if count != 1:
                out.append(f"{file_name}::{function}[{case}] ({count} cases)")
    return sorted(set(out))


@pytest.mark.parametrize("doc", MATRIX, ids=lambda p: p.name)
def test_every_test_the_matrix_names_exists(doc):
    named = references(doc.read_text())
    assert named, f"{doc.name} names no test"
    wrong = problems(named)
    assert not wrong, f"{doc.name} has pointers that do not name exactly one test: {wrong}"


def test_the_matrix_covers_the_four_rule_documents():
    text = "\n".join(p.read_text() for p in MATRIX)
    for document in ("001", "002", "004", "000"):
        assert f"## {document}" in text or f"**{document}**" in text, document


def test_a_case_the_matrix_names_must_exist():
    """The check reads case names, not only functions: a made-up case of a real test is caught."""
    path = ROOT / "tests" / "scoring" / "test_limits.py"
    names = case_names(path, "test_limit_hands")
    assert _matches("Heavenly Hand", names)
    assert _matches("nine gates on any tile …", names)
    assert not _matches("a hand no rule book names", names)
    assert references("| x | `test_limits.py::test_limit_hands[A]`, `[B]`, `::test_other` |") == [
        ("test_limits.py", "test_limit_hands", "A"),
        ("test_limits.py", "test_limit_hands", "B"),
        ("test_limits.py", "test_other", None),
    ]


def test_a_pointer_that_does_not_name_exactly_one_test_is_caught():
    """Issue "Rules, third pass", item 4: a bare name (no ``::``), a case with no function before it and a
    case that matches several cases were skipped; each is now reported (payments.md:54 named
    ``test_the_contract_example`` bare, hands.md:77 ``[...]`` matched five cases)."""
    row = (
        "| x | `test_the_contract_example`, `test_a_hands_items_decide_the_price[ping_hu]`, `[A]`, "
        "`::test_y` |"
    )
    assert [r[1:] for r in references(row)] == [("", None)] * 4
    assert problems(references(row)) == sorted(
        f"{span} (not file::function[case])"
        for span in (
            "test_the_contract_example",
            "test_a_hands_items_decide_the_price[ping_hu]",
            "[A]",
            "::test_y",
        )
    )
    several = references("| x | `test_score_hand.py::test_instant_flower_wins_need_no_complete_hand[...]` |")
    assert problems(several) == [
        "test_score_hand.py::test_instant_flower_wins_need_no_complete_hand[...] (5 cases)"
    ]
    one = (
        "`test_score_hand.py::test_instant_flower_wins_need_no_complete_hand"
        "[spgg-2023-eight flowers, no complete hand…]`"
    )
    assert problems(references(f"| x | {one} |")) == []
    # two cases share a first column ("Full Flush" under 004 and 002): the name alone names both
    shared = (
        "| x | `test_doubles_shapes.py::test_shapes_and_situations[Full Flush]`, "
        "`[Full Flush … 004 tai table]` |"
    )
    assert problems(references(shared)) == [
        "test_doubles_shapes.py::test_shapes_and_situations[Full Flush] (2 cases)"
    ]
    assert problems(references("| x | `test_limits.py::test_limit_hands[no such hand]` |")) == [
        "test_limits.py::test_limit_hands[no such hand] (0 cases)"
    ]


def _tables(text: str):
    """Each markdown table of ``text`` as (section heading, header cells, [(line, cells)])."""
    heading, header, rows, out = "", None, [], []
    for line in [*text.splitlines(), ""]:
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if header is None:
                header = cells
            elif not set(line.replace("|", "").strip()) <= {"-", ":", " "}:
                rows.append((line, cells))
            continue
        if header is not None:
            out.append((heading, header, rows))
        header, rows = None, []
    return out


def _choice_items(text: str):
    """The items (numbered or bulleted) of each "Choices" section, a paragraph each."""
    items, inside, current = [], False, None
    for line in text.splitlines():
        if line.startswith("#"):
            inside = line.lstrip("#").strip().lower().startswith("choices")
            continue
        if inside and re.match(r"^(\d+\.|-) ", line):
            current = [line]
            items.append(current)
        elif inside and current is not None and line.startswith("  "):
            current.append(line)
        elif not line.strip():
            current = None
    return ["\n".join(item) for item in items]


@pytest.mark.parametrize("doc", MATRIX, ids=lambda p: p.name)
def test_every_row_of_the_matrix_names_a_test_of_its_own(doc):
    """Issue 37: a rule's row, a choice's row or item, names at least one test (not "—", "same
    mechanism", "as above" or another file); the interface tables list functions, not rules."""
    text = doc.read_text()
    bare = []
    for heading, header, rows in _tables(text):
        lowered = [h.lower() for h in header]
        if "test" not in lowered:  # the interfaces list functions; out of scope is no rule of the engine
            assert heading.lower().startswith(("interface", "the interfaces", "out of scope")), (
                doc.name,
                heading,
            )
            continue
        column = lowered.index("test")
        for line, cells in rows:
            if column >= len(cells) or not references(cells[column]):
                bare.append(line[:90])
    for item in _choice_items(text):
        if not references(item):
            bare.append(item.splitlines()[0][:90])
    assert not bare, f"{doc.name}: rows without a test of their own: {bare}"


def test_a_row_or_a_choice_without_a_test_is_caught():
    """The check of rows reads tables and choices: a row saying "same mechanism" names no test."""
    text = (
        "## 002\n\n| rule | what | code | test |\n|---|---|---|---|\n"
        "| a | b | `c` | same mechanism as 001 25c |\n"
        "| d | e | `f` | `test_limits.py::test_limit_hands` |\n\n"
        "## Choices\n\n1. **One.** Said, and\n   continued. Tests: `test_limits.py::test_limit_hands`.\n"
        "2. **Two.** Said only.\n- A bullet\n  without a test.\n"
    )
    ((_heading, header, rows),) = _tables(text)
    column = header.index("test")
    assert [bool(references(cells[column])) for _line, cells in rows] == [False, True]
    assert [bool(references(item)) for item in _choice_items(text)] == [True, False, False]


# Rows whose named tests still pass with the setting flipped (issue "Rules, third pass", Done means), each
# with why; the list may only shrink: a row proved is taken out, a new survivor fails the test.
NOT_YET_PROVED: dict[tuple[str, str, str], str] = {}


def test_flipping_a_rows_setting_fails_its_test():
    """Done means: for each row naming a rule-set setting, the setting flipped (tests/rules_mutation.py)
    makes a test the row names fail. Pure tests run in-process with the preset patched: a few seconds."""
    from tests.rules_mutation import sweep

    survived, unrunnable = sweep(MATRIX)
    known = {
        k
        for k in NOT_YET_PROVED
        if any(s.startswith(f"{k[0]}: {k[2]} in") and f"| {k[1]}" in s for s in survived)
    }
    left = [
        s for s in survived if not any(s.startswith(f"{k[0]}: {k[2]} in") and f"| {k[1]}" in s for k in known)
    ]
    assert not left, f"rows whose test passes without their rule: {left}"
    assert known == set(NOT_YET_PROVED), (
        f"proved now, take out of NOT_YET_PROVED: {set(NOT_YET_PROVED) - known}"
    )
    assert not unrunnable, f"rows naming a setting with no test that runs in-process: {unrunnable}"
