"""How long the whole test suite takes (issue 30): the README's test command, on a fresh clone.

    .venv/bin/python bench/suite_bench.py                      # this checkout's HEAD, as the README runs it
    .venv/bin/python bench/suite_bench.py --before 5d2a8d3     # and an older commit, in the same run
    .venv/bin/python bench/suite_bench.py --ci                 # CI=true bash .ci/run (PostgreSQL, Redis,
                                                               #   a worker, Chromium, then the fault tests)
    .venv/bin/python bench/suite_bench.py --repeat 5           # the same clone run again (flakiness;
                                                               #   --before's clone runs once)

Each commit is cloned into a temporary folder (``git clone``, nothing of this work tree carried over)
and run there with the same command a contributor types: ``bash scripts/test.sh`` (``--ci``:
``CI=true bash .ci/run``). The first run of a clone makes its ``.venv`` from the requirements files
(from pip's cache, a minute); ``--repeat`` runs the same clone again. Printed per run: the wall time
of the whole command, pytest's own time (its closing line, each pytest run's added up: the main run
and, in CI, the fault tests), the counts, the exit status, and the ten slowest tests pytest names.

Goals (issue 30), on an idle machine of this kind (2 cores): pytest's own time at most 300 s on the
embedded default, CI in all at most 12 minutes. The figures are in bench/README.md.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# pytest's closing line ("==== 3914 passed, 22 skipped in 237.00s (0:03:57) ===="), and nothing else
# ending in "in 2s" (npm's "added 33 packages in 2s" was once counted as a pytest run)
CLOSING = re.compile(
    r"^=*[ \t]*(?P<counts>[^=\n]*\b(?:passed|failed|errors?|skipped|no tests ran)\b[^=\n]*?)"
    r" in (?P<seconds>[0-9.]+)s\b",
    re.M,
)


def clone(rev: str, into: Path) -> Path:
    target = into / rev.replace("/", "_")
    subprocess.run(["git", "clone", "-q", str(ROOT), str(target)], check=True)
    subprocess.run(["git", "-C", str(target), "checkout", "-q", rev], check=True)
    return target


def run(folder: Path, *, ci: bool, log: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CI")}
    command = ["bash", ".ci/run"] if ci else ["bash", "scripts/test.sh"]
    if ci:
        env["CI"] = "true"
    started = time.monotonic()
    with open(log, "w") as out:
        done = subprocess.run(command, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
    wall = time.monotonic() - started
    text = log.read_text(errors="replace")
    closings = list(CLOSING.finditer(text))
    slowest = text.split("slowest 10 durations", 1)[1].splitlines()[1:11] if "slowest 10" in text else []
    return {
        "status": done.returncode,
        "wall": wall,
        "pytest": sum(float(m["seconds"]) for m in closings),
        "counts": " | ".join(m["counts"].strip() for m in closings),
        "slowest": [line for line in slowest if line.strip()],
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rev", default="HEAD", help="the commit to measure (default HEAD)")
    parser.add_argument("--before", help="an older commit to measure in the same run, first")
    parser.add_argument("--ci", action="store_true", help="CI=true bash .ci/run instead of scripts/test.sh")
    parser.add_argument("--repeat", type=int, default=1, help="runs of the clone of --rev (--before: one)")
    args = parser.parse_args()
    load, mode = os.getloadavg()[0], "CI=true" if args.ci else "embedded"
    print(f"load average before: {load:.2f} on {os.cpu_count()} cores; {mode}")
    failed = False
    with tempfile.TemporaryDirectory(prefix="suite-bench-") as tmp:
        for rev in [r for r in (args.before, args.rev) if r]:
            folder = clone(rev, Path(tmp))
            for n in range(1, (1 if rev == args.before else args.repeat) + 1):
                log = Path(tmp) / f"{rev}-{n}.log"
                result = run(folder, ci=args.ci, log=log)
                failed |= result["status"] != 0
                print(
                    f"{rev} run {n}: exit {result['status']}, wall {result['wall']:.0f} s, "
                    f"pytest {result['pytest']:.0f} s ({result['counts']})"
                )
                for line in result["slowest"]:
                    print(f"    {line}")
                if result["status"]:
                    kept = Path(tempfile.gettempdir()) / f"suite-bench-{rev}-{n}.log"
                    kept.write_text(log.read_text(errors="replace"))  # the clone's folder goes at the end
                    lines = kept.read_text().splitlines()
                    failures = [ln for ln in lines if ln.startswith(("FAILED", "ERROR"))]
                    print(f"    the whole log: {kept}\n" + "\n".join(f"    {ln}" for ln in failures))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
