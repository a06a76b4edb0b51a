#!/usr/bin/env python3
"""Measures hammock's CPU and frame rate under a storm of news, end to end on loopback.

Usage: scripts/measure-frames.py watch|stream [--seconds S] [--hammock PATH ...]

  watch   100 pinned resources refreshed every second (--watch-interval 1) against the demo API,
          served by a separate `hammock --serve-demo` process: 5 that change, 95 answered
          304 Not Modified, as scripts/measure-watch.sh pins them.
  stream  one Server-Sent Events stream of 1,000 events a second from a small server here
          (events of about 60 bytes, written every millisecond), shown live.

Each binary given with --hammock (default: HAMMOCK or .build/release/hammock; never built here)
runs in turn in a pseudo-terminal of 150x45 (TERM=xterm-256color) with empty config, cache and
history folders. After a warm-up of 5 s, for S seconds (default 30): the CPU hammock used
(utime+stime from /proc/PID/stat, as % of one core) and its frames, counted as the separate
writes of screen updates it makes (each frame is one write; this reader waits on every one).

Prints per binary: CPU %, frames a second on average, and the most frames in any one second.
"""

import argparse
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time


def sse_server(rate):
    """A Server-Sent Events server on 127.0.0.1 sending `rate` events a second to each client."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)

    def serve(conn):
        try:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                         b"Connection: close\r\n\r\nretry: 1000\n\n")
            sent = 0
            start = time.monotonic()
            while True:
                due = int((time.monotonic() - start) * rate)
                chunk = b"".join(b'id: %d\ndata: {"n": %d, "price": %d.%02d}\n\n' % (n, n, n % 997, n % 100)
                                 for n in range(sent + 1, due + 1))
                if chunk:
                    conn.sendall(chunk)
                sent = max(sent, due)
                time.sleep(0.001)
        except OSError:
            pass
        finally:
            conn.close()

    def accept():
        while True:
            conn, _ = listener.accept()
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    return "http://127.0.0.1:%d/events" % listener.getsockname()[1]


def demo_server(hammock, work):
    log = open(work + "/server.log", "w")
    process = subprocess.Popen([hammock, "--serve-demo", "0"], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(100):
        text = open(work + "/server.log").read()
        found = re.search(r"http://\S+", text)
        if found:
            return process, found.group(0).rstrip("/") + "/"
        time.sleep(0.1)
    process.kill()
    sys.exit("error: the demo server did not start")


def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(hammock, argv_tail, seconds, work):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
           "XDG_CONFIG_HOME": work + "/config", "XDG_CACHE_HOME": work + "/cache", "XDG_STATE_HOME": work + "/state",
           "HOME": work}
    argv = [hammock, "--no-cache", "--no-history"] + argv_tail
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 150, 0, 0))

    def pump(until, frames):
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                os.read(fd, 1 << 20)
                if frames is not None:
                    frames.append(time.monotonic())

    try:
        pump(time.monotonic() + 5, None)
        frames = []
        cpu_start, wall_start = cpu_seconds(pid), time.monotonic()
        pump(wall_start + seconds, frames)
        cpu = (cpu_seconds(pid) - cpu_start) / (time.monotonic() - wall_start) * 100
    finally:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
        os.close(fd)
    busiest = max((sum(1 for t in frames[i:] if t < frames[i] + 1) for i in range(len(frames))), default=0)
    return cpu, len(frames) / seconds, busiest


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", choices=["watch", "stream"])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--hammock", action="append")
    args = parser.parse_args()
    binaries = [os.path.realpath(b) for b in (args.hammock or [os.environ.get("HAMMOCK", ".build/release/hammock")])]
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            sys.exit("error: %s is not built (swift build -c release --product hammock)" % binary)

    work = tempfile.mkdtemp(prefix="hammock-frames.")
    server = None
    try:
        if args.scenario == "watch":
            server, base = demo_server(binaries[0], work)
            changing = ["/orders/7", "/live/counter", "/live/list", "/live/counter?copy=1", "/live/counter?copy=2"]
            tail = ["--watch-interval", "1"]
            for i in range(100):
                tail += ["--watch", changing[i] if i < len(changing) else "/live/static?n=%d" % i]
            tail.append(base)
        else:
            tail = [sse_server(1000)]
        print("%s, %g s after a 5 s warm-up" % (args.scenario, args.seconds))
        print("%-48s %7s %9s %14s" % ("binary", "cpu %", "frames/s", "busiest second"))
        for binary in binaries:
            cpu, rate, busiest = measure(binary, tail, args.seconds, work)
            print("%-48s %7.1f %9.1f %14d" % (binary, cpu, rate, busiest))
    finally:
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
