"""How a referee reads the uniform-TTLM and TTLM-Tiny/Large claims of ttlm §4.3,
§5.1, App. A and App. C: the quoted readings, defects and remarks registered by
:mod:`tnverify.claims.ttlm.variants.registrations` (quotes are the paper's words; locators name the
section, equation or sentence)."""

from __future__ import annotations

from ...readings import Defect, Reading

_EQ16_PERM = "we permute the indices of G_{α_{t−1}i_tα_t} as G_{i_tα_tα_{t−1}}"

# -- ttlm-eq6 ----------------------------------------------------------------------------
EQ6 = (
    Reading(
        "tie a, Eq. 7 (a)",
        "G^(N)_(α,i) := G^(1)_(i,α); h^(t)_b = Σ_(a,i) f_i G_(a i b) "
        "h^(t−1)_a (h contracts the left bond α_(t−1))",
        True,
        _EQ16_PERM,
        "ttlm App. B.1, sentence after Eq. 16 (referenced from §4.3 'see Eq. 15 for a "
        "detailed version')",
    ),
    Reading(
        "tie a, Eq. 7 (b)",
        "h^(t)_a = Σ_(b,i) f_i G_(a i b) h^(t−1)_b (h contracts the right bond α_t)",
        False,
        "We recursively unfold the calculation of TTLM in Eq. 6 … we can regard the "
        "information in the previous step as a hidden state",
        "ttlm §4.3 'Recursive information', before Eq. 7; permutation fixed by App. B Eq. 16",
    ),
    Reading(
        "tie b, Eq. 7 (a)",
        "printed index order G^(N)_(α,i) on the |V|×R array G^(1) (typed only if |V| = R)",
        False,
        "G^{(t)} ∈ ℝ^{R_{t−1}×|V|×R_t} (t = 1, ..., d, R_0 = R_N = 1 by definition)",
        "ttlm §4.2, after Eq. 3 (and Table 1: |V| = 10k ≠ R = 20)",
    ),
    Reading(
        "tie b, Eq. 7 (b)",
        "tie (b) with Eq. 7 (b)",
        False,
        _EQ16_PERM,
        "ttlm App. B.1, after Eq. 16",
    ),
)
EQ6_REMARKS = (
    '"G^{(1)} = G^{(N)} ∈ ℝ^{|V|×R}" is layout shorthand: G^{(N)} is used as the transpose '
    "of G^{(1)}.",
    "§4.3 leaves the permutation in Eq. 7 unspecified; App. B Eq. 16 supplies it.",
    "Eq. 6 needs N ≥ 3 for G to appear.",
)

