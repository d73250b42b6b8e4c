#!/usr/bin/env bash
# Runs every test: `swift test` (unit, golden files, CommonMark, command line), then the output
# validation suite (Tests/validation, pytest: feeds, sitemap, JSON API schemas, structured data).
# Ends with one plain summary line, "tests: N passed, N failed". Fails if either part fails.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# A crash's backtrace without the register dump and the list of loaded libraries, so that it fits
# in the last lines of a CI log. For swift test only: a static herald (CI's validation suite runs the
# release build) finds no swift-backtrace beside it and says so on standard error, which the suite
# compares.
# By the build folder's real path (see SCRATCH in the Makefile).
SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=yes,images=none,registers=none}" \
  swift test --scratch-path "$(readlink -f .build)" 2>&1 | tee "$log"
swift_status=${PIPESTATUS[0]}
crash=""
if grep -qE "💣|Fatal error|exited with unexpected signal" "$log"; then
  # Printed again after the validation suite, since a CI summary may show only the last lines:
  # the message, the crashed thread's frames, and the tests that started but never ended.
  crash=$(mktemp)
  {
    echo "== swift test crashed:"
    grep -E "💣|Fatal error|Simultaneous accesses|Precondition failed|Assertion failed|double free|corrupted|malloc\(\)|free\(\)" "$log" | head -20
    awk '/^Thread [0-9]+ crashed:/ {on=1; n=0} on && n < 40 {print; n++} /^$/ && on && n > 2 {on=0}' "$log"
    echo "== tests that started and did not end:"
    python3 scripts/unfinished-tests.py "$log" | tail -20
  } > "$crash"
fi
swift_total=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -1 | sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/')
swift_failed=$(grep -cE "^✘ Test [^ ]+ failed" "$log" | tr -d ' ')

# On every core (pytest-xdist): the suite mostly waits on herald processes, servers and sleeps
# of its own, and ran 13 minutes one test at a time. `--dist loadgroup` keeps the tests of one
# xdist_group (those sharing an expensive module fixture) in one worker; the rest go to whichever
# worker is free. HERALD_TEST_WORKERS sets the number of workers (0: no workers, one process).
# At most 4 by default: nproc may count a large host's processors where a container gets few.
cores=$(nproc)
workers=${HERALD_TEST_WORKERS:-$((cores < 4 ? cores : 4))}
# pytest-benchmark, where installed (bench/), would warn on every run that xdist disables it; the
# suite has no benchmark.
env -u SWIFT_BACKTRACE python3 -m pytest -q -n "$workers" --dist loadgroup -p no:benchmark Tests/validation 2>&1 | tee "$log"
py_status=${PIPESTATUS[0]}
# From pytest's closing line only: a failure's message may say "failed with 1 error" too.
py_summary=$(grep -E "^(=+ )?[0-9]+ (passed|failed|errors?|skipped)" "$log" | tail -1)
py_passed=$(echo "$py_summary" | grep -oE "[0-9]+ passed" | grep -oE "[0-9]+" || echo 0)
py_failed=$(echo "$py_summary" | grep -oE "[0-9]+ (failed|errors?)" | awk '{s+=$1} END {print s+0}')
# pytest that stopped before its closing line (a missing plugin, a usage error) is a failure too.
if [ "$py_status" -ne 0 ] && [ "$py_failed" -eq 0 ]; then
  echo "pytest ended with status $py_status before reporting its tests (is pytest-xdist installed? scripts/setup.sh --test)"
  py_failed=1
fi

[ -n "$crash" ] && { cat "$crash"; rm -f "$crash"; }
if [ -z "$swift_total" ]; then
  echo "tests: 0 passed, 1 failed (swift test did not run)"
  exit 1
fi
passed=$((swift_total - swift_failed + py_passed))
failed=$((swift_failed + py_failed))
echo "tests: $passed passed, $failed failed"
[ "$swift_status" -eq 0 ] && [ "$py_status" -eq 0 ]
