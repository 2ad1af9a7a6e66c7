#!/bin/sh
# The long exploratory schemathesis run (issue 13): every endpoint, four callers, every check, many
# examples. SCHEMATHESIS_COVERAGE=1 adds schemathesis' coverage phase (slow on a competition's options).
# Prints pytest's summary of failures and the number of cases sent, by caller; pytest's whole output
# (every failure with its curl to reproduce it) is kept in SCHEMATHESIS_OUTPUT (default: a temporary file,
# named at the end). PYTEST_ADDOPTS="-n 2" spreads the run over two processes.
#   bench/schema_fuzz.sh [examples per operation and caller, default 100]
set -u
cd "$(dirname "$0")/.."
log=$(mktemp)
out=${SCHEMATHESIS_OUTPUT:-$(mktemp --suffix=.schema_fuzz.txt)}
SCHEMATHESIS_MAX_EXAMPLES=${1:-100} SCHEMATHESIS_COVERAGE=${SCHEMATHESIS_COVERAGE:-0} SCHEMATHESIS_CASES_LOG=$log \
    "${PYTHON:-python}" -m pytest -q -p no:cacheprovider tests/api/test_schema_fuzz.py > "$out" 2>&1
grep -E "^(FAILED|ERROR)|[0-9]+ (passed|failed)" "$out" | tail -40
echo "cases sent: $(wc -l < "$log")"
cut -f1 "$log" | sort | uniq -c
rm -f "$log"
echo "pytest's whole output: $out"
