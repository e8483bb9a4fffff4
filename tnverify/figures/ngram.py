"""The figure ``ngram-tt-ranks``: TT-ranks of the n-gram probability tensors of the shipped
corpora for n = 2..6, by TT-SVD at a stated ``eps`` and as numerical ranks of the
unfoldings, against the maximal TT ranks ``min(V^k, V^(n-k))`` (thesis §3.2,
Thm 3.2.1 and §2.1–2.4; tslm Eq. 15).  Registered on import in
:mod:`tnverify.figures.registry`; the constants are re-exported from :mod:`tnverify.figures`.
"""

from __future__ import annotations

import numpy as np

from .registry import Figure, new_figure, register_figure

__all__ = ["NGRAM_CORPORA", "NGRAM_EPS", "NGRAM_ORDERS"]

#: The shipped corpora (tnverify/data, see :data:`tnverify.definitions.ngram.CORPORA`) used by the figure.
NGRAM_CORPORA = ("tomita", "motzkin")
#: Relative Frobenius accuracies of the TT-SVD ranks in ``ngram-tt-ranks``:
#: ``‖𝒯 − TT‖_F ≤ eps·‖𝒯‖_F`` (Oseledets 2011, Thm 2.2; thesis Algorithm 1).
NGRAM_EPS = (1e-2, 1e-1)
#: n-gram orders of the figure (explicit tensors (V,)*n: at most 3**6 = 729 entries).
NGRAM_ORDERS = (2, 3, 4, 5, 6)


def ngram_rows(sequences, V: int) -> list[dict]:
    from ..definitions.ngram import ngram_tensor
    from ..tt.svd import tt_ranks, tt_svd

    rows = []
    for n in NGRAM_ORDERS:
        T = np.asarray(ngram_tensor(sequences, n, V), dtype=np.float64)
        exact = tt_ranks(T)
        svds = [tt_svd(T, eps=eps) for eps in NGRAM_EPS]
        rows.append(
            {
                "n": n,
                "entries": int(T.size),
                "nonzero": int(np.count_nonzero(T)),
                "sum": float(T.sum()),
                "tt_ranks": [int(r) for r in exact.ranks],
                "tt_ranks_rule": [d.tolerance.rule for d in exact.details],
                "norm": float(svds[0].norm),
                "tt_svd": [
                    {
                        "eps": float(sv.eps),
                        "ranks": [int(r) for r in sv.ranks],
                        "error": float(sv.error),
                        "bound": float(sv.bound),
                        "params": int(sv.tt.n_params),
                    }
                    for sv in svds
                ],
                "maximal_ranks": [1] + [min(V**k, V ** (n - k)) for k in range(1, n)] + [1],
            }
        )
    return rows


def ngram_data(fast: bool, seed: int) -> dict:
    """TT-ranks of the n-gram tensors 𝒯_n (joint n-gram probabilities) for n = 2..6 of
    each shipped corpus (the sizes are tiny: ``fast`` changes nothing)."""
    from ..definitions.ngram import load_corpus

    corpora = {}
    for name in NGRAM_CORPORA:
        sequences, vocabulary = load_corpus(name)
        V = len(vocabulary)
        corpora[name] = {
            "vocabulary": list(vocabulary),
            "vocab_size": V,
            "sequences": len(sequences),
            "tokens": int(sum(len(s) for s in sequences)),
            "rows": ngram_rows(sequences, V),
        }
    return {
        "corpora": corpora,
        "eps": list(NGRAM_EPS),
        "orders": list(NGRAM_ORDERS),
        "seed_note": "deterministic (the shipped corpora): the seed is unused",
        "tensor": "tnverify.definitions.ngram.ngram_tensor(sequences, n, V): joint n-gram "
        "probability tensor (V,)*n (windows inside sentences)",
        "rank_methods": {
            "tt_ranks": "numerical rank of each C-order unfolding "
            "(tnverify.tt.svd.tt_ranks, numpy's rule)",
            "tt_svd": "tnverify.tt.svd.tt_svd(T, eps): ||T - TT||_F <= eps ||T||_F",
        },
    }


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
    ax.plot(
        x,
        series["maximal"],
        color=color,
        **_MAXIMAL,
        label=f"{lab}: maximal min(V^k, V^(n-k)) (pale band)",
    )
    ax.plot(
        x,
        series["exact"],
        color=color,
        marker="o",
        zorder=3,
        label=f"{lab}: exact (numerical rank)",
    )
    for j, (ls, mk) in enumerate(_SVD_STYLES[: len(eps)]):
        ax.plot(
            x,
            series["svd"][j],
            color=color,
            ls=ls,
            marker=mk,
            ms=8,
            zorder=4,
            label=f"{lab}: TT-SVD eps = {eps[j]:g}",
        )
    return [v for vals in (series["maximal"], series["exact"], *series["svd"]) for v in vals]


def ngram_plot(record: dict):
    d = record["data"]
    mfig, (ax_n, ax_k) = new_figure(2, height=6.4)
    seen_n, seen_k = [], []
    for i, (name, c) in enumerate(d["corpora"].items()):
        rows = c["rows"]
        lab = f"{name} (|V| = {c['vocab_size']})"
        by_n = {
            "maximal": [max(r["maximal_ranks"]) for r in rows],
            "exact": [max(r["tt_ranks"]) for r in rows],
            "svd": [[max(r["tt_svd"][j]["ranks"]) for r in rows] for j in range(len(d["eps"]))],
        }
        seen_n += _ngram_lines(ax_n, [r["n"] for r in rows], by_n, f"C{i}", lab, d["eps"])
        last = rows[-1]
        along = {
            "maximal": last["maximal_ranks"][1:-1],
            "exact": last["tt_ranks"][1:-1],
            "svd": [sv["ranks"][1:-1] for sv in last["tt_svd"]],
        }
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


register_figure(
    Figure(
        "ngram-tt-ranks",
        "TT-ranks of the n-gram tensors of the shipped corpora vs n",
        ngram_data,
        ngram_plot,
    )
)
