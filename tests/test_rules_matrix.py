"""The rules matrix (docs/rules-matrix/) names real tests: a renamed or deleted test breaks this."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MATRIX = sorted(p for p in (ROOT / "docs" / "rules-matrix").glob("*.md") if p.name != "README.md")
REFERENCE = re.compile(r"`((?:tests/[\w/]+/)?test_\w+\.py)::(\w+)")


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def _locate(name: str) -> Path | None:
    if "/" in name:
        return ROOT / name
    found = list((ROOT / "tests").rglob(name))
    return found[0] if len(found) == 1 else None


@pytest.mark.parametrize("doc", MATRIX, ids=lambda p: p.name)
def test_every_test_the_matrix_names_exists(doc):
    references = REFERENCE.findall(doc.read_text())
    assert references, f"{doc.name} names no test"
    missing = []
    for file_name, function in references:
        path = _locate(file_name)
        if path is None or not path.exists() or function not in _test_functions(path):
            missing.append(f"{file_name}::{function}")
    assert not missing, f"{doc.name} names tests that do not exist: {sorted(set(missing))}"


def test_the_matrix_covers_the_four_rule_documents():
    text = "\n".join(p.read_text() for p in MATRIX)
    for document in ("001", "002", "004", "000"):
        assert f"## {document}" in text or f"**{document}**" in text, document
