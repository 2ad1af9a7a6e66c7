#!/bin/sh
# The long exploratory schemathesis run (issue 13): every endpoint, four callers, every check, with the
# coverage phase and many examples. Prints the number of cases sent and pytest's summary of failures.
#   bench/schema_fuzz.sh [examples per operation and caller, default 100]
set -u
cd "$(dirname "$0")/.."
log=$(mktemp)
SCHEMATHESIS_MAX_EXAMPLES=${1:-100} SCHEMATHESIS_COVERAGE=1 SCHEMATHESIS_CASES_LOG=$log \
    "${PYTHON:-python}" -m pytest -q -p no:cacheprovider tests/api/test_schema_fuzz.py | tail -40
echo "cases sent: $(wc -l < "$log")"
cut -f1 "$log" | sort | uniq -c
rm -f "$log"
