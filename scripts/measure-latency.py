#!/usr/bin/env python3
"""Measures how soon hammock shows a response, end to end, against a loopback server.

Usage: scripts/measure-latency.py [--runs N] [--via pty|tmux] [--hammock PATH]

A small HTTP server on 127.0.0.1 answers GET /counter in well under a millisecond with a JSON
body whose marker changes on every request ({"n": 7, "marker": "tick0007x"}). hammock runs with
empty config, cache and history folders at 150x45, TERM=xterm-256color, and two figures are taken:

  launch -> body    from just before the process is started to the first frame that shows the
                    first marker (N separate launches);
  r -> body         from the moment `r` is written to the terminal to the frame that shows the next
                    marker (N presses in one session, each after the screen has settled);

plus, for each launch, when the first request reached the server (launch -> request).

--via pty (default) runs hammock in a pseudo-terminal this script reads: a frame counts as shown
when its bytes leave hammock. --via tmux runs it in a private tmux server and polls
`tmux capture-pane` (each poll costs 2-3 ms, which the figures include), as a person would see it.

Prints each sample and the medians. Environment: HAMMOCK, the binary (default
.build/release/hammock; never built here).
"""

import argparse
import fcntl
import http.server
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time


class CounterHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    count = 0
    first_request_at = None
    lock = threading.Lock()

    def do_GET(self):
        with CounterHandler.lock:
            CounterHandler.count += 1
            n = CounterHandler.count
            if CounterHandler.first_request_at is None:
                CounterHandler.first_request_at = time.monotonic()
        body = ('{"n": %d, "marker": "tick%04dx"}' % (n, n)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def start_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), CounterHandler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def marker(n):
    return "tick%04dx" % n


class PtySession:
    """hammock in a pseudo-terminal whose output this process reads."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 150, 0, 0))
        self.output = b""

    def wait_for(self, text, timeout=10):
        needle = text.encode()
        start = len(self.output)
        deadline = time.monotonic() + timeout
        while True:
            if needle in self.output[max(0, start - len(needle)):]:
                return time.monotonic()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("%r did not appear" % text)
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    raise TimeoutError("hammock ended before %r appeared" % text)
                self.output += chunk

    def settle(self, quiet=0.15):
        """Reads until nothing arrives for `quiet` seconds."""
        while True:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                return
            self.output += os.read(self.fd, 65536)

    def press(self, key):
        os.write(self.fd, key.encode())
        return time.monotonic()

    def close(self):
        try:
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self.fd)


class TmuxSession:
    """hammock in a private tmux server, read with capture-pane as a person would see it."""

    def __init__(self, argv, env, socket):
        self.socket = socket
        command = " ".join("'%s'" % a.replace("'", "'\\''") for a in argv)
        exports = " ".join("%s='%s'" % (k, v) for k, v in env.items() if k.startswith("XDG_") or k == "TERM")
        subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "150", "-y", "45",
                        "env %s %s" % (exports, command)], check=True)

    def screen(self):
        return subprocess.run(["tmux", "-S", self.socket, "capture-pane", "-p"], capture_output=True,
                              text=True).stdout

    def wait_for(self, text, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.screen():
                return time.monotonic()
        raise TimeoutError("%r did not appear" % text)

    def settle(self, quiet=0.15):
        time.sleep(quiet)

    def press(self, key):
        now = time.monotonic()
        subprocess.run(["tmux", "-S", self.socket, "send-keys", "-l", key], check=True)
        return now

    def close(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--via", choices=["pty", "tmux"], default="pty")
    parser.add_argument("--hammock", default=os.environ.get("HAMMOCK", ".build/release/hammock"))
    args = parser.parse_args()
    hammock = os.path.realpath(args.hammock)
    if not os.access(hammock, os.X_OK):
        sys.exit("error: %s is not built (swift build -c release --product hammock)" % hammock)
    if args.via == "tmux" and not shutil.which("tmux"):
        sys.exit("error: tmux is not installed")

    server = start_server()
    url = "http://127.0.0.1:%d/counter" % server.server_address[1]
    work = tempfile.mkdtemp(prefix="hammock-latency.")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
           "XDG_CONFIG_HOME": work + "/config", "XDG_CACHE_HOME": work + "/cache", "XDG_STATE_HOME": work + "/state",
           "HOME": work}
    argv = [hammock, "--no-cache", "--no-history", url]

    def session():
        if args.via == "pty":
            return PtySession(argv, env)
        return TmuxSession(argv, env, work + "/tmux.sock")

    launches, requests, presses = [], [], []
    try:
        for run in range(args.runs):
            CounterHandler.first_request_at = None
            first = CounterHandler.count + 1
            start = time.monotonic()
            s = session()
            try:
                shown = s.wait_for(marker(first))
                launches.append((shown - start) * 1000)
                requests.append((CounterHandler.first_request_at - start) * 1000)
                if run == 0:
                    # One session for the presses: wait for the screen to settle before each.
                    for _ in range(args.runs):
                        s.settle()
                        n = CounterHandler.count + 1
                        pressed = s.press("r")
                        presses.append((s.wait_for(marker(n)) - pressed) * 1000)
            finally:
                s.close()
            time.sleep(0.2)
    finally:
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)

    def line(name, values):
        print("%-18s median %7.1f ms   (%s)" % (name, statistics.median(values),
                                                " ".join("%.1f" % v for v in values)))

    print("via %s, %d runs, %s" % (args.via, args.runs, hammock))
    line("launch -> request", requests)
    line("launch -> body", launches)
    line("r -> body", presses)


if __name__ == "__main__":
    main()
