"""Benchmark: ``tnverify verify`` (every claim, defaults) idle and beside one competing
busy process, measured in one run.

Usage::

    python benchmarks/verify_load.py [--runs N] [--args "--group xi-networks"]

Each run is a fresh ``python -m tnverify verify`` subprocess (defaults: ``--jobs`` = the
available cores, one torch/BLAS thread per process).  The runs alternate: idle, loaded
(one extra process spinning a pure-Python loop on one core for the whole run), idle,
loaded, ...  It prints the wall time of each run, the machine's load average before it,
the medians and the ratio loaded / idle.  On a machine shared with other jobs the
"idle" runs are not idle: the load average says what they shared the cores with, and the
ratio from the same run is what to quote.  Add ``--also-one-job`` to time ``--jobs 1``
the same way, ``--also "--jobs 1 --threads 2"`` for any other setting.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time

_SPIN = "import time\nt = time.time() + 3600\nwhile time.time() < t:\n    pass\n"


def run_verify(extra: list[str]) -> float:
    t = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "tnverify", "verify", *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - t
    if proc.returncode != 0:
        raise SystemExit(f"tnverify verify {' '.join(extra)} exited {proc.returncode}")
    return wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2, help="runs per setting (default 2)")
    ap.add_argument("--args", default="", help="extra arguments of tnverify verify")
    ap.add_argument("--also-one-job", action="store_true", help="also time --jobs 1")
    ap.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="ARGS",
        help="also time verify with these arguments, e.g. '--jobs 1 --threads 2' "
        "(one process at torch's own thread count: the behaviour before "
        "tnverify set its threads); repeatable",
    )
    args = ap.parse_args()
    extra = shlex.split(args.args)
    settings = [("default", extra)] + (
        [("--jobs 1", extra + ["--jobs", "1"])] if args.also_one_job else []
    )
    settings += [(a, extra + shlex.split(a)) for a in args.also]
    print(
        f"# tnverify verify {' '.join(extra) or '(every claim)'}; cores available: "
        f"{len(os.sched_getaffinity(0))}; runs alternate idle / one busy process"
    )
    print("| setting | load | run | load avg (1 min) before | wall s |")
    print("|---|---|---|---|---|")
    walls: dict = {}
    for i in range(args.runs):
        for name, argv in settings:
            for busy in (False, True):
                spinner = subprocess.Popen([sys.executable, "-c", _SPIN]) if busy else None
                try:
                    load = os.getloadavg()[0]
                    wall = run_verify(argv)
                finally:
                    if spinner is not None:
                        spinner.kill()
                        spinner.wait()
                walls.setdefault((name, busy), []).append(wall)
                print(
                    f"| {name} | {'1 busy process' if busy else 'idle'} | {i + 1} | "
                    f"{load:.2f} | {wall:.1f} |",
                    flush=True,
                )
    print()
    for name, _ in settings:
        idle = statistics.median(walls[(name, False)])
        busy = statistics.median(walls[(name, True)])
        print(
            f"{name}: median idle {idle:.1f} s, with one busy process {busy:.1f} s, "
            f"ratio {busy / idle:.2f}"
        )


if __name__ == "__main__":
    main()
