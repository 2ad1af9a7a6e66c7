"""The night's polls nginx answers, sent by wrk at a set rate (``bench/load/pollers.py``, issue 50)."""

from __future__ import annotations

import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from bench.load import night, pollers
from bench.load.crowd import Crowd
from bench.load.league import LoadLeague, LoadTable
from tests.conftest import need


def _crowd() -> Crowd:
    return Crowd(
        cookie="sessionid",
        viewers=[f"v{n}" for n in range(10_000)],
        keepers=[(1, "k1")],
        players=[(1, 7, f"p{n}") for n in range(10_000)],
    )


def test_the_pollers_send_what_the_night_offers_each_with_its_own_session():
    league = LoadLeague(competition=3, round=1, capital=400, password="-", tables=[])
    anonymous = pollers.night_pollers(league, None, 0.5, None)
    assert [(p.name, p.rate, p.lines) for p in anonymous] == [
        (night.POLL, 1000.0, ["/competitions/3/standings/live/\t"])
    ]
    tables = [LoadTable(id=n, number=n, scorekeeper="-", token="-") for n in range(40, 240)]  # parts 1 to 7
    league = LoadLeague(competition=3, round=1, capital=400, password="-", tables=tables)
    crowd = pollers.night_pollers(league, _crowd(), 0.5, 1.0)
    by_name = {p.name: p for p in crowd}
    assert set(by_name) == {night.POLL_IN, night.SHEET, night.CLOCK}
    # the sheets' marks, no cookie: the night's 1,250 tables are 40 parts, the bench's 200 are 7, each
    # at 40 // 7 = 5 addresses nginx keeps apart
    marks = by_name[night.SHEET]
    assert marks.rate == night.offered(0.5, 1.0)[night.SHEET] == 1250 / 3
    assert len(marks.lines) == len(set(marks.lines)) == 35
    assert marks.lines[:2] == ["/tables/marks/1/?spread=0\t", "/tables/marks/1/?spread=1\t"]
    assert marks.lines[-1] == "/tables/marks/7/?spread=4\t"
    assert night.marks_addresses([1, 2, 40], 0.01) == ["/tables/marks/0/", "/tables/marks/1/"]
    assert by_name[night.POLL_IN].rate == night.offered(0.5, 1.0)[night.POLL_IN] == 1000
    viewers = by_name[night.POLL_IN].lines
    assert len(viewers) == 5000 and len(set(viewers)) == 5000  # each viewer's own cookie, in turn
    assert viewers[0] == "/competitions/3/standings/live/\tsessionid=v0"
    assert by_name[night.CLOCK].lines[1] == "/rounds/7/clock/\tsessionid=p1"
    assert night.users(0.5, 200, 1.0, pollers_apart=True) == 200 + 200  # the scorekeepers and the sheets
    assert night.users(0.5, 200, None, pollers_apart=True) == 200


class _Answer(BaseHTTPRequestHandler):
    seen: list[str] = []

    def do_GET(self):  # noqa: N802 (http.server's name)
        _Answer.seen.append(self.headers.get("Cookie", ""))
        self.send_response(200)
        self.send_header("X-Cache-Status", "HIT")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


def test_wrk_keeps_the_rate_and_counts_what_nginx_said(tmp_path):
    need(shutil.which("wrk") is not None, "wrk is not installed (apt-get install wrk)")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        lines = ["/a/\tsessionid=one", "/a/\tsessionid=two"]
        alongside = pollers.Alongside(
            [pollers.Poller("GET a", 100.0, lines)], f"http://127.0.0.1:{server.server_port}", tmp_path, 2
        )
        (tmp_path / "mark").write_text("now")  # the measure has begun
        alongside.run(tmp_path / "mark", 5).join(timeout=30)
    finally:
        server.shutdown()
    row = alongside.rows["GET a"]
    assert 170 <= row["requests"] <= 215, row  # 100 a second for 2 s, paced: not as fast as it can
    assert row["errors"] == 0 and row["cache"] == {"HIT": row["requests"]}
    assert row["statuses"] == {"200": row["requests"]} and row["p95"] >= row["p50"] > 0
    assert {"sessionid=one", "sessionid=two"} <= set(_Answer.seen) and alongside.cpu > 0
