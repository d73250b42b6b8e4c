#!/usr/bin/env bash
# Runs the Swift tests under the thread sanitizer (make test-tsan). A race fails the run, and so does
# a failed test or any crash of our own.
#
# One crash is the sanitizer's runtime, not us: in 2 of about 12 runs (one of them CI's, 2026-12-07),
# a thread leaving the test process stopped in glibc ("malloc assertion failure in
# __malloc_arena_thread_freeres: a->attached_threads > 0"; the sanitizer replaces malloc, so that
# arena count is glibc's own bookkeeping), and the crash handler's signal to the other threads then
# tripped "ThreadSanitizer: CHECK failed: … ((thr->slot)) != (0)" (google/sanitizers#1541: a signal
# that reaches a thread after the runtime let it go). Neither names a race or a test. Only such a
# run, with no race reported and no test failed, is run once more; its log is kept and its crash
# printed, so the retry is seen.
#
# Usage: scripts/run-tsan.sh SCRATCH_FOLDER [SWIFT, one word or several: "swiftly run swift"]
set -uo pipefail
cd "$(dirname "$0")/.."
scratch=$1
read -r -a swift <<< "${2:-swift}"
reports=.build-tsan/reports

# Prints the sanitizer's reports of a run; exits 0 if any names a race or another misuse (a report
# starts "WARNING: ThreadSanitizer:"), 1 if there is none.
print_reports() {
    local found=1 report
    for report in "$reports"/race*; do
        [ -f "$report" ] || continue
        echo "== $report"
        cat "$report"
        grep -q "WARNING: ThreadSanitizer:" "$report" && found=0
    done
    return $found
}

# True when the run's only fault is the runtime crash described above.
runtime_crash_only() {
    local log=$1
    grep -qE "^✘ Test .*(failed|recorded an issue)|^✘ Suite [^ ]+ failed" "$log" && return 1
    grep -qE "Fatal glibc error: malloc assertion failure in __malloc_arena_thread_freeres" "$log" \
        || grep -qhE "ThreadSanitizer: CHECK failed" "$log" "$reports"/race* 2>/dev/null
}

run_once() {
    rm -rf "$reports" && mkdir -p "$reports"
    TSAN_OPTIONS="log_path=$PWD/$reports/race" "${swift[@]}" test --sanitize=thread \
        --scratch-path "$scratch" 2>&1 | tee "$1"
    return "${PIPESTATUS[0]}"
}

log=$(mktemp)
trap 'rm -f "$log"' EXIT
run_once "$log"
status=$?
if [ $status -ne 0 ] && ! print_reports >/dev/null && runtime_crash_only "$log"; then
    kept=.build-tsan/crashed-run.log
    cp "$log" "$kept"
    rm -rf .build-tsan/crashed-run-reports && cp -r "$reports" .build-tsan/crashed-run-reports
    echo "== the sanitizer's runtime crashed at a thread's exit (no race, no failed test; kept in $kept):"
    grep -hE "Fatal glibc error|ThreadSanitizer: CHECK failed" "$log" "$reports"/race* 2>/dev/null | head -5
    echo "== running the tests under the thread sanitizer once more"
    run_once "$log"
    status=$?
fi
print_reports && status=1
exit $status
