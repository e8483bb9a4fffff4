"""Benchmark: the cost of one network of gtm-fig-3 (M = 10, T = 6, ξ = max, integer
weights), part by part, and optionally the whole figure.

Usage::

    python benchmarks/figure_gtm.py [--networks N] [--samples S] [--workers W]

Part by part, interleaved over ``N`` networks per R (R = 1, 2, 4, 8), CPU seconds (one
BLAS thread): the grid (prefix-reusing recursion), the float64 SVD of the 1000 × 1000
matricization (what the trial no longer computes for an exact grid), the rank mod p on
FLINT (repeated lines dropped first), the same rank with tnverify's pure-Python fallback,
and the whole trial as ``tnverify figures`` runs it (:func:`tnverify.figures.gtm.rank_trial`)
with and without the float cross-check.  With ``--samples S`` it then computes the figure's
data with S networks per R on W local worker processes and prints the wall time and the
CPU-s per network (the issue's target: 10³ per R in < 10 min on 2 cores, ≤ 0.3 CPU-s per
network).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tnverify.conventions import derive_seed  # noqa: E402
from tnverify.figures import gtm as G  # noqa: E402
from tnverify.figures.gtm_trials import trial_grid  # noqa: E402
from tnverify.generalized.grid import odd_even_matricization  # noqa: E402
from tnverify.ranks.certified import rank_mod_p  # noqa: E402
from tnverify.ranks.numerical import numerical_rank  # noqa: E402


def cpu(fn):
    t = time.process_time()
    out = fn()
    return out, time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--networks", type=int, default=3, help="networks per R for the parts")
    ap.add_argument("--samples", type=int, default=0, help="also compute the figure")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    threadpool_limits(1)
    parts = {
        k: []
        for k in (
            "grid",
            "float SVD",
            "rank mod p (FLINT)",
            "rank mod p (pure Python)",
            "trial",
            "trial + float cross-check",
        )
    }
    for R in (1, 2, 4, 8):
        for i in range(args.networks):
            task = {
                "figure": "gtm-fig-3",
                "M": 10,
                "T": 6,
                "L": 10,
                "R": R,
                "xi": "relu",
                "shared": False,
                "weights": "integer",
                "device": "cpu",
                "trial": i,
                "seed": derive_seed(0, "gtm-fig-3", R, i),
            }
            net, F = G.draw_network(task)
            grid, t = cpu(lambda: trial_grid(net, F, "cpu"))
            parts["grid"].append(t)
            mat = odd_even_matricization(grid)
            parts["float SVD"].append(cpu(lambda: numerical_rank(mat))[1])
            m = mat.astype(np.int64)
            r1, t = cpu(lambda: rank_mod_p(m))
            parts["rank mod p (FLINT)"].append(t)
            r2, t = cpu(lambda: rank_mod_p(m, backend="python"))
            parts["rank mod p (pure Python)"].append(t)
            assert r1 == r2, (R, i, r1, r2)
            parts["trial"].append(cpu(lambda: G.rank_trial(task))[1])
            parts["trial + float cross-check"].append(
                cpu(lambda: G.rank_trial({**task, "cross_check": True}))[1]
            )
    ref = statistics.mean(parts["trial"])
    print(
        f"# gtm-fig-3 network (M = 10, T = 6, 1000 × 1000 matricization), "
        f"{args.networks} networks per R, CPU-s (mean over R = 1, 2, 4, 8)"
    )
    print("| part | CPU-s per network | / trial |")
    print("|---|---|---|")
    for k, v in parts.items():
        print(f"| {k} | {statistics.mean(v):.3f} | {statistics.mean(v) / ref:.2f} |")
    if args.samples:
        t0, c0 = time.perf_counter(), time.process_time()
        d = G.rank_histograms("gtm-fig-3", False, 0, samples=args.samples, workers=args.workers)
        wall = time.perf_counter() - t0
        n = args.samples * len(d["R_values"])
        print(
            f"\ngtm-fig-3 data at {args.samples} networks per R ({n} networks) on "
            f"{args.workers} workers: {wall:.1f} s wall, {args.workers * wall / n:.3f} "
            f"core-s per network (this process: {time.process_time() - c0:.1f} CPU-s)"
        )


if __name__ == "__main__":
    main()
