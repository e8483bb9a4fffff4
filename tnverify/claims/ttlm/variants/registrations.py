"""The registrations of ttlm's uniform-TTLM and TTLM-Tiny/Large claims (§4.3, §5.1,
App. A, App. C; ``ttlm-eq6`` to ``ttlm-eq13``, ``ttlm-app-a``, ``ttlm-appc-delta-reshape``):
the statements (:mod:`.statements`) and readings (:mod:`.readings`) with the checks of
:mod:`.uniform`, :mod:`.conditionals` and :mod:`.tiny_large` and the torch sides of
:mod:`.scaled`."""

from __future__ import annotations

from ...registration import claim, corrected_pair, refs
from . import conditionals as c
from . import readings as R
from . import uniform as m
from .scaled import scaled_conditionals, scaled_tiny_large, scaled_uniform
from .statements import STATEMENTS
from .tiny_large import small_delta_reshape, small_eq12, small_eq13

P = "proofs/ttlm_variants.py::"
uni_sp = {
    "small": ({"batch": 64, "vocab_size": 500, "rank": 16, "length": 32},),
    # on one 80 GiB H100 the three cells' backward at |V| = 33,278, N = 1024 ran
    # out of memory even at B = 512 (GPU memory grew with N, which it does not
    # on the CPU: each step's index_select gradient is a full (R, |V|, R) tensor);
    # measured to fit: |V| = 10,000, N = 256
    "large": tuple({"batch": 512, "vocab_size": 10000, "rank": r, "length": 256} for r in (20, 64)),
}
cond_sp = {
    "small": ({"batch": 32, "vocab_size": 500, "rank": 16, "length": 16},),
    "large": ({"batch": 256, "vocab_size": 10000, "rank": 64, "length": 64},),
}
tl_sp = {
    "small": ({"batch": 32, "vocab_size": 200, "rank": 8, "length": 16},),
    "large": tuple({"batch": 512, "vocab_size": 10000, "rank": r, "length": 256} for r in (20, 64)),
}
eq6_space = (
    {"vocab_size": 2, "rank": 2, "length": 3},
    {"vocab_size": 3, "rank": 3, "length": 5},
    {"vocab_size": 4, "rank": 3, "length": 5},
)
claim(
    "ttlm-eq6",
    "uniform TTLM: Eq. 6 vs recurrence (7)",
    STATEMENTS["ttlm-eq6"],
    refs("ttlm", "§4.3, Eq. 6–7", "thesis", "§5.3.1–5.3.2", "gtm", "Eq. 12"),
    m.small_eq6,
    topic="tt-language-models",
    space=eq6_space,
    scaled=scaled_uniform,
    scaled_space=uni_sp,
    readings=R.EQ6,
    remarks=R.EQ6_REMARKS,
    uses=("ttlm-eq5-corrected",),
    expected="holds",
    pinned=({"params": eq6_space[2], "seed": 6, "note": "the claims catalogue: |V|=4, R=3, N=5"},),
)
claim(
    "ttlm-eq6-variant",
    "variant of ttlm-eq6: Eq. 7 in TT order (the admissible reading)",
    (
        "[Variant of ttlm-eq6 (tnverify), not a correction: ttlm-eq6 holds under its only "
        "admissible reading, which this claim fixes.] "
        + STATEMENTS["ttlm-eq6"]
        + " [Reading: the tie is G^(N)_(α,i) = G^(1)_(i,α) and Eq. 7 is h^(t)_b = Σ_(a,i) "
        "f(x^(t))_i G_(a i b) h^(t−1)_a.]"
    ),
    refs("ttlm", "§4.3, Eq. 6–7"),
    lambda p, r: m.small_eq6(p, r, True),
    topic="tt-language-models",
    space=eq6_space,
    scaled=scaled_uniform,
    scaled_space=uni_sp,
    readings=R.EQ6[:1],
    proof=P + "prove_ttlm_eq6_corrected",
    varies="ttlm-eq6",
)
eq8_space = ({"vocab_size": 2, "rank": 2, "length": 3}, {"vocab_size": 3, "rank": 2, "length": 4})
claim(
    "ttlm-eq8",
    "Eq. 8: the readout defines the next-word distribution",
    STATEMENTS["ttlm-eq8"],
    refs("ttlm", "§4.3, Eq. 8, chain rule, Fig. 3", "thesis", "§5.2.2, Prop. 5.2.2"),
    c.small_eq8_definition,
    topic="tt-language-models",
    space=eq8_space,
    readings=R.EQ8,
    remarks=R.EQ8_REMARKS,
    uses=("ttlm-eq6",),
    expected="holds",
    pinned=({"params": eq8_space[1], "seed": 8, "note": "the claims catalogue: |V|=3, R=2, N=4"},),
)
claim(
    "ttlm-eq8-chain-vs-eq6",
    "Eq. 8 chain rule vs the p(X) of Eq. 6",
    STATEMENTS["ttlm-eq8-chain-vs-eq6"],
    refs("ttlm", "§4.3 'Recursive Probability Computation', chain rule and Eq. 8; Eq. 6"),
    c.small_eq8,
    topic="tt-language-models",
    space=eq8_space,
    scaled=scaled_conditionals,
    scaled_space=cond_sp,
    readings=R.EQ8_CHAIN,
    uses=("ttlm-eq6", "ttlm-eq8"),
    expected="fails",
    defect=R.EQ8_CHAIN_DEFECT,
    pinned=({"params": eq8_space[1], "seed": 8, "note": "the claims catalogue: |V|=3, R=2, N=4"},),
)
claim(
    "ttlm-eq8-variant",
    "variant of ttlm-eq8: exact TT conditional, left state × right env",
    (
        "[Variant (tnverify): the conditionals that would make the chain rule of "
        "ttlm-eq8-chain-vs-eq6 compute the p(X) of Eq. 6; not a correction of ttlm-eq8, "
        "which holds as a definition.] y^(t)_v = h^(t−1) G_(:,v,:) E_t / Σ_u h^(t−1) "
        "G_(:,u,:) E_t with the right environment E_t = (Σ_u G_(:,u,:))^(N−t−1) "
        "Σ_u G^(N)_(:,u) (at t = N: E = 1 and G^(N) in place of G), i.e. a "
        "linear normalisation of the environment-contracted readout; then Π_t "
        "y^(t)[x_t] = p(X)/Z."
    ),
    refs("ttlm", "§4.3, Eq. 8", "thesis", "§5.2.2, Prop. 5.2.2"),
    lambda p, r: c.small_eq8(p, r, True),
    topic="tt-language-models",
    space=eq8_space,
    scaled=lambda p, d, r: scaled_conditionals(p, d, r, with_readout=False),
    scaled_space=cond_sp,
    uses=("ttlm-eq8-chain-vs-eq6",),
    proof=P + "prove_ttlm_eq8_corrected",
    varies="ttlm-eq8",
)
claim(
    "ttlm-eq9",
    "Eq. 9–11: the high-dimensional readout",
    STATEMENTS["ttlm-eq9"],
    refs("ttlm", "§4.3, Eq. 9–11; §3", "thesis", "§5.2.2, Eq. 5.10"),
    m.small_eq9,
    topic="tt-language-models",
    space=({"vocab_size": 2, "rank": 2, "length": 3}, {"vocab_size": 3, "rank": 2, "length": 5}),
    readings=R.EQ9,
    remarks=R.EQ9_REMARKS,
    uses=("ttlm-eq8",),
    expected="holds",
)
corrected_pair(
    "ttlm-app-a",
    common=dict(topic="tt-language-models", space=({"vocab_size": 5, "rank": 3},)),
    printed=dict(
        title="App. A worked example, steps I–III",
        statement=STATEMENTS["ttlm-app-a"],
        refs=refs("ttlm", "App. A", "thesis", "§5.3.1"),
        small=m.small_app_a,
        readings=R.APP_A,
        defect=R.APP_A_DEFECT,
        remarks=R.APP_A_REMARKS,
        expected="fails",
    ),
    corrected=dict(
        title="App. A with step I as fᵀG(1) and step III = [Σ_i G_(j i) h_i]_(j≤|V|)",
        statement=(
            STATEMENTS["ttlm-app-a"] + " [Corrected (the two edits): step I reads "
            '"f(x^{(1)})ᵀG^{(1)} = [f(x^{(1)})_1, …, f(x^{(1)})_{|V|}] [G^{(1)}_{11} … '
            'G^{(1)}_{|V|R}]"; step III\'s right-hand side reads "[Σ_{i=1}^R G^{(t)}_{1i} '
            'h^{(t−1)}_{TTLM_i}; …; Σ_{i=1}^R G^{(t)}_{|V|i} h^{(t−1)}_{TTLM_i}]".]'
        ),
        refs=refs("ttlm", "App. A"),
        small=lambda p, r: m.small_app_a(p, r, True),
        readings=tuple(r for r in R.APP_A if r.admissible),
        proof=P + "prove_ttlm_app_a_corrected",
    ),
)
eq12_space = ({"vocab_size": 2, "rank": 2, "length": 3}, {"vocab_size": 4, "rank": 3, "length": 4})
claim(
    "ttlm-eq12",
    "TTLM-Tiny / TTLM-Large cores (Eq. 12)",
    STATEMENTS["ttlm-eq12"],
    refs("ttlm", "§5.1, Eq. 12; Fig. 2b–c; App. C"),
    small_eq12,
    topic="tt-language-models",
    space=eq12_space,
    scaled=scaled_tiny_large,
    scaled_space=tl_sp,
    readings=R.EQ12,
    remarks=R.EQ12_REMARKS,
    proof=P + "prove_ttlm_eq12",
    scope="asserted: under each reading of which legs δ contracts ((a) Eq. 12's diagonal "
    "δ, (b) App. C's reshape), TTLM-Tiny and TTLM-Large are TT recurrences "
    "h ← h G[:, x_t, :] with that reading's core G = W^{xe}δW^{hh} (Large: "
    "W^{xe}W^{eh}δW^{hh}); true under both readings, so not ill-posed (that the "
    "two readings are different models is ttlm-appc-delta-reshape)",
)
claim(
    "ttlm-appc-delta-reshape",
    "App. C's reshape implements Eq. 12's δ",
    STATEMENTS["ttlm-appc-delta-reshape"],
    refs("ttlm", "§5.1, Eq. 12; App. C, third paragraph ('For TTLM models, …')"),
    small_delta_reshape,
    topic="tt-language-models",
    space=eq12_space,
    readings=R.DELTA_RESHAPE,
    defect=R.DELTA_RESHAPE_DEFECT,
    uses=("ttlm-eq12",),
    expected="fails",
)
claim(
    "ttlm-eq13",
    "Eq. 13 readout VPh with V tied to W^xe",
    STATEMENTS["ttlm-eq13"],
    refs("ttlm", "§5.1, Eq. 13; App. C; Table 2"),
    small_eq13,
    topic="tt-language-models",
    space=({"vocab_size": 5, "rank": 3},),
    readings=R.EQ13,
    remarks=R.EQ13_REMARKS,
)
