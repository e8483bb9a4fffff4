"""Claims of the generalized tensor models paper (gtm, ``gtm``) §3 and App. A.1: score
functions ⟨𝒲, Φ(X)⟩ under CP and TT decompositions, the TT recurrence (Lemma 3.1; its
boundary forms are in :mod:`..boundary_forms`), and the absorption of the input matrices C^{(t)} for ξ(x, y) = xy
(Prop. A.1).  TSLM's rank-one sentence tensor (tslm Eq. 7) is in
:mod:`tnverify.claims.tslm.score_functions`.

Cores of generalized networks keep the paper's order 𝒢^{(t)} ∈ ℝ^{M×R_{t−1}×R_t}
(``G[i, j, k]``: i over the features, j over h^{(t−1)}, k over h^{(t)}); the TT view of
:mod:`tnverify.conventions` is ``numpy.transpose(G, (1, 0, 2))``.  The literal definitions are in
:mod:`tnverify.claims.gtm.definitions`, the torch sides in :mod:`.scaled`.

Error measures: every comparison divides the difference by the *forward-error scale* of
the computation (the same formula evaluated on absolute values, Higham, Accuracy and
Stability §3.1), so the tolerance is ``tolerance(dtype, n, norm=1)`` with ``n`` the
longest chain of accumulated operations, stated where it is used.
"""

from __future__ import annotations

import math

import numpy as np

from ....definitions.explicit import all_sequences, feature_tensor, inner
from ....tt import TensorTrain
from ....tt.cp import random_cp
from ... import Evidence, Ref
from ...compare import compare_values
from ...readings import Reading
from ...registration import claim, refs
from ..controls import passed_with_control
from ..definitions import (
    absorb_input_matrices,
    outer,
    paper_cores_eq8,
    paper_cores_full,
    recurrence_eq9,
    recurrence_eq10,
    xi_product_rnn,
)
from .scaled import scaled_eq6, scaled_lemma, scaled_prop_a1


# -- helpers -----------------------------------------------------------------------------
def _random_paper_cores(M, ranks, rng) -> list:
    return [rng.standard_normal((M, ranks[t], ranks[t + 1])) for t in range(len(ranks) - 1)]


def _grid(V, T, F):
    seqs = all_sequences(V, T)
    return seqs, F[seqs]  # (n, T, M) feature rows of every template sequence


def _explicit_scores(W, seqs, F):
    """⟨𝒲, Φ(X)⟩ with Φ(X) materialised for every sequence (Eq. 2–3)."""
    return np.array([inner(W, feature_tensor(s, features=F)) for s in seqs])


def _abs_scores(W, seqs, F):
    return _explicit_scores(np.abs(W), seqs, np.abs(F))


