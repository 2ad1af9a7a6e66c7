"""nginx on loopback in front of the load bench's gunicorn, with the site's own cache (issue 20).

``Front`` runs Debian's nginx with ``deploy/nginx.conf``'s cache as written
(its ``proxy_cache_path``, its ``location /`` and the polled addresses' location, taken from the file), on a
plain-HTTP loopback port (TLS is left out: it costs the same for a cached and a
static answer), plus one static file: a copy of the standings API's first page,
byte for byte, so that "the standings through the cache" and "nginx serving a
static file" differ only in where nginx finds the bytes.

- ``read_rates``: ``wrk`` (Debian's package) against the static file, then
  against the standings API through the cache, same connections and seconds:
  the ratio of the two rates is what the cache costs over plain nginx.
- ``freshness``: seconds from a hand's 201 to the leaderboard's live partial,
  read through nginx, showing it (the winner's line changed): the Celery
  worker's standings update, the app's answers kept for a second, nginx's
  ``max-age`` and its background refresh, all in one figure. The page is
  polled as viewers poll it (every 50 ms) for a random 0-2 s before each hand,
  so that hands come at random moments of nginx's refresh cycle.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC_NAME = "bench-static.json"


def site(folder: Path, *, port: int, upstream: int) -> str:
    """The bench's site: deploy/nginx.conf's cache and ``location /``, on loopback, plain HTTP."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    cache = re.search(r"^proxy_cache_path .*?;\n", text, re.M | re.S)
    # `location /` and the polled addresses' own (issue 50: shared for a session too); not /static/
    locations = re.findall(r"^    location (?!/static/)[^\n]*\{\n.*?^    \}\n", text, re.M | re.S)
    if cache is None or not any(block.startswith("    location / {") for block in locations):
        raise RuntimeError("deploy/nginx.conf has no proxy_cache_path or `location /` any more: update bench")
    cache_path = cache.group(0).replace("/var/cache/nginx/league", str(folder / "nginx-cache"))
    return (
        f"{cache_path}\n"
        f"upstream league_app {{ server 127.0.0.1:{upstream}; keepalive 64; }}\n"
        f"server {{\n    listen 127.0.0.1:{port};\n    access_log off;\n"
        f"    location = /{STATIC_NAME} {{ alias {folder}/{STATIC_NAME}; default_type application/json; }}\n"
        f"{''.join(locations)}}}\n"
    )


class Front:
    """One nginx master with one worker (the machine's two cores are shared with gunicorn and the load)."""

    def __init__(self, folder: Path, upstream: int, port: int):
        self.folder, self.upstream, self.port = folder / "nginx", upstream, port
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        if not shutil.which("nginx"):
            raise RuntimeError("nginx is not installed (apt-get install nginx-light)")
        tmp = self.folder
        tmp.mkdir(parents=True, exist_ok=True)
        (tmp / "site.conf").write_text(site(tmp, port=self.port, upstream=self.upstream))
        kinds = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        temp = " ".join(f"{k}_temp_path {tmp}/{k};" for k in kinds)
        user = "user root;" if os.geteuid() == 0 else ""
        (tmp / "nginx.conf").write_text(
            f"{user} daemon off; worker_processes 1; pid {tmp}/nginx.pid; error_log {tmp}/error.log;\n"
            f"worker_rlimit_nofile 65536; events {{ worker_connections 16384; }}\n"
            f"http {{ include /etc/nginx/mime.types; access_log off; {temp}\n include {tmp}/site.conf; }}\n"
        )
        argv = ["nginx", "-p", str(tmp), "-c", str(tmp / "nginx.conf")]
        checked = subprocess.run([*argv, "-t"], capture_output=True)
        if checked.returncode:
            raise RuntimeError(checked.stderr.decode())
        self.proc = subprocess.Popen(argv)
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("nginx did not start:\n" + (tmp / "error.log").read_text()) from None
            time.sleep(0.2)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def static_copy(self, path: str) -> int:
        """The static file: the bytes ``path`` answers now. Its size."""
        with urllib.request.urlopen(self.url + path, timeout=30) as answer:
            body = answer.read()
        (self.folder / STATIC_NAME).write_bytes(body)
        return len(body)


def wrk(
    url: str, *, seconds: float, connections: int = 64, threads: int = 1, headers: dict | None = None
) -> dict:
    """Requests a second and latency percentiles of ``wrk`` against ``url`` (closed loop, no pause)."""
    if not shutil.which("wrk"):
        raise RuntimeError("wrk is not installed (apt-get install wrk)")
    argv = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--latency", url]
    for name, value in (headers or {}).items():  # a session cookie (issue 50's logged-in polls)
        argv[1:1] = ["-H", f"{name}: {value}"]
    out = subprocess.run(argv, capture_output=True, text=True, timeout=seconds + 60).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = sum(map(int, socket.groups())) if socket else 0
    errors += int(non_2xx.group(1)) if non_2xx else 0

    def pct(p: str) -> float:
        found = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)", out, re.M)
        if not found:
            return float("nan")
        value, unit = float(found.group(1)), found.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    return {"rps": rate, "p50": pct("50"), "p99": pct("99"), "errors": errors, "output": out}


