#!/usr/bin/env bash
# Quick start, command one: set up everything and serve the demo league on
# http://127.0.0.1:8000 in the embedded default (SQLite, tasks in process).
# Needs nothing but Python 3.11+. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "==> Creating the virtual environment in .venv"
  "$PYTHON" -m venv .venv
fi
echo "==> Installing requirements.txt"
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt

echo "==> Preparing the database"
.venv/bin/python manage.py migrate --noinput -v0
.venv/bin/python manage.py load_demo --logins ${DEMO_PASSWORD:+--password "$DEMO_PASSWORD"}

# The periodic work Celery beat does elsewhere (reminders before a night, hands to count, messages to
# send again), in a process of its own beside the server, stopped with it (tournament/project/beat_here.py).
echo "==> Running reminders and other timed work in the background (manage.py beat_here)"
.venv/bin/python manage.py beat_here &
BEAT_PID=$!
trap 'kill "$BEAT_PID" 2>/dev/null || true' EXIT INT TERM

echo "==> Serving on http://127.0.0.1:8000 (Ctrl-C to stop)"
.venv/bin/python manage.py runserver "${ADDRESS:-127.0.0.1:8000}"
