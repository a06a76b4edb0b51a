#!/usr/bin/env bash
# Measures the watch board under load: hammock with COUNT pinned resources refreshing every
# INTERVAL seconds against the demo API, served by a separate process (`hammock --serve-demo`)
# so that only the browser's own work is counted.
#
# Usage: scripts/measure-watch.sh [COUNT] [INTERVAL] [SECONDS] [SAMPLE]
#
#   COUNT     pinned resources (default 100): 5 that change (/orders/7, /live/counter,
#             /live/list, and /live/counter?copy=N) and the rest /live/static?n=N, which never
#             change and so are answered 304 Not Modified
#   INTERVAL  refresh interval in seconds, --watch-interval (default 1)
#   SECONDS   how long to measure (default 600)
#   SAMPLE    seconds between samples (default 30)
#
# Environment: HAMMOCK, the binary (default .build/release/hammock; never built here).
#
# hammock runs in a private tmux server at 150x45 with empty config, state and cache folders.
# Every SAMPLE seconds it prints the CPU hammock used in the interval (utime+stime from
# /proc/PID/stat, as % of one core), its RSS (VmRSS) and the board's counts of refreshes and
# notModified, read from the screen. Then the median CPU and the RSS at the first and last
# sample.
set -euo pipefail
script=$(realpath "$0")
cd "$(dirname "$script")/.."
count=${1:-100}
interval=${2:-1}
seconds=${3:-600}
sample=${4:-30}
hammock=${HAMMOCK:-.build/release/hammock}
[ -x "$hammock" ] || { echo "error: $hammock is not built (swift build -c release --product hammock)" >&2; exit 2; }
hammock=$(realpath "$hammock")

work=$(mktemp -d /tmp/hammock-watch.XXXXXX)
socket="$work/tmux.sock"
cleanup() {
    tmux -S "$socket" kill-server 2>/dev/null || true
    [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

"$hammock" --serve-demo 0 > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
    base=$(grep -o 'http://[^ ]*' "$work/server.log" || true)
    [ -n "$base" ] && break
    sleep 0.1
done
[ -n "$base" ] || { echo "error: the demo server did not start" >&2; cat "$work/server.log" >&2; exit 1; }

args=(--no-cache --no-history --watch-interval "$interval")
changing=(/orders/7 /live/counter /live/list "/live/counter?copy=1" "/live/counter?copy=2")
for ((i = 0; i < count; i++)); do
    if ((i < ${#changing[@]})); then args+=(--watch "${changing[$i]}"); else args+=(--watch "/live/static?n=$i"); fi
done
mkdir -p "$work/config" "$work/state" "$work/cache"
command=$(printf '%q ' env "XDG_CONFIG_HOME=$work/config" "XDG_STATE_HOME=$work/state" \
    "XDG_CACHE_HOME=$work/cache" TERM=xterm-256color "$hammock" "${args[@]}" "$base")
tmux -S "$socket" -f /dev/null new-session -d -x 150 -y 45 "$command"
sleep 1
pid=$(pgrep -f -n -- "--watch-interval $interval" | head -1)
[ -n "$pid" ] || { echo "error: hammock did not start" >&2; exit 1; }
ticks=$(getconf CLK_TCK)

cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
rss_mb() { awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$pid/status"; }
board() { tmux -S "$socket" capture-pane -p | grep -o '[0-9]* refreshes · [0-9]* notModified' | head -1; }

echo "pinned $count, interval ${interval}s, $seconds s, sampled every $sample s (pid $pid)"
echo "   t(s)   cpu%    rss(MB)  board"
# Warm-up: every resource loaded once.
sleep "$sample"
last_ticks=$(cpu_ticks)
last_time=$(date +%s.%N)
cpus=()
first_rss=""
elapsed=0
while ((elapsed < seconds)); do
    sleep "$sample"
    elapsed=$((elapsed + sample))
    now_ticks=$(cpu_ticks)
    now_time=$(date +%s.%N)
    cpu=$(awk -v a="$last_ticks" -v b="$now_ticks" -v s="$last_time" -v e="$now_time" -v t="$ticks" \
        'BEGIN { printf "%.2f", (b - a) / t / (e - s) * 100 }')
    rss=$(rss_mb)
    [ -n "$first_rss" ] || first_rss=$rss
    cpus+=("$cpu")
    printf '%7d  %6s  %8s  %s\n' "$elapsed" "$cpu" "$rss" "$(board)"
    last_ticks=$now_ticks
    last_time=$now_time
done
median=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}')
echo "median cpu ${median}% of one core; rss first ${first_rss} MB, last $(rss_mb) MB"
