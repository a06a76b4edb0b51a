#!/usr/bin/env python3
"""Times `hammock jsonpath` against jq on the same large JSON file, as whole processes.

Usage: scripts/measure-jsonpath.py [--size-mb 100] [--runs 5] [--hammock PATH]

The file (an array of objects with an id, an active flag, an email and a nested list) is
generated once into /tmp/hammock-jsonpath/. Each query runs --runs times for each tool, the
tools alternating so that noise hits both alike; output goes to /dev/null. Prints, per query,
the median wall time and peak resident memory of each tool and their ratio, plus the number of
values each printed (counted once, outside the timed runs).
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import time

QUERIES = [
    ("all ids", "$..id", "[..|.id?]"),
    ("filter", "$[?@.active == true].email", ".[] | select(.active == true) | .email"),
]


def generate(path, size_mb):
    if os.path.exists(path) and os.path.getsize(path) >= size_mb * 1_000_000:
        return
    rng = random.Random(7)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as out:
        out.write("[")
        written, n = 1, 0
        while written < size_mb * 1_000_000:
            item = {
                "id": n,
                "active": rng.random() < 0.5,
                "email": f"user{n}@example.org",
                "score": round(rng.random() * 100, 2),
                "tags": [{"id": n * 10 + k, "name": f"tag{k}"} for k in range(3)],
            }
            text = ("," if n else "") + json.dumps(item)
            out.write(text)
            written += len(text)
            n += 1
        out.write("]")


def run(command):
    """Wall seconds and peak RSS (MB) of one run of `command`, output discarded."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{command[0]} failed with status {status}")
    return elapsed, usage.ru_maxrss / 1024


def count(command):
    output = subprocess.run(command, capture_output=True, check=False).stdout
    return output.count(b"\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size-mb", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hammock", default=".build/release/hammock")
    arguments = parser.parse_args()
    path = f"/tmp/hammock-jsonpath/items-{arguments.size_mb}mb.json"
    generate(path, arguments.size_mb)
    size = os.path.getsize(path) / 1_000_000
    print(f"file {path}: {size:.1f} MB")
    for name, jsonpath, jq in QUERIES:
        ours = [arguments.hammock, "jsonpath", jsonpath, path]
        theirs = ["jq", "-c", jq, path]
        results = {"hammock": [], "jq": []}
        for _ in range(arguments.runs):
            results["hammock"].append(run(ours))
            results["jq"].append(run(theirs))
        line = [f"{name}: {jsonpath!r} vs jq {jq!r}"]
        medians = {}
        for tool, runs in results.items():
            seconds = statistics.median(r[0] for r in runs)
            rss = statistics.median(r[1] for r in runs)
            medians[tool] = (seconds, rss)
            line.append(f"  {tool}: {seconds:.2f} s (runs {', '.join(f'{r[0]:.2f}' for r in runs)}), peak {rss:.0f} MB")
        ratio = medians["jq"][0] / medians["hammock"][0]
        line.append(f"  hammock is {ratio:.1f}x jq's speed; memory {medians['hammock'][1] / size:.2f}x the file")
        line.append(f"  values printed: hammock {count(ours)}, jq {count(theirs) if 'select' in jq else 'one array'}")
        print("\n".join(line))


if __name__ == "__main__":
    main()
