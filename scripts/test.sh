#!/usr/bin/env bash
# Runs the whole test suite as two processes, one after the other:
#
#   scripts/test.sh [--skip-build] [more swift test options]
#
# 1. the libraries and the demo server: Siesta, Squid, the HTTP core, the SQLite stores, Safety
#    and the DemoAPI tests;
# 2. everything else: the browser, the workspace, OrderedJSON, the terminal and the end-to-end
#    tests in tmux.
#
# Swift's cooperative pool has as many threads as the machine has cores, and the main actor's
# work takes one of them. With every test of the package in one process on a two-core machine,
# the browser's CPU-heavy tests (screens drawn whole, large documents) hold both threads for
# seconds while the libraries' network tests wait behind them for answers that arrived long
# before. Each group alone keeps its waits short. Exits non-zero when either group fails; both
# always run.
set -uo pipefail
cd "$(dirname "$0")/.."

libraries='^(SiestaTests|SquidTests|HTTPCoreTests|DemoAPITests|SiestaSQLiteTests|SQLiteStoreTests|SafetyTests)\.'

if [ "${1-}" = "--skip-build" ]; then
    shift
else
    swift build --build-tests || exit 1
fi

status=0
echo "== tests of the libraries and the demo server"
swift test --skip-build --filter "$libraries" "$@" || status=1
echo "== tests of the browser, the workspace and end to end"
swift test --skip-build --skip "$libraries" "$@" || status=1
exit $status
