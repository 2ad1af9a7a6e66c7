"""Fixtures of the notifications' tests (issue 34): a local HTTP server standing in for the Telegram Bot API
and a web-push service (loopback only), the channels set up against it, and a league night to tell about."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass
class StandIn:
    """What the stand-in server was asked (path, headers, body) and what it answers: a list of statuses
    per path prefix, used up one request at a time (then 200)."""

    port: int = 0
    requests: list = field(default_factory=list)
    answers: dict = field(default_factory=dict)
    delays: dict = field(default_factory=dict)  # seconds before answering, per path prefix
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def to(self, prefix: str) -> list:
        return [r for r in self.requests if r[0].startswith(prefix)]

    def status_for(self, path: str) -> int:
        with self.lock:
            for prefix, statuses in self.answers.items():
                if path.startswith(prefix) and statuses:
                    return statuses.pop(0)
        return 200


@pytest.fixture
def stand_in():
    state = StandIn()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            state.requests.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            status = state.status_for(self.path)
            time.sleep(next((s for p, s in state.delays.items() if self.path.startswith(p)), 0))
            if "/bot" in self.path:  # the Telegram Bot API's answer
                ok = status == 200
                answer = (
                    {"ok": ok, "result": {}}
                    if ok
                    else {"ok": False, "description": f"stand-in said {status}"}
                )
                payload = json.dumps(answer).encode()
            else:
                payload = b""
            self.send_response(status if status != 200 or "/bot" in self.path else 201)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.port = server.server_port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state
    server.shutdown()
    server.server_close()


TOKEN = "123456789:AAbbCCddEEffGG_hh-ii"


@pytest.fixture
def vapid():
    """A VAPID key pair (the site's) and a browser's subscription keys, made for the test."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    def public(key) -> str:
        raw = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64(raw)

    site, browser = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    return {
        "private": b64(site.private_numbers().private_value.to_bytes(32, "big")),
        "public": public(site),
        "p256dh": public(browser),
        "auth": b64(os.urandom(16)),
    }


@pytest.fixture
def channels(settings, stand_in, vapid):
    """Every channel set up: email by Django's locmem backend, Telegram and push against the stand-in."""
    settings.NOTIFY_EMAIL = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.TELEGRAM_BOT_TOKEN = TOKEN
    settings.TELEGRAM_API_URL = stand_in.url + "/bot"
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = vapid["private"], vapid["public"]
    settings.SITE_URL = "https://league.example"
    return stand_in


@pytest.fixture
def no_channels(settings):
    """The embedded default: no channel set up."""
    settings.NOTIFY_EMAIL = False
    settings.TELEGRAM_BOT_TOKEN = ""
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    settings.WHATSAPP_TOKEN = ""
