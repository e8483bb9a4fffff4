"""Spine claims of the TT format as a language model (seed 000 §4.1–4.2; seed 001 §3.2.2,
§5.2.2): Φ(X) and ⟨𝒜, Φ(X)⟩, the printed TT sums, the recurrence, Prop. 5.2.1.

The definition side builds explicit tensors (float64, tensordot of the cores) over all
``|V|^N`` sequences; printed nested sums are evaluated literally by
:func:`printed_tt_sum`, which takes each sum's printed lower limit, so the literal
reading (``Σ_{α₂=2}``) and the corrected one (every sum from 1) share code.  The torch
sides are in ``_spine_ttlm_scaled``.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from . import Claim, Evidence, Ref, register
from ._spine_ttlm_scaled import scaled_eq2, scaled_prop_521, scaled_scoring
from .compare import compare_values
from ..conventions import tolerance
from ..errors import RankError, ShapeError
from ..explicit import all_sequences, feature_tensor, inner
from ..tt import random_tt

__all__ = ["printed_tt_sum", "literal_lower_limits", "full_by_tensordot", "recurrence"]


# -- definitions -------------------------------------------------------------------
def full_by_tensordot(cores) -> np.ndarray:
    """The explicit tensor ``𝒜`` by successive ``tensordot`` over the bond indices
    (seed 000 (ttlm) §4.2, Eq. 3, first line read as a contraction)."""
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
        raise ShapeError("the printed sum Σ_{α1=1} Σ_{α2=2} ⋯ Σ_{α_{N-1}=1} names α2 and "
                         f"α_(N-1) as different sums only for N >= 4; got N = {n_bonds + 1}")
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


def _cores(params, rng, *, nonneg=False):
    shape = tuple(params.get("shape") or (params["vocab_size"],) * params["length"])
    ranks = tuple(params["ranks"]) if "ranks" in params else int(params["rank"])
    cores = list(random_tt(shape, ranks, rng).cores)
    return [np.abs(G) for G in cores] if nonneg else cores


def _bound(cores) -> dict:
    """``n`` and ``scale`` of :func:`~tnverify.claims.compare.compare_values` for a TT entry."""
    # n: ∏R_t summed terms of N factors each; scale: Σ|terms| ≤ max of the |G| product
    n_terms = math.prod(int(G.shape[2]) for G in cores[:-1])
    return {"n": n_terms + len(cores), "scale": _abs_scale(cores)}


# -- ttlm-eq2 ----------------------------------------------------------------------
def _small_eq2(params, rng):
    V, N = params["vocab_size"], params["length"]
    A = rng.standard_normal((V,) * N)
    seqs = all_sequences(V, N)
    lhs = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    ref = A.reshape(-1)
    onehot_ok = all(np.count_nonzero(P := feature_tensor(w, vocab_size=V)) == 1
                    and P[tuple(w)] == 1.0 and P.shape == (V,) * N for w in seqs[:: max(1, len(seqs) // 64)])
    sizes = {"vocab_size": V, "length": N}
    # n: V**N summed terms (one of them nonzero); scale: max |𝒜|
    ev = compare_values(
        "⟨𝒜, Φ(X)⟩ (Eq. 2, explicit sum) vs the entry 𝒜[w], all |V|^N sequences", lhs, ref,
        n=V**N, scale=float(np.abs(A).max()), labels=seqs, sizes=sizes)
    ev.parts = {"Φ(X) is |V|^N-dimensional with one 1 at (w_1..w_N)":
                Evidence("Φ(X) shape and support (sampled sequences)", passed=onehot_ok,
                         sizes=sizes)}
    return ev


# -- the TT entry: tensordot vs slice products vs printed sums (ttlm-eq3/-eq5, thesis-eq-3.4)
def _multi_indices(shape):
    return np.indices(shape).reshape(len(shape), -1).T.copy()


def _tt_sides(params, rng, corrected):
    cores = _cores(params, rng)
    shape = tuple(G.shape[1] for G in cores)
    seqs = _multi_indices(shape)
    ref = full_by_tensordot(cores).reshape(-1)
    lower = (1,) * (len(cores) - 1) if corrected else literal_lower_limits(len(cores) - 1)
    sizes = {"shape": list(shape), "ranks": [1] + [int(G.shape[2]) for G in cores]}
    bound = _bound(cores)
    label = "every sum from 1 (corrected)" if corrected else f"printed lower limits {lower}"
    parts = {
        "slice products vs tensordot": compare_values(
            "G1[:,w1,:] G2[:,w2,:] ⋯ GN[:,wN,:] vs the tensordot tensor", recurrence(cores, seqs),
            ref, **bound, labels=seqs, sizes=sizes),
        f"printed sum ({label}) vs tensordot": compare_values(
            f"Σ_α G(1)_{{w1α1}} ⋯ G(N)_{{αN−1 wN}}, {label}, vs the tensordot tensor",
            printed_tt_sum(cores, seqs, lower), ref, **bound, labels=seqs, sizes=sizes),
    }
    return cores, seqs, ref, bound, sizes, parts


def _small_eq3(params, rng, corrected=False):
    *_, sizes, parts = _tt_sides(params, rng, corrected)
    return Evidence("TT entry: tensordot, slice products, printed sums (Eq. 3)", parts=parts,
                    sizes=sizes)


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


def _small_eq5(params, rng, corrected=False):
    cores, seqs, ref, bound, sizes, parts = _tt_sides(params, rng, corrected)
    V = cores[0].shape[1]
    A = ref.reshape((V,) * len(cores))
    side_a = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    parts["⟨𝒜, Φ(X)⟩ vs 𝒜[w]"] = compare_values(
        "side A: ⟨𝒜, Φ(X)⟩ (explicit) vs the entry", side_a, ref, **bound, labels=seqs,
        sizes=sizes)
    parts["Eq. 5 line 1 vs 𝒜[w]"] = compare_values(
        "Σ over i and α with one-hot f (all from 1)", _eq5_line1(cores, seqs), ref, **bound,
        labels=seqs, sizes=sizes)
    eq4 = max(float(np.abs(np.einsum("i,aib->ab", np.eye(V)[w], G) - G[:, w, :]).max())
              for G in cores for w in range(V))
    parts["Eq. 4: Σ_i f_i G[:, i, :] = G[:, w, :]"] = Evidence(
        "one-hot contraction of every core vs its slice", error=eq4,
        tolerance=tolerance(np.float64, n=V, norm=max(float(np.abs(G).max()) for G in cores)),
        sizes=sizes)
    return Evidence("sides A (⟨𝒜,Φ⟩), B (recurrence), C (printed sums) of Eq. 5", parts=parts,
                    sizes=sizes)


def _small_thesis_34(params, rng, corrected=False):
    cores, seqs, ref, _, sizes, parts = _tt_sides(params, rng, corrected)
    shape = tuple(G.shape[1] for G in cores)
    A, Bt = ref.reshape(shape), rng.standard_normal(shape)
    literal = 0.0
    for idx in itertools.product(*(range(n) for n in shape)):   # Σ_{i1=1}^{I1} ⋯ Σ_{iL=1}^{IL}
        literal += A[idx] * Bt[idx]
    parts["Def. 3.1.5 (nested sums) vs numpy.vdot"] = Evidence(
        "⟨A, B⟩ by the printed nested sums vs numpy.vdot", error=abs(literal - np.vdot(A, Bt)),
        # n: ∏I_k products summed; norm: Σ|A·B|
        tolerance=tolerance(np.float64, n=A.size, norm=float(np.abs(A * Bt).sum())), sizes=sizes)
    return Evidence("Eq. 3.3 (slices), Eq. 3.4 (printed sums), Def. 3.1.5", parts=parts,
                    sizes=sizes)


# -- thesis-prop-5.2.1 --------------------------------------------------------------
def _transfer_z(cores, squared):
    """Z by transfer matrices (numpy): E ← Σ_i G_iᵀ E G_i (squared) or h ← h Σ_i G_i."""
    env = np.ones((1, 1))
    for G in cores:
        r0, v, r1 = G.shape
        if squared:
            y = (env @ G.reshape(r0, v * r1)).reshape(r0 * v, r1)
            env = G.reshape(r0 * v, r1).T @ y
        else:
            env = env @ G.sum(axis=1)
    return float(env[0, 0])


def _normalised(cores, seqs, squared, sizes):
    """P̃ = ψ(value) = value / Z over all sequences: nonnegativity, Σ P̃ = 1, Z two ways."""
    val = recurrence(cores, seqs)
    val = val**2 if squared else val
    z = float(val.sum())
    p = val / z
    n = len(seqs) + len(cores)   # V**L summed terms (+ the products of L factors)
    ab = full_by_tensordot([np.abs(G) for G in cores]).reshape(-1)
    zscale = float((ab**2).sum() if squared else ab.sum())          # Σ|terms| of Z
    tol_p = tolerance(np.float64, n=n, norm=float(np.abs(p).max()))
    j = int(np.argmin(p))
    nonneg = Evidence("min over x of P̃(x) >= 0", error=max(0.0, -float(p[j])), tolerance=tol_p,
                      sizes=sizes, counterexample={"sequence": seqs[j].tolist(),
                                                   "P": float(p[j]), "Z": z}
                      if -p[j] > float(tol_p) else None)
    total = Evidence("Σ_x P̃(x) = 1", error=abs(float(p.sum()) - 1.0),
                     tolerance=tolerance(np.float64, n=n, norm=float(np.abs(p).sum())), sizes=sizes)
    ztm = Evidence("Z by transfer matrices vs brute force", error=abs(_transfer_z(cores, squared) - z),
                   tolerance=tolerance(np.float64, n=n + len(cores) * max(G.shape[2] for G in cores)
                                       * cores[0].shape[1], norm=zscale), sizes=sizes)
    return {"nonnegative": nonneg, "sums to 1": total, "Z transfer vs brute force": ztm}


def _small_prop_521(params, rng):
    V, ranks = params["vocab_size"], list(params["ranks"])
    L = len(ranks) - 1
    p = {"vocab_size": V, "length": L, "ranks": ranks}
    sizes = {"vocab_size": V, "length": L, "ranks": ranks}
    seqs = all_sequences(V, L)
    cores = _cores(p, rng)
    A = full_by_tensordot(cores)
    bound = _bound(cores)
    ref = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    perm = [np.transpose(G, (1, 0, 2)) for G in cores]           # |V| × R_{t−1} × R_t (Eq. 5.6)
    eq52 = np.array([np.linalg.multi_dot([np.ones((1, 1))] + [
        np.tensordot(np.eye(V)[w[t]], perm[t], axes=(0, 0)) for t in range(L)] + [np.ones((1, 1))])
        [0, 0] for w in seqs])
    common = {
        "(i) recurrence vs ⟨𝒜, Φ(x)⟩": compare_values(
            "h ← h G[:, w_t, :] vs ⟨𝒜, Φ(x)⟩ (Eq. 5.4)", recurrence(cores, seqs), ref, **bound,
            labels=seqs, sizes=sizes),
        "(i) Eq. 5.2 (fᵀG, Eq. 5.6) vs ⟨𝒜, Φ(x)⟩": compare_values(
            "(f(1))ᵀG(1) ⋯ (f(L))ᵀG(L), f contracted with the |V| mode", eq52, ref, **bound,
            labels=seqs, sizes=sizes),
    }
    readings = {}
    for name, squared in (("a", False), ("b", True)):
        parts = dict(common)
        for draw in range(8):   # random real cores: up to 8 draws, stop at a counterexample
            real = _normalised(_cores(p, rng), seqs, squared, sizes)
            if any(ev.verdict != "holds" for ev in real.values()):
                break
        parts.update({f"real cores: {k}": v for k, v in real.items()})
        parts.update({f"nonnegative cores: {k}": v for k, v in
                      _normalised(_cores(p, rng, nonneg=True), seqs, squared, sizes).items()})
        readings[name] = Evidence(
            "P̃ = ψ(⟨𝒜,Φ⟩) = ⟨𝒜,Φ⟩/Z" if name == "a" else "P̃ = ψ(⟨𝒜,Φ⟩²) = ⟨𝒜,Φ⟩²/Z",
            parts=parts, sizes=sizes, details={"real_core_draws": draw + 1})
    return Evidence("Prop. 5.2.1 under readings (a) signed and (b) squared", readings=readings,
                    sizes=sizes)


# -- registry ------------------------------------------------------------------------
_STATEMENT_TTLM_EQ2 = (
    '"Φ(X) = f₁(x^{(1)}) ⊗ f₂(x^{(2)}) ⋯ ⊗ f_N(x^{(N)}) = ⊗_{i=1}^N f_i(x^{(i)}) (1)"'
    '; "we assume that a text shares the same one-hot encoding f(x^{(t)}) ∈ ℝ^{|V|} i'
    'n later sections. Consequently, Φ(X) is a |V|^N-dimensional tensor that records '
    'all possible combinations of words in X"; "p(X) = ⟨𝒜, Φ(X)⟩ = Σ_{i₁,i₂,⋯,i_N=1}^'
    '{|V|} 𝒜_{i₁,⋯,i_N} · Φ(X)_{i₁,⋯,i_N} (2)", where 𝒜 is "a regression weight tenso'
    'r of the same shape as Φ(X)". Eq. 5 then uses "𝒜_{w₁w₂…w_N} = … = ⟨𝒜, Φ(X)⟩ = p('
    'X)".')
_STATEMENT_TTLM_EQ3 = (
    '"𝒜_{w₁w₂…w_N} = G^{(1)}_{::,w₁} ⟦underbrace: 1×R₁⟧ G^{(2)}_{:,w₂} ⟦R₁×R₂⟧ ⋯ G^{('
    'N)}_{:,w_N} ⟦R_{N−1}×1⟧ = Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{N−1}=1}^{R_{N−1}} '
    'G^{(1)}_{w₁α₁} G^{(2)}_{α₁w₂α₂} ⋯ G^{(N)}_{α_{N−1}w_N} (3) where the tensors G^{'
    '(t)} ∈ ℝ^{R_{t−1}×|V|×R_t} (t = 1, ..., d, R₀ = R_N = 1 by definition) are calle'
    'd TT cores."')
_STATEMENT_TTLM_EQ5 = (
    '- Eq. 4: "G^{(t)}_{α_{t−1}w_tα_t} = Σ_{i=1}^{|V|} f(x^{(t)})_i G^{(t)}_{α_{t−1}i'
    'α_t} (4) where each f(x^{(t)}) is a one-hot vector having w_t = 1 for at most on'
    'e t, and has zeros elsewhere".\n  - Eq. 5: "𝒜_{w₁w₂…w_N} = Σ_{i₁,…,i_N=1}^{|V|} Σ'
    '_{α₁=1}^{R₁} ⋯ Σ_{α_{N−1}=1}^{R_{N−1}} f(x^{(1)})_{i₁} G^{(1)}_{i₁α₁} f(x^{(2)})'
    '_{i₂} G^{(2)}_{α₁i₂α₂} ⋯ f(x^{(N)})_{i_N} G^{(N)}_{α_{N−1}i_N} = Σ_{α₁=1}^{R₁} Σ'
    '_{α₂=2}^{R₂} ⋯ Σ_{α_{N−1}=1}^{R_{N−1}} G^{(1)}_{w₁α₁} G^{(2)}_{α₁w₂α₂} ⋯ G^{(N)}'
    '_{α_{N−1}w_N} = ⟨𝒜, Φ(X)⟩ = p(X) (5)", with Φ(X) = ⊗_{i=1}^N f(x^{(i)}).\n  - Tex'
    't: "Eq. 5 can compute Eq. 2".')
_STATEMENT_THESIS_EQ_3_4 = (
    '- Eq. 3.3: "𝐀_{i₁,…,i_L} = 𝐆^{(1)}_{i₁,:} 𝐆^{(2)}_{:,i₂,:} ⋯ 𝐆^{(L−1)}_{:,i_{L−1'
    '},:} 𝐆^{(L)}_{:,i_L,:} (3.3), where 𝐆^{(k)} ∈ ℝ^{R_{k−1}×I_k×R_k}, for k ∈ [L] a'
    're called the TT-cores; R_k for k ∈ [L] are called the TT-ranks and R₀ = R_L = 1'
    '; and R = max_{1≤k≤L} R_k is called the maximal TT-rank."\n  - Def. 3.2.2: "𝐀_{i₁'
    ',…,i_L} = Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{L−1}=1}^{R_{L−1}} 𝐆^{(1)}_{i₁α₁} 𝐆'
    '^{(2)}_{α₁i₂α₂} ⋯ 𝐆^{(L)}_{α_{L−1}i_L} (3.4)".\n  - Def. 3.1.5 (inner product) is'
    ' stated "for two same-sized tensors 𝐀, 𝐁 ∈ ℝ^{I₁×I₂×⋯×d_N}", with sums up to I_L'
    '.')
_STATEMENT_THESIS_PROP_5_2_1 = (
    '- Eq. 5.1: "P̃(x) = ψ(‖Ψ(x)‖²_F) (5.1), where ‖·‖²_F denotes the squared Frobeni'
    'us norm … and ψ is a normalization function that ensures the nonnegativity of P̃'
    '(x) and that the probabilities sum to 1. For example, prior studies typically de'
    'fine ψ(‖Ψ(x)‖²_F) = ‖Ψ(x)‖²_F / Z, where Z = Σ_{x∈V^L} ‖Ψ(x)‖²_F."\n  - Prop. 5.2'
    '.1: "Given a set of tensors 𝐆^{(t)} ∈ ℝ^{R_{t−1}×|V|×R_t} (t ∈ [L], R₀ = R_L = 1'
    '), the Tensor Train Language Models compute the probability of x as follows: P̃('
    'x) = ψ((𝐟^{(1)})ᵀ𝐆^{(1)}(𝐟^{(2)})ᵀ𝐆^{(2)} ⋯ (𝐟^{(L)})ᵀ𝐆^{(L)}) (5.2)."\n  - Proof'
    ', Eq. 5.4: "‖Ψ(x)‖²_F = ⟨𝒜, Φ(x)⟩ = Σ_{i₁,…,i_L=1}^{|V|} 𝒜_{i₁,…,i_L} · Φ(x)_{i₁'
    ',…,i_L} (5.4)".\n  - Proof, Eq. 5.5: "𝒜_{w₁w₂…w_L} = 𝐆^{(1)}_{:,w₁} ⟦underbrace: '
    '1×R₁⟧ 𝐆^{(2)}_{:,w₂,:} ⟦R₁×R₂⟧ ⋯ 𝐆^{(L)}_{:,w_L} ⟦R_{L−1}×1⟧ = Σ_{α₁,…,α_{L−1}}^'
    '{R_t} 𝐆^{(1)}_{w₁α₁}𝐆^{(2)}_{α₁w₂α₂}⋯𝐆^{(L)}_{α_{L−1}w_L} (5.5)".\n  - Proof, Eq.'
    ' 5.6: "𝐆^{(t)}_{w_tα_{t−1}α_t} = Σ_{i_t=1}^{|V|} f^{(t)}_{i_t} 𝐆^{(t)}_{i_tα_{t−'
    '1}α_t} (5.6)", with the core permuted to |V|×R_{t−1}×R_t.\n  - Conclusion: "P̃(x)'
    ' = ψ(‖Ψ(x)‖²_F) = ψ(⟨𝒜, Φ(x)⟩) = ψ(𝒜_{w₁w₂…w_L}) = … = ψ((𝐟^{(1)})ᵀ𝐆^{(1)} ⋯ (𝐟^'
    '{(L)})ᵀ𝐆^{(L)})".\n  - The quantity "‖Ψ(x)‖²_F" admits these readings:\n    - (a) '
    'the signed value ⟨𝒜, Φ(x)⟩, as defined in Eq. 5.4;\n    - (b) the squared amplitu'
    'de ⟨𝒜, Φ(x)⟩², the Born-rule usage of §4.1.3 (Eq. 4.3).\n  - "(𝐟^{(t)})ᵀ𝐆^{(t)}" '
    'does not name the contracted mode. The proof contracts f with the vocabulary mod'
    'e (Eq. 5.6).')

_PROOFS = "proofs/spine_ttlm.py::"
_SCALED_SPACE = {
    "small": ({"batch": 256, "vocab_size": 1000, "rank": 20, "length": 64, "distinct": 4},),
    "large": tuple({"batch": 4096, "vocab_size": 33278, "rank": r, "length": n, "distinct": 1,
                    "tree_chunk": c} for r, n, c in ((20, 1024, 512), (64, 1024, 128),
                                                     (256, 512, 16))),
}
_EQ3_SPACE = ({"vocab_size": 2, "length": 4, "ranks": [1, 2, 2, 2, 1]},
              {"vocab_size": 4, "length": 5, "ranks": [1, 2, 3, 3, 2, 1]})
_34_SPACE = ({"shape": [2, 3, 2, 3], "ranks": [1, 2, 2, 2, 1]},
             {"shape": [3, 4, 3, 4, 3], "ranks": [1, 2, 3, 3, 2, 1]})
_EQ5_SPACE = ({"vocab_size": 2, "length": 4, "rank": 2}, {"vocab_size": 4, "length": 5, "rank": 3})
_CORRECTION = (" [Corrected: every printed sum Σ_{α_k} runs from α_k = 1 to R_k; the printed "
               "lower limit α₂ = 2 is replaced by α₂ = 1.]")


def _pair(base, *, title, refs, small, space, statement, uses=(), pinned=(), scaled=False):
    """Register ``base`` (literal printed sums, expected to fail) and ``base-corrected``.

    The scaled side (the recurrence against the tree product at scale; CLAIMS.md: "As
    ttlm-eq5") is the same computation for all three pairs, so it runs once, on
    ``ttlm-eq5-corrected`` (``scaled=True``); the others name it in ``uses``."""
    shared = () if scaled else ("ttlm-eq5-corrected",)
    register(Claim(
        id=base, group="spine", title=title, statement=statement, refs=refs,
        small=lambda p, rng: small(p, rng, False), space=space, uses=uses + shared,
        expected="fails", corrected_by=f"{base}-corrected", pinned=pinned))
    register(Claim(
        id=f"{base}-corrected", group="spine", title=title + " (sums from 1)",
        statement=statement + _CORRECTION, refs=refs,
        small=lambda p, rng: small(p, rng, True), space=space,
        scaled=scaled_scoring if scaled else None, scaled_space=_SCALED_SPACE,
        uses=uses + shared, expected="holds", corrects=base,
        proof=_PROOFS + "prove_" + f"{base}_corrected".replace("-", "_").replace(".", "_")))


register(Claim(
    id="ttlm-eq2", group="spine", title="Φ(X) and p(X) = ⟨𝒜, Φ(X)⟩",
    statement=_STATEMENT_TTLM_EQ2,
    refs=(Ref("ttlm", "§4.1, Eq. 1–2 (and Eq. 5)"), Ref("thesis", "§5.2.2, Eq. 5.3–5.4"),
          Ref("gtm", "§3.1, Eq. 2–3")),
    small=_small_eq2, space=({"vocab_size": 2, "length": 3}, {"vocab_size": 4, "length": 5}),
    scaled=scaled_eq2,
    scaled_space={"small": ({"vocab_size": 6, "length": 6, "batch": 10_000},),
                  "large": ({"vocab_size": 8, "length": 8, "batch": 10_000},)},
    pinned=({"params": {"vocab_size": 4, "length": 5}, "seed": 2,
             "note": "CLAIMS.md sizes: |V| = 4, N = 5, all 1024 sequences"},),
    proof=_PROOFS + "prove_ttlm_eq2"))

_pair("ttlm-eq3", title="TT entry as slice products and printed sums",
      statement=_STATEMENT_TTLM_EQ3, refs=(Ref("ttlm", "§4.2, Eq. 3"),
                                           Ref("thesis", "§3.2.2, Eq. 3.3–3.4; §5.2.2, Eq. 5.5")),
      small=_small_eq3, space=_EQ3_SPACE, uses=("ttlm-eq2",),
      pinned=({"params": _EQ3_SPACE[1], "seed": 3, "note": "CLAIMS.md: ranks [1,2,3,3,2,1]"},))
_pair("ttlm-eq5", title="general TTLM: ⟨𝒜,Φ⟩ = recurrence = printed sums",
      statement=_STATEMENT_TTLM_EQ5,
      refs=(Ref("ttlm", "§4.2, Eq. 4–5"), Ref("thesis", "§5.2.2, Prop. 5.2.1"),
            Ref("gtm", "§3.2, Lemma 3.1")),
      small=_small_eq5, space=_EQ5_SPACE, uses=("ttlm-eq2", "ttlm-eq3"), scaled=True,
      pinned=({"params": _EQ5_SPACE[1], "seed": 5, "note": "CLAIMS.md: |V|=4, R=3, N=5"},))
_pair("thesis-eq-3.4", title="TT format: Eq. 3.3 slices, Eq. 3.4 sums, Def. 3.1.5",
      statement=_STATEMENT_THESIS_EQ_3_4,
      refs=(Ref("thesis", "§3.2.2, Eq. 3.3–3.4 (Def. 3.2.2); §3.1.2, Def. 3.1.5"),
            Ref("ttlm", "§4.2, Eq. 3")),
      small=_small_thesis_34, space=_34_SPACE, uses=("ttlm-eq3",),
      pinned=({"params": _34_SPACE[1], "seed": 34, "note": "CLAIMS.md: shape 3×4×3×4×3"},))

register(Claim(
    id="thesis-prop-5.2.1", group="spine", title="TTLM probability P̃ = ψ(fᵀG ⋯ fᵀG)",
    statement=_STATEMENT_THESIS_PROP_5_2_1,
    refs=(Ref("thesis", "§5.2.2, Eq. 5.1, Prop. 5.2.1 (Eq. 5.2), proof Eq. 5.3–5.6"),
          Ref("ttlm", "§4.2, Eq. 4–5")),
    small=_small_prop_521,
    space=({"vocab_size": 3, "ranks": [1, 2, 3, 2, 1]},
           {"vocab_size": 3, "ranks": [1, 2, 3, 4, 2, 1]}),
    scaled=scaled_prop_521,
    scaled_space={"small": ({"vocab_size": 5, "ranks": [1, 3, 4, 5, 4, 3, 1],
                             "big": (200, 32, 16)},),
                  "large": ({"vocab_size": 8, "ranks": [1, 4, 8, 16, 16, 8, 4, 1],
                             "big": (33278, 16, 64)},)},
    uses=("ttlm-eq5-corrected",),
    readings={"a": "‖Ψ(x)‖²_F is the signed value ⟨𝒜, Φ(x)⟩ (Eq. 5.4); ψ = ·/Z",
              "b": "‖Ψ(x)‖²_F is the squared amplitude ⟨𝒜, Φ(x)⟩² (Born rule, §4.1.3 "
                   "Eq. 4.3); ψ = ·/Z"},
    pinned=({"params": {"vocab_size": 3, "ranks": [1, 2, 3, 4, 2, 1]}, "seed": 521,
             "note": "CLAIMS.md: R = [1,2,3,4,2,1], |V| = 3, L = 5"},),
    expected="ill-posed"))
