#!/usr/bin/env bash
# Captures hammock on its demo API as SVG files in screenshots/: the main screen, a request
# form, the help overlay, an error, the request history and a diff of two responses. Runs hammock in a private tmux server and presses Ctrl-P,
# which saves the current screen as SVG. Needs tmux and a built hammock (`swift build`).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=".build/debug/hammock"
[ -x "$binary" ] || swift build --product hammock
command -v tmux >/dev/null || { echo "tmux is required" >&2; exit 1; }

out="$PWD/screenshots"
work="$(mktemp -d)"
socket="hammock-shots-$$"
mkdir -p "$out"
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() { tmux_ kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

tmux_ new-session -d -s shots -x 150 -y 45 \
    "env TERM=tmux-256color XDG_CONFIG_HOME=$work/config $PWD/$binary --theme ${HAMMOCK_THEME:-nord} --svg-directory $work --history $work/history.sqlite --no-cache --watch-interval 1"

wait_for() {
    for _ in $(seq 1 100); do
        if tmux_ capture-pane -p -t shots | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "timed out waiting for: $1" >&2
    tmux_ capture-pane -p -t shots >&2
    exit 1
}

# snap NAME: save the screen with Ctrl-P and move the newest SVG to screenshots/NAME.svg.
snap() {
    local before
    before=$(find "$work" -maxdepth 1 -name '*.svg' | wc -l)
    tmux_ send-keys -t shots C-p
    for _ in $(seq 1 50); do
        [ "$(find "$work" -maxdepth 1 -name '*.svg' | wc -l)" -gt "$before" ] && break
        sleep 0.1
    done
    local newest
    newest=$(ls -t "$work"/*.svg | head -1)
    mv "$newest" "$out/$1.svg"
    echo "wrote screenshots/$1.svg"
}

wait_for "newData(network)"
tmux_ send-keys -t shots g
tmux_ send-keys -t shots -l "/users/1"
tmux_ send-keys -t shots Enter
wait_for '"username": "alovelace"'
tmux_ send-keys -t shots r
wait_for "notModified"
sleep 0.3
snap main

tmux_ send-keys -t shots a
tmux_ send-keys -t shots -l '{"name": "Ada King, Countess of Lovelace"}'
tmux_ send-keys -t shots C-s
wait_for "onSuccess 200"
snap form
tmux_ send-keys -t shots Escape
sleep 0.3

tmux_ send-keys -t shots '?'
wait_for "help: keys"
snap help
tmux_ send-keys -t shots Escape
sleep 0.3

tmux_ send-keys -t shots g
tmux_ send-keys -t shots -l "/errors/503"
tmux_ send-keys -t shots Enter
wait_for "HTTP 503"
sleep 0.3
snap error

# Two versions of a changing resource, then the history and their diff.
tmux_ send-keys -t shots g
tmux_ send-keys -t shots -l "/counter"
tmux_ send-keys -t shots Enter
wait_for '"count": 1'
tmux_ send-keys -t shots r
wait_for '"count": 2'
tmux_ send-keys -t shots h
wait_for "history  "
wait_for "/counter"
sleep 0.3
snap history
tmux_ send-keys -t shots C-d
tmux_ send-keys -t shots Down
tmux_ send-keys -t shots C-d
wait_for "~ \$.count"
sleep 0.3
snap diff
tmux_ send-keys -t shots Escape
sleep 0.3
tmux_ send-keys -t shots Escape
sleep 0.3

# The watch board: four live demo resources pinned, the order shown with its last change marked.
for path in /live/counter /live/list /live/static /orders/7; do
    tmux_ send-keys -t shots g C-u
    tmux_ send-keys -t shots -l "$path"
    tmux_ send-keys -t shots Enter
    wait_for "GET http"
    tmux_ send-keys -t shots P
    wait_for "pinned $path"
done
tmux_ send-keys -t shots v
wait_for "4 pinned"
wait_for "newData(network) /orders/7 +"
wait_for "▌"
snap watch

tmux_ send-keys -t shots q
