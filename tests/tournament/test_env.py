"""Settings come from the environment and fail loudly (issue 2, item 1)."""

import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests.conftest import BASE_DIR
from tournament.project.env import env_bool, env_int, env_list, env_secret_key


def test_env_bool_reads_common_spellings(monkeypatch):
    monkeypatch.setenv("FLAG", "Yes")
    assert env_bool("FLAG", False) is True
    monkeypatch.setenv("FLAG", "off")
    assert env_bool("FLAG", True) is False
    monkeypatch.delenv("FLAG")
    assert env_bool("FLAG", True) is True


def test_env_bool_rejects_nonsense(monkeypatch):
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG"):
        env_bool("FLAG", False)


def test_env_int_and_list(monkeypatch):
    monkeypatch.setenv("N", "12")
    assert env_int("N", 3) == 12
    monkeypatch.setenv("N", "twelve")
    with pytest.raises(ImproperlyConfigured, match="whole number"):
        env_int("N", 3)
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS") == ["a.example", "b.example"]


def test_debug_mode_makes_and_keeps_its_own_key(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    key_file = tmp_path / "key"
    first = env_secret_key(debug=True, dev_key_file=key_file)
    assert len(first) >= 50
    assert env_secret_key(debug=True, dev_key_file=key_file) == first


def test_production_refuses_missing_or_weak_key(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY is not set"):
        env_secret_key(debug=False, dev_key_file=tmp_path / "key")
    assert not (tmp_path / "key").exists()
    monkeypatch.setenv("SECRET_KEY", "django-insecure-" + "x" * 60)
    with pytest.raises(ImproperlyConfigured, match="too weak"):
        env_secret_key(debug=False, dev_key_file=tmp_path / "key")


def _manage(*args, **env):
    dropped = {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in dropped and not k.startswith(("SECURE_", "SESSION_COOKIE", "CSRF_COOKIE"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=BASE_DIR, env={**clean, **env},
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_app_refuses_to_start_without_secret_key_when_debug_is_off():
    result = _manage("check", DEBUG="false", ALLOWED_HOSTS="league.example")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_check_deploy_is_clean_in_production_settings():
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING",
        DEBUG="false", SECRET_KEY="k" * 20 + "-production-key-0123456789abcdefghijklmnop",
        ALLOWED_HOSTS="league.example",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_embedded_mode_migrates_and_loads_the_demo_twice(tmp_path):
    """SQLite, tasks in process, no other server: the newcomer's laptop."""
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'embedded.sqlite3'}", "DEBUG": "true"}
    assert _manage("migrate", "-v0", **env).returncode == 0
    first = _manage("load_demo", "--logins", **env)
    assert first.returncode == 0, first.stderr
    assert "32 players" in first.stdout and "organiser" in first.stdout
    second = _manage("load_demo", **env)
    assert second.returncode == 0 and "32 players" in second.stdout
