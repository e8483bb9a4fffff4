"""Claims of ttlm §4.1–4.2 on the TT format as a language model: Φ(X) and
⟨𝒜, Φ(X)⟩ (Eq. 1–2), the printed TT sums (Eq. 3) and the recurrence (Eq. 4–5).  The same
sums as printed in thesis are registered in :mod:`tnverify.claims.thesis.tt_format`,
Prop. 5.2.1 in :mod:`tnverify.claims.thesis.ttlm_theory`; both reuse the
definition side here.

The definition side builds explicit tensors (float64, tensordot of the cores) over all
``|V|^N`` sequences; printed nested sums are evaluated literally by
:func:`printed_tt_sum`, which takes each sum's printed lower limit, so the literal
reading (``Σ_{α₂=2}``) and the corrected one (every sum from 1) share code.  The torch
sides are in :mod:`.scaled`, the statements and registrations in :mod:`.statements`.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from ....conventions import tolerance
from ....definitions.explicit import all_sequences, feature_tensor, inner
from ....errors import RankError, ShapeError
from ....tt import random_tt
from ... import Evidence
from ...compare import compare_values

__all__ = ["printed_tt_sum", "literal_lower_limits", "full_by_tensordot", "recurrence"]


# -- definitions -------------------------------------------------------------------
def full_by_tensordot(cores) -> np.ndarray:
    """The explicit tensor ``𝒜`` by successive ``tensordot`` over the bond indices
    (ttlm §4.2, Eq. 3, first line read as a contraction)."""
    A = np.asarray(cores[0])
    for G in cores[1:]:
        A = np.tensordot(A, G, axes=(A.ndim - 1, 0))
    return A[0, ..., 0]


def recurrence(cores, tokens) -> np.ndarray:
    """``h ← h · G^{(t)}[:, w_t, :]`` with ``h^{(0)} = [1]``, for every row of ``tokens``."""
    tokens = np.asarray(tokens)
    h = np.ones((tokens.shape[0], 1))
    for t, G in enumerate(cores):
        h = np.einsum("sa,asb->sb", h, G[:, tokens[:, t], :])
    return h[:, 0]


def literal_lower_limits(n_bonds: int) -> tuple[int, ...]:
    """Printed lower limits (1-based) of ``Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{N−1}=1}``.

    ``α₂`` starts at 2; the first, the elided and the last sums start at 1.  Needs
    ``N − 1 >= 3`` bonds: for ``N = 3`` the printed ``α₂`` is also ``α_{N−1}`` (printed
    from 1), so the literal limit is contradictory there.
    """
    if n_bonds < 3:
        raise ShapeError(
            "the printed sum Σ_{α1=1} Σ_{α2=2} ⋯ Σ_{α_{N-1}=1} names α2 and "
            f"α_(N-1) as different sums only for N >= 4; got N = {n_bonds + 1}"
        )
    return (1, 2) + (1,) * (n_bonds - 2)


def printed_tt_sum(cores, tokens, lower) -> np.ndarray:
    """Evaluate ``Σ_{α₁=l₁}^{R₁} ⋯ Σ_{α_{N−1}=l_{N−1}}^{R_{N−1}} G^{(1)}_{w₁α₁}
    G^{(2)}_{α₁w₂α₂} ⋯ G^{(N)}_{α_{N−1}w_N}`` literally, term by term.

    Parameters
    ----------
    cores : sequence of (r_{t-1}, V, r_t) arrays
    tokens : (S, N) int array
        0-based token indices (the paper's ``w_t − 1``).
    lower : sequence of int
        Printed (1-based) lower limit of each of the ``N − 1`` sums; the upper limit is
        the printed ``R_t``.

    Returns
    -------
    (S,) ndarray
        One value per sequence: the nested sum over every α tuple in the printed ranges.
    """
    tokens = np.asarray(tokens)
    N = len(cores)
    if len(lower) != N - 1:
        raise RankError(f"need one lower limit per bond (N - 1 = {N - 1}); got {len(lower)}")
    ranges = [range(int(lo) - 1, int(cores[t].shape[2])) for t, lo in enumerate(lower)]
    total = np.zeros(tokens.shape[0])
    for alphas in itertools.product(*ranges):
        a = (0,) + alphas + (0,)
        term = np.ones(tokens.shape[0])
        for t, G in enumerate(cores):
            term = term * G[a[t], tokens[:, t], a[t + 1]]
        total = total + term
    return total


def _abs_scale(cores) -> float:
    """Largest entry of the |G| product: the Σ|terms| scale of the rounding bound."""
    return float(full_by_tensordot([np.abs(G) for G in cores]).max())


def random_cores(params, rng, *, nonneg=False):
    shape = tuple(params.get("shape") or (params["vocab_size"],) * params["length"])
    ranks = tuple(params["ranks"]) if "ranks" in params else int(params["rank"])
    cores = list(random_tt(shape, ranks, rng).cores)
    return [np.abs(G) for G in cores] if nonneg else cores


def entry_bound(cores) -> dict:
    """``n`` and ``scale`` of :func:`~tnverify.claims.compare.compare_values` for a TT entry."""
    # n: ∏R_t summed terms of N factors each; scale: Σ|terms| ≤ max of the |G| product
    n_terms = math.prod(int(G.shape[2]) for G in cores[:-1])
    return {"n": n_terms + len(cores), "scale": _abs_scale(cores)}


# -- ttlm-eq2 ----------------------------------------------------------------------
def small_eq2(params, rng):
    V, N = params["vocab_size"], params["length"]
    A = rng.standard_normal((V,) * N)
    seqs = all_sequences(V, N)
    lhs = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    ref = A.reshape(-1)
    onehot_ok = all(
        np.count_nonzero(P := feature_tensor(w, vocab_size=V)) == 1
        and P[tuple(w)] == 1.0
        and P.shape == (V,) * N
        for w in seqs[:: max(1, len(seqs) // 64)]
    )
    sizes = {"vocab_size": V, "length": N}
    # negative control: Φ built with its modes reversed (Φ(w_N, …, w_1)) must miss 𝒜[w]
    rev = np.array([inner(A, feature_tensor(w[::-1], vocab_size=V)) for w in seqs])
    # n: V**N summed terms (one of them nonzero); scale: max |𝒜|
    ev = compare_values(
        "⟨𝒜, Φ(X)⟩ (Eq. 2, explicit sum) vs the entry 𝒜[w], all |V|^N sequences",
        lhs,
        ref,
        n=V**N,
        scale=float(np.abs(A).max()),
        labels=seqs,
        sizes=sizes,
        control=rev,
        control_label="Φ with its modes reversed, ⟨𝒜, Φ(w_N, …, w_1)⟩",
    )
    sampled = seqs[:: max(1, len(seqs) // 64)]
    rev_ok = all(
        np.count_nonzero(P := feature_tensor(w[::-1], vocab_size=V)) == 1 and P[tuple(w)] == 1.0
        for w in sampled
    )
    ev.parts = {
        "Φ(X) is |V|^N-dimensional with one 1 at (w_1..w_N)": Evidence(
            "Φ(X) shape and support (sampled sequences)",
            passed=onehot_ok,
            sizes=sizes,
            control=Evidence(
                "control (Φ of the reversed sequence) of: Φ(X) has its one 1 at (w_1..w_N)",
                passed=rev_ok,
            ),
        )
    }
    return ev


# -- the TT entry: tensordot vs slice products vs printed sums (ttlm-eq3/-eq5, thesis-eq-3.4)
def _multi_indices(shape):
    return np.indices(shape).reshape(len(shape), -1).T.copy()


def tt_sides(params, rng, corrected, last="N"):
    """The TT-format sides of Eq. 3/5 (ttlm) and Eq. 3.3–3.4 (thesis, ``last=\"L\"``, the
    thesis's name of the last core): slice products and the printed or corrected sum
    against the full contraction of the cores."""
    cores = random_cores(params, rng)
    shape = tuple(G.shape[1] for G in cores)
    seqs = _multi_indices(shape)
    ref = full_by_tensordot(cores).reshape(-1)
    lower = (1,) * (len(cores) - 1) if corrected else literal_lower_limits(len(cores) - 1)
    sizes = {"shape": list(shape), "ranks": [1] + [int(G.shape[2]) for G in cores]}
    bound = entry_bound(cores)
    label = "every sum from 1 (corrected)" if corrected else f"printed lower limits {lower}"
    # controls: the perturbed entry for the slice products (it keeps the tolerance rule
    # honest: a looser rule lets it pass), the printed α₂ = 2 limit for the corrected sums
    printed_ctrl = (
        printed_tt_sum(cores, seqs, literal_lower_limits(len(cores) - 1))
        if corrected and len(cores) >= 4
        else None
    )
    parts = {
        "slice products vs the full TT contraction": compare_values(
            f"G^{{(1)}}_{{:,i_1,:}} ⋯ G^{{({last})}}_{{:,i_{last},:}} vs the full TT contraction",
            recurrence(cores, seqs),
            ref,
            **bound,
            labels=seqs,
            sizes=sizes,
        ),
        f"sum over α with {label} vs the full TT contraction": compare_values(
            f"Σ_α G^{{(1)}}_{{i_1α_1}} ⋯ G^{{({last})}}_{{α_{{{last}−1}}i_{last}}}, {label}, vs the "
            "full TT contraction (every sum from 1)",
            printed_tt_sum(cores, seqs, lower),
            ref,
            **bound,
            labels=seqs,
            sizes=sizes,
            control=printed_ctrl,
            control_label="the printed lower limit Σ_{α₂=2}",
        ).keyed("printed-sum"),
    }
    return cores, seqs, ref, bound, sizes, parts


def small_eq3(params, rng, corrected=False):
    *_, sizes, parts = tt_sides(params, rng, corrected)
    return Evidence(
        "TT entry: tensordot, slice products, printed sums (Eq. 3)", parts=parts, sizes=sizes
    )


def _eq5_line1(cores, seqs):
    """Eq. 5, first line: Σ_{i,α} f(x1)_{i1} G(1)_{i1α1} ⋯ f(xN)_{iN} G(N)_{αN−1 iN}, all sums
    from 1, evaluated by one einsum over every i and α index."""
    V, N = cores[0].shape[1], len(cores)
    letters = iter("abcdefghijklmnopqrtuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    i = [next(letters) for _ in range(N)]
    a = [next(letters) for _ in range(N + 1)]
    ops, subs = [], []
    for t, G in enumerate(cores):
        ops += [np.eye(V)[seqs[:, t]], G]
        subs += [f"s{i[t]}", f"{a[t]}{i[t]}{a[t + 1]}"]
    return np.einsum(",".join(subs) + "->s", *ops, optimize=True)


def small_eq5(params, rng, corrected=False):
    cores, seqs, ref, bound, sizes, parts = tt_sides(params, rng, corrected)
    V = cores[0].shape[1]
    A = ref.reshape((V,) * len(cores))
    side_a = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    parts["⟨𝒜, Φ(X)⟩ vs 𝒜[w]"] = compare_values(
        "side A: ⟨𝒜, Φ(X)⟩ (explicit) vs the entry", side_a, ref, **bound, labels=seqs, sizes=sizes
    )
    parts["Eq. 5 line 1 vs 𝒜[w]"] = compare_values(
        "Σ over i and α with one-hot f (all from 1)",
        _eq5_line1(cores, seqs),
        ref,
        **bound,
        labels=seqs,
        sizes=sizes,
    )
    eq4 = max(
        float(np.abs(np.einsum("i,aib->ab", np.eye(V)[w], G) - G[:, w, :]).max())
        for G in cores
        for w in range(V)
    )
    tol4 = tolerance(np.float64, n=V, norm=max(float(np.abs(G).max()) for G in cores))
    # control: the ruled-out literal reading "w_t = 1 for at most one t" admits f = 0
    zero_f = max(
        float(np.abs(np.einsum("i,aib->ab", np.zeros(V), G) - G[:, w, :]).max())
        for G in cores
        for w in range(V)
    )
    parts["Eq. 4: Σ_i f_i G[:, i, :] = G[:, w, :]"] = Evidence(
        "one-hot contraction of every core vs its slice",
        error=eq4,
        tolerance=tol4,
        sizes=sizes,
        control=Evidence(
            "control (f = 0, allowed by 'w_t = 1 for at most one t' read literally) of: "
            "Σ_i f_i G[:, i, :] = G[:, w, :]",
            error=zero_f,
            tolerance=tol4,
        ),
    )
    return Evidence(
        "sides A (⟨𝒜,Φ⟩), B (recurrence), C (printed sums) of Eq. 5", parts=parts, sizes=sizes
    )