# -- ttlm-eq8 and ttlm-eq8-chain-vs-eq6 ------------------------------------------------------
EQ8 = (
    Reading(
        "R1 definition",
        "y^(t) := softmax(G^(t) h^(t−1)), the model's next-word "
        "distribution read out by the last core of the length-t train; Π_t y^(t)[x_t] is "
        "the model's (normalised) sequence probability",
        True,
        "In TTLM, we define y^{(t)} as follows … where G^{(t)} ∈ ℝ^{|V|×R} is the last TT "
        "core in TT format at time t",
        "ttlm §4.3 'Recursive Probability Computation', Eq. 8 and the sentence after it",
    ),
)
EQ8_REMARKS = (
    'h^{(0)} (needed for y^{(1)}) is undefined in §4.3; App. C supplies it: "G^{(1)} is '
    'simplified into a G^{(1)} ∈ ℝ^{1×R} and can be viewed as initial hidden state h^{(0)}".',
    'That App. C simplification is incompatible with the tie "G^{(t)} is defined to be the '
    'same as … G^{(1)}": a 1×R G^{(1)} cannot equal the |V|×R readout, so in an '
    "implementation the readout is a separate |V|×R matrix (see ttlm-table1-ptb-params).",
    '"computing p(X) by TTLM in practice" suggests that Π_t y^{(t)} is the Eq. 6 p(X); that '
    "reading is judged as its own claim, ttlm-eq8-chain-vs-eq6 (it fails); this claim judges "
    "Eq. 8 as the definition it states.",
)
EQ8_CHAIN = (
    Reading(
        "chain = Eq. 6",
        "Π_t y^(t)[x_t], with y^(t) = softmax(G^(t) h^(t−1)) of Eq. 8, is "
        "the p(X) of Eq. 6, normalised (each y^(t) the exact conditional of p(X)/Z)",
        True,
        "Here, we here provide further details about the process of computing p(X) by "
        "TTLM in practice",
        "ttlm §4.3 'Recursive Probability Computation', first sentence",
    ),
)
EQ8_CHAIN_DEFECT = Defect(
    "false",
    printed='"computing p(X) by TTLM in practice … p(X) = Π_{t=1}^N p(x^{(t)}|x^{(1:t−1)}) … '
    'y^{(t)} = softmax(G^{(t)} h^{(t−1)}_TTLM) (8)"',
    meant='§4.3 reworded, e.g.: "In practice we train the autoregressive model '
    "p_TTLM(X) = Π_{t=1}^N y^{(t)}_{x^{(t)}}, with y^{(t)} defined by Eq. 8. This is a "
    "different model from Eq. 6: the conditionals of Eq. 6 are normalised linearly and "
    "depend on the text length N (for 1 < t < N, p(x^{(t)} = v | x^{(1:t−1)}) ∝ h^{(t−1)} "
    "G_{:,v,:} E_t, where h^{(t−1)} = G^{(1)}_{w₁,:} G_{:,w₂,:} ⋯ G_{:,w_{t−1},:} (a row "
    "vector: h^{(1)} = G^{(1)}_{w₁,:}, then Eq. 7) and E_t = (Σ_w G_{:,w,:})^{N−t−1} Σ_w "
    "G^{(N)}_{:,w} sums Eq. 6 over the later words; at t = 1 it is ∝ G^{(1)}_{v,:} E_1, at "
    "t = N ∝ h^{(N−1)} G^{(N)}_{:,v}), and the scores inside the softmax of "
    'Eqs. 9–11, ⟨𝒜^{(1:t)}, Φ(X^{(1:t−1)})⟩_{t−1}, are in general not marginals of Eq. 6."',
    why="What is judged false: that Π_t y^{(t)}_{x^{(t)}}, with y^{(t)} from Eq. 8, is "
    "the p(X) of Eq. 6, i.e. that each y^{(t)} is Eq. 6's conditional p(x^{(t)} | "
    'x^{(1:t−1)}), as §4.3 presents it ("the process of computing p(X) by TTLM in '
    'practice", y^{(t)} "a probability distribution of word x^{(t)} given '
    'x^{(1:t−1)}", Eqs. 9–11 derived "if we substitute h … by Eq. 6 and Eq. 7"). '
    "Eq. 8 read only as the definition of a model is not in error (ttlm-eq8). For "
    "non-negative cores (so that Eq. 6, divided by its sum Z = Σ_X p(X), is a "
    "distribution), the conditional of Eq. 6 is p(x^{(t)} = v | x^{(1:t−1)}) ∝ "
    "h^{(t−1)} G_{:,v,:} E_t for 1 < t < N, where E_t = (Σ_w G_{:,w,:})^{N−t−1} Σ_w "
    "G^{(N)}_{:,w} sums out the later words and h^{(t−1)} = G^{(1)}_{w₁,:} G_{:,w₂,:} ⋯ "
    "G_{:,w_{t−1},:} (at t = 1 it is ∝ G^{(1)}_{v,:} E_1; at t = N ∝ h^{(N−1)} "
    "G^{(N)}_{:,v}). It "
    "is normalised linearly and depends on N; a softmax of G^{(t)} h^{(t−1)} is neither. "
    "The model checked is §4.3's tied one: the readout G^{(t)} = G^{(1)} ∈ ℝ^{|V|×R} at "
    "every t, G^{(N)} = (G^{(1)})ᵀ in Eq. 6, h^{(1)} = G^{(1)}_{w₁,:} (the row of the first "
    "word) and h^{(t)} by Eq. 7; every entry of G^{(1)} and G is drawn i.i.d. as |z|, z ~ "
    "N(0, 1) (non-negative, so that Eq. 6 normalised is a distribution). The "
    "counterexample is a proof by one instance: with the same cores and the same first "
    "word, Eq. 8's y^{(2)} = softmax(G^{(1)} h^{(1)}) does not involve N, while the "
    "conditional p(x^{(2)} | x^{(1)}) of Eq. 6 at length N and at length N + 1 differ, so "
    "y^{(2)} can equal at most one of them (the counterexample gives all three numbers).",
)

