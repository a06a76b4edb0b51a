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
command -v /usr/sbin/nginx >/dev/null || { echo "nginx is required (apt-get install nginx-light)" >&2; exit 1; }

(cd Benchmarks && swift build -c release --product CancelStorm >&2)
storm="Benchmarks/.build/release/CancelStorm"

work=$(mktemp -d)
mkdir -p "$work/html"
head -c $((size * 1024 * 1024)) /dev/zero | tr '\0' 'x' >"$work/html/big.txt"
port=$((20000 + $$ % 20000))
cat >"$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    keepalive_requests 1000000;
    client_body_temp_path $work;
    server { listen 127.0.0.1:$port; root $work/html; }
}
CONF
/usr/sbin/nginx -p "$work" -c "$work/nginx.conf" -e "$work/error.log" &
nginx=$!
trap 'kill $nginx 2>/dev/null; wait $nginx 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 50); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done

url="http://127.0.0.1:$port/big.txt"
echo "== distinct resources, no transformers"
"$storm" "$url" "$count" "$delay"
echo "== one resource, standard transformers"
"$storm" "$url" "$count" "$delay" --same-resource --standard-transformers
