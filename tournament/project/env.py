"""Typed readers of the environment: the only place settings come from.

Each helper fails loudly (``ImproperlyConfigured`` naming the variable and
what was wrong) instead of guessing. Nothing here reads Django settings.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

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


@dataclass(frozen=True)
class EmailConfig:
    """How mail leaves: an SMTP server, or (no host) the console, which prints each message."""

    host: str = ""
    port: int = 25
    user: str = ""
    password: str = ""
    use_tls: bool = False
    use_ssl: bool = False

    @property
    def backend(self) -> str:
        if not self.host:
            return "django.core.mail.backends.console.EmailBackend"
        return "django.core.mail.backends.smtp.EmailBackend"


# scheme: (STARTTLS, SSL, default port)
_EMAIL_SCHEMES = {
    "smtp": (False, False, 25),
    "smtp+tls": (True, False, 587),
    "submission": (True, False, 587),
    "smtp+ssl": (False, True, 465),
    "smtps": (False, True, 465),
}


def email_url(name: str, value: str) -> EmailConfig:
    """``smtp://user:pass@host:port`` (``?tls`` or ``?ssl``; ``smtp+tls://``, ``smtps://``) or ``console://``.

    The user and password are percent-decoded, so ``@`` in a password is written ``%40``.
    """
    url = urlsplit(value.strip())
    if url.scheme == "console":
        return EmailConfig()
    if url.scheme not in _EMAIL_SCHEMES or not url.hostname:
        raise ImproperlyConfigured(
            f"{name} must look like smtp://user:password@host:587?tls (or smtps://, console://): {value!r}."
        )
    tls, ssl, port = _EMAIL_SCHEMES[url.scheme]
    query = {key.lower(): val.lower() for key, val in parse_qsl(url.query, keep_blank_values=True)}
    tls = tls or query.get("tls", "false") in _TRUE | {""}
    ssl = ssl or query.get("ssl", "false") in _TRUE | {""}
    if tls and ssl:
        raise ImproperlyConfigured(f"{name}: choose STARTTLS (tls) or SSL (ssl), not both.")
    try:
        port = url.port or (465 if ssl else 587 if tls else port)
    except ValueError:
        raise ImproperlyConfigured(f"{name} has a port that is not a number: {value!r}.") from None
    return EmailConfig(
        host=url.hostname,
        port=port,
        user=unquote(url.username or ""),
        password=unquote(url.password or ""),
        use_tls=tls,
        use_ssl=ssl,
    )
