"""Both generators read the whole schema: every operation comes out, and neither says a word of warning.

The operations are read from the schema itself, so an endpoint added later is held to the same rule.
"""

from __future__ import annotations

import importlib
import re
import shutil

import pytest

from tests.api.clients.conftest import ROOT, run

# What openapi-typescript prints on a clean run (a banner and the file written); anything else is a warning.
TYPESCRIPT_CLEAN = re.compile(r"^(✨ openapi-typescript \S+|🚀 .* → .*)$")


def test_the_python_client_has_every_operation_and_no_warning(python_client, operations):
    output = python_client.generator_output
    assert "warning" not in output.lower(), output
    assert "skipped" not in output.lower() and "will not be generated" not in output, output
    generated = {
        path.stem for path in (python_client.folder / "api").rglob("*.py") if path.stem != "__init__"
    }
    assert generated == set(operations), {"missing": set(operations) - generated}
    # The two the issue found skipped, imported and callable as a client developer would.
    for tag, name in (("scoring", "score_hand"), ("scoring", "settle")):
        module = importlib.import_module(f"{python_client.__name__}.api.{tag}.{name}")
        assert callable(module.sync_detailed)


def test_the_typescript_client_has_every_operation_and_no_warning(typescript_client, operations):
    out, output = typescript_client
    noise = [
        line for line in output.splitlines() if line.strip() and not TYPESCRIPT_CLEAN.match(line.strip())
    ]
    assert not noise, output
    text = out.read_text()
    body = text.split("export interface operations {", 1)[1]
    declared = set(re.findall(r"^    (\w+): \{$", body, flags=re.MULTILINE))
    assert declared == set(operations), {"missing": set(operations) - declared}
    for _method, path in operations.values():
        assert f'    "{path}": {{' in text, path


def test_the_typescript_client_compiles_strictly(typescript_client):
    out, _ = typescript_client
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    if not tsc.exists() or shutil.which("node") is None:
        pytest.skip("typescript is not installed (npm ci at the repository's root)")
    result = run([str(tsc), "--noEmit", "--strict", str(out)])
    assert result.returncode == 0, result.stdout + result.stderr
