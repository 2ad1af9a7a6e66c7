#!/bin/sh
# The long exploratory schemathesis run (issue 13): every endpoint, four callers, every check, many
# examples. SCHEMATHESIS_COVERAGE=1 adds schemathesis' coverage phase (slow on a competition's options).
# Prints pytest's summary of failures and the number of cases sent, by caller.
#   bench/schema_fuzz.sh [examples per operation and caller, default 100]
set -u
cd "$(dirname "$0")/.."
log=$(mktemp)
SCHEMATHESIS_MAX_EXAMPLES=${1:-100} SCHEMATHESIS_COVERAGE=${SCHEMATHESIS_COVERAGE:-0} SCHEMATHESIS_CASES_LOG=$log \
    "${PYTHON:-python}" -m pytest -q -p no:cacheprovider tests/api/test_schema_fuzz.py | tail -40
echo "cases sent: $(wc -l < "$log")"
cut -f1 "$log" | sort | uniq -c
rm -f "$log"
