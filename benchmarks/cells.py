"""Tokens/s of every cell in tnverify/cells on CPU, and the time of each [ttlm] claim's
scaled check (scale "small").

Run: ``OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/cells.py``.  Other helpers' cells
are imported lazily; a missing module or class is reported as skipped.
"""

from __future__ import annotations

import importlib
import time

import numpy as np
import torch


def _time(fn, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _ttlm_cells(V, R, B, N, rng):
    from tnverify.cells.ttlm import TTScorer
    from tnverify.cells.ttlm_variants import TTLMLarge, TTLMTiny, UniformTTLM
    s = 1.0 / R
    first, core = rng.standard_normal((V, R)) * s, rng.standard_normal((R, V, R)) * s
    args = (rng.standard_normal((V, R, R)) * s, rng.standard_normal((R, R)) * s,
            rng.standard_normal((R, R, R)), rng.standard_normal(R))
    W_eh = rng.standard_normal((R,) * 4) * s * s
    return {
        "TTScorer (site-dependent)": (TTScorer([first[None]] + [core] * (N - 2)
                                               + [first.T[:, :, None]]), "forward"),
        "UniformTTLM": (UniformTTLM(first, core), "forward"),
        "TTLMTiny (reshape)": (TTLMTiny(*args), "hidden"),
        "TTLMTiny (delta)": (TTLMTiny(*args, reading="delta"), "hidden"),
        "TTLMLarge (reshape)": (TTLMLarge(args[0], W_eh, *args[1:]), "hidden"),
    }


def _other_cells():
    """Cells of the other helpers' modules that take (tokens) in forward: skipped unless a
    module exposes ``benchmark_cells(V, R, rng) -> dict name -> (module, method)``."""
    import pkgutil
    import tnverify.cells as pkg
    found, skipped = {}, []
    for m in pkgutil.iter_modules(pkg.__path__):
        if m.name in ("ttlm", "ttlm_variants"):
            continue
        try:
            mod = importlib.import_module(f"tnverify.cells.{m.name}")
        except Exception as exc:  # noqa: BLE001 - report, do not fail
            skipped.append(f"{m.name}: {type(exc).__name__}")
            continue
        if hasattr(mod, "benchmark_cells"):
            found[m.name] = mod.benchmark_cells
        else:
            skipped.append(f"{m.name}: no benchmark_cells()")
    return found, skipped


def main(V=1000, R=20, B=64, N=64, seed=0):
    rng = np.random.default_rng(seed)
    tok = torch.as_tensor(rng.integers(0, V, (B, N)))
    print(f"cells, CPU, float64, |V|={V}, R={R}, B={B}, N={N}, torch threads "
          f"{torch.get_num_threads()}")
    with torch.no_grad():
        for name, (cell, meth) in _ttlm_cells(V, R, B, N, rng).items():
            t = _time(lambda: getattr(cell, meth)(tok))
            print(f"  {name:28s} {B * N / t:12.0f} tokens/s")
        found, skipped = _other_cells()
        for mod, factory in found.items():
            try:
                for name, (cell, meth) in factory(V, R, rng).items():
                    t = _time(lambda: getattr(cell, meth)(tok))
                    print(f"  {mod}.{name:20s} {B * N / t:12.0f} tokens/s")
            except Exception as exc:  # noqa: BLE001
                print(f"  {mod}: skipped ({type(exc).__name__}: {exc})")
        for s in skipped:
            print(f"  skipped {s}")
    import tnverify.claims.ttlm_variants  # noqa: F401
    from tnverify.claims import all_claims, run_claim
    print("[ttlm] claims, scaled side, scale='small' (seconds):")
    for c in all_claims():
        cid = c.id
        if c.group == "ttlm" and c.scaled is not None:
            t0 = time.perf_counter()
            r = run_claim(cid, sides=("scaled",))
            print(f"  {cid:32s} {time.perf_counter() - t0:7.2f}  {r.verdict}")


if __name__ == "__main__":
    main()