# -- gtm-eq-6 ---------------------------------------------------------------------------
def _small_eq6(params, rng):
    M, T, R = params["M"], params["T"], params["R"]
    cp = random_cp((M,) * T, R, rng)
    F = rng.standard_normal((M, M))  # real (not one-hot) template features
    seqs, feats = _grid(M, T, F)
    lam, V = np.asarray(cp.weights), [np.asarray(v) for v in cp.factors]
    W5 = sum(lam[r] * outer([V[t][:, r] for t in range(T)]) for r in range(R))
    full = _explicit_scores(W5, seqs, F)
    vec = np.array([W5.reshape(-1) @ feature_tensor(s, features=F).reshape(-1) for s in seqs])
    eq6 = np.array(
        [
            sum(
                lam[r] * math.prod(float(feats[n, t] @ V[t][:, r]) for t in range(T))
                for r in range(R)
            )
            for n in range(len(seqs))
        ]
    )
    impl = cp.score([feats[:, t, :] for t in range(T)])
    # semantic control: formula (6) with the factors of modes 1 and 2 applied to the wrong
    # inputs (⟨f_2, v_r^(1)⟩⟨f_1, v_r^(2)⟩ …): a transposed index of the CP score
    swapped = _swap_first_inputs(feats)
    eq6_swapped = np.array(
        [
            sum(
                lam[r] * math.prod(float(swapped[n, t] @ V[t][:, r]) for t in range(T))
                for r in range(R)
            )
            for n in range(len(seqs))
        ]
    )
    # forward-error scale: the same sums on absolute values; n = terms of the longest sum
    scale = np.maximum(
        _abs_scores(W5, seqs, F),
        np.array(
            [
                sum(
                    abs(lam[r])
                    * math.prod(float(np.abs(feats[n, t]) @ np.abs(V[t][:, r])) for t in range(T))
                    for r in range(R)
                )
                for n in range(len(seqs))
            ]
        ),
    )
    n_ops = M**T + R * T * M
    labels = [s.tolist() for s in seqs]
    sz = {"M": M, "T": T, "R": R, "sequences": len(seqs)}
    return Evidence(
        "ℓ(X): ⟨𝒲, Φ(X)⟩ (explicit) vs (vec 𝒲)ᵀ vec Φ(X) vs formula (6) vs CPTensor",
        sizes=sz,
        parts={
            "Eq. 5 𝒲 vs CPTensor.full()": compare_values(
                "Eq. 5 literal vs CPTensor.full()",
                W5,
                cp.full(),
                n=R * T,
                scale=sum(
                    abs(lam[r]) * outer([np.abs(V[t][:, r]) for t in range(T)]) for r in range(R)
                ),
                sizes=sz,
            ),
            "⟨𝒲,Φ⟩ vs vec form": compare_values(
                "⟨𝒲,Φ⟩ vs (vec 𝒲)ᵀ vec Φ", full, vec, n=n_ops, scale=scale, labels=labels, sizes=sz
            ),
            "⟨𝒲,Φ⟩ vs formula (6)": compare_values(
                "⟨𝒲,Φ⟩ vs Σ_r λ_r Π_t ⟨f_t, v_r⟩",
                full,
                eq6,
                n=n_ops,
                scale=scale,
                labels=labels,
                sizes=sz,
                control=eq6_swapped,
                control_label="formula (6) with the inputs of modes 1 and 2 swapped",
            ),
            "formula (6) vs CPTensor.score": compare_values(
                "formula (6) vs CPTensor.score",
                eq6,
                impl,
                n=n_ops,
                scale=scale,
                labels=labels,
                sizes=sz,
            ),
        },
    )


# -- gtm-lemma-3.1 ----------------------------------------------------------------------
def lemma_setup(params, rng):
    """Random paper-order cores of ``params`` (``M``, ``ranks``), template features F and
    the shared quantities of the Lemma 3.1 and boundary-form checks."""
    M, ranks = params["M"], tuple(params["ranks"])
    T = len(ranks) - 1
    cores = _random_paper_cores(M, ranks, rng)
    F = rng.standard_normal((M, M))
    seqs, feats = _grid(M, T, F)
    W = paper_cores_full(cores)
    abs_cores = [np.abs(G) for G in cores]
    return dict(
        M=M,
        ranks=ranks,
        T=T,
        cores=cores,
        F=F,
        seqs=seqs,
        feats=feats,
        W=W,
        abs_cores=abs_cores,
        labels=[s.tolist() for s in seqs],
        sz={"M": M, "T": T, "ranks": list(ranks), "sequences": len(seqs)},
        scale=_abs_scores(paper_cores_full(abs_cores), seqs, F),
        n_ops=M**T + T * M * max(ranks),  # longest sum: the M**T terms of ⟨𝒲, Φ⟩
        full=_explicit_scores(W, seqs, F),
    )


def _swap_first_inputs(feats):
    """The inputs x^(1), x^(2) swapped: the minimal wrong variant of a recurrence."""
    order = list(range(feats.shape[1]))
    order[0], order[1] = order[1], order[0]
    return feats[:, order, :]


