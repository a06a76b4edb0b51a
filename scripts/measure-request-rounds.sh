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
command -v /usr/sbin/nginx >/dev/null || { echo "nginx is required (apt-get install nginx-light)" >&2; exit 1; }

(cd Benchmarks && swift build -c release --product RequestRounds >&2)
rounds_binary="Benchmarks/.build/release/RequestRounds"

work=$(mktemp -d)
mkdir -p "$work/html"
printf '%s' '{"id": 1, "name": "Ada Lovelace", "email": "ada@example.com", "roles": ["admin", "author"], "active": true, "score": 98.5, "address": {"city": "London", "postcode": "W1"}, "tags": ["math", "engines", "poetry"], "created": "1843-07-10T12:00:00Z"}' >"$work/html/small.json"
port=$((20000 + $$ % 20000))
cat >"$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    types { application/json json; }
    keepalive_requests 1000000;
    etag off;
    if_modified_since off;
    client_body_temp_path $work;
    server { listen 127.0.0.1:$port; root $work/html; }
}
CONF
/usr/sbin/nginx -p "$work" -c "$work/nginx.conf" -e "$work/error.log" &
nginx=$!
trap 'kill $nginx 2>/dev/null; wait $nginx 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 50); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done

"$rounds_binary" "http://127.0.0.1:$port/small.json" "$rounds"
