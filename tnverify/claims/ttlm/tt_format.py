"""Claims of ttlm §4.1–4.2 on the TT format as a language model: Φ(X) and
⟨𝒜, Φ(X)⟩ (Eq. 1–2), the printed TT sums (Eq. 3) and the recurrence (Eq. 4–5).  The same
sums as printed in thesis are registered in :mod:`tnverify.claims.thesis.tt_format`,
Prop. 5.2.1 in :mod:`tnverify.claims.thesis.ttlm_theory`; both reuse the
definition side here.

The definition side builds explicit tensors (float64, tensordot of the cores) over all
``|V|^N`` sequences; printed nested sums are evaluated literally by
:func:`printed_tt_sum`, which takes each sum's printed lower limit, so the literal
reading (``Σ_{α₂=2}``) and the corrected one (every sum from 1) share code.  The torch
sides are in :mod:`.tt_format_scaled`.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from .. import Defect, Evidence, Reading, Ref
from ..registration import claim, corrected_pair, refs
from .tt_format_scaled import scaled_eq2, scaled_scoring
from ..compare import compare_values
from ...conventions import tolerance
from ...errors import RankError, ShapeError
from ...definitions.explicit import all_sequences, feature_tensor, inner
from ...tt import random_tt

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
def _small_eq2(params, rng):
    V, N = params["vocab_size"], params["length"]
    A = rng.standard_normal((V,) * N)
    seqs = all_sequences(V, N)
    lhs = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    ref = A.reshape(-1)
    onehot_ok = all(np.count_nonzero(P := feature_tensor(w, vocab_size=V)) == 1
                    and P[tuple(w)] == 1.0 and P.shape == (V,) * N for w in seqs[:: max(1, len(seqs) // 64)])
    sizes = {"vocab_size": V, "length": N}
    # negative control: Φ built with its modes reversed (Φ(w_N, …, w_1)) must miss 𝒜[w]
    rev = np.array([inner(A, feature_tensor(w[::-1], vocab_size=V)) for w in seqs])
    # n: V**N summed terms (one of them nonzero); scale: max |𝒜|
    ev = compare_values(
        "⟨𝒜, Φ(X)⟩ (Eq. 2, explicit sum) vs the entry 𝒜[w], all |V|^N sequences", lhs, ref,
        n=V**N, scale=float(np.abs(A).max()), labels=seqs, sizes=sizes, control=rev,
        control_label="Φ with its modes reversed, ⟨𝒜, Φ(w_N, …, w_1)⟩")
    sampled = seqs[:: max(1, len(seqs) // 64)]
    rev_ok = all(np.count_nonzero(P := feature_tensor(w[::-1], vocab_size=V)) == 1
                 and P[tuple(w)] == 1.0 for w in sampled)
    ev.parts = {"Φ(X) is |V|^N-dimensional with one 1 at (w_1..w_N)":
                Evidence("Φ(X) shape and support (sampled sequences)", passed=onehot_ok,
                         sizes=sizes, control=Evidence(
                             "control (Φ of the reversed sequence) of: Φ(X) has its one 1 "
                             "at (w_1..w_N)", passed=rev_ok))}
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
    printed_ctrl = (printed_tt_sum(cores, seqs, literal_lower_limits(len(cores) - 1))
                    if corrected and len(cores) >= 4 else None)
    parts = {
        "slice products vs the full TT contraction": compare_values(
            f"G^{{(1)}}_{{:,i_1,:}} ⋯ G^{{({last})}}_{{:,i_{last},:}} vs the full TT contraction",
            recurrence(cores, seqs),
            ref, **bound, labels=seqs, sizes=sizes),
        f"sum over α with {label} vs the full TT contraction": compare_values(
            f"Σ_α G^{{(1)}}_{{i_1α_1}} ⋯ G^{{({last})}}_{{α_{{{last}−1}}i_{last}}}, {label}, vs the "
            "full TT contraction (every sum from 1)",
            printed_tt_sum(cores, seqs, lower), ref, **bound, labels=seqs, sizes=sizes,
            control=printed_ctrl, control_label="the printed lower limit Σ_{α₂=2}").keyed("printed-sum"),
    }
    return cores, seqs, ref, bound, sizes, parts


def _small_eq3(params, rng, corrected=False):
    *_, sizes, parts = tt_sides(params, rng, corrected)
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
    cores, seqs, ref, bound, sizes, parts = tt_sides(params, rng, corrected)
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
    tol4 = tolerance(np.float64, n=V, norm=max(float(np.abs(G).max()) for G in cores))
    # control: the ruled-out literal reading "w_t = 1 for at most one t" admits f = 0
    zero_f = max(float(np.abs(np.einsum("i,aib->ab", np.zeros(V), G) - G[:, w, :]).max())
                 for G in cores for w in range(V))
    parts["Eq. 4: Σ_i f_i G[:, i, :] = G[:, w, :]"] = Evidence(
        "one-hot contraction of every core vs its slice", error=eq4, tolerance=tol4,
        sizes=sizes, control=Evidence(
            "control (f = 0, allowed by 'w_t = 1 for at most one t' read literally) of: "
            "Σ_i f_i G[:, i, :] = G[:, w, :]", error=zero_f, tolerance=tol4))
    return Evidence("sides A (⟨𝒜,Φ⟩), B (recurrence), C (printed sums) of Eq. 5", parts=parts,
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
PROOFS = "proofs/spine_ttlm.py::"
_SCALED_SPACE = {
    "small": ({"batch": 256, "vocab_size": 1000, "rank": 20, "length": 64, "distinct": 4},),
    "large": tuple({"batch": 4096, "vocab_size": 33278, "rank": r, "length": n, "distinct": 1,
                    "tree_chunk": c} for r, n, c in ((20, 1024, 512), (64, 1024, 128),
                                                     (256, 512, 16))),
}
_EQ3_SPACE = ({"vocab_size": 2, "length": 4, "ranks": [1, 2, 2, 2, 1]},
              {"vocab_size": 4, "length": 5, "ranks": [1, 2, 3, 3, 2, 1]})
_EQ5_SPACE = ({"vocab_size": 2, "length": 4, "rank": 2}, {"vocab_size": 4, "length": 5, "rank": 3})
CORRECTION = (" [Corrected: every printed sum Σ_{α_k} runs from α_k = 1 to R_k; the printed "
               "lower limit α₂ = 2 is replaced by α₂ = 1.]")


def register_printed_sum_pair(base, *, title, refs, small, space, statement, uses=(), pinned=(),
                              scaled=False, printed_fields=None, corrected_fields=None):
    """Register ``base`` (literal printed sums, expected to fail) and ``base-corrected``.

    The scaled side (the recurrence against the tree product at scale; the claims catalogue: "As
    ttlm-eq5") is the same computation for all three pairs, so it runs once, on
    ``ttlm-eq5-corrected`` (``scaled=True``); the others name it in ``uses``.
    ``printed_fields`` / ``corrected_fields`` are further :class:`~tnverify.claims.Claim`
    fields of each (``defect``, ``readings``, ``remarks``, ...)."""
    shared = () if scaled else ("ttlm-eq5-corrected",)
    corrected_pair(
        base, common=dict(refs=tuple(refs), topic="tensor-trains", space=space,
                          uses=uses + shared),
        printed={**dict(title=title, statement=statement,
                        small=lambda p, rng: small(p, rng, False), expected="fails",
                        pinned=pinned), **dict(printed_fields or {})},
        corrected=dict(
            title=title + " (sums from 1)", statement=statement + CORRECTION,
            small=lambda p, rng: small(p, rng, True),
            scaled=scaled_scoring if scaled else None, scaled_space=_SCALED_SPACE,
            expected="holds",
            proof=PROOFS + "prove_" + f"{base}_corrected".replace("-", "_").replace(".", "_"),
            **dict(corrected_fields or {})))


#: The erratum "Σ_{α₂=2}" printed in ttlm Eq. 3 and Eq. 5 (and thesis Eq. 3.4).
ALPHA2_ERRATUM = "alpha2-lower-limit"
_ALPHA2_DEFECT = dict(printed="Σ_{α₂=2}^{R₂}", meant="Σ_{α₂=1}^{R₂}", erratum=ALPHA2_ERRATUM)
_EQ3_READINGS = (
    Reading("matrix product of slices", "the underbraced factors are the slices G^(t)_(:,w_t,:) "
            "(R_(t−1)×R_t; G^(1)_(::,w₁) read as G^(1)_(:,w₁,:)), their product a 1×1 scalar; the "
            "index sum runs every α_k over 1…R_k", True,
            "G^{(1)}_{::,w₁} [1×R₁] G^{(2)}_{:,w₂} [R₁×R₂] ⋯ G^{(N)}_{:,w_N} [R_{N−1}×1]",
            "ttlm §4.2, Eq. 3, first line (underbraces)"),)
_EQ3_REMARKS = ("\"t = 1, ..., d\": d is undefined; it is N (thesis Eq. 5.5: \"t = 1,…,L\").",
                "\"G^{(1)}_{::,w₁}\" is a garbled G^{(1)}_{:,w₁,:}; G^{(1)} and G^{(N)} are indexed "
                "with their size-1 legs dropped, as the underbraces show.")
_EQ5_READINGS = (
    Reading("one-hot f", "f(x^(t)) has f_(w_t) = 1 and zeros elsewhere", True,
            "where each f(x^{(t)}) is a one-hot vector", "ttlm §4.2, sentence after Eq. 4"),
    Reading("at most one 1", "f(x^(t)) may be the zero vector ('for at most one t' read "
            "literally): Eq. 4 then fails", False,
            "For simplicity, we assume that a text shares the same one-hot encoding "
            "f(x^{(t)}) ∈ ℝ^{|V|} in later sections", "ttlm §4.1, the paragraph after Eq. 1 "
            "(every f(x^{(t)}) is one-hot: one 1, never the zero vector)"),
)


claim("ttlm-eq2", "Φ(X) and p(X) = ⟨𝒜, Φ(X)⟩", _STATEMENT_TTLM_EQ2,
      refs("ttlm", "§4.1, Eq. 1–2 (and Eq. 5)", "thesis", "§5.2.2, Eq. 5.3–5.4", "gtm",
           "§3.1, Eq. 2–3"), _small_eq2, topic="tensor-trains",
      space=({"vocab_size": 2, "length": 3}, {"vocab_size": 4, "length": 5}), scaled=scaled_eq2,
      scaled_space={"small": ({"vocab_size": 6, "length": 6, "batch": 10_000},),
                    "large": ({"vocab_size": 8, "length": 8, "batch": 10_000},)},
      pinned=({"params": {"vocab_size": 4, "length": 5}, "seed": 2,
               "note": "the claims catalogue sizes: |V| = 4, N = 5, all 1024 sequences"},),
      readings=(Reading("|V|^N components", "Φ(X) is an order-N tensor with |V| entries per "
                        "mode, |V|^N components, one of them 1 (at (w_1, …, w_N))", True,
                        "The dimension of a tensor refers to the number of values that a "
                        "particular index (or so-called mode) can take, e.g., the dimension of "
                        "B ∈ ℝ^{I₁×I₂×I₃} is I₁ × I₂ × I₃", "ttlm §3, Notation (\"|V|^N-"
                        "dimensional\" is Φ(X)'s dimension |V| × ⋯ × |V|, N modes by Eq. 1)"),
                Reading("order |V|^N", "Φ(X) has order |V|^N", False,
                        "The order of a tensor is how many indices it has",
                        "ttlm §3, Notation; \"Tensor product\", same section: the product of "
                        "tensors of orders j and k has \"order j + k\", so Eq. 1's N vectors "
                        "give order N")),
      remarks=("\"records all possible combinations of words in X\" is loose: Φ(X) records "
               "exactly one combination (its single 1 at (w_1, …, w_N)).",
               "p(X) = ⟨𝒜, Φ(X)⟩ is a probability only if 𝒜 ≥ 0 and Σ𝒜 = 1, which the text "
               "does not impose (not part of the statement)."),
      proof=PROOFS + "prove_ttlm_eq2")

register_printed_sum_pair("ttlm-eq3", title="TT entry as slice products and printed sums",
      statement=_STATEMENT_TTLM_EQ3, refs=(Ref("ttlm", "§4.2, Eq. 3"),
                                           Ref("thesis", "§3.2.2, Eq. 3.3–3.4; §5.2.2, Eq. 5.5")),
      small=_small_eq3, space=_EQ3_SPACE, uses=("ttlm-eq2",),
      printed_fields=dict(defect=Defect("misprint", **_ALPHA2_DEFECT), readings=_EQ3_READINGS),
      corrected_fields=dict(readings=_EQ3_READINGS, remarks=_EQ3_REMARKS),
      pinned=({"params": _EQ3_SPACE[1], "seed": 3, "note": "the claims catalogue: ranks [1,2,3,3,2,1]"},))
register_printed_sum_pair("ttlm-eq5", title="general TTLM: ⟨𝒜,Φ⟩ = recurrence = printed sums",
      statement=_STATEMENT_TTLM_EQ5,
      refs=(Ref("ttlm", "§4.2, Eq. 4–5"), Ref("thesis", "§5.2.2, Prop. 5.2.1"),
            Ref("gtm", "§3.2, Lemma 3.1")),
      small=_small_eq5, space=_EQ5_SPACE, uses=("ttlm-eq2", "ttlm-eq3"), scaled=True,
      printed_fields=dict(defect=Defect("misprint", **_ALPHA2_DEFECT), readings=_EQ5_READINGS),
      corrected_fields=dict(readings=_EQ5_READINGS, remarks=(
          "\"having w_t = 1 for at most one t\" should read \"with f(x^{(t)})_{w_t} = 1 and zeros "
          "elsewhere\".",)),
      pinned=({"params": _EQ5_SPACE[1], "seed": 5, "note": "the claims catalogue: |V|=4, R=3, N=5"},))
