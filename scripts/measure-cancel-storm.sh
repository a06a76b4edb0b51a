#!/usr/bin/env bash
# The cancel storm: Siesta starts COUNT loads of one SIZE-megabyte body served by nginx on
# 127.0.0.1, cancels them all at once, and reports the time of the load() calls and the
# resident memory before, at the cancel and up to 3 s after it:
#
#   scripts/measure-cancel-storm.sh [count] [size-in-MB] [delay-ms]   (2000, 10, 300 by default)
#
# The cancel comes delay-ms after the last load(), while the transfers run.
#
# Runs Benchmarks' CancelStorm (release), a plain executable using Siesta with glibc's default
# allocator settings, twice: COUNT distinct resources with no transformers, and COUNT loads of
# one resource through Siesta's standard transformers (the body is text/plain, decoded as
# ISO-8859-1). Needs nginx (Debian's nginx-light).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-2000}
size=${2:-10}
delay=${3:-300}
source scripts/lib/loopback-nginx.sh
(cd Benchmarks && swift build -c release --product CancelStorm >&2)
storm="Benchmarks/.build/release/CancelStorm"

work=$(mktemp -d)
mkdir -p "$work/html"
head -c $((size * 1024 * 1024)) /dev/zero | tr '\0' 'x' >"$work/html/big.txt"
start_loopback_nginx "$work"

url="http://127.0.0.1:$port/big.txt"
echo "== distinct resources, no transformers"
"$storm" "$url" "$count" "$delay"
echo "== one resource, standard transformers"
"$storm" "$url" "$count" "$delay" --same-resource --standard-transformers
