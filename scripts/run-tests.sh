#!/usr/bin/env bash
# Runs `swift test` and ends with one plain summary line ("N passed, N failed"), so any CI
# reads the outcome the same way. The exit status is swift test's.
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
summary=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -1)
total=$(echo "$summary" | sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/')
failed_tests=$(grep -E "^✘ Test [^ ]+ failed" "$log" | wc -l | tr -d ' ')
if [ -z "$total" ]; then
  echo "tests: 0 passed, 1 failed (swift test did not run)"
  exit 1
fi
echo "tests: $((total - failed_tests)) passed, $failed_tests failed"
exit "$status"
