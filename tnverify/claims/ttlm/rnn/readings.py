"""How a referee reads ttlm App. B (Claims B.1, B.2, their proof lines Eq. 14,
16, 20, and the bias sentence after Eq. 14): the quoted readings, defects and remarks
registered by :mod:`tnverify.claims.ttlm.rnn.equivalences`."""

from __future__ import annotations

from ...readings import Defect, Reading

#: The erratum "Σ_{α_t=1}^R" (a sum over the free index) of ttlm Eq. 16 and Eq. 20, shared
#: with thesis Eq. 5.13 and Eq. 5.17.
SUM_OVER_FREE_ALPHA = "ttlm-appB-sum-over-free-alpha_t"
_PERM = "where we permute the indices of G_{α_{t−1}i_tα_t} as G_{i_tα_tα_{t−1}}"

# -- ttlm-eq16 (Eq. 14 slice, Eq. 16) and ttlm-claim-b1 -------------------------------------
EQ16 = (
    Reading(
        "Eq. 16 corrected",
        "h^(t)_(α_t) = Σ_(i_t) Σ_(α_(t−1)) f_(i_t) G_(i_t α_t α_(t−1)) "
        "h^(t−1)_(α_(t−1)); T_jik = G_(k j i) (j = i_t, i = α_t, k = α_(t−1))",
        True,
        _PERM,
        "ttlm App. B.1, after Eq. 16",
    ),
    Reading(
        "Eq. 16 literal",
        "Σ over α_t (the free index), α_(t−1) unbound: the misprinted form, not a reading",
        False,
        "h^{(t)}_{TTLM α_t} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R …",
        "ttlm App. B.1, Eq. 16",
    ),
    Reading(
        "Eq. 14 slice corrected",
        "T ∈ ℝ^{|V|×R×R}, the i-th slice T_(:,i,:) ∈ ℝ^{|V|×R}, as Eq. 17's T_jik expands it",
        True,
        "φ(Σ_{j=1}^{|V|} Σ_{k=1}^R f(x^{(t)})_j T_{jik} h^{(t−1)}_{2nd_k})",
        "ttlm App. B.1, Eq. 17",
    ),
    Reading(
        "Eq. 14 slice literal",
        "T_(i,:,:) of an M×R×R tensor, typed M×R but R×R in fact; "
        "fᵀT_(i,:,:)h typed only if M = R: the misprinted form, not a reading",
        False,
        "φ(Σ_{j=1}^{|V|} Σ_{k=1}^R f(x^{(t)})_j T_{jik} h^{(t−1)}_{2nd_k})",
        "ttlm App. B.1, Eq. 17 (the slice index i is T's second: T_{:,i,:})",
    ),
)
EQ16_DEFECT = Defect(
    "misprint",
    printed='Eq. 16: "h^{(t)}_{TTLM α_t} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R f(x^{(t)})_{i_t} '
    'G_{i_tα_tα_{t−1}} h^{(t−1)}_{TTLM α_{t−1}}"',
    meant='Eq. 16: "h^{(t)}_{TTLM α_t} = Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R f(x^{(t)})_{i_t} '
    'G_{i_tα_tα_{t−1}} h^{(t−1)}_{TTLM α_{t−1}}"',
    erratum=SUM_OVER_FREE_ALPHA,
    why="The right-hand side sums over α_t, the index on which the left-hand side depends; "
    "its remaining free index is α_{t−1}, the index of h^{(t−1)}. Summing over α_{t−1} "
    "instead gives the recursion the proof needs (the 2-RNN of Eq. 17 at φ = id). This "
    "argument is the proof; as printed the line has no single reading, and the "
    "counterexample evaluates it under the one it states (the right-hand side as a "
    "function of its free α_{t−1}, written to coordinate α_{t−1}).",
    also=(
        Defect(
            "misprint",
            printed='after Eq. 17: "where j, k are the dummy indices as i_t, α_t"',
            meant='after Eq. 17: "where j, k are the dummy indices as i_t, α_{t−1}"',
            erratum="ttlm-eq17-dummy-indices",
            why="In Eq. 17, k is contracted with h^{(t−1)}_k, the role of α_{t−1} in "
            "(corrected) Eq. 16; α_t is the free coordinate, which the same sentence pairs "
            'with i ("i specifies the coordinate of h^{(t)}_{2nd} just like α_t").',
        ),
        Defect(
            "misprint",
            printed='after Eq. 14: "T_{i,:,:} ∈ ℝ^{M×R} is the ith slice of tensor T ∈ '
            'ℝ^{M×R×R}", and "f(x^{(t)})ᵀ T_{i,:,:}" in Eq. 14 and Eq. 17',
            meant='"T_{:,i,:} ∈ ℝ^{M×R} is the ith slice of tensor T ∈ ℝ^{M×R×R} '
            '(M = |V|)", and "f(x^{(t)})ᵀ T_{:,i,:}"',
            erratum="ttlm-eq14-slice",
            why="T_{i,:,:} of T ∈ ℝ^{M×R×R} is R×R, not the stated M×R; Eq. 17 (Σ_j Σ_k "
            "f_j T_{jik} h_k) contracts f with the first index and h with the third, so the "
            "ith slice is T_{:,i,:} (M×R); M is the range of j, |V|.",
        ),
    ),
)
B1 = tuple(EQ16)
B1_REMARKS = (
    "The verdict concerns Claim B.1's sentence; the misprinted proof lines (Eq. 14's slice, "
    "Eq. 16's sum over the free α_t) are judged as ttlm-eq16.",
    "M is undefined; it is |V| (Eq. 17 sums j to |V|).",
    "The bias b of Eq. 14 is dropped in Eq. 17; whether it can be absorbed is ttlm-eq14-bias "
    "(it cannot, as printed): the claim holds for b = 0.",
    '"T equals the TT cores" means equal up to a permutation of legs (T_jik = G_(k j i)).',
)

