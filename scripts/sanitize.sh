#!/usr/bin/env bash
# Runs the whole test suite, end-to-end tests included, under a sanitizer:
#
#   scripts/sanitize.sh thread|address [swift test arguments...]
#
# Builds into .build/sanitize-<kind> (apart from the normal build, so the two never share a
# build folder), points the end-to-end tests at the instrumented hammock, and writes the
# sanitizer's reports to .build/sanitize-<kind>/reports.log. Exits non-zero when a test fails
# or a report was written.
set -euo pipefail

kind=${1:-}
case $kind in
    thread | address) ;;
    *) echo "usage: scripts/sanitize.sh thread|address [swift test arguments...]" >&2; exit 2 ;;
esac
shift
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scratch="$root/.build/sanitize-$kind"
mkdir -p "$scratch"
reports="$scratch/reports.log"
rm -f "$scratch"/report.*

swift build --build-tests --sanitize="$kind" --scratch-path "$scratch"
bin=$(swift build --sanitize="$kind" --scratch-path "$scratch" --show-bin-path)
option_name=$([ "$kind" = thread ] && echo TSAN_OPTIONS || echo ASAN_OPTIONS)
# Every process (the test runner and each hammock the end-to-end tests start) logs to its own
# file; halt_on_error=0 keeps the suite running past a report so all of them are collected.
export "$option_name=log_path=$scratch/report:halt_on_error=0"
[ "$kind" = thread ] && export TSAN_OPTIONS="$TSAN_OPTIONS:suppressions=$root/scripts/tsan-suppressions.txt"
[ "$kind" = address ] && export ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
export HAMMOCK_BIN_PATH="$bin"
# Instrumented code runs several times slower: every wait for a condition in the tests (not the
# product's own timeouts) stretches by this factor.
export HAMMOCK_TEST_TIME_SCALE=${HAMMOCK_TEST_TIME_SCALE:-$([ "$kind" = thread ] && echo 6 || echo 4)}
export SWIFT_BACKTRACE=enable=no
status=0
# One test at a time: instrumented code is several times slower, and on two cores the suite's
# parallel tests then miss the product's own timeouts (ten seconds to connect, say).
swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" --no-parallel "$@" || status=$?
cat "$scratch"/report.* > "$reports" 2>/dev/null || : > "$reports"
count=$(grep -c "^WARNING: ThreadSanitizer\|^==[0-9]*==ERROR: AddressSanitizer" "$reports" || true)
echo "== $kind sanitizer: $count report(s); tests exited with $status (reports in $reports)"
[ "$status" -eq 0 ] && [ "$count" -eq 0 ]
