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

echo "==> Serving on http://127.0.0.1:8000 (Ctrl-C to stop)"
exec .venv/bin/python manage.py runserver "${ADDRESS:-127.0.0.1:8000}"
