"""Figures: the data first (saved as JSON), then the matplotlib plot drawn from that JSON.

A :class:`Figure` is a name, a title, ``data(fast, seed) -> dict`` (the numbers, computed)
and ``plot(data) -> matplotlib.figure.Figure`` (drawing only, from the saved JSON).
:func:`make_figure` runs both: it writes ``<out>/<name>.json`` (seed, fast flag, sizes,
versions of tnverify/numpy/torch/matplotlib and the numbers), reads that file back and draws
``<out>/<name>.png`` from it with the Agg backend (no display, no pyplot state).

Figures (DESIGN §5; issue 4, part 3):

- ``ngram-tt-ranks``: TT-ranks of the n-gram probability tensors of the shipped corpora
  for n = 2..6, by TT-SVD at a stated ``eps`` and as numerical ranks of the unfoldings,
  against the maximal TT ranks ``min(V^k, V^(n-k))`` (seed 001 (thesis) §3.2, Thm 3.2.1
  and §2.1–2.4; seed 003 (tslm) Eq. 15).
- ``born-z-scaling``: measured time of ``log Z`` of an MPS Born machine by transfer matrices
  vs ``|V|``, ``L`` and ``R``, against the model ``t = c·|V|·L·R³`` with the fitted
  constant ``c`` (seed 001 (thesis) §4.3.2, the cost of Z).

Examples
--------
>>> names = figure_names()           # this module's figures and those of FIGURE_MODULES
>>> {"born-z-scaling", "ngram-tt-ranks", "gtm-fig-3", "thesis-fig-6.8"} <= set(names)
True
"""

from __future__ import annotations

import json
import platform
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Callable

import numpy as np

from .errors import TnverifyError, UsageError

__all__ = ["Figure", "FIGURES", "make_figure", "draw_figure", "figure_names",
           "FIGURE_MODULES", "register_figure", "NGRAM_EPS", "NGRAM_CORPORA", "NGRAM_ORDERS", "BORN_SIZES",
           "BORN_TARGET"]


@dataclass(frozen=True)
class Figure:
    """One registered figure.

    Parameters
    ----------
    name : str
        Stable kebab-case name (the CLI argument and the file stem).
    title : str
        One-line title.
    data : callable ``(fast: bool, seed: int, **options) -> dict``
        Computes the figure's numbers (JSON-serialisable).
    plot : callable ``(data: dict) -> matplotlib.figure.Figure``
        Draws the figure from the data as read back from JSON.
    options : tuple of str
        Names of the keyword options ``data`` accepts beyond ``fast`` and ``seed`` (e.g.
        ``"samples"``, ``"device"``, ``"workers"``, ``"scheduler"``); the CLI passes each
        figure only the options it names here.
    """

    name: str
    title: str
    data: Callable[..., dict]
    plot: Callable[[dict], object]
    options: tuple[str, ...] = ()


FIGURES: dict[str, Figure] = {}

#: Modules that register further figures when imported (kept out of this module so that
#: each family of figures lives beside its own computations).
FIGURE_MODULES: tuple[str, ...] = ("tnverify.gtm_figures", "tnverify.lru_figures")


def _load_figure_modules() -> None:
    import importlib

    for module in FIGURE_MODULES:
        importlib.import_module(module)


def register_figure(fig: Figure) -> Figure:
    """Add ``fig`` to :data:`FIGURES` (names are unique)."""
    if fig.name in FIGURES:
        raise TnverifyError(f"figure {fig.name!r} is registered twice")
    FIGURES[fig.name] = fig
    return fig


def figure_names() -> list[str]:
    """The registered figure names, sorted."""
    _load_figure_modules()
    return sorted(FIGURES)


def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def _versions() -> dict:
    from . import __version__

    return {"tnverify": __version__, "python": platform.python_version(),
            "numpy": np.__version__, "torch": _version("torch"),
            "matplotlib": _version("matplotlib")}