# -- ttlm-eq9 ----------------------------------------------------------------------------
EQ9 = (
    Reading(
        "a",
        "𝒜^(1:t) is the length-t TT (G^(1), G, …, G, G^(t)ᵀ), i.e. Eq. 6 at length t",
        True,
        "Note that Eq. 9 is the low-dimensional form of Eq. 11, similarly to the "
        "relationship between Eq. 5 and Eq. 2",
        "ttlm §4.3, sentence after Eq. 11",
    ),
    Reading(
        "b",
        "𝒜^(1:t) derived from the length-N 𝒜 of Eq. 2/6 (modes t+1..N summed out or fixed)",
        False,
        "where G^{(t)} ∈ ℝ^{|V|×R} is the last TT core in TT format at time t",
        "ttlm §4.3, sentence after Eq. 8; Eq. 9 ends in G^{(t)}_{α_{t−1}}",
    ),
)
EQ9_REMARKS = (
    "𝒜^{(1:t)} is never defined in words; Eq. 9 defines it.",
    "Eq. 9 prints G^{(t)}_{α_{t−1}} with the free |V| output index suppressed.",
    "⟨·⟩_{t−1} is the generalized inner product with I_x = |V| and I_y = 1.",
)

# -- ttlm-app-a --------------------------------------------------------------------------
APP_A = (
    Reading(
        "step I, fᵀG(1)",
        "step I as f(x^(1))ᵀ G^(1) (≡ G^(1)ᵀ f(x^(1)); one reading)",
        True,
        "G^{(1)} can be viewed as a word embedding matrix",
        "ttlm App. A, paragraph after step III (an embedding matrix with |V| rows is "
        "applied as f(x^(1))ᵀG^(1), the row [G^(1)_11, …, G^(1)_1R] step I displays); "
        "Zhou (2023), the MSc thesis “Tensor Networks for Language Modeling”, "
        "§5.3.1, prints f^{(1)⊤}G^{(1)} for the same step",
    ),
    Reading(
        "step I, literal G(1) f",
        "the printed product G^(1) f(x^(1)) with G^(1) ∈ "
        "ℝ^{|V|×R} (ill-typed for |V| ≠ R): the misprinted form, not a reading",
        False,
        "G^{(1)} = G^{(N)} ∈ ℝ^{|V|×R}",
        "ttlm §4.3 Definition",
    ),
    Reading(
        "step II (a)",
        "h^(2)_b = Σ_(a,i) f_i G_(a i b) h^(1)_a",
        True,
        "h^{(2)}_TTLM is calculated in Eq. 7",
        "ttlm App. A step II; permutation fixed by App. B Eq. 16",
    ),
    Reading(
        "step II (b)",
        "h^(2)_a = Σ_(b,i) f_i G_(a i b) h^(1)_b",
        False,
        _EQ16_PERM,
        "ttlm App. B.1, after Eq. 16",
    ),
)
APP_A_DEFECT = Defect(
    "misprint",
    printed='step I: "The calculation of G^{(1)}f(x^{(1)}) in TTLM is as follows: '
    "G^{(1)}f(x^{(1)}) = [f(x^{(1)})_1; …; f(x^{(1)})_{|V|}] "
    "[G^{(1)}_{11} … G^{(1)}_{|V|R}] = [G^{(1)}_{11}, …, G^{(1)}_{1R}]ᵀ = "
    'h^{(1)}_TTLM"',
    meant='step I: "The calculation of (f(x^{(1)})ᵀG^{(1)})ᵀ in TTLM is as follows: '
    "(f(x^{(1)})ᵀG^{(1)})ᵀ = ([f(x^{(1)})_1, …, f(x^{(1)})_{|V|}] "
    "[G^{(1)}_{11} … G^{(1)}_{|V|R}])ᵀ = [G^{(1)}_{11}, …, G^{(1)}_{1R}]ᵀ = "
    'h^{(1)}_TTLM"',
    erratum="ttlm-appA-stepI-transpose",
    why="The printed right side is a |V|×1 column times a |V|×R matrix, which is undefined "
    "(and so is G^{(1)}f(x^{(1)}) for G^{(1)} ∈ ℝ^{|V|×R}); the 1×R row f(x^{(1)})ᵀG^{(1)} "
    "is what the step computes, and its transpose is the column h^{(1)}_TTLM the line ends "
    "with, so the transpose is needed on both sides of the product, and in the sentence "
    "that announces the display.",
    also=(
        Defect(
            "misprint",
            printed='step III: "= [Σ_{i=1}^R G^{(t)}_{1i} h^{(t−1)}_{TTLM_1}; Σ_{i=1}^R '
            "G^{(t)}_{2i} h^{(t−1)}_{TTLM_2}; …; Σ_{i=1}^R G^{(t)}_{Ri} "
            'h^{(t−1)}_{TTLM_R}]"',
            meant='step III: "= [Σ_{i=1}^R G^{(t)}_{1i} h^{(t−1)}_{TTLM_i}; Σ_{i=1}^R '
            "G^{(t)}_{2i} h^{(t−1)}_{TTLM_i}; …; Σ_{i=1}^R G^{(t)}_{|V|i} "
            'h^{(t−1)}_{TTLM_i}]"',
            erratum="ttlm-appA-stepIII-expansion",
            why="Row v of the matrix-vector product G^{(t)}h is Σ_i G^{(t)}_{vi} h_i: the "
            "summed index i is h's, and there are |V| rows, not R (the counterexample "
            "below counts the rows).",
        ),
    ),
)
APP_A_REMARKS = (
    '"G^{(1)}, G and G^{(t)} theoretically have no parameters in common (though we set '
    'G^{(1)} = G^{(t)} …)" is prose about the general versus the tied model, not a defect.',
    'Step II\'s "f(x^{(i)}) G h^{(i−1)}" drops the transpose shown in Eq. 7.',
    "Related, different erratum: Zhou (2023), the MSc thesis “Tensor Networks for Language Modeling”, §5.3.1, prints the step-III rows as "
    '"Σ_{i=1}^R G^{(t)}_{i1} h_1; …; Σ_i G^{(t)}_{iR} h_R" (thesis-sec-5.3.1).',
)

