#!/usr/bin/env bash
# Measures how hammock copes with a large JSON body, the way a person at the terminal sees it:
# how long from the key press that opens it (`g`, the URL, Enter) until the first body line is
# on screen, and how much memory the process holds.
#
# Usage: scripts/measure-large-body.sh [SIZE_MB ...] [reload N] [search [TEXT]]
#
#   SIZE_MB      body sizes in MB (1 MB = 10^6 bytes); default: 10 100
#   reload N     after the first load, press `r` N times, waiting each time for the load to
#                finish, then compare RSS after the reloads with RSS after the first load
#   search TEXT  after the first load (and any reloads), search with `/`, TEXT, Enter and time
#                until a body line containing TEXT is on screen; a `j` pressed while the search
#                runs tells whether the screen still reacts within 100 ms (best effort).
#                TEXT defaults to the name of the last item ("item N"), found near the end.
#
# Environment:
#   HAMMOCK   the binary to measure (default: .build/release/hammock), run as
#             `$HAMMOCK --no-cache URL`. The script never builds it.
#   TIMEOUT   seconds to wait for any one screen state (default: 300)
#
# The bodies are generated once into /tmp/hammock-large/ (large-10mb.json, large-100mb.json, ...)
# and served by `python3 -m http.server` on 127.0.0.1 only. hammock runs in a private tmux
# server at 150x45 with an empty config directory (default keys and theme). The screen is polled
# every 20 ms; RSS is VmRSS from /proc/PID/status once two samples 0.5 s apart agree within 2%
# (at most 5 s), peak is VmHWM; "before" is VmRSS on the small page the session starts on, and
# added/body is what opening the large body added over it. Output, one line per measurement:
#
#   100MB first-line 1.23 s  rss 250 MB  peak 310 MB  body 100.0 MB  rss/body 2.50  before 55 MB  added/body 1.95
#   100MB reload x3  rss 262 MB  after first load 250 MB  ratio 1.05  peak 420 MB  loads 1.8 1.7 1.9 s
#   100MB search "item 1098901" 0.84 s  j during search: no reaction within 100 ms
#
# Needs bash 5, tmux, python3 and curl.
set -euo pipefail
script=$(realpath "$0")
cd "$(dirname "$script")/.."

usage() {
    sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$script" >&2
    if [ $# -gt 0 ]; then
        printf '\nerror: %s\n' "$*" >&2
        exit 2
    fi
    exit 0
}

# ---------------------------------------------------------------------------------------------
# Arguments and environment

sizes=()
reloads=0
search=false
search_text=""
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) usage ;;
        reload)
            [[ ${2-} =~ ^[0-9]+$ ]] || usage "reload needs a count, e.g. reload 3"
            reloads=$2
            shift 2
            ;;
        search)
            search=true
            shift
            # An optional TEXT: anything that is not a size or another mode.
            if [ $# -gt 0 ] && ! [[ $1 =~ ^[0-9]+$ ]] && [ "$1" != reload ]; then
                search_text=$1
                shift
            fi
            ;;
        *)
            [[ $1 =~ ^[1-9][0-9]*$ ]] || usage "unknown argument: $1"
            sizes+=("$1")
            shift
            ;;
    esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(10 100)