def _plain(x):
    """numpy scalars/arrays and tuples to JSON types."""
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, np.ndarray):
        return _plain(x.tolist())
    if isinstance(x, np.integer):
        return int(x)
    if isinstance(x, np.floating):
        return float(x)
    return x


def _get(name: str) -> Figure:
    _load_figure_modules()
    if name not in FIGURES:
        raise UsageError(f"unknown figure {name!r}; known figures: {', '.join(figure_names())}")
    return FIGURES[name]


def draw_figure(json_path, png_path=None) -> Path:
    """Draw the PNG of a figure from its saved JSON (the figure is named in the JSON).

    Returns the PNG path (default: the JSON path with suffix ``.png``).
    """
    json_path = Path(json_path)
    with open(json_path, encoding="utf-8") as fh:
        record = json.load(fh)
    fig = _get(record["figure"])
    png_path = json_path.with_suffix(".png") if png_path is None else Path(png_path)
    mpl_fig = fig.plot(record)
    mpl_fig.savefig(png_path, dpi=120)
    return png_path


def make_figure(name: str, out_dir, *, fast: bool = False, seed: int = 0,
                options: dict | None = None) -> tuple[Path, Path]:
    """Compute the data of figure ``name``, save it as JSON, then draw the PNG from the JSON.

    ``options`` (e.g. ``{"samples": 50, "workers": 2}``) are passed to the figure's data
    function and recorded in the JSON; each must be one the figure names in
    :attr:`Figure.options`.

    Returns ``(json_path, png_path)`` = ``(out_dir/name.json, out_dir/name.png)``.

    Raises
    ------
    UsageError
        Unknown figure name, an option the figure does not take, or ``out_dir`` exists and
        is not a directory.
    """
    fig = _get(name)
    options = dict(options or {})
    foreign = sorted(set(options) - set(fig.options))
    if foreign:
        takes = ", ".join(fig.options) or "none"
        raise UsageError(f"figure {name!r} does not take option(s) {', '.join(foreign)} "
                         f"(it takes: {takes})")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise UsageError(f"seed must be a non-negative integer; got {seed!r}")
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise UsageError(f"output path {str(out)!r} exists and is not a directory")
    out.mkdir(parents=True, exist_ok=True)
    record = {"figure": fig.name, "title": fig.title, "seed": int(seed), "fast": bool(fast),
              "versions": _versions(), "platform": platform.platform(),
              "options": _plain(options),
              "data": _plain(fig.data(bool(fast), int(seed), **options))}
    json_path = out / f"{fig.name}.json"
    with open(json_path, "w", encoding="utf-8") as fh:
        json.dump(record, fh, indent=1, ensure_ascii=False, allow_nan=False)
        fh.write("\n")
    return json_path, draw_figure(json_path)