# -- ttlm-eq20 and ttlm-claim-b2 --------------------------------------------------------------
B2 = (
    Reading(
        "a: elementwise ⊙",
        "G = W^hx ⊙ W^hh elementwise (|V| = R only); not a third-order core",
        False,
        "The TT core G in TTLM is an entire third-order tensor",
        'ttlm §5.1, first sentence (the proof of Claim B.2 calls the product "a '
        'third-order diagonal tensor δ", too)',
    ),
    Reading(
        "b: W^{hx}_{j i_t} (declared), W^{hh}_{k α_{t-1}} (printed)",
        "G_(i_t α_t α_(t−1)) = Σ_(j,k) W^hx_(j i_t) δ_(j α_t k) W^hh_(k α_(t−1)) = "
        "W^hx_(α_t i_t) W^hh_(α_t α_(t−1))",
        True,
        "W^{hx} ∈ ℝ^{R×|V|} denotes the input-to-hidden matrix … h^{(t)}_RAC = "
        "W^{hx}f(x^{(t)}) ⊙ W^{hh}h^{(t−1)}_RAC (18)",
        "ttlm App. B notation and Eq. 18; Eq. 20 prints W^{hh}_{kα_{t−1}}",
    ),
    Reading(
        "b: W^{hx}_{i_t j} (printed), W^{hh}_{k α_{t-1}} (printed)",
        "printed index order on the R×|V| matrix (typed only if |V| = R): the misprinted "
        "form, not a reading",
        False,
        "W^{hx} ∈ ℝ^{R×|V|}",
        "ttlm App. B notation",
    ),
    Reading(
        "b: W^{hx}_{i_t j} (printed), W^{hh}_{α_{t-1} k} (declared)",
        "W^hh transposed, W^hx as printed",
        False,
        "W^{hh}_{kα_{t−1}} h^{(t−1)}_{RAC α_{t−1}} (20)",
        "ttlm App. B.2, proof line Eq. 20 (W^{hh}'s second index meets h^{(t−1)}, as "
        "W^{hh}h^{(t−1)} in Eq. 18)",
    ),
    Reading(
        "b: W^{hx}_{j i_t} (declared), W^{hh}_{α_{t-1} k} (declared)",
        "W^hh transposed, W^hx declared",
        False,
        "W^{hh}_{kα_{t−1}} h^{(t−1)}_{RAC α_{t−1}} (20)",
        "ttlm App. B.2, proof line Eq. 20 (W^{hh}'s second index meets h^{(t−1)}, as "
        "W^{hh}h^{(t−1)} in Eq. 18)",
    ),
)
B2_REMARKS = (
    "The verdict concerns Claim B.2's sentence; the misprinted proof line Eq. 20 (Σ over the "
    "free α_t, W^{hx}_{i_t j}) is judged as ttlm-eq20 (its j, k without a Σ are no "
    "erratum: joined legs are summed, see ttlm-eq20).",
    '"TT-scores" should read "TT-cores".',
    '"G = W^{hx} ⊙ W^{hh}" is notation for the δ-contraction, not an elementwise product.',
    "The resulting cores are constrained, G_{:,i,:} = diag(W^{hx}_{:,i}) W^{hh}: RACs and "
    "MI-RNNs are special cases of TTLM.",
)
EQ20 = (
    Reading(
        "Eq. 20 corrected",
        "Σ over i_t, α_(t−1) and j, k with W^hx_(j i_t): h^(t)_(α_t) = "
        "Σ f_(i_t) W^hx_(j i_t) δ_(j α_t k) W^hh_(k α_(t−1)) h^(t−1)_(α_(t−1))",
        True,
        "W^{hx} ∈ ℝ^{R×|V|} denotes the input-to-hidden matrix … h^{(t)}_RAC = "
        "W^{hx}f(x^{(t)}) ⊙ W^{hh}h^{(t−1)}_RAC (18)",
        "ttlm App. B notation and Eq. 18",
    ),
    Reading(
        "Eq. 20 literal",
        "Σ over α_t (the free index), α_(t−1), j, k unbound, W^hx_(i_t j) "
        "on the R×|V| matrix: the misprinted form, not a reading",
        False,
        "h_{RAC α_t}^{(t)} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R f(x^{(t)})_{i_t} W^{hx}_{i_tj} "
        "δ_{jα_tk} W^{hh}_{kα_{t−1}} h^{(t−1)}_{RAC α_{t−1}}",
        "ttlm App. B.2, Eq. 20",
    ),
)
EQ20_DEFECT = Defect(
    "misprint",
    printed='Eq. 20: "Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R f(x^{(t)})_{i_t} W^{hx}_{i_tj} δ_{jα_tk} '
    "W^{hh}_{kα_{t−1}} h^{(t−1)}_{RAC α_{t−1}} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R "
    'f(x^{(t)})_{i_t} G_{i_tα_tα_{t−1}} h^{(t−1)}_{RAC α_{t−1}}"',
    meant='"Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R f(x^{(t)})_{i_t} W^{hx}_{i_tj} '
    "δ_{jα_tk} W^{hh}_{kα_{t−1}} h^{(t−1)}_{RAC α_{t−1}} = Σ_{i_t=1}^{|V|} "
    'Σ_{α_{t−1}=1}^R f(x^{(t)})_{i_t} G_{i_tα_tα_{t−1}} h^{(t−1)}_{RAC α_{t−1}}" (the '
    "sum over the free α_t replaced by the sum over α_{t−1}, in both lines)",
    erratum=SUM_OVER_FREE_ALPHA,
    why="Both lines sum over α_t, the index on which the left-hand side h^{(t)}_{α_t} "
    "depends; the index left free is α_{t−1}, the index of h^{(t−1)}, which must be "
    "summed. This argument is the proof; as printed the lines have no single reading, and "
    "the counterexample evaluates them under the one it states (the right-hand side as a "
    "function of its free α_{t−1}, written to coordinate α_{t−1}, with W^{hx} indexed "
    "W^{hx}_{j i_t} as the W^{hx} edit below reads it).",
    also=(
        Defect(
            "misprint",
            printed='Eq. 20: "W^{hx}_{i_tj}" (on W^{hx} ∈ ℝ^{R×|V|})',
            meant='Eq. 20: "W^{hx}_{j i_t}" (row j ∈ [R], column i_t ∈ [|V|])',
            erratum="ttlm-eq20-whx-index-order",
        ),
    ),
)