timeout_s=${TIMEOUT:-300}
hammock=${HAMMOCK:-.build/release/hammock}
if [[ $hammock == */* ]]; then
    [ -x "$hammock" ] || { echo "no executable at $hammock (build it first, or set HAMMOCK)" >&2; exit 1; }
    hammock=$(realpath "$hammock")
else
    hammock=$(command -v "$hammock") || { echo "HAMMOCK not found: ${HAMMOCK}" >&2; exit 1; }
fi
for tool in tmux python3 curl; do
    command -v "$tool" >/dev/null || { echo "$tool is required" >&2; exit 1; }
done
[ -n "${EPOCHREALTIME-}" ] || { echo "bash 5 is required (EPOCHREALTIME)" >&2; exit 1; }

data_dir=/tmp/hammock-large
work=$(mktemp -d /tmp/hammock-measure.XXXXXX)
socket="hammock-measure-$$"
server_pid=""

tmux_() { tmux -L "$socket" -f "$work/tmux.conf" "$@"; }

# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
    tmux_ kill-server 2>/dev/null || true
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------------------------
# Small helpers

# Microseconds since the epoch, without forking.
now_us() { echo "${EPOCHREALTIME/./}"; }

# seconds MICROSECONDS: "1.23"
seconds() { printf '%d.%02d' $(($1 / 1000000)) $((($1 % 1000000) / 10000)); }

# mb BYTES: "12.3" (decimal megabytes)
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }

# mb_kib KIB: whole decimal megabytes of a /proc figure in KiB
mb_kib() { awk -v k="$1" 'BEGIN { printf "%.0f", k * 1024 / 1e6 }'; }

# ratio A B: "2.50"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

# proc_kib PID FIELD: VmRSS / VmHWM in KiB, empty when the process is gone
proc_kib() { awk -v f="$2:" '$1 == f { print $2 }' "/proc/$1/status" 2>/dev/null || true; }

# stable_rss PID: VmRSS in KiB once two samples 0.5 s apart agree within 2% (at most 5 s)
stable_rss() {
    local pid=$1 previous current difference
    previous=$(proc_kib "$pid" VmRSS)
    current=$previous
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        sleep 0.5
        current=$(proc_kib "$pid" VmRSS)
        if [ -z "$current" ] || [ -z "$previous" ]; then break; fi
        difference=$((current > previous ? current - previous : previous - current))
        ((difference * 50 <= current)) && break
        previous=$current
    done
    echo "$current"
}

screen() { tmux_ capture-pane -p -t "$session" 2>/dev/null || true; }

# The screen without the parts that change on their own (ages, spinner, staleness countdown).
steady_screen() { screen | grep -v -E 'age [0-9]|isLoading|stale' || true; }

# Whether hammock's screen says a load is in flight (isLoading pane or compact URL pane).
loading_pattern='loadRequests [1-9]|isRequesting true|isLoading true|nil \(loading'
is_loading() { [[ $1 =~ $loading_pattern ]]; }

alive() { kill -0 "$pid" 2>/dev/null && [ "$(tmux_ display-message -p -t "$session" '#{pane_dead}' 2>/dev/null)" = 0 ]; }

fail() {
    echo "${label}: $*" >&2
    echo "--- last screen ---" >&2
    screen >&2
    return 1
}

# ---------------------------------------------------------------------------------------------
# Bodies

# generate MB: writes /tmp/hammock-large/large-MBmb.json of exactly MB * 10^6 bytes, once.
generate() {
    local size=$1 file="$data_dir/large-${1}mb.json"
    mkdir -p "$data_dir"
    if [ -f "$file" ] && [ "$(stat -c %s "$file")" -eq $((size * 1000000)) ]; then
        return 0
    fi
    echo "generating $file ..." >&2
    python3 - "$file" $((size * 1000000)) <<'PY'
import os, sys

path, target = sys.argv[1], int(sys.argv[2])
closing = "\n]\n"
budget = target - len(closing)
temporary = path + ".partial"
with open(temporary, "w", encoding="ascii", buffering=1 << 20) as out:
    out.write("[\n")
    written, i, chunk = 2, 0, []
    while True:
        i += 1
        item = (
            f'{{"id":{i},"name":"item {i}","url":"/large/{i}",'
            f'"tags":["tag{i % 10}","{"odd" if i % 2 else "even"}"],'
            f'"score":{(i * 37) % 10000 / 100:.2f},"active":{"true" if i % 3 else "false"}}}'
        )
        if i > 1:
            item = ",\n" + item
        if written + len(item) > budget:
            break
        chunk.append(item)
        written += len(item)
        if len(chunk) == 10000:
            out.write("".join(chunk))
            chunk.clear()
    out.write("".join(chunk))
    # Whitespace after the last item makes the size exact; it is still valid JSON.
    out.write(" " * (budget - written) + closing)
os.replace(temporary, path)
PY
}

# last_name FILE: the name of the last item, e.g. "item 1098901"
last_name() {
    local id
    id=$(tail -c 300 "$1" | grep -o '"id":[0-9]*' | tail -n 1 | cut -d: -f2)
    echo "item $id"
}

# ---------------------------------------------------------------------------------------------
# Server

start_server() {
    # Port 0: the OS picks a free port and http.server prints it.
    python3 -u -m http.server --bind 127.0.0.1 --directory "$data_dir" 0 >"$work/http.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 100); do
        port=$(sed -n 's/^Serving HTTP on 127\.0\.0\.1 port \([0-9][0-9]*\).*/\1/p' "$work/http.log")
        [ -n "$port" ] && break
        sleep 0.05
    done
    [ -n "$port" ] || { echo "http.server did not start:" >&2; cat "$work/http.log" >&2; exit 1; }
}

# check_served NAME BYTES: the server answers with application/json and the right length.
check_served() {
    local headers
    headers=$(curl -sS --noproxy '*' -I "http://127.0.0.1:$port/$1" | tr -d '\r')
    grep -qi '^content-type: application/json' <<<"$headers" ||
        { echo "$1 is not served as application/json:" >&2; echo "$headers" >&2; exit 1; }
    grep -qi "^content-length: $2\$" <<<"$headers" ||
        { echo "$1 is not served with Content-Length $2:" >&2; echo "$headers" >&2; exit 1; }
}

# ---------------------------------------------------------------------------------------------
# Measurements; they set and use: label, session, pid, file, bytes, deadline

past_deadline() { (($(now_us) > deadline)); }
arm_deadline() { deadline=$(($(now_us) + ${1:-$timeout_s} * 1000000)); }

# wait_idle MIN_US: until the screen shows no load in flight and MIN_US have passed since
# $mark. Sets idle_us (time from $mark to then).
wait_idle() {
    local minimum=$1 text
    arm_deadline
    while :; do
        alive || { fail "hammock exited"; return 1; }
        text=$(screen)
        if ! is_loading "$text" && (($(now_us) - mark >= minimum)); then break; fi
        past_deadline && { fail "still loading after ${timeout_s} s"; return 1; }
        sleep 0.05
    done
    idle_us=$(($(now_us) - mark))
}

# wait_for_text TEXT WHAT: polls the screen every 20 ms until it contains TEXT.
wait_for_text() {
    local text
    arm_deadline
    while :; do
        text=$(screen)
        [[ $text == *"$1"* ]] && return 0
        alive || { fail "hammock exited before showing $2"; return 1; }
        past_deadline && { fail "no $2 after ${timeout_s} s"; return 1; }
        sleep 0.02
    done
}

measure_first_line() {
    local command start
    # hammock starts on a small resource; the large one is opened with `g`, so the time counts
    # from the key press (Enter) to the first body line on screen, as a person sees it.
    command=$(printf '%q ' exec env no_proxy=127.0.0.1 NO_PROXY=127.0.0.1 TERM=tmux-256color \
        XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache" \
        "$hammock" --no-cache "http://127.0.0.1:$port/small.json")
    tmux_ new-session -d -x 150 -y 45 -s "$session" "$command" || { echo "$label: tmux failed" >&2; return 1; }
    pid=$(tmux_ list-panes -t "$session" -F '#{pane_pid}')
    wait_for_text '"small"' "the small body" || return 1
    base_rss=$(stable_rss "$pid")
    [ -n "$base_rss" ] || { fail "hammock exited"; return 1; }
    tmux_ send-keys -t "$session" g
    tmux_ send-keys -t "$session" -l "http://127.0.0.1:$port/$(basename "$file")"
    sleep 0.2
    start=$(now_us)
    tmux_ send-keys -t "$session" Enter
    wait_for_text '"id"' "a body line" || return 1
    first_us=$(($(now_us) - start))

    mark=$start
    wait_idle 0 || return 1
    first_rss=$(stable_rss "$pid")
    local peak
    peak=$(proc_kib "$pid" VmHWM)
    if [ -z "$first_rss" ] || [ -z "$peak" ]; then fail "hammock exited"; return 1; fi
    printf '%s first-line %s s  rss %s MB  peak %s MB  body %s MB  rss/body %s  before %s MB  added/body %s\n' \
        "$label" "$(seconds "$first_us")" "$(mb_kib "$first_rss")" "$(mb_kib "$peak")" \
        "$(mb "$bytes")" "$(ratio $((first_rss * 1024)) "$bytes")" "$(mb_kib "$base_rss")" \
        "$(ratio $(((first_rss - base_rss) * 1024)) "$bytes")"
}

measure_reloads() {
    local times=() text rss peak unseen
    for _ in $(seq 1 "$reloads"); do
        mark=$(now_us)
        tmux_ send-keys -t "$session" r
        # The load shows on the next frame. When it never does (a load too quick to catch, or
        # not hammock), RSS stability alone decides and the time is marked with "?".
        unseen="?"
        arm_deadline 2
        while ! past_deadline; do
            text=$(screen)
            if is_loading "$text"; then unseen=""; break; fi
            sleep 0.02
        done
        wait_idle 1000000 || return 1
        times+=("$(seconds "$idle_us")$unseen")
        [ -n "$(stable_rss "$pid")" ] || { fail "hammock exited"; return 1; }
    done
    rss=$(proc_kib "$pid" VmRSS)
    peak=$(proc_kib "$pid" VmHWM)
    printf '%s reload x%s  rss %s MB  after first load %s MB  ratio %s  peak %s MB  loads %s s\n' \
        "$label" "$reloads" "$(mb_kib "$rss")" "$(mb_kib "$first_rss")" "$(ratio "$rss" "$first_rss")" \
        "$(mb_kib "$peak")" "${times[*]}"
}

# found TEXT SCREEN: a line with TEXT that is not the prompt or status line echoing it.
found() {
    local lines
    lines=$(grep -F -- "$1" <<<"$2" | grep -v -F -e "search: $1" -e "/$1" -e "no match for" || true)
    [ -n "$lines" ]
}

measure_search() {
    local text=$1 before start after responsiveness="" changed_us
    # Open the prompt and type the text; wait for each to show so the timing starts at Enter.
    before=$(steady_screen)
    tmux_ send-keys -t "$session" /
    arm_deadline 5
    while [ "$(steady_screen)" = "$before" ] && ! past_deadline; do sleep 0.02; done
    tmux_ send-keys -t "$session" -l -- "$text"
    arm_deadline 5
    until [[ $(screen) == *"$text"* ]] || past_deadline; do sleep 0.02; done

    start=$(now_us)
    tmux_ send-keys -t "$session" Enter
    sleep 0.05
    before=$(steady_screen)
    if found "$text" "$(screen)"; then
        responsiveness="search finished before j could be sent"
    else
        # Responsiveness: does the screen react to `j` within 100 ms while the search runs?
        local sent
        sent=$(now_us)
        tmux_ send-keys -t "$session" j
        while (($(now_us) - sent < 100000)); do
            after=$(steady_screen)
            if [ "$after" != "$before" ]; then
                changed_us=$(($(now_us) - sent))
                if found "$text" "$(screen)"; then
                    responsiveness="search finished within 100 ms"
                else
                    responsiveness="screen reacted after $((changed_us / 1000)) ms"
                fi
                break
            fi
            sleep 0.01
        done
        [ -n "$responsiveness" ] || responsiveness="no reaction within 100 ms"
    fi

    arm_deadline
    while :; do
        after=$(screen)
        found "$text" "$after" && break
        [[ $after == *"no match for"* ]] && { fail "hammock found no match for \"$text\""; return 1; }
        alive || { fail "hammock exited during the search"; return 1; }
        past_deadline && { fail "\"$text\" not on screen after ${timeout_s} s"; return 1; }
        sleep 0.02
    done
    printf '%s search "%s" %s s  j during search: %s\n' \
        "$label" "$text" "$(seconds $(($(now_us) - start)))" "$responsiveness"
}

# measure SIZE_MB: one hammock session on one body.
measure() {
    label="${1}MB"
    session="large-${1}mb"
    file="$data_dir/large-${1}mb.json"
    bytes=$(stat -c %s "$file")
    pid=""
    local status=0
    measure_first_line || status=1
    if [ $status = 0 ] && [ "$reloads" -gt 0 ]; then measure_reloads || status=1; fi
    if [ $status = 0 ] && $search; then measure_search "${search_text:-$(last_name "$file")}" || status=1; fi

    # Quit this hammock and wait for it, so the next size starts with the memory free.
    tmux_ kill-session -t "$session" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
    return $status
}

# ---------------------------------------------------------------------------------------------

mkdir -p "$work/config" "$work/cache"
printf 'set -g remain-on-exit on\nset -g status off\n' >"$work/tmux.conf"

for size in "${sizes[@]}"; do generate "$size"; done
printf '{"small": true}\n' >"$data_dir/small.json"
start_server
for size in "${sizes[@]}"; do
    check_served "large-${size}mb.json" $((size * 1000000))
done

result=0
for size in "${sizes[@]}"; do
    measure "$size" || result=1
done
exit $result