def _new_figure(ncols: int, width: float = 5.0, height: float = 4.2):
    """A matplotlib Figure with Agg canvas (no pyplot, no display)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure as MplFigure

    mfig = MplFigure(figsize=(width * ncols, height), layout="constrained")
    FigureCanvasAgg(mfig)
    return mfig, [mfig.add_subplot(1, ncols, i + 1) for i in range(ncols)]


# -- ngram-tt-ranks ----------------------------------------------------------------------

#: The shipped corpora (tnverify/data, see :data:`tnverify.ngram.CORPORA`) used by the figure.
NGRAM_CORPORA = ("tomita", "motzkin")
#: Relative Frobenius accuracies of the TT-SVD ranks in ``ngram-tt-ranks``:
#: ``‖𝒯 − TT‖_F ≤ eps·‖𝒯‖_F`` (Oseledets 2011, Thm 2.2; seed 001 (thesis) Algorithm 1).
NGRAM_EPS = (1e-2, 1e-1)
#: n-gram orders of the figure (explicit tensors (V,)*n: at most 3**6 = 729 entries).
NGRAM_ORDERS = (2, 3, 4, 5, 6)


def _ngram_rows(sequences, V: int) -> list[dict]:
    from .ngram import ngram_tensor
    from .tt_svd import tt_ranks, tt_svd

    rows = []
    for n in NGRAM_ORDERS:
        T = np.asarray(ngram_tensor(sequences, n, V), dtype=np.float64)
        exact = tt_ranks(T)
        svds = [tt_svd(T, eps=eps) for eps in NGRAM_EPS]
        rows.append({
            "n": n, "entries": int(T.size), "nonzero": int(np.count_nonzero(T)),
            "sum": float(T.sum()),
            "tt_ranks": [int(r) for r in exact.ranks],
            "tt_ranks_rule": [d.tolerance.rule for d in exact.details],
            "norm": float(svds[0].norm),
            "tt_svd": [{"eps": float(sv.eps), "ranks": [int(r) for r in sv.ranks],
                        "error": float(sv.error), "bound": float(sv.bound),
                        "params": int(sv.tt.n_params)} for sv in svds],
            "maximal_ranks": [1] + [min(V ** k, V ** (n - k)) for k in range(1, n)] + [1],
        })
    return rows


def _ngram_data(fast: bool, seed: int) -> dict:
    """TT-ranks of the n-gram tensors 𝒯_n (joint n-gram probabilities) for n = 2..6 of
    each shipped corpus (the sizes are tiny: ``fast`` changes nothing)."""
    from .ngram import load_corpus

    corpora = {}
    for name in NGRAM_CORPORA:
        sequences, vocabulary = load_corpus(name)
        V = len(vocabulary)
        corpora[name] = {"vocabulary": list(vocabulary), "vocab_size": V,
                         "sequences": len(sequences),
                         "tokens": int(sum(len(s) for s in sequences)),
                         "rows": _ngram_rows(sequences, V)}
    return {"corpora": corpora, "eps": list(NGRAM_EPS), "orders": list(NGRAM_ORDERS),
            "seed_note": "deterministic (the shipped corpora): the seed is unused",
            "tensor": "tnverify.ngram.ngram_tensor(sequences, n, V): joint n-gram "
                      "probability tensor (V,)*n (windows inside sentences)",
            "rank_methods": {"tt_ranks": "numerical rank of each C-order unfolding "
                                         "(tnverify.tt_svd.tt_ranks, numpy's rule)",
                             "tt_svd": "tnverify.tt_svd.tt_svd(T, eps): "
                                       "||T - TT||_F <= eps ||T||_F"}}


def _ticks_at_values(ax, values) -> None:
    """A log2 y-axis whose ticks sit exactly at the plotted ``values`` (ranks: integers),
    labelled as plain integers, with no minor ticks (ticks between the plotted ranks would
    name ranks that occur nowhere)."""
    from matplotlib.ticker import FixedFormatter, FixedLocator, NullLocator

    ticks = sorted({int(v) for v in values})
    ax.set_yscale("log", base=2)
    ax.yaxis.set_major_locator(FixedLocator(ticks))
    ax.yaxis.set_major_formatter(FixedFormatter([str(t) for t in ticks]))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.set_ylim(min(ticks) / 1.15, max(ticks) * 1.15)
    ax.grid(True, which="major", alpha=0.3)


#: Line styles of ``ngram-tt-ranks``: the maximal ranks as a wide pale band *under* the
#: exact ranks (where the ranks are full the two coincide, and both stay visible), the
#: TT-SVD ranks dashed / dash-dotted.
_MAXIMAL = {"lw": 9, "alpha": 0.25, "solid_capstyle": "round", "zorder": 1}
_SVD_STYLES = (("--", "x"), ("-.", "+"))


def _ngram_lines(ax, x, series: dict, color: str, lab: str, eps) -> list:
    """Draw one corpus's maximal / exact / TT-SVD ranks at ``x``; return the y values."""
    ax.plot(x, series["maximal"], color=color, **_MAXIMAL,
            label=f"{lab}: maximal min(V^k, V^(n-k)) (pale band)")
    ax.plot(x, series["exact"], color=color, marker="o", zorder=3,
            label=f"{lab}: exact (numerical rank)")
    for j, (ls, mk) in enumerate(_SVD_STYLES[:len(eps)]):
        ax.plot(x, series["svd"][j], color=color, ls=ls, marker=mk, ms=8, zorder=4,
                label=f"{lab}: TT-SVD eps = {eps[j]:g}")
    return [v for vals in (series["maximal"], series["exact"], *series["svd"]) for v in vals]


