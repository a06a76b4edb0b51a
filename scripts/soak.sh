#!/usr/bin/env bash
# Drives hammock on its embedded demo API with random keys for a long time and records its
# memory:
#
#   scripts/soak.sh [minutes] [binary]
#
# Runs hammock in a private tmux server with its own history, collection, cookie jar and
# configuration folders, and presses random keys: navigation, loads, follows, forms (typed and
# sent, or closed), searches, URLs typed with g, theme changes, the watch board, history,
# overlays, and resizes from 40x12 up to 220x60 (and below the minimum). Every 30 seconds it
# samples the process's resident memory (VmRSS) into .build/soak/rss.csv and checks that hammock
# is still running. At the end it quits with q and checks that the terminal was given back: the
# alternate screen is off and the cursor is visible. Exits non-zero on a crash, a hang (no
# answer to the quit) or a terminal left in hammock's state.
#
# The keys come from one seed (SOAK_SEED, the process id by default), printed at the start, so
# a failure can be replayed. The default binary is .build/debug/hammock (built when missing);
# a release binary gives figures closer to what people run.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=${1:-30}
binary=${2:-.build/debug/hammock}
[ -x "$binary" ] || swift build --product hammock
command -v tmux >/dev/null || { echo "tmux is required" >&2; exit 1; }
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")

out="$PWD/.build/soak"
mkdir -p "$out"
work=$(mktemp -d)
socket="hammock-soak-$$"
seed=${SOAK_SEED:-$$}
RANDOM=$seed
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() { tmux_ kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

mkdir -p "$work/config" "$work/collection" "$work/home"
# The shell around hammock writes its exit status once the process has gone.
tmux_ new-session -d -s soak -x 150 -y 45 \
    "env TERM=tmux-256color HOME=$work/home XDG_CONFIG_HOME=$work/config \
    XDG_STATE_HOME=$work/state XDG_CACHE_HOME=$work/cache \
    $binary --collection $work/collection --svg-directory $work --watch-interval 1; \
    echo \$? >$work/status; sleep 600"
shell=$(tmux_ display-message -p -t soak '#{pane_pid}')
pid=
for _ in $(seq 1 50); do pid=$(pgrep -P "$shell" -f "$binary" || true); [ -n "$pid" ] && break; sleep 0.1; done
[ -n "$pid" ] || { echo "soak: hammock did not start" >&2; exit 1; }

screen() { tmux_ capture-pane -p -t soak; }
alive() { [ ! -e "$work/status" ] && kill -0 "$pid" 2>/dev/null; }
# VmRSS, and its anonymous (heap) and file-backed (the binary's pages) parts, in kB.
rss_kb() {
    awk '/^VmRSS:/ { r = $2 } /^RssAnon:/ { a = $2 } /^RssFile:/ { f = $2 } END { print r "," a "," f }' \
        "/proc/$pid/status" 2>/dev/null || echo 0,0,0
}
pick() { local items=("$@"); printf '%s' "${items[RANDOM % ${#items[@]}]}"; }
keys() { tmux_ send-keys -t soak "$@"; }
text() { tmux_ send-keys -t soak -l -- "$1"; }
# Esc then a key within a few milliseconds reads as Alt+key; a pause keeps them apart.
escape() { keys Escape; sleep 0.15; }

for _ in $(seq 1 100); do screen | grep -q "latestData" && break; sleep 0.1; done

paths=(/users /users/1 /users/2/posts /posts /posts/3/comments /comments/4 /orders /ordered
    /unicode.json /hostile /hostile.json /large?count=2000 /chunked /paged /counter /flaky
    /errors/404 /errors/500 /redirect/3 /redirect-loop /broken/json /broken/utf8 /broken/close
    /compressed /compressed/bomb /charsets/latin1 /text /headers /live/counter /live/list
    /events /live/ndjson /slow?delay=2 /retry /ratelimited /cookies/set?a=1 /download)
searches=(name id 1 é "\"" zz email title)
bodies=('{"name": "soak", "n": 1.50}' '{"broken": ' 'a=1&b=2' 'plain text' '[1, 2, 3]')
sizes=("150 45" "80 24" "40 12" "30 8" "220 60" "100 30" "1 1" "60 20")

step() {
    case $((RANDOM % 20)) in
        0 | 1 | 2) keys "$(pick j k j j k Down Up PageDown PageUp Left Right H L)" ;;
        3) keys "$(pick r l i r r c)" ;;
        4) keys Enter ;;
        5) keys "$(pick b f b)" ;;
        6) keys g; sleep 0.1; keys C-u; text "$(pick "${paths[@]}")"; keys Enter ;;
        7) keys /; sleep 0.1; text "$(pick "${searches[@]}")"; keys Enter; sleep 0.2
           keys "$(pick n N n Escape)" ;;
        8) keys "$(pick p u a)"; sleep 0.2; keys C-u; text "$(pick "${bodies[@]}")"
           if [ $((RANDOM % 2)) = 0 ]; then keys C-s; sleep 0.5; fi; escape ;;
        9) keys t ;;
        10) keys "$(pick Tab s z W Y)" ;;
        11) keys "$(pick m D T)"; sleep 0.3; escape ;;
        12) keys "$(pick P v A)"; sleep 0.3; if [ $((RANDOM % 2)) = 0 ]; then escape; fi ;;
        13) keys "$(pick h C e K ? F1 y Q I)"; sleep 0.3; keys "$(pick j k Down Enter)"; sleep 0.2; escape ;;
        14) read -r w h <<<"$(pick "${sizes[@]}")"; tmux_ resize-window -t soak -x "$w" -y "$h" ;;
        15) keys C-l ;;
        16) keys d; sleep 0.2; escape ;;
        17) keys o; sleep 0.2; escape ;;
        18) keys w ;;
        19) keys "$(pick c r)" ;;
    esac
}

