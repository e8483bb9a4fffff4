"""Figures of the [lru-stats] group (thesis §4.2.2 and §6.3–6.4).

- ``thesis-fig-4.7``: eigenvalues of a Glorot (Ginibre, variance 1/H) matrix with the unit
  circle, and their radial CDF against the circular law ``P(|λ| ≤ r) = r²`` (Thm. 4.2.1).
- ``thesis-fig-4.8``: samples of Lemma 4.2.1 (r_min = 0, r_max = 1, and a ring 0.4–0.9)
  beside Glorot eigenvalues (Fig. 4.8 caption).
- ``thesis-fig-6.8``: histograms of the product of four real normals and of the real part
  of the product of four complex normals (readings (a), (b)), raw and z-scored, with the
  exact Fisher kurtoses 78 and 21 (:mod:`tnverify.lru.products`).
- ``thesis-decay``: mean |h^{(t)}| vs step t for an additive linear recurrence
  ``h = A h + B f`` (vRNN-LIN, Eq. 6.1 with φ = id) and a multiplicative one
  ``h = A h ⊙ B f`` (RAC, Eq. 5.15) at initialisation, with least-squares fits of Eq. 6.4
  ``y = a e^{−bx}`` and the printed fits (§6.3.1–6.3.2).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..conventions import derive_seed
from .registry import Figure, new_figure, register_figure

__all__ = ["DECAY_SIZES"]


def _ginibre_data(fast: bool, seed: int) -> dict:
    from ..lru.theory import glorot_eigenvalues

    H = 200 if fast else 2000
    lam = glorot_eigenvalues(H, np.random.default_rng(derive_seed(seed, "fig-4.7")))
    r = np.sort(np.abs(lam))
    return {
        "H": H,
        "real": lam.real,
        "imag": lam.imag,
        "radii_sorted": r,
        "max_abs_cdf_minus_r2": float(np.max(np.abs(np.arange(1, H + 1) / H - r**2))),
        "n_real": int(np.count_nonzero(np.abs(lam.imag) == 0)),
        "sqrt_2H_over_pi": float(np.sqrt(2 * H / np.pi)),
        "law": "Thm. 4.2.1 (strong circular law): uniform on |z| <= 1, P(|λ| <= r) = r²",
    }


def _ginibre_plot(record: dict):
    d = record["data"]
    mfig, (ax, ax2) = new_figure(2)
    t = np.linspace(0, 2 * np.pi, 400)
    ax.plot(d["real"], d["imag"], ".", ms=2, color="C0", label=f"eigenvalues, H = {d['H']}")
    ax.plot(np.cos(t), np.sin(t), "C3-", lw=1, label="unit circle")
    ax.set_aspect("equal")
    ax.set_xlabel("Re λ")
    ax.set_ylabel("Im λ")
    ax.set_title(
        f"Glorot N(0, 1/H) spectrum ({d['n_real']} real eigenvalues; "
        f"√(2H/π) = {d['sqrt_2H_over_pi']:.1f})",
        fontsize=9,
    )
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2)
    r = np.asarray(d["radii_sorted"])
    ax2.plot(r, np.arange(1, r.size + 1) / r.size, "C0-", label="empirical P(|λ| ≤ r)")
    # the law is a CDF: r² on [0, 1] and 1 beyond (radii of a finite sample exceed 1)
    grid = np.linspace(0.0, max(1.0, float(r.max())), 400)
    ax2.plot(grid, np.minimum(grid, 1.0) ** 2, "C3--", label="circular law min(r, 1)²")
    ax2.set_xlabel("radius r")
    ax2.set_ylabel("radial CDF P(|λ| ≤ r)")
    ax2.set_ylim(0.0, 1.05)
    ax2.set_title(f"radial CDF, sup |F − r²| = {d['max_abs_cdf_minus_r2']:.3f}", fontsize=9)
    ax2.legend(fontsize=8)
    mfig.suptitle("Fig. 4.7: Ginibre spectrum vs the circular law (thesis §4.2.2)")
    return mfig


def _annulus_data(fast: bool, seed: int, samples: int | None = None) -> dict:
    from ..lru.theory import glorot_eigenvalues, sample_annulus

    n = int(samples) if samples else (500 if fast else 2000)
    H = 200 if fast else 2000
    rng = np.random.default_rng(derive_seed(seed, "fig-4.8"))
    rings = {}
    for r_min, r_max in ((0.0, 1.0), (0.4, 0.9)):
        z = sample_annulus(n, r_min, r_max, rng)
        rings[f"{r_min}-{r_max}"] = {"r_min": r_min, "r_max": r_max, "real": z.real, "imag": z.imag}
    lam = glorot_eigenvalues(H, rng)
    return {
        "samples": n,
        "H": H,
        "rings": rings,
        "glorot": {"real": lam.real, "imag": lam.imag},
        "sampler": "tnverify.lru.theory.sample_annulus (Lemma 4.2.1)",
    }


def _annulus_plot(record: dict):
    d = record["data"]
    mfig, axes = new_figure(3, width=4.2)
    t = np.linspace(0, 2 * np.pi, 400)
    items = [(f"Lemma 4.2.1, r = [{v['r_min']}, {v['r_max']}]", v) for v in d["rings"].values()]
    items.insert(1, (f"Glorot eigenvalues, H = {d['H']}", d["glorot"]))
    for ax, (title, v) in zip(axes, items):
        ax.plot(v["real"], v["imag"], ".", ms=2)
        ax.plot(np.cos(t), np.sin(t), "C3-", lw=1)
        ax.set_aspect("equal")
        ax.set_xlabel("Re z")
        ax.set_ylabel("Im z")
        ax.set_title(title, fontsize=9)
    mfig.suptitle(f"Fig. 4.8: annulus samples (n = {d['samples']}) vs Glorot eigenvalues")
    return mfig


def _products_data(fast: bool, seed: int, samples: int | None = None) -> dict:
    from ..lru import products as P

    n = int(samples) if samples else (100_000 if fast else 4_000_000)
    rng = np.random.default_rng(derive_seed(seed, "fig-6.8"))
    raw_edges = np.linspace(-50, 50, 201)
    z_edges = np.linspace(-25, 25, 201)
    out: dict[str, Any] = {"samples": n, "raw_edges": raw_edges, "z_edges": z_edges, "series": {}}
    for label, kind, reading in (
        ("real", "real", "a"),
        ("complex (a)", "complex", "a"),
        ("complex (b)", "complex", "b"),
    ):
        x = P.sample(kind, n, rng, reading)
        sd = float(np.sqrt(float(P.moment(kind, 2, reading))))
        out["series"][label] = {
            "raw_counts": np.histogram(x, raw_edges)[0],
            "z_counts": np.histogram(x / sd, z_edges)[0],
            "exact_kurtosis": float(P.fisher_kurtosis(kind, reading)),
            "sample_kurtosis": P.sample_kurtosis(x),
            "exact_sd": sd,
        }
    out["printed_kurtosis"] = {"complex": 21.1, "real": 82.14}
    return out


#: What the series of ``thesis-fig-6.8`` are (the readings of :data:`tnverify.lru.products.READINGS`).
_SERIES = {
    "real": "product of four N(0, 1)",
    "complex (a)": "Re of the product of four complex normals, parts N(0, 1)",
    "complex (b)": "Re of the product of four complex normals, parts N(0, ½) (total variance 1)",
}


def _products_plot(record: dict):
    d = record["data"]
    mfig, (ax, ax2) = new_figure(2, height=5.2)
    for i, (label, s) in enumerate(d["series"].items()):
        for a, edges, key in ((ax, d["raw_edges"], "raw_counts"), (ax2, d["z_edges"], "z_counts")):
            e = np.asarray(edges)
            dens = np.asarray(s[key]) / (d["samples"] * np.diff(e))
            a.stairs(
                np.where(dens > 0, dens, np.nan),
                e,
                color=f"C{i}",
                label=f"{label}: {_SERIES.get(label, label)} — κ = "
                f"{s['exact_kurtosis']:g} (sample {s['sample_kurtosis']:.1f})",
            )
    for a, t, x in (
        (ax, "before z-scoring (raw)", "product x"),
        (ax2, "after z-scoring", "z-score x / σ (σ exact)"),
    ):
        a.set_yscale("log")
        a.set_xlabel(x)
        a.set_title(t, fontsize=10)
        a.set_ylabel("density (log scale)")
    handles, labels = ax.get_legend_handles_labels()
    mfig.legend(
        handles,
        labels,
        loc="outside lower center",
        fontsize=8,
        title_fontsize=8,
        title='(a), (b): two readings of "complex normal with variance 1"; κ: exact '
        "Fisher kurtosis (scale-free, so equal under (a) and (b))",
    )
    pk = d["printed_kurtosis"]
    mfig.suptitle(
        f"Fig. 6.8: products of four normals, n = {d['samples']} (kurtosis printed "
        f"in the thesis: complex {pk['complex']}, real {pk['real']})",
        fontsize=11,
    )
    return mfig


#: Decade strides of :func:`decade_ticks` (a tick every 10^stride).
_STRIDES = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500)


def decade_ticks(ax, most: int = 8) -> list[int]:
    """Put the major ticks of a log10 y-axis at 10^(k·s), for the smallest stride ``s`` of
    :data:`_STRIDES` giving at most ``most`` ticks inside the current limits (matplotlib's
    own choice on a 300-decade axis is a stride such as 42); return the exponents."""
    from matplotlib.ticker import FixedLocator, LogFormatterSciNotation, NullLocator

    lo, hi = (math.log10(v) for v in ax.get_ylim())
    lo, hi = math.floor(min(lo, hi)), math.ceil(max(lo, hi))
    stride = next((s for s in _STRIDES if (hi // s - (-(-lo // s))) + 1 <= most), _STRIDES[-1])
    exps = list(range(-(-lo // stride) * stride, hi + 1, stride))
    ax.yaxis.set_major_locator(FixedLocator([10.0**e for e in exps]))
    ax.yaxis.set_major_formatter(LogFormatterSciNotation())
    ax.yaxis.set_minor_locator(NullLocator())
    return exps


#: Sizes of ``thesis-decay``: batch, hidden size, steps (L = 784 as sMNIST), inputs.
DECAY_SIZES = {
    True: {"batch": 8, "hidden": 64, "steps": 200, "vocab": 256},
    False: {"batch": 50, "hidden": 256, "steps": 784, "vocab": 256},
}


def _fit(y: np.ndarray) -> dict:
    """Least squares of log y = log a − b x over the finite positive entries."""
    x = np.arange(1, y.size + 1, dtype=np.float64)
    ok = np.isfinite(y) & (y > 0)
    if ok.sum() < 2:
        return {"a": None, "b": None, "points": int(ok.sum())}
    slope, icpt = np.polyfit(x[ok], np.log(y[ok]), 1)
    return {"a": float(np.exp(icpt)), "b": float(-slope), "points": int(ok.sum())}


def _decay_data(fast: bool, seed: int) -> dict:
    import torch

    from ..cells.recurrent import RAC, VanillaRNN

    s = DECAY_SIZES[bool(fast)]
    B, H, L, V = s["batch"], s["hidden"], s["steps"], s["vocab"]
    g = torch.Generator().manual_seed(derive_seed(seed, "thesis-decay"))
    tokens = torch.randint(0, V, (B, L), generator=g)
    f64 = torch.float64
    # initialisation: Glorot N(0, 1/H) recurrence, N(0, 1) input columns (additive);
    # U[0, 1] entries for the multiplicative unit ("initializations ... within [0, 1]",
    # §6.3.2), h^(0) = 1
    add = VanillaRNN(
        torch.randn(H, H, generator=g, dtype=f64) / H**0.5,
        torch.randn(H, V, generator=g, dtype=f64),
        torch.zeros(H, dtype=f64),
        phi=None,
    )
    mul = RAC(
        torch.rand(H, V, generator=g, dtype=f64),
        torch.rand(H, H, generator=g, dtype=f64) / H,
        h0=torch.ones(H, dtype=f64),
    )
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # many small steps: one thread is fastest on a shared CPU
    try:
        with torch.no_grad():
            ha = add(tokens, return_all=True).abs().mean(dim=(0, 2)).numpy()
            hm = mul(tokens, return_all=True).abs().mean(dim=(0, 2)).numpy()
    finally:
        torch.set_num_threads(threads)
    return {
        "sizes": s,
        "additive": {"mean_abs_h": ha, "fit": _fit(ha)},
        "multiplicative": {"mean_abs_h": np.where(hm > 0, hm, 0.0), "fit": _fit(hm)},
        "printed_fits": {
            "additive": {"a": 0.051, "b": -0.033},
            "multiplicative": {"a": 0.1604, "b": 0.7731},
        },
        "init": "additive: A ~ N(0, 1/H), B ~ N(0, 1), b = 0, h0 = 0; multiplicative "
        "(RAC): W_hx ~ U[0, 1], W_hh ~ U[0, 1]/H, h0 = 1; float64",
        "note": "mean over batch and components of |h^(t)|; fits y = a e^{-bx} by least "
        "squares in log y (Eq. 6.4)",
    }


def _decay_plot(record: dict):
    d = record["data"]
    mfig, axes = new_figure(2, height=5.4)
    for ax, key in zip(axes, ("additive", "multiplicative")):
        y = np.asarray(d[key]["mean_abs_h"], dtype=float)
        x = np.arange(1, y.size + 1)
        zero = np.flatnonzero(y <= 0)
        gone = f"; 0 in float64 from t = {x[zero[0]]}" if zero.size else ""
        ax.semilogy(x, np.where(y > 0, y, np.nan), "C0-", label=f"mean |h^(t)| (simulated{gone})")
        f = d[key]["fit"]
        if f["a"] is not None:
            ax.semilogy(
                x,
                f["a"] * np.exp(-f["b"] * x),
                "C1--",
                label=f"fit a = {f['a']:.3g}, b = {f['b']:.3g}",
            )
        p = d["printed_fits"][key]
        ax.semilogy(
            x,
            p["a"] * np.exp(-p["b"] * x),
            "C3:",
            label=f"printed Eq. 6.4: a = {p['a']}, b = {p['b']}",
        )
        ax.axhline(65504, color="gray", lw=0.8, ls="-.", label="float16 max")
        decade_ticks(ax)
        ax.set_xlabel("recurrent step t")
        ax.set_ylabel("mean |h^(t)| (log scale)")
        ax.set_title(key, fontsize=10)
        ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14))
    mfig.suptitle("Hidden-state magnitude at initialisation vs step (thesis §6.3, Eq. 6.4)")
    return mfig


register_figure(
    Figure(
        "thesis-fig-4.7",
        "Glorot/Ginibre spectrum vs the circular law",
        _ginibre_data,
        _ginibre_plot,
    )
)
register_figure(
    Figure(
        "thesis-fig-4.8",
        "Lemma 4.2.1 annulus samples vs Glorot eigenvalues",
        _annulus_data,
        _annulus_plot,
        options=("samples",),
    )
)
register_figure(
    Figure(
        "thesis-fig-6.8",
        "products of four real vs complex normals, raw and z-scored, with the exact kurtosis",
        _products_data,
        _products_plot,
        options=("samples",),
    )
)
register_figure(
    Figure(
        "thesis-decay",
        "hidden-state magnitude vs step: additive vs multiplicative recurrences with Eq. 6.4 fits",
        _decay_data,
        _decay_plot,
    )
)