# -- ttlm-eq12, ttlm-appc-delta-reshape ----------------------------------------------------
_DELTA_QUOTE = (
    "δ ∈ ℝ^{R×R×R×R} is a fourth-order diagonal tensor such that δ_{ijkl} = 1 iff the i = j = k = l"
)
_RESHAPE_QUOTE = (
    "The implementation of δ is functioned by a reshape function, so the "
    "interaction between hidden and input can be computed by matrix product"
)
EQ12 = (
    Reading(
        "delta",
        "(a) printed super-diagonal δ: both legs of fᵀW^xe (Large: after W^eh) "
        "enter δ, the third δ-leg meets W^hh h, the fourth is the output (h = diag(M) ⊙ "
        "W^hh h)",
        True,
        _DELTA_QUOTE,
        "ttlm §5.1, after Eq. 12",
    ),
    Reading(
        "reshape",
        "(b) δ realised as a reshape: (fᵀW^xe) W^hh h as a matrix product (δ_ijkl = δ_ik δ_jl)",
        True,
        _RESHAPE_QUOTE,
        "ttlm App. C, third paragraph ('For TTLM models, …')",
    ),
)
EQ12_REMARKS = (
    "The printed δ and App. C's reshape define different models (ttlm-appc-delta-reshape): "
    "under (a) only the R diagonal entries of each word's R×R slice of W^{xe} enter the "
    "recurrence (Tiny (a) is a RAC with W^{hx}_{b,i} = W^{xe}_{ibb}); under (b) all R² do.",
    "Table 2 gives W^{xe} ∈ ℝ^{R×|V|×R}, §5.1 gives ℝ^{|V|×R×R}: a layout inconsistency only.",
)
DELTA_RESHAPE = (
    Reading(
        "same recurrence",
        "App. C's reshape/matrix-product recurrence h = (fᵀW^xe) W^hh h "
        "(Large: after W^eh) is the recurrence of Eq. 12 with the printed super-diagonal δ",
        True,
        _RESHAPE_QUOTE,
        "ttlm App. C, third paragraph ('For TTLM models, …') (δ as printed after Eq. 12)",
    ),
)
DELTA_RESHAPE_DEFECT = Defect(
    "false",
    printed=f'"{_RESHAPE_QUOTE}" (App. C), as the implementation of "{_DELTA_QUOTE}" '
    "(§5.1, Eq. 12)",
    meant="Eq. 12's δ and App. C's reshape contradict each other; one of them must change: "
    "either §5.1 reads 'δ ∈ ℝ^{R×R×R×R} is the fourth-order tensor such that δ_{ijkl} "
    "= 1 iff i = k and j = l' (δ_{ijkl} = δ_{ik}δ_{jl}, the identity on ℝ^{R×R}; the "
    "word 'diagonal' dropped, since this tensor is not diagonal), so that contracting with "
    "δ is App. C's reshape, in both lines of Eq. 12 (TTLM-Tiny and TTLM-Large), or App. C "
    "computes diag(M) ⊙ W^{hh}h, the update of the printed δ.",
    why="With M = (f^{(t)})ᵀW^{xe} reshaped to R×R and the printed super-diagonal δ, "
    "(M)_{ij} δ_{ijkl} (W^{hh}h)_l = M_{kk}(W^{hh}h)_k: every wiring of it gives the "
    "Hadamard update diag(M) ⊙ W^{hh}h and uses only R of the R² = E embedding entries "
    "(TTLM-Tiny then reduces to a RAC), never M·(W^{hh}h), the product of the reshaped "
    "R×R matrix M with the vector W^{hh}h. App. C does not say what its matrix product "
    "multiplies: M·(W^{hh}h) is this sheet's reading of it (the one matrix product of M "
    "with W^{hh}h), and with δ_{ijkl} = δ_{ik}δ_{jl} the contraction is exactly that "
    "product.",
)

