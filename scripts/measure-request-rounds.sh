#!/usr/bin/env bash
# Small requests one after another through each client, in interleaved rounds: a bare NIO
# HTTP/1.1 channel (the floor of this machine), raw AsyncHTTPClient, Siesta's load() awaited and
# chained, raw AsyncHTTPClient + JSONDecoder and Squid, each against the same ~250-byte JSON
# document served by nginx on 127.0.0.1:
#
#   scripts/measure-request-rounds.sh [rounds]   (30 by default; 200 requests a round)
#
# Prints, per client, the median and best wall time of a round, the CPU time and the context
# switches of the whole process per request (from getrusage), and raw AsyncHTTPClient's median
# over the client's. Runs Benchmarks' RequestRounds (release). Needs nginx (Debian's nginx-light).
# REQUEST_ROUNDS_ONLY=TEXT[,TEXT...] runs only the clients whose name contains one of the texts,
# beside raw AsyncHTTPClient (e.g. to profile one).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-30}
source scripts/lib/loopback-nginx.sh
(cd Benchmarks && swift build -c release --product RequestRounds >&2)
rounds_binary="Benchmarks/.build/release/RequestRounds"

work=$(mktemp -d)
mkdir -p "$work/html"
"$rounds_binary" --print-document >"$work/html/small.json"
start_loopback_nginx "$work"

"$rounds_binary" "http://127.0.0.1:$port/small.json" "$rounds"
