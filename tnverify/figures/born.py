"""The figure ``born-z-scaling``: measured time of ``log Z`` of an MPS Born machine by
transfer matrices vs ``|V|``, ``L`` and ``R``, against the model ``t = c·|V|·L·R³`` with the
fitted constant ``c`` (thesis §4.3.2, the cost of Z).  Registered on import in
:mod:`tnverify.figures.registry`; the constants are re-exported from :mod:`tnverify.figures`.
"""

from __future__ import annotations

import platform

import numpy as np

from .registry import Figure, new_figure, register_figure

__all__ = ["BORN_SIZES", "BORN_TARGET"]

#: Sweeps of ``born-z-scaling``: a base point and the values of each swept parameter.
BORN_SIZES = {
    True: {
        "base": {"vocab_size": 128, "length": 8, "rank": 16},
        "vocab_size": [64, 128, 256, 512],
        "length": [4, 8, 16, 32],
        "rank": [4, 8, 16, 32],
        "repeats": 3,
    },
    False: {
        "base": {"vocab_size": 1024, "length": 32, "rank": 32},
        "vocab_size": [256, 512, 1024, 2048, 4096],
        "length": [8, 16, 32, 64, 128],
        "rank": [8, 16, 32, 64],
        "repeats": 3,
    },
}
#: The size of the issue's benchmark, where the fitted model is extrapolated.
BORN_TARGET = {"vocab_size": 33278, "length": 1024, "rank": 64}


def _born_log_z(V: int, L: int, R: int, seed: int):
    """``(callable computing log Z, description)`` for a real Born machine with one core
    shared by all sites (uniform: memory ``|V|R²``; the sweep still does one transfer
    step per site): :meth:`tnverify.cells.born.BornMachine.log_partition`."""
    from ..cells.born import random_born

    bm = random_born(V, L, R, np.random.default_rng(seed), uniform=True)
    return (
        lambda: float(bm.log_partition()),
        "tnverify.cells.born.BornMachine.log_partition (random_born, uniform=True)",
    )


def _time_point(V: int, L: int, R: int, repeats: int, seed: int) -> dict:
    import time

    import torch

    run, impl = _born_log_z(V, L, R, seed)
    with torch.no_grad():
        log_z = run()  # warm-up (allocations, first-call overhead)
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            log_z = run()
            times.append(time.perf_counter() - t0)
    return {
        "vocab_size": V,
        "length": L,
        "rank": R,
        "seconds": min(times),
        "all_seconds": times,
        "log_z": log_z,
        "units": V * L * R**3,
        "implementation": impl,
    }


def _born_sweeps(sizes: dict, seed: int) -> dict:
    from ..conventions import derive_seed

    sweeps = {}
    for param in ("vocab_size", "length", "rank"):
        points = []
        for value in sizes[param]:
            p = dict(sizes["base"], **{param: value})
            points.append(
                _time_point(
                    p["vocab_size"],
                    p["length"],
                    p["rank"],
                    sizes["repeats"],
                    derive_seed(seed, "born-z-scaling", param, value),
                )
            )
        slope = np.polyfit(
            np.log([q[param] for q in points]), np.log([q["seconds"] for q in points]), 1
        )[0]
        sweeps[param] = {
            "points": points,
            "fitted_exponent": float(slope),
            "model_exponent": 3 if param == "rank" else 1,
        }
    return sweeps


def born_data(fast: bool, seed: int) -> dict:
    """Time log Z along three sweeps and fit ``t = c·|V|·L·R³`` (least squares in log t)."""
    import torch

    sizes = BORN_SIZES[bool(fast)]
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # one thread: reproducible on a shared machine; restored below
    try:
        sweeps = _born_sweeps(sizes, seed)
    finally:
        torch.set_num_threads(threads)
    allp = [q for s in sweeps.values() for q in s["points"]]
    log_c = float(np.mean([np.log(q["seconds"]) - np.log(q["units"]) for q in allp]))
    c = float(np.exp(log_c))
    ratios = [q["seconds"] / (c * q["units"]) for q in allp]
    target_units = BORN_TARGET["vocab_size"] * BORN_TARGET["length"] * BORN_TARGET["rank"] ** 3
    return {
        "model": "t = c * |V| * L * R^3 (thesis §4.3.2: O(|V| L R^3))",
        "fit": "log c = mean(log t - log(|V| L R^3)) over every point (least squares "
        "in log t); t = min over repeats after one warm-up run",
        "c_seconds": c,
        "measured_over_model": {"min": min(ratios), "max": max(ratios)},
        "gflops_at_4VLR3": 4e-9 / c,
        "implementation": allp[0]["implementation"],
        "base": sizes["base"],
        "repeats": sizes["repeats"],
        "sweeps": sweeps,
        "target": dict(BORN_TARGET, units=target_units, predicted_seconds_here=c * target_units),
        "device": "cpu",
        "torch_threads": 1,
        "dtype": "float64",
        "processor": platform.processor() or platform.machine(),
    }


_SYMBOLS = {"vocab_size": "|V|", "length": "L", "rank": "R"}
_LABELS = {
    "vocab_size": "vocabulary size |V|",
    "length": "sequence length L (sites)",
    "rank": "bond dimension R",
}


def born_plot(record: dict):
    from matplotlib.ticker import NullLocator

    d = record["data"]
    c = d["c_seconds"]
    mfig, axes = new_figure(3, width=4.4)
    for ax, (param, sweep) in zip(axes, d["sweeps"].items()):
        pts = sweep["points"]
        x = np.array([q[param] for q in pts], dtype=float)
        ax.loglog(x, [q["seconds"] for q in pts], "C0o", label="measured (min of repeats)")
        xs = np.geomspace(x.min(), x.max(), 50)
        units = np.array([q["units"] for q in pts], dtype=float)
        ax.loglog(
            xs,
            c * units[0] * (xs / x[0]) ** sweep["model_exponent"],
            "C3-",
            label=f"model c·|V|·L·R³ (slope {sweep['model_exponent']})",
        )
        others = ", ".join(f"{_SYMBOLS[k]} = {d['base'][k]}" for k in _SYMBOLS if k != param)
        ax.set_title(
            f"vs {_SYMBOLS[param]} ({others})\nfitted slope {sweep['fitted_exponent']:.2f}",
            fontsize=10,
        )
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks(x, [str(int(v)) for v in x])
        ax.grid(True, which="both", alpha=0.3)
        ax.set_xlabel(_LABELS[param])
        ax.set_ylabel("time of log Z (s)")
        ax.legend(fontsize=8)
    mfig.suptitle(
        f"log Z of a Born machine by transfer matrices ({d['device']}, float64): "
        f"c = {c:.3g} s per |V|·L·R³ unit ≈ {d['gflops_at_4VLR3']:.2f} GFLOP/s at "
        f"4|V|LR³ flops" + (" [fast mode: small sizes]" if record.get("fast") else ""),
        fontsize=11,
    )
    return mfig


register_figure(
    Figure(
        "born-z-scaling",
        "cost of log Z by transfer matrices vs |V|, L, R against O(|V| L R^3)",
        born_data,
        born_plot,
    )
)