def lemma_parts(params, rng):
    s = lemma_setup(params, rng)
    cores, feats, T, ranks = s["cores"], s["feats"], s["T"], s["ranks"]
    full, scale, n_ops, labels, sz = s["full"], s["scale"], s["n_ops"], s["labels"], s["sz"]
    h9, h10 = recurrence_eq9(cores, feats), recurrence_eq10(cores, feats)
    swapped = _swap_first_inputs(feats)
    tt_full = TensorTrain(tuple(np.transpose(G, (1, 0, 2)) for G in cores)).full()
    h_prev = recurrence_eq10(cores[:-1], feats)
    return {
        "Eq. 7 𝒲 vs TensorTrain(cores transposed (1,0,2)).full()": compare_values(
            "Eq. 7 literal vs TT layout",
            s["W"],
            tt_full,
            n=T * max(ranks) ** 2,
            scale=paper_cores_full(s["abs_cores"]),
            sizes=sz,
        ),
        "⟨𝒲,Φ⟩ vs Eq. 8": compare_values(
            "⟨𝒲,Φ⟩ vs Eq. 8",
            full,
            paper_cores_eq8(cores, feats),
            n=n_ops,
            scale=scale,
            labels=labels,
            sizes=sz,
            control=paper_cores_eq8(cores, swapped),
            control_label="Eq. 8 with x^(1), x^(2) swapped",
        ),
        "⟨𝒲,Φ⟩ vs h^(T) of Eq. 9": compare_values(
            "⟨𝒲,Φ⟩ vs Eq. 9",
            full,
            h9[:, 0],
            n=n_ops,
            scale=scale,
            labels=labels,
            sizes=sz,
            control=recurrence_eq9(cores, swapped)[:, 0],
            control_label="Eq. 9 with x^(1), x^(2) swapped",
        ),
        "⟨𝒲,Φ⟩ vs h^(T) of Eq. 10": compare_values(
            "⟨𝒲,Φ⟩ vs Eq. 10",
            full,
            h10[:, 0],
            n=n_ops,
            scale=scale,
            labels=labels,
            sizes=sz,
            control=recurrence_eq10(cores, swapped)[:, 0],
            control_label="Eq. 10 with x^(1), x^(2) swapped",
        ),
        "h^(T) ∈ ℝ¹": passed_with_control(
            "h^(T) has exactly one entry (R_T = 1)",
            lambda n: n == 1,
            h9.shape[1] if h9.shape[1] == h10.shape[1] else -1,
            h_prev.shape[1],
            f"h^(T−1), which has R_(T−1) = {h_prev.shape[1]} entries",
            details={"len_h_T": int(h9.shape[1])},
        ),
    }, sz


def _small_lemma(params, rng):
    parts, sz = lemma_parts(params, rng)
    return Evidence(
        "Lemma 3.1: ℓ(X) = ⟨𝒲,Φ⟩ vs Eq. 8, Eq. 9 (h^(T) ∈ ℝ¹) and Eq. 10",
        sizes=sz,
        readings={
            "eq9": Evidence(
                "ℓ(X) of Eq. 8 equals h^(T) of the Eq. 9 recursion", sizes=sz, parts=parts
            )
        },
    )


# -- gtm-prop-a.1 -----------------------------------------------------------------------
def _small_prop_a1(params, rng):
    M, L, T, R = params["M"], params["L"], params["T"], params["R"]
    ranks = (1,) + (R,) * (T - 1) + (1,)
    cores = _random_paper_cores(L, ranks, rng)
    mats = [rng.standard_normal((L, M)) for _ in range(T)]
    F = rng.standard_normal((M, M))  # template features f_θ(x^(i)) = F[i]
    seqs, feats = _grid(M, T, F)
    grid = xi_product_rnn(cores, mats, feats)[:, 0]
    tilde = absorb_input_matrices(cores, mats)
    Wt = paper_cores_full(tilde)
    via_w = _explicit_scores(Wt, seqs, F)
    # forward-error scale: the network on |𝒢|, |C|, |F| (bounds both computations)
    scale = xi_product_rnn([np.abs(G) for G in cores], [np.abs(C) for C in mats], np.abs(feats))[
        :, 0
    ]
    n_ops = M**T + T * (L * R + M + L)
    labels = [s.tolist() for s in seqs]
    sz = {"M": M, "L": L, "T": T, "R": R, "sequences": len(seqs)}
    return Evidence(
        "grid tensor of the ξ=xy RNN with C^(t) vs ⟨𝒲(𝒢̃), Φ⟩ and Eq. 10 with 𝒢̃",
        sizes=sz,
        parts={
            "grid vs ⟨𝒲(𝒢̃),Φ⟩": compare_values(
                "Γ vs ⟨𝒲(𝒢̃),Φ⟩", grid, via_w, n=n_ops, scale=scale, labels=labels, sizes=sz
            ),
            "grid vs Eq. 10 with 𝒢̃": compare_values(
                "Γ vs Eq. 10 (𝒢̃)",
                grid,
                recurrence_eq10(tilde, feats)[:, 0],
                n=n_ops,
                scale=scale,
                labels=labels,
                sizes=sz,
            ),
            "𝒢̃^(t) ∈ ℝ^(M×R×R)": passed_with_control(
                "shape of the absorbed cores",
                lambda cs: all(g.shape == (M, ranks[t], ranks[t + 1]) for t, g in enumerate(cs)),
                tilde,
                cores,
                "the cores before absorption, L × R_(t−1) × R_t",
            ),
        },
    )


