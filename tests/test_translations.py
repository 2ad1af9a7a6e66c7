"""Simplified Chinese is complete: makemessages finds no string left untranslated or fuzzy.

The catalogue is regenerated in a copy of the sources (the repository's own .po is not
touched), so a new ``gettext("...")`` or ``{% translate %}`` without its Chinese fails here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
from django.core.management import call_command

from tests.conftest import need

BASE_DIR = Path(__file__).resolve().parent.parent
LANGUAGE = "zh_Hans"
# What makemessages -d django scans: the Python apps and the templates (no JavaScript catalogue).
SCANNED = ("tournament", "scoring", "templates")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "migrations", "node_modules", "staticfiles")


def _entry_line(entry: polib.POEntry) -> str:
    where = ", ".join(f"{path}:{line}" for path, line in entry.occurrences[:2]) or "?"
    state = "fuzzy" if entry.fuzzy else "untranslated"
    return f"  [{state}] {entry.msgid!r} ({where})"


def test_every_string_has_its_simplified_chinese(tmp_path, monkeypatch, settings):
    gettext_tools = shutil.which("xgettext") and shutil.which("msgmerge")
    need(bool(gettext_tools), "GNU gettext (xgettext, msgmerge) is not installed")
    for name in SCANNED:
        shutil.copytree(BASE_DIR / name, tmp_path / name, ignore=SKIP)
    shutil.copytree(BASE_DIR / "locale", tmp_path / "locale", ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy2(BASE_DIR / "manage.py", tmp_path / "manage.py")

    settings.LOCALE_PATHS = [str(tmp_path / "locale")]  # write into the copy, never the repository
    monkeypatch.chdir(tmp_path)
    call_command("makemessages", locale=[LANGUAGE], no_obsolete=True, verbosity=0)

    po = polib.pofile(str(tmp_path / "locale" / LANGUAGE / "LC_MESSAGES" / "django.po"))
    missing = [e for e in po if not e.obsolete and (e.fuzzy or not e.translated())]
    assert not missing, (
        f"{len(missing)} string(s) have no Simplified Chinese in locale/{LANGUAGE}/LC_MESSAGES/django.po "
        f"(run makemessages -l {LANGUAGE} --no-obsolete, translate, compilemessages):\n"
        + "\n".join(_entry_line(e) for e in missing)
    )
    assert len(po) > 500  # the scan really found the project's strings


def test_every_rule_set_name_comes_through_gettext_and_reads_in_chinese(settings):
    """Issue 32, item 20: the rule sets' names were plain strings (English on every Chinese page)."""
    from django.utils.functional import Promise
    from django.utils.translation import gettext, override

    from scoring.rulesets import RULESETS
    from scoring.words import RULESET_NAMES, ruleset_name
    from tournament.league.models import RULESET_CHOICES

    assert set(RULESET_NAMES) == set(RULESETS)  # every rule set is named
    assert all(isinstance(name, Promise) for _, name in RULESET_CHOICES)  # a lazy gettext, not a str
    with override("en"):
        english = {rid: ruleset_name(rid, gettext) for rid in RULESET_NAMES}
    with override("zh-hans"):
        untranslated = [rid for rid in RULESET_NAMES if ruleset_name(rid, gettext) == english[rid]]
        assert str(dict(RULESET_CHOICES)["sg-classic"]) == gettext(RULESET_NAMES["sg-classic"])
    assert not untranslated, f"rule sets with no Chinese name: {untranslated}"
