"""Rank-distribution figures of gtm: §6 "Expressivity", Fig. 3; App. B, Figs. 4–5.

For random generalized RNNs (gtm §4.1, Eq. 16–17) the figures histogram a lower
bound on the width of a generalized shallow network (Eq. 14) with the same grid tensor
(§4.2, Eq. 18), computed "with the same technique as in the proof of Theorem 5.2": the rank
of the (odd, even) matricization of the grid (App. A, before Lemma A.1) divided by TM/2
(Lemma A.1: a rank-R shallow max-network has rank ≤ R·TM/2), rounded up (widths are
integers).

=================  ==  =  ============  ================  =====================================
figure             M   T  R             ξ                 cores
=================  ==  =  ============  ================  =====================================
``gtm-fig-3``      10  6  1, 2, 4, 8    max(x, y, 0)      separate
``gtm-fig-4``      6   6  1, 2, 4, 8    max(x, y, 0)      shared 𝒢^{(2)}=⋯=𝒢^{(T−1)} (and C)
``gtm-fig-5``      6   6  1, 2, 4, 8    √(x² + y²)        separate
``gtm-fig-3-xy``   10  6  1, 2, 4, 8    xy                separate
=================  ==  =  ============  ================  =====================================

Choices the paper leaves open (recorded in every JSON): L = M; the R values of Figs. 4–5
(those of Fig. 3); separate cores for Fig. 5; for shared cores C^{(2)} = ⋯ = C^{(T−1)} as
well (a weight-shared RNN in the sense of §5.2, "Shared case"); h^{(0)} = the unit of ξ
(0 for max and √, 1 for xy); ⌈·⌉ and counts (not frequencies).

Weights (option ``weights``): ``"integer"`` draws C and 𝒢 uniformly from {−2, …, 2} with
one-hot templates (F = I), so ξ = max and ξ = xy grids are integer-valued and, when an
a-priori magnitude bound (:func:`float64_exact`) shows float64 computed them exactly,
their matricization rank is *certified* from below by the rank modulo a prime
(:func:`tnverify.ranks.matricize.rank_mod_p`).  ``"normal"`` draws C, 𝒢 and F from N(0, 1)
(ranks are numerical: float64 SVD at numpy's rule, with the singular-value gap).
Default: ``"integer"`` where a proved bound exists (ξ = max, xy), so the plotted values
are certified lower bounds; ``"normal"`` for ξ = √ (no proved bound; its grids are not
integer-valued anyway).  The paper states no distribution.

A bar is **certified** when a proved bound exists for its ξ (Lemma A.1 for max — see
:data:`LEMMA_A1_STATUS`; CP rank ≥ matricization rank for xy) *and* every rank behind it is
certified; otherwise it is an estimate, and the JSON says why.

The xy counterpart ``gtm-fig-3-xy`` plots the matricization rank itself, a certified lower
bound on the CP rank = width of an equivalent generalized shallow network with ξ = xy
(§3, Eq. 6; App. A, Prop. A.5).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from ..conventions import derive_seed
from ..errors import UsageError
from .gtm_trials import (
    draw_network,
    float64_exact,
    rank_one_max_realizable,
    rank_trial,
    width_lower_bound,
)
from .registry import Figure, new_figure, register_figure
from .trials import run_trials

__all__ = [
    "RankFigure",
    "RANK_FIGURES",
    "rank_trial",
    "draw_network",
    "rank_histograms",
    "float64_exact",
    "rank_one_max_realizable",
    "width_lower_bound",
    "LEMMA_A1_STATUS",
    "FAST_SIZES",
    "WEIGHT_CHOICES",
]

#: Outcome of claim ``gtm-lemma-a.1`` (helper G3's check of Lemma A.1, gtm App. A)
#: that the certified flag of the ξ = max figures relies on; tests/test_gtm_figures.py
#: keeps it equal to the registered claim's verdict.
LEMMA_A1_STATUS = "holds"

#: Weight distributions offered (tnverify.generalized.grid.DISTRIBUTIONS minus none).
WEIGHT_CHOICES = ("integer", "normal", "uniform")

#: Sizes in fast mode (tests): M, T and samples per R.
FAST_SIZES = {"M": 4, "T": 4, "samples": 3}


@dataclass(frozen=True)
class RankFigure:
    """One rank-distribution figure (see the module table)."""

    name: str
    source: str
    M: int
    T: int
    ranks: tuple
    xi: str
    shared: bool
    samples: int
    weights: str

    def sizes(self, fast: bool) -> tuple[int, int]:
        return (FAST_SIZES["M"], FAST_SIZES["T"]) if fast else (self.M, self.T)


#: Default samples per R.  The gtm paper prints no count ("we generate a number of
#: generalized RNNs"); a histogram one can trust needs about 10³ networks per R
#: (``--samples 1000``).  Cost on this 2-core machine: a gtm-fig-3 network (M = 10, T = 6)
#: takes ~0.2 CPU-s (grid ~0.08 s, one certified rank mod p on FLINT ~0.05-0.2 s, no float
#: SVD on exact grids), so 10³ per R (4000 networks) is ~7 min on 2 idle cores; the
#: defaults below keep ``tnverify figures`` (every figure) within a few minutes.
#: M = 6 figures cost ~15 ms per network.
RANK_FIGURES = {
    f.name: f
    for f in (
        RankFigure(
            "gtm-fig-3", "gtm §6, Fig. 3", 10, 6, (1, 2, 4, 8), "relu", False, 40, "integer"
        ),
        RankFigure(
            "gtm-fig-4", "gtm App. B, Fig. 4", 6, 6, (1, 2, 4, 8), "relu", True, 200, "integer"
        ),
        RankFigure(
            "gtm-fig-5", "gtm App. B, Fig. 5", 6, 6, (1, 2, 4, 8), "l2", False, 200, "normal"
        ),
        RankFigure(
            "gtm-fig-3-xy",
            "ξ = xy counterpart of gtm §6, Fig. 3",
            10,
            6,
            (1, 2, 4, 8),
            "product",
            False,
            40,
            "integer",
        ),
    )
}


# -- the proved bounds ----------------------------------------------------------------------
def proved_bound(xi: str) -> tuple[bool, str]:
    """Whether a proved width bound exists for ``xi``, and the reason in words."""
    if xi == "product":
        return True, (
            "proved: a ξ = xy shallow network of width R has a CP grid "
            "Σ_r λ_r ⊗_t F v_r^{(t)} (Eq. 20), so every matricization has rank ≤ R"
        )
    if xi == "relu":
        if LEMMA_A1_STATUS == "holds":
            return True, (
                "Lemma A.1 (gtm App. A; Cohen & Shashua 2016, Claim 9): "
                "rank ≤ R·TM/2 — not refuted by claim gtm-lemma-a.1 (holds)"
            )
        return False, (
            f"Lemma A.1 is not established as printed: claim gtm-lemma-a.1 {LEMMA_A1_STATUS}"
        )
    return False, (
        "no proved bound: Lemma A.1 is stated and proved for ξ = max(x, y, 0) "
        "only; the paper applies its technique to this ξ without proof "
        "(claim gtm-fig-5 tests it)"
    )


# -- the figure data -----------------------------------------------------------------------
def _options(fig: RankFigure, fast, samples, device, workers, weights) -> dict:
    from ..device import resolve_device

    if samples is None:
        samples = FAST_SIZES["samples"] if fast else fig.samples
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 1:
        raise UsageError(f"samples must be a positive integer (networks per R); got {samples!r}")
    weights = fig.weights if weights is None else weights
    if weights not in WEIGHT_CHOICES:
        raise UsageError(f"weights must be one of {', '.join(WEIGHT_CHOICES)}; got {weights!r}")
    return {"samples": int(samples), "device": resolve_device(device or "cpu"), "weights": weights}


def _bars(fig: RankFigure, R: int, records: list, proved: tuple[bool, str]) -> dict:
    has_bound, why = proved
    counts = Counter(r["bound"] for r in records)
    bars = []
    for value in sorted(counts):
        inside = [r for r in records if r["bound"] == value]
        n_cert = sum(r["rank_certified"] for r in inside)
        cert = has_bound and n_cert == len(inside)
        reason = (
            why
            if not has_bound
            else (
                "certified lower bound: " + why + "; every rank certified (mod-p, exact grid)"
                if cert
                else f"estimate: {len(inside) - n_cert} of {len(inside)} ranks are "
                "numerical (not integer-exact grids)"
            )
        )
        bars.append(
            {
                "bound": value,
                "count": len(inside),
                "certified": cert,
                "certified_ranks": n_cert,
                "reason": reason,
            }
        )
    n = len(records)
    out = {
        "R": R,
        "networks": n,
        "bars": bars,
        "counts": {str(b["bound"]): b["count"] for b in bars},
        "certified": all(b["certified"] for b in bars),
        "frequency_bound_1": counts.get(1, 0) / n,
        "frequency_bound_above_1": sum(c for v, c in counts.items() if v > 1) / n,
        "ranks": [r["rank"] for r in records],
        "numerical_ranks": [r["numerical"]["rank"] if r["numerical"] else None for r in records],
        "trials": records,
    }
    if fig.xi == "relu":
        flags = [r.get("rank_one_realizable") for r in records]
        out["rank_one_realizable"] = None if None in flags else sum(flags)
    return out


def rank_histograms(
    name: str,
    fast: bool,
    seed: int,
    *,
    samples=None,
    device=None,
    workers=None,
    scheduler=None,
    weights=None,
) -> dict:
    """The data of a rank-distribution figure (see the module docstring)."""
    fig = RANK_FIGURES[name]
    opts = _options(fig, fast, samples, device, workers, weights)
    M, T = fig.sizes(fast)
    tasks = [
        {
            "figure": name,
            "M": M,
            "T": T,
            "L": M,
            "R": R,
            "xi": fig.xi,
            "shared": fig.shared,
            "weights": opts["weights"],
            "device": opts["device"],
            "trial": i,
            "seed": derive_seed(seed, name, R, i),
            "cross_check": fast,
        }
        for R in fig.ranks
        for i in range(opts["samples"])
    ]
    results, execution = run_trials(
        rank_trial,
        tasks,
        workers=workers,
        scheduler=scheduler,
        description=f"{name}: {len(tasks)} networks",
    )
    proved = proved_bound(fig.xi)
    per_R = [
        _bars(fig, R, [r for t, r in zip(tasks, results) if t["R"] == R], proved) for R in fig.ranks
    ]
    from ..generalized.xi import get_xi

    xi = get_xi(fig.xi)
    maximal = M ** (T // 2)
    return {
        "source": fig.source,
        "M": M,
        "T": T,
        "L": M,
        "R_values": list(fig.ranks),
        "xi": {"name": xi.name, "label": xi.label, "h0": xi.unit},
        "sharing": (
            "shared: G^(2) = ... = G^(T-1) and C^(2) = ... = C^(T-1)"
            if fig.shared
            else "separate cores (every C^(t), G^(t) drawn independently)"
        ),
        "weights": {"name": opts["weights"], "description": _WEIGHTS[opts["weights"]]},
        "samples_per_R": opts["samples"],
        "seed": seed,
        "device": opts["device"],
        "float_cross_check": (
            "every trial also has its float64 SVD rank"
            if fast
            else "float64 SVD ranks only where the grid is not exact (an "
            "exact grid's rank is the certified one)"
        ),
        "trial_seeds": "derive_seed(seed, figure, R, trial) (tnverify.conventions)",
        "matricization": f"(odd, even): {maximal} x {maximal}",
        "quantity": (
            "rank of the (odd, even) matricization = lower bound on the CP rank"
            if fig.xi == "product"
            else f"ceil(rank of the (odd, even) matricization / (TM/2)), TM/2 = {T * M // 2}"
        ),
        "max_possible_bound": width_lower_bound(maximal, M, T, fig.xi),
        "proved_bound": {
            "exists": proved[0],
            "reason": proved[1],
            "lemma_a1_status": LEMMA_A1_STATUS,
        },
        "histograms": per_R,
        "execution": execution,
    }


_WEIGHTS = {
    "integer": "C, G uniform integers in {-2, ..., 2}; F = I (one-hot templates)",
    "normal": "C, G, F entries i.i.d. N(0, 1)",
    "uniform": "C, G, F entries i.i.d. uniform on [-1, 1]",
}


def _axis_text(d: dict, h: dict) -> tuple[str, str]:
    """(panel tag, x label) of one histogram: "lower bound" only where the bars are
    certified lower bounds; otherwise the quantity is named and called an estimate."""
    xy = d["xi"]["name"] == "product"
    if h["certified"]:
        return "certified", (
            "lower bound on the CP rank (shallow width)"
            if xy
            else "lower bound on the shallow width"
        )
    if not d["proved_bound"]["exists"]:
        return "estimate: no proved bound", "⌈rank / (TM/2)⌉ (no proved bound)"
    return "estimate: numerical ranks", (
        "matricization rank (numerical)" if xy else "⌈numerical rank / (TM/2)⌉"
    )


def _integer_x_window(ax, xs: list) -> None:
    """Show the integer values ``xs`` with integer ticks: from 0 when the values are small,
    else a window around them (a bar of width 0.8 at 800 on a 0..800 axis is invisible)."""
    from matplotlib.ticker import MaxNLocator

    lo, hi = min(xs), max(xs)
    if hi <= 40:
        ax.set_xlim(-0.5, hi + 1.5)
    else:
        pad = max(1.5, 0.08 * (hi - lo))
        ax.set_xlim(lo - pad, hi + pad)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=6, steps=[1, 2, 5, 10]))


def _plot(record: dict):
    from matplotlib.ticker import MaxNLocator

    d = record["data"]
    hists = d["histograms"]
    mfig, axes = new_figure(len(hists), width=3.4, height=3.8)
    for ax, h in zip(axes, hists):
        xs = [b["bound"] for b in h["bars"]]
        colors = ["C0" if b["certified"] else "C1" for b in h["bars"]]
        width = max(0.8, (max(xs) - min(xs)) / 40)
        ax.bar(xs, [b["count"] for b in h["bars"]], color=colors, width=width)
        tag, xlabel = _axis_text(d, h)
        ax.set_title(f"R = {h['R']} ({tag})", fontsize=10)
        ax.set_xlabel(xlabel, fontsize=9)
        _integer_x_window(ax, xs)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True, steps=[1, 2, 5, 10]))
        ax.set_ylabel("networks")
        ax.grid(True, axis="y", alpha=0.3)
    shared = "shared cores" if d["sharing"].startswith("shared") else "separate cores"
    mfig.suptitle(
        f"{d['source']}: M = {d['M']}, T = {d['T']}, ξ = {d['xi']['label']}, "
        f"{shared}, {d['samples_per_R']} networks per R, weights "
        f"{d['weights']['name']} (blue: certified, orange: estimate)"
        + (" [fast mode]" if record.get("fast") else ""),
        fontsize=9,
    )
    return mfig


def _register(fig: RankFigure) -> None:
    def data(fast, seed, **options):
        return rank_histograms(fig.name, fast, seed, **options)

    title = (
        f"rank-distribution histogram, M = {fig.M}, T = {fig.T}, ξ = {fig.xi}"
        f"{', shared cores' if fig.shared else ''} ({fig.source})"
    )
    register_figure(
        Figure(
            fig.name,
            title,
            data,
            _plot,
            options=("samples", "device", "workers", "scheduler", "weights"),
        )
    )


for _fig in RANK_FIGURES.values():
    _register(_fig)
