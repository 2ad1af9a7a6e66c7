"""Why a registration door says no: a code for programs, a message for people, an HTTP-like status."""

from __future__ import annotations


class RegistrationError(Exception):
    """The change is refused; nothing was changed. ``status``: 400 bad input, 403 not allowed, 404 no
    such thing, 409 not now (closed, already registered, already decided)."""

    def __init__(self, code: str, message: str, *, field: str | None = None, status: int = 400):
        self.code, self.field, self.status = code, field, status
        super().__init__(message)
