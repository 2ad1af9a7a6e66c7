"""Typed readers of the environment: the only place settings come from.

Each helper fails loudly (``ImproperlyConfigured`` naming the variable and
what was wrong) instead of guessing. Nothing here reads Django settings.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return default if value is None else value.strip()


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of true/false/1/0/yes/no/on/off, not {value!r}.")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from None


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    """A comma-separated list; blanks are dropped."""
    value = os.environ.get(name)
    if value is None:
        return list(default or [])
    return [item.strip() for item in value.split(",") if item.strip()]


def is_real_secret(value: str) -> bool:
    """Django's own bar for a production key (the check behind security.W009)."""
    return len(value) >= 50 and len(set(value)) >= 5 and not value.startswith("django-insecure-")


def env_secret_key(*, debug: bool, dev_key_file: Path) -> str:
    """SECRET_KEY from the environment.

    With DEBUG off a real key is required. With DEBUG on and no key given,
    the embedded default makes its own once and keeps it in ``dev_key_file``
    (ignored by git), so sessions survive restarts and no key is committed.
    """
    value = os.environ.get("SECRET_KEY", "").strip()
    if value:
        if not debug and not is_real_secret(value):
            raise ImproperlyConfigured(
                "SECRET_KEY is too weak for DEBUG=false: use at least 50 random characters "
                '(python -c "import secrets; print(secrets.token_urlsafe(50))").'
            )
        return value
    if not debug:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DEBUG=false the app refuses to start without a real key "
            '(python -c "import secrets; print(secrets.token_urlsafe(50))").'
        )
    if dev_key_file.exists():
        return dev_key_file.read_text().strip()
    key = secrets.token_urlsafe(50)
    dev_key_file.write_text(key + "\n")
    dev_key_file.chmod(0o600)
    return key
