"""Tokens/s of every cell in ``tnverify.cells``, as a ratio to the generic TT-core cell
(``TTScorer`` with one shared core: the named reference, measured in the same run), and
the time of each ``[ttlm]`` claim's scaled check.

Run::

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/cells.py [--device cpu|cuda]
        [--vocab 1000] [--rank 20] [--batch 64] [--length 64] [--dtype float64]

On this project's 2-core machines absolute tokens/s moved by large factors between runs
(LAPACK paths moved 3-4x between runs while the interleaved ratios did not): quote the ratios.  Timings interleave the cells
(A B C … A B C …) and keep the best of ``--repeat`` rounds.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch


def _cells(V: int, R: int, N: int, rng: np.random.Generator, dtype, device) -> dict:
    """name -> (module, method called on the (B, N) token batch)."""
    from tnverify.cells.recurrent import MIRNN, RAC, GeneralMIRNN, SecondOrderRNN, VanillaRNN
    from tnverify.cells.tslm import TSLM
    from tnverify.cells.ttlm import TTScorer
    from tnverify.cells.ttlm_variants import TTLMLarge, TTLMTiny, UniformTTLM

    s = 1.0 / np.sqrt(R)  # keeps ‖h‖ of order one per step
    kw = dict(dtype=dtype, device=device)
    first, core = rng.standard_normal((V, R)) * s, rng.standard_normal((R, V, R)) * s
    tiny = (
        rng.standard_normal((V, R, R)) * s,
        rng.standard_normal((R, R)) * s,
        rng.standard_normal((R, R, R)) * s,
        rng.standard_normal(R),
    )
    W_eh = rng.standard_normal((R,) * 4) * s * s
    W_hx, W_hh = rng.standard_normal((R, V)) * s, rng.standard_normal((R, R)) * s
    vec = lambda: rng.standard_normal(R) * s  # noqa: E731
    g = torch.Generator().manual_seed(int(rng.integers(2**62)))
    return {
        "TTScorer (reference)": (
            TTScorer(
                [first[None], core, first.T[:, :, None]], sites=[0] + [1] * (N - 2) + [2], **kw
            ),
            "forward",
        ),
        "UniformTTLM": (UniformTTLM(first, core, **kw), "forward"),
        "TTLMTiny (reshape)": (TTLMTiny(*tiny, **kw), "hidden"),
        "TTLMTiny (delta)": (TTLMTiny(*tiny, reading="delta", **kw), "hidden"),
        "TTLMLarge (reshape)": (TTLMLarge(tiny[0], W_eh, *tiny[1:], **kw), "hidden"),
        "SecondOrderRNN": (SecondOrderRNN(rng.standard_normal((V, R, R)) * s, **kw), "forward"),
        "RAC": (RAC(W_hx, W_hh, **kw), "forward"),
        "MIRNN": (MIRNN(W_hx, W_hh, **kw), "forward"),
        "GeneralMIRNN": (GeneralMIRNN(W_hx, W_hh, vec(), vec(), vec(), vec(), **kw), "forward"),
        "VanillaRNN": (VanillaRNN(W_hh, W_hx, vec(), **kw), "forward"),
        "TSLM": (TSLM(V, R, R, generator=g).to(**kw), "forward"),
    }


def _sync(device: str) -> None:
    if device == "cuda":
        torch.cuda.synchronize()


def bench_cells(V, R, B, N, *, seed=0, dtype=torch.float64, device="cpu", repeat=3) -> dict:
    """Best seconds per cell over ``repeat`` interleaved rounds."""
    rng = np.random.default_rng(seed)
    cells = _cells(V, R, N, rng, dtype, device)
    tok = torch.as_tensor(rng.integers(0, V, (B, N)), device=device)
    best = {name: float("inf") for name in cells}
    with torch.no_grad():
        for cell, meth in cells.values():  # warm-up round
            getattr(cell, meth)(tok)
        for _ in range(repeat):
            for name, (cell, meth) in cells.items():
                _sync(device)
                t0 = time.perf_counter()
                getattr(cell, meth)(tok)
                _sync(device)
                best[name] = min(best[name], time.perf_counter() - t0)
    return best


def bench_claims() -> dict:
    """Seconds of each [ttlm] claim's scaled side at scale 'small' on the CPU."""
    from tnverify.claims import all_claims, run_claim

    out = {}
    for c in all_claims():
        if c.group == "ttlm" and c.scaled is not None:
            t0 = time.perf_counter()
            r = run_claim(c, sides=("scaled",))
            out[c.id] = (time.perf_counter() - t0, r.verdict)
    return out


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    p.add_argument("--dtype", default="float64", choices=("float64", "float32"))
    p.add_argument("--vocab", type=int, default=1000)
    p.add_argument("--rank", type=int, default=20)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--length", type=int, default=64)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--no-claims", action="store_true", help="skip timing the claims")
    a = p.parse_args(argv)
    dtype = getattr(torch, a.dtype)
    best = bench_cells(
        a.vocab, a.rank, a.batch, a.length, dtype=dtype, device=a.device, repeat=a.repeat
    )
    ref = best["TTScorer (reference)"]
    tokens = a.batch * a.length
    print(
        f"cells on {a.device}, {a.dtype}, |V|={a.vocab}, R={a.rank}, B={a.batch}, "
        f"N={a.length}, torch threads {torch.get_num_threads()}"
    )
    print(f"  {'cell':24s} {'tokens/s':>12s} {'time / reference':>17s}")
    for name, t in best.items():
        print(f"  {name:24s} {tokens / t:12.0f} {t / ref:17.2f}")
    if not a.no_claims:
        print("[ttlm] claims, scaled side at scale 'small' on the CPU:")
        for cid, (sec, verdict) in bench_claims().items():
            print(f"  {cid:32s} {sec:7.2f} s  {verdict}")


if __name__ == "__main__":
    main()
