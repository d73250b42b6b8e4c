#!/usr/bin/env bash
# Runs every test: `swift test` (unit, golden files, CommonMark, command line), then the output
# validation suite (Tests/validation, pytest: feeds, sitemap, JSON API schemas, structured data).
# Ends with one plain summary line, "tests: N passed, N failed". Fails if either part fails.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT

swift test 2>&1 | tee "$log"
swift_status=${PIPESTATUS[0]}
swift_total=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -1 | sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/')
swift_failed=$(grep -cE "^✘ Test [^ ]+ failed" "$log" | tr -d ' ')

python3 -m pytest -q Tests/validation 2>&1 | tee "$log"
py_status=${PIPESTATUS[0]}
py_passed=$(grep -oE "[0-9]+ passed" "$log" | tail -1 | grep -oE "[0-9]+" || echo 0)
py_failed=$(grep -oE "[0-9]+ (failed|error)" "$log" | awk '{s+=$1} END {print s+0}')

if [ -z "$swift_total" ]; then
  echo "tests: 0 passed, 1 failed (swift test did not run)"
  exit 1
fi
passed=$((swift_total - swift_failed + py_passed))
failed=$((swift_failed + py_failed))
echo "tests: $passed passed, $failed failed"
[ "$swift_status" -eq 0 ] && [ "$py_status" -eq 0 ]