def _ngram_plot(record: dict):
    d = record["data"]
    mfig, (ax_n, ax_k) = _new_figure(2, height=6.4)
    seen_n, seen_k = [], []
    for i, (name, c) in enumerate(d["corpora"].items()):
        rows = c["rows"]
        lab = f"{name} (|V| = {c['vocab_size']})"
        by_n = {"maximal": [max(r["maximal_ranks"]) for r in rows],
                "exact": [max(r["tt_ranks"]) for r in rows],
                "svd": [[max(r["tt_svd"][j]["ranks"]) for r in rows]
                        for j in range(len(d["eps"]))]}
        seen_n += _ngram_lines(ax_n, [r["n"] for r in rows], by_n, f"C{i}", lab, d["eps"])
        last = rows[-1]
        along = {"maximal": last["maximal_ranks"][1:-1], "exact": last["tt_ranks"][1:-1],
                 "svd": [sv["ranks"][1:-1] for sv in last["tt_svd"]]}
        ks = list(range(1, last["n"]))
        seen_k += _ngram_lines(ax_k, ks, along, f"C{i}", lab, d["eps"])
    _ticks_at_values(ax_n, seen_n)
    _ticks_at_values(ax_k, seen_k)
    ax_n.set_xticks(d["orders"])
    ax_n.set_xlabel("n-gram order n")
    ax_n.set_ylabel("largest TT rank max_k r_k (log scale)")
    ax_n.set_title("largest TT rank vs n")
    ax_k.set_xticks(ks)
    ax_k.set_xlabel("bond k (between modes k and k+1)")
    ax_k.set_ylabel("TT rank r_k (log scale)")
    ax_k.set_title(f"TT ranks along the train, n = {last['n']}")
    handles, labels = ax_n.get_legend_handles_labels()
    mfig.legend(handles, labels, loc="outside lower center", ncols=2, fontsize=8)
    mfig.suptitle("TT ranks of the n-gram probability tensors of the shipped corpora")
    return mfig


register_figure(Figure("ngram-tt-ranks", "TT-ranks of the n-gram tensors of the shipped corpora vs n",
                       _ngram_data, _ngram_plot))



# -- born-z-scaling ----------------------------------------------------------------------

#: Sweeps of ``born-z-scaling``: a base point and the values of each swept parameter.
BORN_SIZES = {
    True: {"base": {"vocab_size": 128, "length": 8, "rank": 16},
           "vocab_size": [64, 128, 256, 512], "length": [4, 8, 16, 32],
           "rank": [4, 8, 16, 32], "repeats": 3},
    False: {"base": {"vocab_size": 1024, "length": 32, "rank": 32},
            "vocab_size": [256, 512, 1024, 2048, 4096], "length": [8, 16, 32, 64, 128],
            "rank": [8, 16, 32, 64], "repeats": 3},
}
#: The size of the issue's benchmark, where the fitted model is extrapolated.
BORN_TARGET = {"vocab_size": 33278, "length": 1024, "rank": 64}


def _born_log_z(V: int, L: int, R: int, seed: int):
    """``(callable computing log Z, description)`` for a real Born machine with one core
    shared by all sites (uniform: memory ``|V|R²``; the sweep still does one transfer
    step per site): :meth:`tnverify.cells.born.BornMachine.log_partition`."""
    from .cells.born import random_born

    bm = random_born(V, L, R, np.random.default_rng(seed), uniform=True)
    return (lambda: float(bm.log_partition()),
            "tnverify.cells.born.BornMachine.log_partition (random_born, uniform=True)")


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
    return {"vocab_size": V, "length": L, "rank": R, "seconds": min(times), "all_seconds": times,
            "log_z": log_z, "units": V * L * R ** 3, "implementation": impl}