# -- registration -----------------------------------------------------------------------
_S_EQ6 = (
    '- Score function: "ℓ(X) = ⟨𝒲, Φ(X)⟩ = (vec 𝒲)ᵀ vec Φ(X), (2) where 𝒲 ∈ ℝ^{M×M×⋯×'
    "M} is a trainable T-way weight tensor and Φ(X) ∈ ℝ^{M×M×⋯×M} is a rank 1 feature"
    ' tensor, defined as Φ(X) = f_θ(x^{(1)}) ⊗ f_θ(x^{(2)}) ⋯ ⊗ f_θ(x^{(T)}) (3)".\n- '
    'CP decomposition: "𝒲 = Σ_{r=1}^R λ_r v_r^{(1)} ⊗ v_r^{(2)} ⋯ ⊗ v_r^{(T)} (5) … B'
    "y substituting eq. (5) into eq. (2) we find that ℓ(X) = Σ_{r=1}^R λ_r [⟨f_θ(x^{("
    "1)}), v_r^{(1)}⟩ ⊗ ⋯ ⊗ ⟨f_θ(x^{(T)}), v_r^{(T)}⟩] = Σ_{r=1}^R λ_r Π_{t=1}^T ⟨f_θ"
    '(x^{(t)}), v_r^{(t)}⟩ (6)".'
)
_S_LEMMA = (
    '- TT decomposition: "𝒲 = Σ_{r₁=1}^{R₁} ⋯ Σ_{r_{T−1}=1}^{R_{T−1}} g^{(1)}_{r₀r₁} '
    "⊗ g^{(2)}_{r₁r₂} ⊗ ⋯ ⊗ g^{(T)}_{r_{T−1}r_T} (7), where g^{(t)}_{r_{t−1}r_t} ∈ ℝ^"
    "M and r₀ = r_T = 1 … three-dimensional tensors 𝒢^{(t)} ∈ ℝ^{M×R_{t−1}×R_t} (for "
    "t = 1 and t = T we will get matrices 𝒢^{(1)} ∈ ℝ^{M×1×R₁} and 𝒢^{(T)} ∈ ℝ^{M×R_{"
    'T−1}×1})".\n- Score function: "ℓ(X) = Σ_{r₁} ⋯ Σ_{r_{T−1}} Π_{t=1}^T ⟨f_θ(x^{(t)}'
    '), g^{(t)}_{r_{t−1}r_t}⟩ (8)".\n- Hidden states: "h^{(1)}_{r₁} = ⟨f_θ(x^{(1)}), g'
    "^{(1)}_{r₀r₁}⟩, h^{(t)}_{r_t} = Σ_{r_{t−1}=1}^{R_{t−1}} ⟨f_θ(x^{(t)}), g^{(t)}_{"
    'r_{t−1}r_t}⟩ h^{(t−1)}_{r_{t−1}}, t = 2, …, T. (9)"\n- Lemma 3.1: "Under the nota'
    "tion introduced in eq. (9), the score function can be written as ℓ(X) = h^{(T)} "
    '∈ ℝ¹."\n- Index form: "h^{(t)}_k = Σ_{i,j} 𝒢^{(t)}_{ijk} f_θ(x^{(t)})_i h^{(t−1)}'
    '_j (10)".'
)
_S_PROP = (
    '- Prop. A.1: "If we replace the generalized outer product ⊗_ξ in eq. (16) with t'
    "he standard outer product ⊗, we can subsume matrices C^{(t)} into tensors 𝒢^{(t)"
    '} without loss of generality", via "𝒢̃^{(t)}_{ljk} = Σ_i 𝒢^{(t)}_{ijk} C^{(t)}_{'
    'il}".\n- §4.1: "In the case of ξ(x, y) = xy, the matrices C^{(t)} were not necess'
    'ary, since they can be simply absorbed by 𝒢^{(t)} via tensor contraction".'
)
claim(
    "gtm-eq-6",
    "CP score function ℓ(X) = Σ_r λ_r Π_t ⟨f_t, v_r⟩",
    _S_EQ6,
    refs("gtm", "§3.1–3.2, Eq. 2, 3, 5, 6", "ttlm", "§4.1, Eq. 1–2"),
    _small_eq6,
    topic="tensor-trains",
    space=({"M": 3, "T": 4, "R": 3}, {"M": 2, "T": 5, "R": 4}),
    scaled=scaled_eq6,
    scaled_space={
        "small": ({"M": 8, "T": 6, "R": 4, "B": 256, "M_long": 16, "T_long": 64, "R_long": 8},),
        "large": ({"M": 16, "T": 6, "R": 16, "B": 4096, "M_long": 32, "T_long": 64, "R_long": 64},),
    },
    pinned=(
        {
            "params": {"M": 3, "T": 4, "R": 3},
            "seed": 4,
            "note": "the claims catalogue sizes: M=3, T=4, R=3, real template features",
        },
    ),
    uses=("ttlm-eq2",),
    proof="proofs/spine_gtm.py::prove_gtm_eq_6",
    remarks=('"rank 1 feature tensor" strictly means rank ≤ 1: Φ = 0 when some f_θ(x^(t)) = 0.',),
    expected="holds",
)