echo "soak: $minutes min, seed $seed, binary $binary, pid $pid"
echo "seconds,rss_kb,anon_kb,file_kb" >"$out/rss.csv"
start=$(date +%s)
end=$((start + minutes * 60))
next_sample=$start
steps=0
while [ "$(date +%s)" -lt "$end" ]; do
    now=$(date +%s)
    if [ "$now" -ge "$next_sample" ]; then
        if ! alive; then
            echo "soak: hammock exited after $((now - start)) s and $steps keys (seed $seed)" >&2
            screen >"$out/last-screen.txt"
            exit 1
        fi
        echo "$((now - start)),$(rss_kb)" | tee -a "$out/rss.csv"
        next_sample=$((next_sample + 30))
    fi
    step
    steps=$((steps + 1))
    sleep 0.0$((RANDOM % 9 + 1))
done

screen >"$out/last-screen.txt"
# Back to a usable size and the main view, then quit.
tmux_ resize-window -t soak -x 150 -y 45
for _ in 1 2 3; do escape; done
keys q
for _ in $(seq 1 100); do [ -e "$work/status" ] && break; sleep 0.1; done
if [ ! -e "$work/status" ]; then
    echo "soak: hammock did not quit within 10 s of q" >&2
    screen >"$out/last-screen.txt"
    exit 1
fi
status=$(cat "$work/status")
alternate=$(tmux_ display-message -p -t soak '#{alternate_on}')
cursor=$(tmux_ display-message -p -t soak '#{cursor_flag}')
echo "soak: $steps keys in $minutes min; exit status $status; alternate screen $alternate; cursor shown $cursor"
awk -F, 'NR > 1 { n++; v[n] = $2; a[n] = $3 } END {
    if (n < 2) exit
    w = int(n / 5) + 1   # the first fifth is warm-up
    min = max = v[w]; for (i = w; i <= n; i++) { if (v[i] < min) min = v[i]; if (v[i] > max) max = v[i] }
    printf "soak: RSS after warm-up %d..%d MB (last %d MB, of which heap %d MB)\n", min / 1024, max / 1024, v[n] / 1024, a[n] / 1024
}' "$out/rss.csv"
[ "$status" = 0 ] && [ "$alternate" = 0 ] && [ "$cursor" = 1 ]