def _born_sweeps(sizes: dict, seed: int) -> dict:
    from .conventions import derive_seed

    sweeps = {}
    for param in ("vocab_size", "length", "rank"):
        points = []
        for value in sizes[param]:
            p = dict(sizes["base"], **{param: value})
            points.append(_time_point(p["vocab_size"], p["length"], p["rank"], sizes["repeats"],
                                      derive_seed(seed, "born-z-scaling", param, value)))
        slope = np.polyfit(np.log([q[param] for q in points]),
                           np.log([q["seconds"] for q in points]), 1)[0]
        sweeps[param] = {"points": points, "fitted_exponent": float(slope),
                         "model_exponent": 3 if param == "rank" else 1}
    return sweeps


def _born_data(fast: bool, seed: int) -> dict:
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
    return {"model": "t = c * |V| * L * R^3 (seed 001 (thesis) §4.3.2: O(|V| L R^3))",
            "fit": "log c = mean(log t - log(|V| L R^3)) over every point (least squares "
                   "in log t); t = min over repeats after one warm-up run",
            "c_seconds": c, "measured_over_model": {"min": min(ratios), "max": max(ratios)},
            "gflops_at_4VLR3": 4e-9 / c, "implementation": allp[0]["implementation"],
            "base": sizes["base"], "repeats": sizes["repeats"], "sweeps": sweeps,
            "target": dict(BORN_TARGET, units=target_units,
                           predicted_seconds_here=c * target_units),
            "device": "cpu", "torch_threads": 1,
            "dtype": "float64", "processor": platform.processor() or platform.machine()}


_SYMBOLS = {"vocab_size": "|V|", "length": "L", "rank": "R"}
_LABELS = {"vocab_size": "vocabulary size |V|", "length": "sequence length L (sites)",
           "rank": "bond dimension R"}


def _born_plot(record: dict):
    from matplotlib.ticker import NullLocator

    d = record["data"]
    c = d["c_seconds"]
    mfig, axes = _new_figure(3, width=4.4)
    for ax, (param, sweep) in zip(axes, d["sweeps"].items()):
        pts = sweep["points"]
        x = np.array([q[param] for q in pts], dtype=float)
        ax.loglog(x, [q["seconds"] for q in pts], "C0o", label="measured (min of repeats)")
        xs = np.geomspace(x.min(), x.max(), 50)
        units = np.array([q["units"] for q in pts], dtype=float)
        ax.loglog(xs, c * units[0] * (xs / x[0]) ** sweep["model_exponent"], "C3-",
                  label=f"model c·|V|·L·R³ (slope {sweep['model_exponent']})")
        others = ", ".join(f"{_SYMBOLS[k]} = {d['base'][k]}" for k in _SYMBOLS if k != param)
        ax.set_title(f"vs {_SYMBOLS[param]} ({others})\nfitted slope "
                     f"{sweep['fitted_exponent']:.2f}", fontsize=10)
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks(x, [str(int(v)) for v in x])
        ax.grid(True, which="both", alpha=0.3)
        ax.set_xlabel(_LABELS[param])
        ax.set_ylabel("time of log Z (s)")
        ax.legend(fontsize=8)
    mfig.suptitle(f"log Z of a Born machine by transfer matrices ({d['device']}, float64): "
                  f"c = {c:.3g} s per |V|·L·R³ unit ≈ {d['gflops_at_4VLR3']:.2f} GFLOP/s at "
                  f"4|V|LR³ flops" + (" [fast mode: small sizes]" if record.get("fast") else ""),
                  fontsize=11)
    return mfig


register_figure(Figure("born-z-scaling",
                       "cost of log Z by transfer matrices vs |V|, L, R against O(|V| L R^3)",
                       _born_data, _born_plot))
