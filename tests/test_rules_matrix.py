"""The rules matrix (docs/rules-matrix/) names real tests: a renamed or deleted test or case breaks this.

A reference is ``file::function`` or ``file::function[case]``; in the same
table row, ``::function`` names another function of the last file and
``[case]`` another case of the last function. A case is a parametrized
test's id, or the first column of its table (the case's name in the rule
book); ``…`` in a case stands for any text (a long name shortened).
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
            elif ".py::" in span:  # a reference this reader cannot follow is a broken one
                found.append((span, "", None))
    return found


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def _locate(name: str) -> Path | None:
    if "/" in name:
        return ROOT / name
    found = list((ROOT / "tests").rglob(name))
    return found[0] if len(found) == 1 else None


def _labels(mark) -> list[str]:
    """The names of one parametrize mark's cases: its ids, and each row's first column."""
    argnames, argvalues = mark.args[0], mark.args[1]
    several = not isinstance(argnames, str) or "," in argnames
    ids = mark.kwargs.get("ids")
    labels = []
    for i, row in enumerate(argvalues):
        values = getattr(row, "values", None)  # pytest.param
        given = getattr(row, "id", None)
        if values is None:
            values = tuple(row) if several else (row,)
        if given:
            labels.append(str(given))
        elif isinstance(ids, list | tuple) and i < len(ids) and ids[i] is not None:
            labels.append(str(ids[i]))
        elif callable(ids):
            labels.append("-".join(str(ids(v)) for v in values))
        labels.append(str(values[0]))
        labels.append("-".join(str(v) for v in values))
    return labels


def case_names(path: Path, function: str) -> set[str]:
    """Every name a case of ``function`` in ``path`` can be called by (none if it is not parametrized)."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    test = getattr(importlib.import_module(module), function)
    marks = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
    per_mark = [_labels(m) for m in marks]
    names = {label for labels in per_mark for label in labels}
    if len(per_mark) > 1:  # stacked: pytest joins the ids, the one nearest the function first
        names |= {"-".join(combo) for combo in itertools.product(*reversed(per_mark))}
        names |= {"-".join(combo) for combo in itertools.product(*per_mark)}
    return names


def _matches(case: str, names: set[str]) -> bool:
    if "…" not in case and "..." not in case:
        return case in names
    parts = re.split(r"…|\.\.\.", case)
    pattern = re.compile(".*".join(re.escape(p.strip()) for p in parts), re.S)
    return any(pattern.fullmatch(n) or pattern.fullmatch(n.strip()) for n in names)


@pytest.mark.parametrize("doc", MATRIX, ids=lambda p: p.name)
def test_every_test_the_matrix_names_exists(doc):
    named = references(doc.read_text())
    assert named, f"{doc.name} names no test"
    missing = []
    for file_name, function, case in named:
        path = _locate(file_name)
        if path is None or not path.exists() or function not in _test_functions(path):
            missing.append(f"{file_name}::{function}")
        elif case is not None and not _matches(case, case_names(path, function)):
            missing.append(f"{file_name}::{function}[{case}]")
    assert not missing, f"{doc.name} names tests that do not exist: {sorted(set(missing))}"


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
