"""Grid tensors of generalized RNNs (gtm App. A, Prop. A.3): the vectorised
builder (level-by-level prefix reuse, tnverify.generalized.grid.grid_tensor) against per-sequence
evaluation and against a memory-bandwidth floor (one write of the grid).

    python benchmarks/grid.py                       # ξ = max, M = 10, T = 6, R = 1, 2, 4, 8
    python benchmarks/grid.py --quick               # M = 6, T = 5
    python benchmarks/grid.py --device cuda --T 8   # 10^8 entries on a GPU

Columns (median of ``--repeats``; one BLAS/torch thread on the CPU unless ``--threads``):

- **numpy s**: ``grid_tensor(net)`` (float64, 1 MiB chunks on the CPU).
- **torch s**: ``grid_tensor(net, backend="torch", device=...)`` (float64).
- **per-seq s**: ``net.score`` called on one sequence at a time (a Python loop), timed on
  ``--sample`` sequences and extrapolated to all M^T (the per-sequence oracle).
- **batched s**: ``grid_by_evaluation`` (Eq. 16 on all M^T rows at once, vectorised over
  sequences; CPU only).
- **floor s**: one write of the grid: ``np.empty(M^T).fill(1.0)`` (CPU) or
  ``torch.empty(M^T, device).fill_(1.0)`` — a lower bound for any builder.
- **speed-up** = per-seq / best builder; **/floor** = best builder / floor.
- **agree**: max |grid − per-sequence| / max |grid| on the sampled sequences.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import numpy as np

from tnverify.generalized.grid import grid_by_evaluation, grid_tensor, random_generalized_rnn


def _sync(device):
    if device == "cuda":
        import torch

        torch.cuda.synchronize()


def _median_time(fn, repeats, device="cpu"):
    times = []
    for _ in range(repeats):
        _sync(device)
        t0 = time.perf_counter()
        out = fn()
        _sync(device)
        times.append(time.perf_counter() - t0)
        del out
    return statistics.median(times)


def _floor(n, device, repeats):
    if device == "cpu":

        def write():
            a = np.empty(n)
            a.fill(1.0)
            return a
    else:
        import torch

        def write():
            return torch.empty(n, dtype=torch.float64, device=device).fill_(1.0)

    return _median_time(write, repeats, device)


def _per_sequence(net, M, T, sample, rng):
    """Seconds per sequence of ``net.score`` called one sequence at a time; the sampled
    sequences and their scores (for the agreement column)."""
    idx = rng.integers(0, M, size=(sample, T))
    eye = np.eye(M)
    t0 = time.perf_counter()
    scores = np.array([net.score(eye[idx[s]][None])[0] for s in range(sample)])
    return (time.perf_counter() - t0) / sample, idx, scores


def run_case(M, T, R, *, device, repeats, sample, batched, seed):
    rng = np.random.default_rng(seed)
    net = random_generalized_rnn(M, T, R, "relu", rng)
    n = M**T
    row = {"M": M, "T": T, "R": R, "entries": n}
    if device == "cpu":
        row["numpy"] = _median_time(lambda: grid_tensor(net), repeats)
    row["torch"] = _median_time(
        lambda: grid_tensor(net, backend="torch", device=device), repeats, device
    )
    per_seq, idx, scores = _per_sequence(net, M, T, sample, rng)
    row["per_seq"] = per_seq * n
    row["batched"] = (
        _median_time(lambda: grid_by_evaluation(net), 1) if batched and device == "cpu" else None
    )
    row["floor"] = _floor(n, device, repeats)
    g = grid_tensor(net, backend="torch", device=device) if device != "cpu" else grid_tensor(net)
    g = g.cpu().numpy() if hasattr(g, "cpu") else g
    got = g[tuple(idx.T)]
    row["agree"] = float(np.abs(got - scores).max() / max(np.abs(g).max(), 1e-300))
    best = min(v for v in (row.get("numpy"), row["torch"]) if v is not None)
    row["speedup"] = row["per_seq"] / best
    row["over_floor"] = best / row["floor"]
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--M", type=int, default=10)
    ap.add_argument("--T", type=int, default=6)
    ap.add_argument("--ranks", type=int, nargs="+", default=[1, 2, 4, 8])
    ap.add_argument("--device", default="cpu", choices=("auto", "cpu", "cuda"))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--sample", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--no-batched", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    import torch
    from threadpoolctl import threadpool_limits

    from tnverify.device import resolve_device

    device = resolve_device(a.device)
    M, T = (6, 5) if a.quick else (a.M, a.T)
    torch.set_num_threads(a.threads)
    print(
        f"device={device} ({torch.cuda.get_device_name() if device == 'cuda' else platform.processor() or platform.machine()}), "
        f"threads={a.threads}, numpy {np.__version__}, torch {torch.__version__}, "
        f"ξ = max(x, y, 0), L = M, repeats={a.repeats}, per-sequence sample={a.sample}"
    )
    print(
        "| M | T | R | entries | numpy s | torch s | per-seq s | batched s | floor s | "
        "speed-up | /floor | agree |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    fmt = lambda v: "–" if v is None else f"{v:.4g}"  # noqa: E731
    with threadpool_limits(a.threads):
        for R in a.ranks:
            r = run_case(
                M,
                T,
                R,
                device=device,
                repeats=a.repeats,
                sample=a.sample,
                batched=not a.no_batched,
                seed=a.seed,
            )
            print(
                f"| {M} | {T} | {R} | {r['entries']:,} | {fmt(r.get('numpy'))} | "
                f"{fmt(r['torch'])} | {fmt(r['per_seq'])} | {fmt(r['batched'])} | "
                f"{fmt(r['floor'])} | {r['speedup']:.0f}× | {r['over_floor']:.0f}× | "
                f"{r['agree']:.1e} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
