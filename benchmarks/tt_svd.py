"""Benchmark: tnverify.tt_svd against TensorLy's ``tensor_train`` and against a floor.

Usage::

    python benchmarks/tt_svd.py [--quick] [--repeats N]

For each named shape (2^20, 4^10, 10^6, 32^4, 8^7), dense Gaussian and planted low rank,
this prints, measured in one run, the median time of

* ``tt_svd``    — :func:`tnverify.tt.svd.tt_svd` (dense: ``eps=0, max_rank=16``, because
  full ranks at ``eps=0`` are up to 1000 for 10^6; planted: rank-8 random TT, ``eps`` at
  the rounding level ``tolerance(float64, n=N).value``, no cap);
* ``tensorly``  — ``tensorly.decomposition.tensor_train`` at the ranks ``tt_svd`` chose
  (TensorLy takes ranks, not an accuracy);
* ``floor``     — one thin SVD of the first unfolding ``A_[1]`` (gesdd, tall orientation):
  a lower bound on any TT-SVD that reads the whole tensor through an SVD,
* ``steps``     — bare gesdd (tall orientation) of every step matrix of Algorithm 1,
  precomputed: the LAPACK cost the algorithm cannot avoid at these ranks,

and the ratios ``tt_svd / tensorly``, ``tt_svd / floor`` and ``tt_svd / steps``.  Calls are interleaved
(A B C A B C ...), BLAS is limited to 1 thread with threadpoolctl, and the BLAS in use is
printed.  Goals: ≤ 1.0× TensorLy, ≤ 1.3× the floor.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import scipy.linalg
from threadpoolctl import threadpool_info, threadpool_limits

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tnverify.conventions import tolerance  # noqa: E402
from tnverify.tt import random_tt  # noqa: E402
from tnverify.tt.svd import tt_svd  # noqa: E402

SHAPES = {
    "2^20": (2,) * 20,
    "4^10": (4,) * 10,
    "10^6": (10,) * 6,
    "32^4": (32,) * 4,
    "8^7": (8,) * 7,
}
DENSE_CAP = 16
PLANTED_RANK = 8


def floor_svd(a: np.ndarray):
    """Thin SVD of the first unfolding in its tall orientation (gesdd)."""
    m = a.reshape(a.shape[0], -1)
    if m.shape[0] < m.shape[1]:
        m = m.T
    return scipy.linalg.svd(m, full_matrices=False, check_finite=False, lapack_driver="gesdd")


def step_matrices(a: np.ndarray, res) -> list:
    """The matrices Algorithm 1 factorises: C_0 = A_[1], C_{k+1} = reshape(U_kᵀ C_k)."""
    mats, c = [], a.reshape(a.shape[0], -1)
    for k, core in enumerate(res.cores[:-1]):
        mats.append(np.ascontiguousarray(c))
        u = core.reshape(-1, core.shape[2])
        c = (u.T @ c).reshape(core.shape[2] * a.shape[k + 1], -1)
    return mats


def steps_svd(mats):
    for m in mats:
        scipy.linalg.svd(
            m.T if m.shape[0] < m.shape[1] else m,
            full_matrices=False,
            check_finite=False,
            lapack_driver="gesdd",
        )


def cases(quick: bool):
    rng = np.random.default_rng(20240601)
    for name, shape in SHAPES.items():
        yield name, "dense", rng.standard_normal(shape), {"eps": 0.0, "max_rank": DENSE_CAP}
        a = random_tt(shape, PLANTED_RANK, rng).full()
        yield (
            name,
            f"planted r{PLANTED_RANK}",
            a,
            {"eps": tolerance(np.float64, n=a.size, norm=1.0).value},
        )
        if quick and name == "10^6":
            break


def measure(a, kwargs, repeats):
    from tensorly.decomposition import tensor_train

    res = tt_svd(a, **kwargs)
    ranks = list(res.ranks)
    peer = tensor_train(a, rank=ranks)
    assert tuple([1] + [f.shape[2] for f in peer.factors]) == res.ranks
    funcs = {
        "tt_svd": lambda: tt_svd(a, **kwargs),
        "tensorly": lambda: tensor_train(a, rank=list(ranks)),
        "floor": lambda: floor_svd(a),
    }
    mats = step_matrices(a, res)
    funcs["steps"] = lambda: steps_svd(mats)
    times = {k: [] for k in funcs}
    for _ in range(repeats):  # interleaved A B C A B C ...
        for k, f in funcs.items():
            t0 = time.perf_counter()
            f()
            times[k].append(time.perf_counter() - t0)
    return res, {k: statistics.median(v) for k, v in times.items()}


#: Tiny tensors, where a call's fixed cost (wrappers, validation, building the result)
#: dominates: per-call median over many interleaved calls.
TINY = {"3^3": (3,) * 3, "2^6": (2,) * 6, "4^4": (4,) * 4, "10^3": (10,) * 3}


def tiny(calls: int) -> None:
    from tensorly.decomposition import tensor_train

    rng = np.random.default_rng(7)
    print("| shape | tt_svd µs | tensorly µs | tt_svd/tensorly |")
    print("|---|---|---|---|")
    for name, shape in TINY.items():
        a = rng.standard_normal(shape)
        ranks = list(tt_svd(a).ranks)
        ta, tb = [], []
        for _ in range(calls):
            t0 = time.perf_counter()
            tt_svd(a)
            ta.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            tensor_train(a, rank=ranks)
            tb.append(time.perf_counter() - t0)
        ma, mb = statistics.median(ta), statistics.median(tb)
        print(f"| {name} | {ma * 1e6:.0f} | {mb * 1e6:.0f} | {ma / mb:.2f} |", flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="three shapes, 3 repeats")
    p.add_argument("--repeats", type=int, default=None)
    p.add_argument(
        "--tiny",
        action="store_true",
        help="per-call cost on tiny tensors (3^3, 2^6, 4^4, 10^3) instead",
    )
    args = p.parse_args(argv)
    if args.tiny:
        with threadpool_limits(1):
            tiny(args.repeats or 500)
        return 0
    repeats = args.repeats or (3 if args.quick else 7)
    with threadpool_limits(1):
        blas = [
            f"{i.get('internal_api')} {i.get('version')} ({i.get('num_threads')} thr)"
            for i in threadpool_info()
            if i.get("user_api") == "blas"
        ]
        print(
            f"# tt_svd benchmark {datetime.date.today()}  {platform.machine()} "
            f"{platform.processor() or ''}  python {platform.python_version()}  "
            f"numpy {np.__version__}  BLAS: {', '.join(blas)}  repeats={repeats} "
            "(median)"
        )
        print(
            "| shape | tensor | ranks (max) | tt_svd s | tensorly s | floor s | "
            "steps s | tt_svd/tensorly | tt_svd/floor | tt_svd/steps |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
        for name, kind, a, kwargs in cases(args.quick):
            res, t = measure(a, kwargs, repeats)
            print(
                f"| {name} | {kind} | {max(res.ranks)} | {t['tt_svd']:.4f} | "
                f"{t['tensorly']:.4f} | {t['floor']:.4f} | {t['steps']:.4f} | "
                f"{t['tt_svd'] / t['tensorly']:.2f} | {t['tt_svd'] / t['floor']:.2f} | "
                f"{t['tt_svd'] / t['steps']:.2f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
