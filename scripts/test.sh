#!/usr/bin/env bash
# Quick start, command two: set up the test environment, lint, run the whole suite.
#
# On a laptop: SQLite, tasks in process; tests that need Redis, a worker or
# Chromium are skipped when those are missing. With CI=true: the suite runs on
# the PostgreSQL and Redis of this machine (started here if they are down),
# with a real Celery worker and headless Chromium (Debian's headless shell, installed
# here when missing); a missing service then fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "==> Creating the virtual environment in .venv"
  "$PYTHON" -m venv .venv
fi
echo "==> Installing requirements-dev.txt"
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt

echo "==> ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .

if [ "${CI:-}" = "true" ]; then
  echo "==> CI: PostgreSQL, Redis and Chromium"
  if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    if command -v pg_ctlcluster >/dev/null; then
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
    fi
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  pg_isready -h 127.0.0.1 -p 5432
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    command -v redis-server >/dev/null || { apt-get update -qq && apt-get install -y -qq redis-server; }
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
    for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && break; sleep 0.5; done
  fi
  redis-cli -h 127.0.0.1 -p 6379 ping
  # The browser tests drive Debian's headless shell of Chromium: the same engine, half the CPU of the
  # desktop browser (tests/conftest.py, CHROMIUM).
  if [ ! -x /usr/bin/chromium-headless-shell ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  fi
  /usr/bin/chromium-headless-shell --version 2>/dev/null || true
  # Chinese names in PDFs (tests/organiser/test_printing.py) and screenshots need a CJK font
  fc-list 2>/dev/null | grep -q "CJK" || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null; }
  # tests/deploy/test_nginx.py runs deploy/nginx.conf (its own nginx process; the package's service is not used)
  command -v nginx >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; }
  # tests/bench/test_pollers.py paces wrk as the load bench does (bench/load/paced.lua)
  command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
  # tests/test_translations.py regenerates the catalogue with makemessages (xgettext, msgmerge)
  command -v xgettext >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; }
  export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/mahjong_ci}
  export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/5}
  export ALLOWED_HOSTS=${ALLOWED_HOSTS:-localhost,127.0.0.1,testserver}
  # The test client and live server speak plain HTTP on loopback.
  export SECURE_SSL_REDIRECT=false SESSION_COOKIE_SECURE=false CSRF_COOKIE_SECURE=false
  if [ -z "${SECRET_KEY:-}" ]; then
    SECRET_KEY=$(.venv/bin/python -c "import secrets; print(secrets.token_urlsafe(50))")
    export SECRET_KEY
  fi
fi

# Compiled modules are kept (__pycache__, ignored by git): with PYTHONDONTWRITEBYTECODE set, every
# pytest-xdist worker compiled the whole project and rewrote every test module anew on every run.
unset PYTHONDONTWRITEBYTECODE

# The TypeScript client generator (package.json's devDependencies; tests/api/clients): where Node.js is.
if [ "${CI:-}" = "true" ] && command -v node >/dev/null && command -v npm >/dev/null; then
  echo "==> npm ci (openapi-typescript)"
  npm ci --no-audit --no-fund --loglevel=error
fi

echo "==> Static files"
.venv/bin/python manage.py collectstatic --noinput -v0

echo "==> pytest"
if [ "${CI:-}" != "true" ] || [ $# -gt 0 ]; then
  exec .venv/bin/python -m pytest "$@"
fi
status=0
.venv/bin/python -m pytest || status=$?

# --- Fault tests (issue 7), CI only, after the main run: they start their own database, Redis,
# gunicorn and Celery worker, kill and cut them, and restart the PostgreSQL cluster, which cuts every
# connection on the machine; hence a run of their own (the main run deselects tests/faults).
echo "==> pytest tests/faults (faults on the real services)"
# One process (-n 0): the tests share one stack, and the cluster restart would cut a neighbour's.
FAULTS_PG_RESTART=1 .venv/bin/python -m pytest -n 0 tests/faults || status=$?
exit "$status"
