"""Clients generated from the API's schema, as another program's developer makes them (issue 38).

The schema is written once per session (``manage.py spectacular``: no drf-spectacular warning, valid
OpenAPI), and each generator runs once on it into a temporary folder: openapi-python-client (the dev
requirements) and openapi-typescript (package.json's devDependencies, ``npm ci``). A generator that is
missing skips its tests with the reason on a laptop; with CI=true it fails them (scripts/test.sh
installs both).
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[3]
CI = os.environ.get("CI") == "true"
PACKAGE = "league_api_client"


def missing(reason: str):
    """Skip on a laptop; in CI the tools are installed, so their absence is a failure."""
    if CI:
        pytest.fail(f"CI=true but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def schema_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("schema") / "openapi.json"
    call_command(
        "spectacular", "--format", "openapi-json", "--file", str(path), "--validate", "--fail-on-warn"
    )
    return path


@pytest.fixture(scope="session")
def operations(schema_file) -> dict[str, tuple[str, str]]:
    """operationId -> (method, path), read from the schema: every operation, whoever added it."""
    schema = json.loads(schema_file.read_text())
    found = {}
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "put", "post", "patch", "delete", "head", "options", "trace"):
                found[operation["operationId"]] = (method, path)
    return found


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False, **kwargs)


@pytest.fixture(scope="session")
def python_client(schema_file, tmp_path_factory):
    """The generated Python package, imported (its output kept on ``.generator_output``)."""
    generator = Path(sys.executable).with_name("openapi-python-client")
    if not generator.exists():
        missing("openapi-python-client is not installed (pip install -r requirements-dev.txt)")
    folder = tmp_path_factory.mktemp("python-client")
    config = folder / "config.json"
    config.write_text(json.dumps({"post_hooks": []}))  # no ruff run over the output: not needed to use it
    result = run(
        [str(generator), "generate", "--path", str(schema_file), "--meta", "none",
         "--output-path", str(folder / PACKAGE), "--config", str(config)]
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    sys.path.insert(0, str(folder))
    try:
        package = importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
    package.generator_output = result.stdout + result.stderr
    package.folder = folder / PACKAGE
    return package


@pytest.fixture(scope="session")
def typescript_client(schema_file, tmp_path_factory) -> tuple[Path, str]:
    """The generated TypeScript types (``.d.ts``) and the generator's output."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the TypeScript client is generated where Node.js is")
    generator = ROOT / "node_modules" / ".bin" / "openapi-typescript"
    if not generator.exists():
        missing("openapi-typescript is not installed (npm ci at the repository's root)")
    out = tmp_path_factory.mktemp("typescript-client") / "api.d.ts"
    result = run([str(generator), str(schema_file), "--output", str(out)], cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    return out, result.stdout + result.stderr
