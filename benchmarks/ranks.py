"""Benchmark: certified ranks — tnverify (on FLINT) against FLINT called directly and
against tnverify's pure-Python fallback.

Usage::

    python benchmarks/ranks.py [--quick] [--repeats N]

For each matrix (random integers in {-2, ..., 2}, full rank and rank n/2, n = 50 ... 400;
and the (odd, even) matricizations of gtm-fig-3/-4 grids: 216² and 1000²), measured in
one process, calls interleaved (A B C A B C ...), median of the repeats:

* ``exact``      — :func:`tnverify.ranks.certified.exact_rank` (FLINT, conversion included);
* ``fmpz``       — ``flint.fmpz_mat(a.tolist()).rank()`` (conversion included);
* ``exact/py``   — ``exact_rank(a, backend="python")`` (fraction-free Bareiss in Python;
  skipped above n = 200 unless ``--full``: ~40 s per call at n = 400);
* ``modp``       — :func:`tnverify.ranks.certified.rank_mod_p` (FLINT);
* ``nmod``       — ``flint.nmod_mat((a % p).tolist(), p).rank()``;
* ``modp/py``    — ``rank_mod_p(a, backend="python")`` (blocked int64 elimination);

and the ratios to FLINT called directly.  BLAS at one thread (threadpoolctl).
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

import flint  # noqa: E402

from tnverify.ranks.certified import DEFAULT_PRIME, exact_rank, rank_mod_p  # noqa: E402


def matrices(quick: bool, full: bool):
    rng = np.random.default_rng(22)
    sizes = (50, 100, 200) if quick else (50, 100, 200, 400)
    for n in sizes:
        yield f"random {n}² full rank", rng.integers(-2, 3, (n, n)), n <= 200 or full
        h = n // 2
        low = rng.integers(-2, 3, (n, h)) @ rng.integers(-2, 3, (h, n))
        yield f"random {n}² rank {h}", low, n <= 200 or full
    from tnverify.figures.gtm_trials import draw_network, trial_grid
    from tnverify.generalized.grid import odd_even_matricization

    for M, R, shared in ((6, 4, True), (10, 2, False), (10, 8, False)):
        if quick and M == 10 and R == 8:
            continue
        task = {
            "M": M,
            "T": 6,
            "L": M,
            "R": R,
            "xi": "relu",
            "shared": shared,
            "weights": "integer",
            "seed": 7,
        }
        net, F = draw_network(task)
        mat = odd_even_matricization(trial_grid(net, F, "cpu")).astype(np.int64)
        yield f"gtm grid M={M} R={R} ({mat.shape[0]}²)", mat, mat.shape[0] <= 216 or full


def timed(fn, repeats: int, results: list):
    t = time.perf_counter()
    value = fn()
    results.append(time.perf_counter() - t)
    return value


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller sizes")
    ap.add_argument(
        "--full",
        action="store_true",
        help="also run the pure-Python exact rank above n = 200 (slow)",
    )
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    threadpool_limits(1)
    p = DEFAULT_PRIME
    print(
        f"# certified ranks, python-flint {flint.__version__}, p = {p}, "
        f"repeats={args.repeats} (median), interleaved"
    )
    print(
        "| matrix | rank | exact s | fmpz s | exact/fmpz | exact/py s | py/fmpz "
        "| modp s | nmod s | modp/nmod | modp/py s | py/nmod |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, a, run_py in matrices(args.quick, args.full):
        t = {k: [] for k in ("exact", "fmpz", "expy", "modp", "nmod", "mppy")}
        ranks = set()
        for _ in range(args.repeats):
            ranks.add(timed(lambda: exact_rank(a), 1, t["exact"]))
            ranks.add(timed(lambda: int(flint.fmpz_mat(a.tolist()).rank()), 1, t["fmpz"]))
            if run_py and (len(t["expy"]) == 0 or a.shape[0] <= 100):
                ranks.add(timed(lambda: exact_rank(a, backend="python"), 1, t["expy"]))
            r_mod = {
                timed(lambda: rank_mod_p(a), 1, t["modp"]),
                timed(lambda: int(flint.nmod_mat((a % p).tolist(), p).rank()), 1, t["nmod"]),
                timed(lambda: rank_mod_p(a, backend="python"), 1, t["mppy"]),
            }
            if len(r_mod) != 1 or len(ranks) != 1:
                raise SystemExit(f"{name}: the backends disagree: {ranks} {r_mod}")
        med = {k: statistics.median(v) if v else None for k, v in t.items()}

        def cell(x):
            return "—" if x is None else f"{x:.4f}"

        def ratio(x, y):
            return "—" if x is None else f"{x / y:.2f}"

        print(
            f"| {name} | {ranks.pop()} | {cell(med['exact'])} | {cell(med['fmpz'])} | "
            f"{ratio(med['exact'], med['fmpz'])} | {cell(med['expy'])} | "
            f"{ratio(med['expy'], med['fmpz'])} | {cell(med['modp'])} | "
            f"{cell(med['nmod'])} | {ratio(med['modp'], med['nmod'])} | "
            f"{cell(med['mppy'])} | {ratio(med['mppy'], med['nmod'])} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