# -- ttlm-eq13 ---------------------------------------------------------------------------
EQ13 = (
    Reading(
        "layout × P leg × pairing",
        "V as Eq. 13 (R×|V|×R) or Table 2 (R×R×|V|), the same "
        "legs up to layout; P contracts leg 0, 1 or 2 with h; V's two R-legs paired straight "
        "or crossed with the R×R matrix Ph: all define one model family up to a "
        "permutation of P's legs",
        True,
        "V ∈ ℝ^{R×|V|×R} is an output embedding tensor, and P ∈ ℝ^{R×R×R} is a projector tensor",
        "ttlm §5.1, after Eq. 13",
    ),
    Reading(
        "|V|-leg of V on P",
        "V's |V|-leg contracted with P (ill-typed: P has no |V|-leg)",
        False,
        "So there is a projection matrix P ∈ ℝ^{H×E} before the output embedding",
        'ttlm App. C, RNN paragraph, to which Eq. 13\'s "As in RNNs" (the sentence before '
        "it) and its tying paragraph refer: P projects the hidden state, V's |V|-leg is the "
        "output; App. C Table 2 gives P ∈ ℝ^{R×R×R}, no |V|-leg",
    ),
)
EQ13_REMARKS = (
    "The layouts of V and W^{xe} differ between §5.1 and Table 2 (a layout inconsistency only).",
    "The contraction order of VPh is unspecified; the readings differ for fixed parameters "
    "but only by a relabelling of P's legs.",
    '"projector tensor" is a name: P is not idempotent.',
    "V·P·h is not the Eq. 8 form (G^{(t)}h): the variants use a different output head, as "
    "App. C explains.",
)