def read_rates(front: Front, competition: int, seconds: float) -> dict:
    """The standings API's first page through the cache, and the same bytes as a static file."""
    path = f"/api/v1/competitions/{competition}/standings/?page=1"
    size = front.static_copy(path)
    static = wrk(f"{front.url}/{STATIC_NAME}", seconds=seconds)
    cached = wrk(front.url + path, seconds=seconds)
    return {"bytes": size, "static": static, "standings": cached, "ratio": cached["rps"] / static["rps"]}


def _live_line(front: Front, competition: int, name: str, player: int) -> str | None:
    """The player's row of the leaderboard's live partial (searched by name), read through nginx."""
    url = f"{front.url}/competitions/{competition}/standings/live/?q={name.replace(' ', '+')}"
    with urllib.request.urlopen(url, timeout=10) as answer:
        html = answer.read().decode()
    row = re.search(rf'<tr[^>]*data-player="{player}"[^>]*>(.*?)</tr>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", row.group(1)).split()) if row else None


def freshness(front: Front, league, names: dict[int, str], *, samples: int, timeout: float = 20.0) -> tuple:
    """Seconds from each hand's 201 to the live partial through nginx showing it (wins only: a win
    moves the winner's line; a hand not shown within ``timeout`` counts as ``timeout``), and the number
    of hands posted (draws too)."""
    from bench.load.hands import next_entry

    rng = random.Random(11)
    seen: list[float] = []
    posted_hands = 0
    tables = league.tables[-max(1, min(samples, len(league.tables))) :]
    while len(seen) < samples:
        table = tables[len(seen) % len(tables)]
        headers = {"Authorization": f"Token {table.token}", "Content-Type": "application/json"}
        request = urllib.request.Request(f"{front.url}/api/v1/tables/{table.id}/", headers=headers)
        with urllib.request.urlopen(request, timeout=30) as answer:
            state = json.loads(answer.read())["state"]
        entry = next_entry(state, league.capital, rng)
        winner = entry.get("winner") if entry["outcome"] == "win" else None
        before = _live_line(front, league.competition, names[winner], winner) if winner else None
        if winner is not None:
            # Viewers keep polling the page, so nginx refreshes its copy on its own clock (whole seconds),
            # and a hand comes at any moment of that cycle: poll for a random while, then post. (Posting at
            # once after the last sample's answer timed every hand from the same point of the cycle.)
            until = time.monotonic() + rng.uniform(0.0, 2.0)
            while time.monotonic() < until:
                _live_line(front, league.competition, names[winner], winner)
                time.sleep(0.05)
        body = json.dumps(entry).encode()
        post = urllib.request.Request(
            f"{front.url}/api/v1/tables/{table.id}/hands/", data=body, method="POST",
            headers={**headers, "Idempotency-Key": os.urandom(8).hex()},
        )  # fmt: skip
        with urllib.request.urlopen(post, timeout=30) as answer:
            if answer.status != 201:
                raise RuntimeError(f"hand post answered {answer.status}")
        posted, posted_hands = time.monotonic(), posted_hands + 1
        if winner is None:
            continue
        while time.monotonic() - posted < timeout:
            if _live_line(front, league.competition, names[winner], winner) != before:
                break
            time.sleep(0.05)
        seen.append(min(time.monotonic() - posted, timeout))
    return seen, posted_hands


def p95(values: list[float]) -> float:
    return p95_of(values, 0.95)


def nginx_phase(front: Front, league, *, seconds: float, samples: int) -> dict:
    """The read rates, then the freshness with nothing else running."""
    from django.db import connections

    from tournament.models import Player

    rates = read_rates(front, league.competition, seconds)
    names = dict(Player.objects.filter(entries__competition=league.competition).values_list("pk", "name"))
    connections.close_all()
    seen, posted = freshness(front, league, names, samples=samples)
    return {
        **rates,
        "posted": posted,
        "freshness": seen,
        "freshness_p95": p95(seen),
        "freshness_max": max(seen),
    }


def report(figures: dict) -> None:
    static, cached = figures["static"], figures["standings"]
    print(
        f"\nnginx in front (its cache as deploy/nginx.conf sets it; wrk, 64 connections, "
        f"{figures['bytes']} bytes an answer)"
    )
    print(f"  nginx serving a static file:         {static['rps']:9.0f} req/s, p50 {static['p50']:.2f} ms, "
          f"p99 {static['p99']:.2f} ms, {static['errors']} errors")  # fmt: skip
    print(f"  the standings API through the cache: {cached['rps']:9.0f} req/s, p50 {cached['p50']:.2f} ms, "
          f"p99 {cached['p99']:.2f} ms, {cached['errors']} errors")  # fmt: skip
    print(f"  standings through the cache / static file: {figures['ratio']:.2f}")
    seen = figures["freshness"]
    verdict = "met" if figures["freshness_p95"] <= 2.0 else "MISSED"
    print(
        f"  freshness, a hand's 201 to the live partial through nginx showing it ({len(seen)} hands): "
        f"p50 {p95_of(seen, 0.5):.2f} s, p95 {figures['freshness_p95']:.2f} s (goal <= 2 s: {verdict}), "
        f"max {figures['freshness_max']:.2f} s"
    )


def p95_of(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")
