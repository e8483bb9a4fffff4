"""``tnverify tour``: a terminal walk-through for a first contact without reading docs.

Each step prints a small explicit tensor (``|V| = 3``, every entry written out) beside its
structured twin (an outer product, TT cores, a cell's core, transfer matrices, a
recursion), then the agreement: the max abs difference against the tolerance of
:func:`tnverify.conventions.tolerance`.  :func:`run_tour` returns 0 when every step agrees.

Steps (:data:`STEPS`): ``phi`` Φ(X) (ttlm Eq. 1–2, claim ``ttlm-eq2``); ``tt``
a TT entry as slice products (Eq. 3, ``ttlm-eq3-corrected``); ``tt-svd`` (thesis
Algorithm 1, ``thesis-alg-1-corrected``); ``rac`` a RAC is a TT (ttlm App. B.2,
``ttlm-claim-b2-variant``); ``born`` Z of a Born machine (thesis §4.1.3, Eq. 4.3,
``thesis-sec-4.3.2-cost-corrected``); ``grid`` the grid tensor of a ξ = max network
(gtm Prop. A.3, Eq. 21, ``gtm-prop-a.3``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..conventions import derive_seed, tolerance
from ..definitions.explicit import all_sequences
from ..errors import UsageError

__all__ = ["STEPS", "run_tour"]

_V, _L, _SEED = 3, 3, 2024


def _fmt(a) -> str:
    """An array as text; an order-3 tensor as its slices a[x₁, :, :]."""
    a = np.asarray(a)
    opts = {"precision": 3, "suppress_small": True, "floatmode": "maxprec"}
    if a.ndim == 3:
        return "\n".join(
            f"[{k}, :, :] =\n" + np.array2string(a[k], **opts) for k in range(a.shape[0])
        )
    return np.array2string(a, **opts)


def _show(console, title: str, left: tuple, right: tuple, err: float, tol) -> bool:
    """Print the two panels side by side and the agreement line; return agreement."""
    from rich.columns import Columns
    from rich.panel import Panel
    from rich.text import Text

    ok = bool(err <= tol.value)
    console.rule(f"[bold]{title}")
    console.print(
        Columns(
            [
                Panel(Text(left[1]), title=left[0], expand=False),
                Panel(Text(right[1]), title=right[0], expand=False),
            ]
        )
    )
    mark = "[green]agree[/green]" if ok else "[red]DISAGREE[/red]"
    console.print(
        f"{mark}: max |difference| = {err:.3g} <= tolerance {tol.value:.3g} ({tol.rule})"
        if ok
        else f"{mark}: max |difference| = {err:.3g} > tolerance {tol.value:.3g}"
    )
    return ok


def _step_phi(console, rng) -> bool:
    from ..definitions.explicit import feature_tensor, one_hot

    X = (2, 0, 1)
    phi = feature_tensor(X, vocab_size=_V)
    fs = [one_hot(w, _V) for w in X]
    outer = np.einsum("i,j,k->ijk", *fs)
    A = rng.integers(-5, 6, size=(_V,) * _L).astype(float)
    right = "\n".join(f"f(x{t + 1} = {w}) = {_fmt(f)}" for t, (w, f) in enumerate(zip(X, fs)))
    right += (
        f"\n\n⟨𝒜, Φ(X)⟩ = {float(np.sum(A * phi)):g} = 𝒜[2, 0, 1] = {A[X]:g}"
        "\n(ttlm Eq. 2; claim ttlm-eq2)"
    )
    err = float(np.abs(phi - outer).max())
    return _show(
        console,
        "1. Φ(X) for X = (2, 0, 1), |V| = 3",
        ("explicit Φ(X) (27 entries)", _fmt(phi)),
        ("three one-hot vectors; Φ = their outer product", right),
        err,
        tolerance(np.float64, n=1, norm=1.0),
    )


def _step_tt(console, rng) -> bool:
    from ..tt import random_tt

    tt = random_tt((_V,) * _L, (1, 2, 2, 1), rng)
    full = tt.full()
    seqs = all_sequences(_V, _L)
    x = (2, 0, 1)
    mats = [c[:, w, :] for c, w in zip(tt.cores, x)]
    right = (
        f"cores {[c.shape for c in tt.cores]}, ranks {tt.ranks}\n"
        f"{tt.n_params} parameters for {tt.n_entries} entries\n\n"
        f"A[2, 0, 1] = G1[:, 2, :] G2[:, 0, :] G3[:, 1, :] with\n"
        + "\n".join(f"G{t + 1}[:, {w}, :] =\n{_fmt(m)}" for t, (w, m) in enumerate(zip(x, mats)))
        + f"\nproduct = {tt.entry(x):.4f}\n(ttlm Eq. 3; claim ttlm-eq3-corrected)"
    )
    err = float(np.abs(tt.entries(seqs) - full.reshape(-1)).max())
    return _show(
        console,
        "2. A tensor train: each entry a product of slice matrices",
        ("explicit A = tt.full()", _fmt(full)),
        ("TT cores, entry by entry", right),
        err,
        tolerance(np.float64, n=_L * 2, norm=float(np.abs(full).max())),
    )


def _step_tt_svd(console, rng) -> bool:
    from ..tt.svd import tt_svd

    i, j, k = np.indices((_V,) * _L)
    A = i + j + k + 1.0
    res = tt_svd(A, eps=1e-12)  # eps = 0 would keep the round-off σ ≈ 1e-15 too
    right = (
        f"ranks {res.ranks} (maximal {(1, 3, 3, 1)})\n"
        f"error ‖A − B‖_F = {res.error:.2e} <= bound ε‖A‖_F = {res.bound:.2e}\n"
        f"(thesis Algorithm 1; claim thesis-alg-1-corrected)\n\nB = TT-SVD(A):\n"
        + _fmt(res.tt.full())
    )
    err = float(np.abs(res.tt.full() - A).max())
    return _show(
        console,
        "3. TT-SVD of A[i, j, k] = i + j + k + 1: ranks 2, not 3",
        ("explicit A", _fmt(A)),
        ("TT-SVD, ranks found by the SVDs", right),
        err,
        tolerance(np.float64, n=A.size, norm=float(np.linalg.norm(A))),
    )


def _step_rac(console, rng) -> bool:
    import torch

    from ..cells.recurrent import RAC
    from ..definitions.explicit import sequence_tensor
    from ..tt import TensorTrain

    R = 2
    rac = RAC(
        rng.integers(1, 3, size=(R, _V)).astype(float),  # small integers: the
        rng.integers(-1, 2, size=(R, R)) + 2.0 * np.eye(R),
    )  # scores are exact
    A = sequence_tensor(lambda s: rac(torch.as_tensor(s)).sum(1).detach().numpy(), _V, _L)
    G = rac.tt_core().detach().numpy()
    tt = TensorTrain((G.sum(axis=0)[None], G, G.sum(axis=2)[..., None]))
    right = (
        "G[p, i, o] = W^hx[o, i] W^hh[o, p] (a δ-contraction; claim "
        "ttlm-claim-b2-variant)\nG[:, i, :] for i = 0, 1, 2:\n"
        + _fmt(np.transpose(G, (1, 0, 2)))
        + "\n\nTT (h0 = 1, readout Σ_k h_k) "
        f"with ranks {tt.ranks}"
    )
    err = float(np.abs(tt.full() - A).max())
    return _show(
        console,
        "4. A RAC h' = W^hx f(x) ⊙ W^hh h is a tensor train",
        ("explicit: the RAC run on all 27 sequences", _fmt(A)),
        ("its TT core G (R, |V|, R)", right),
        err,
        tolerance(np.float64, n=_L * R * R, norm=float(np.abs(A).max())),
    )


def _step_born(console, rng) -> bool:
    from ..cells.born import random_born
    from ..tt import TensorTrain

    m = random_born(_V, _L, 2, rng)
    cores = [c.detach().numpy() for c in m.core_list]
    p = TensorTrain(tuple(cores)).full() ** 2
    z_brute = float(p.sum())
    envs = m.left_environments()
    z_sweep = float(m.log_partition().detach().exp())
    right = "\n".join(
        f"E{t} =\n{_fmt(e.detach().numpy() * 2.0**k)}" for t, (e, k) in enumerate(envs[1:], start=1)
    )
    right += f"\n\nZ = E{_L} = {z_sweep:.6f}  (O(|V| L R³); claim thesis-sec-4.3.2-cost-corrected)"
    left = _fmt(p) + f"\n\nZ = Σ_x |Ψ(x)|² = {z_brute:.6f}"
    return _show(
        console,
        "5. Born machine: Z by brute force vs the transfer-matrix sweep",
        ("explicit |Ψ(x)|² over 27 sequences", left),
        ("sweep E ← Σ_i G_iᵀ E G_i", right),
        abs(z_brute - z_sweep),
        tolerance(np.float64, n=p.size, norm=z_brute),
    )


def _step_grid(console, rng) -> bool:
    from ..generalized.grid import grid_by_evaluation, grid_tensor, random_generalized_rnn

    net = random_generalized_rnn(_V, _L, 2, "relu", rng, dist="integer")
    by_seq, by_rec = grid_by_evaluation(net), grid_tensor(net)
    right = (
        f"ξ(x, y) = max(x, y, 0), h0 = 0, ranks {net.ranks}\nΓ^(ℓ,t) = 𝒢^(t) · "
        f"(C^(t) Fᵀ ⊗_ξ Γ^(ℓ,t−1)) (gtm Eq. 21; claim gtm-prop-a.3)\n\n" + _fmt(by_rec)
    )
    err = float(np.abs(by_seq - by_rec).max())
    return _show(
        console,
        "6. Grid tensor of a ξ = max generalized RNN (M = 3 templates)",
        ("per sequence: ℓ(X) on all 27 template sequences", _fmt(by_seq)),
        ("by the recursion, prefixes reused", right),
        err,
        tolerance(np.float64, n=_L * 4, norm=float(np.abs(by_seq).max())),
    )


#: Step name -> function(console, rng) -> bool, in tour order.
STEPS: dict[str, Callable] = {
    "phi": _step_phi,
    "tt": _step_tt,
    "tt-svd": _step_tt_svd,
    "rac": _step_rac,
    "born": _step_born,
    "grid": _step_grid,
}


def run_tour(console=None, steps: Sequence[str] | None = None) -> int:
    """Run the tour (all :data:`STEPS`, or the named ones in tour order).

    Parameters
    ----------
    console : rich.console.Console, optional
        Where to print (default a new Console on stdout).
    steps : sequence of str, optional
        Names from :data:`STEPS`.

    Returns
    -------
    int
        0 when every step's explicit and structured sides agree, 1 otherwise.

    Raises
    ------
    UsageError
        An unknown step name (the message lists the steps).
    """
    if console is None:
        from rich.console import Console

        console = Console()
    names = list(STEPS) if steps is None else list(steps)
    unknown = [s for s in names if s not in STEPS]
    if unknown or not names:
        raise UsageError(f"unknown tour step(s) {unknown or names}; choose from {', '.join(STEPS)}")
    # each step draws from its own seed, so a step prints the same whichever others run
    results = {
        name: STEPS[name](console, np.random.default_rng(derive_seed(_SEED, name)))
        for name in STEPS
        if name in names
    }
    bad = [k for k, ok in results.items() if not ok]
    console.rule()
    console.print(
        f"{len(results) - len(bad)} of {len(results)} steps agree"
        + (f"; disagreeing: {', '.join(bad)}" if bad else "")
        + ".  Next: `tnverify claims`, `tnverify verify`, and the executed "
        "tutorial docs/tutorial.md in the source repository (not installed "
        "with the package)."
    )
    return 1 if bad else 0