_LEMMA_COMMON = dict(
    topic="tensor-trains",
    refs=(Ref("gtm", "§3.2–3.3, Eq. 7–10, Lemma 3.1 (proof App. A)"), Ref("ttlm", "§4.2, Eq. 4–5")),
    space=({"M": 3, "ranks": (1, 2, 3, 2, 1)}, {"M": 3, "ranks": (1, 3, 2, 3, 1)}),
    uses=("ttlm-eq5",),
)

#: The one reading of Lemma 3.1 (g^(t)_{ab} = 𝒢^(t)_{:,a,b}, r₀ = r_T = 1).
LEMMA_READINGS = (
    Reading(
        "eq9",
        "ℓ(X) of Eq. 8 equals h^(T) of the Eq. 9 recursion (h^(1)_{r₁} = ⟨f, g^(1)_{1 r₁}⟩, "
        "r₀ = r_T = 1), a single number",
        True,
        "Under the notation introduced in eq. (9), the score function can be written as "
        "ℓ(X) = h^(T) ∈ ℝ¹",
        "gtm §3.3, Lemma 3.1 (restated App. A)",
    ),
)

claim(
    id="gtm-lemma-3.1",
    title="TT score function as the recurrence h^(t) (Lemma 3.1)",
    statement=_S_LEMMA,
    small=_small_lemma,
    readings=LEMMA_READINGS,
    scaled=scaled_lemma,
    scaled_space={
        "small": ({"M": 50, "T": 32, "R": 4, "B": 256, "distinct": 32},),
        "large": ({"M": 33278, "T": 1024, "R": 20, "B": 4096, "distinct": 8},),
    },
    pinned=(
        {
            "params": {"M": 3, "ranks": (1, 2, 3, 2, 1)},
            "seed": 31,
            "note": "the claims catalogue sizes",
        },
        {"params": {"M": 3, "ranks": (1, 3, 2, 3, 1)}, "seed": 31, "note": "M = R₁ = 3"},
    ),
    remarks=(
        'App. A, proof of Lemma 3.1: the inner sum printed "Σ_{r₁=1}^{r₁}" (upper limit '
        "R₁) is the editorial entry gtm-lemma-3.1-proof-limit.",
        '§4.1 ("Initial hidden state") "in eq. (9) it was implicitly assumed that '
        'h^(0) = 1" is consistent: Eq. 10 '
        "at t = 1 with h^(0) = 1 gives the h^(1) of Eq. 9.",
        "The boundary forms printed after Eq. 12 are a separate claim, "
        "gtm-eq12-boundary-h1 (the first one needs a transpose).",
    ),
    proof="proofs/spine_gtm.py::prove_gtm_lemma_3_1",
    expected="holds",
    **_LEMMA_COMMON,
)

claim(
    "gtm-prop-a.1",
    "ξ = xy: the input matrices C^(t) are absorbed into the cores",
    _S_PROP,
    refs("gtm", "App. A, Prop. A.1; §4.1 remark after Eq. 17"),
    _small_prop_a1,
    topic="tensor-trains",
    space=({"M": 3, "L": 4, "T": 4, "R": 2}, {"M": 4, "L": 2, "T": 3, "R": 3}),
    scaled=scaled_prop_a1,
    scaled_space={
        "small": ({"M": 32, "L": 32, "T": 16, "R": 4, "B": 256},),
        "large": ({"M": 256, "L": 256, "T": 64, "R": 16, "B": 4096},),
    },
    pinned=(
        {
            "params": {"M": 3, "L": 4, "T": 4, "R": 2},
            "seed": 17,
            "note": "the claims catalogue sizes (L ≠ M, so C^(t) is not square)",
        },
    ),
    uses=("gtm-lemma-3.1",),
    proof="proofs/spine_gtm.py::prove_gtm_prop_a_1",
    expected="holds",
)
