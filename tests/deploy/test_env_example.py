"""``.env.example`` names every variable of the README's configuration table, and nothing else.

And the table itself names every variable the settings read (``tournament/project/settings.py`` through
``tournament/project/env.py``) and the Procfile uses, so an operator who fills in ``.env.example`` has seen
every knob there is.
"""

from __future__ import annotations

import re

from tests.deploy.services import BASE_DIR

NAME = r"[A-Z][A-Z0-9_]*"


def readme_table() -> set[str]:
    readme = (BASE_DIR / "README.md").read_text()
    section = readme.split("\n## Configuration\n", 1)[1].split("\n## ", 1)[0]
    names = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first_cell = line.split("|")[1]
            names |= set(re.findall(rf"`({NAME})`", first_cell))
    return names


def env_example() -> list[str]:
    lines = (BASE_DIR / ".env.example").read_text().splitlines()
    return [m[1] for line in lines if (m := re.match(rf"#? ?({NAME})=", line))]


def test_env_example_lists_exactly_the_readme_table():
    table, example = readme_table(), env_example()
    assert len(table) > 15  # the table was found and read
    assert sorted(set(example)) == sorted(table)
    assert len(example) == len(set(example)), "a variable twice in .env.example"


def test_readme_table_names_every_variable_the_settings_and_procfile_read():
    settings = (BASE_DIR / "tournament" / "project" / "settings.py").read_text()
    read = set(re.findall(rf'env_(?:str|bool|int|list)\(\s*"({NAME})"', settings)) | {"SECRET_KEY"}
    procfile = (BASE_DIR / "Procfile").read_text()
    read |= set(re.findall(rf"\$\{{?({NAME})", procfile))
    assert "DATABASE_URL" in read and "PORT" in read  # the patterns still match the code
    assert sorted(read - readme_table()) == []