EQ20_REMARKS = (
    "j and k carry no Σ in Eq. 20; they are repeated indices joined in Fig. 7b, and "
    'connected legs are summed (Fig. 1: "connecting two index lines implies a contraction"), '
    "so that is no erratum.",
)

# -- ttlm-eq14-bias -----------------------------------------------------------------------
#: The erratum key of the bias sentence, printed after ttlm Eq. 14 and after thesis Eq. 5.11
#: (``thesis-eq-5.11-bias``): one erratum, on both papers' sheets.
BIAS_ERRATUM = "bias-as-0th-input-component"
_BIAS = "b can be seen as 0th component of f(x^{(t)}) which equals to 1"
EQ14_BIAS = (
    Reading(
        "f augmented",
        "append f₀ = 1 to f(x^(t)) (and a matching slice to T, or column to "
        "W^hx): the bias of Eq. 14 (and of the RAC / MI-RNN) is reproduced by that "
        "component",
        True,
        _BIAS,
        "ttlm App. B.1, sentence after Eq. 14",
    ),
    Reading(
        "f and h augmented",
        "append a constant 1 to both f(x^(t)) and h^(t−1) (T_{0i0} = b_i), "
        "the standard trick for bilinear maps",
        False,
        "φ(Σ_{j=1}^{|V|} Σ_{k=1}^R f(x^{(t)})_j T_{jik} h^{(t−1)}_{2nd_k})",
        "ttlm App. B.1, Eq. 17 (k runs over the R entries of h only: no constant slot in h; "
        "judged as the corrected statement)",
    ),
)
EQ14_BIAS_DEFECT = Defect(
    "false",
    printed=f'"For simplicity, we will ignore b for other variants of RNNs since {_BIAS}"',
    meant="A bias is absorbed by a constant component h₀ = 1 appended to h^(t−1) (with "
    "T_{ji0} = b_i, and T_{j0k} = δ_{k0} so that h₀ stays 1, for one-hot f(x^(t)); for "
    "a general f append a 1 to f as well and use T_{0i0} = b_i, T_{00k} = δ_{k0}; under "
    "a nonlinear φ the "
    "constant component is re-appended at each step), not by a component of f(x^(t)) "
    "alone. Ignoring b stays legitimate; the reason printed is not.",
    erratum=BIAS_ERRATUM,
    why="Eq. 14 is bilinear in (f(x^(t)), h^(t−1)): coordinate i of its pre-activation is "
    "Σ_{j,k} f_j T_{jik} h_k + b_i (the index order of Eq. 17). Appending f₀ = 1 (a slice "
    "T_{0,:,:}) adds Σ_k T_{0ik} h_k, a linear function of h: it is 0 at h = 0, where the "
    "bias gives b_i, so no choice of the new slice reproduces b (least squares over "
    "random h leaves a relative residual of order 1). A constant component h₀ = 1 of the "
    "hidden state carries it: T_{ji0} = b_i for every j gives Σ_j f_j b_i = b_i for "
    "one-hot f; for general f, append a 1 to both f and h and set T_{0i0} = b_i. Under a "
    "nonlinear φ the constant component is re-appended at each step (φ acts on the other "
    "components).",
)
