"""log Z of a uniform MPS Born machine: sequential transfer sweep vs tree of transfer
matrices (thesis §4.3.2, §4.1.3).  Prints time and relative agreement.

    python benchmarks/born.py                      # |V| = 33,278, L = 1024, R = 64 on CPU
    python benchmarks/born.py --device cuda
    python benchmarks/born.py --vocab 1000 --length 64 --rank 16   # quick
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch

from tnverify.cells.born import random_born
from tnverify.device import resolve_device


def _timed(fn, device):
    if device == "cuda":
        torch.cuda.synchronize()
    t0 = time.perf_counter()
    out = float(fn())
    if device == "cuda":
        torch.cuda.synchronize()
    return out, time.perf_counter() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vocab", type=int, default=33_278)
    ap.add_argument("--length", type=int, default=1024)
    ap.add_argument("--rank", type=int, default=64)
    ap.add_argument("--device", default="cpu", choices=("auto", "cpu", "cuda"))
    ap.add_argument("--complex", action="store_true")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    device = resolve_device(a.device)
    m = random_born(
        a.vocab,
        a.length,
        a.rank,
        np.random.default_rng(a.seed),
        complex=a.complex,
        uniform=True,
        device=device,
    )
    with torch.no_grad():
        seq, t_seq = _timed(m.log_partition, device)
        tree, t_tree = _timed(m.log_partition_tree, device)
    rel = abs(seq - tree) / abs(seq) if seq else abs(seq - tree)
    print(f"device={device} |V|={a.vocab} L={a.length} R={a.rank} complex={a.complex}")
    print(f"log Z sequential = {seq!r}  ({t_seq:.3f} s, O(|V| L R^3))")
    print(f"log Z tree       = {tree!r}  ({t_tree:.3f} s, O(|V| R^4 + R^6 log L))")
    print(f"relative difference = {rel:.3e}  finite = {np.isfinite(seq) and np.isfinite(tree)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
