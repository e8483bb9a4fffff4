"""The claims of ttlm §4.1–4.2 on the TT format as a language model (``ttlm-eq2``,
``ttlm-eq3``, ``ttlm-eq5`` and the ``-corrected`` twins): the statements as printed, their
readings, defects and remarks, and the registrations.  The checks are in :mod:`.checks`,
the torch sides in :mod:`.scaled`; the same sums as printed in thesis reuse
:data:`CORRECTION` and :data:`PROOFS` (:mod:`tnverify.claims.thesis.tt_format`)."""

from __future__ import annotations

from ... import Defect, Reading, Ref
from ...registration import claim, corrected_pair, refs
from .checks import small_eq2, small_eq3, small_eq5
from .scaled import scaled_eq2, scaled_scoring

_STATEMENT_TTLM_EQ2 = (
    '"Φ(X) = f₁(x^{(1)}) ⊗ f₂(x^{(2)}) ⋯ ⊗ f_N(x^{(N)}) = ⊗_{i=1}^N f_i(x^{(i)}) (1)"'
    '; "we assume that a text shares the same one-hot encoding f(x^{(t)}) ∈ ℝ^{|V|} i'
    "n later sections. Consequently, Φ(X) is a |V|^N-dimensional tensor that records "
    'all possible combinations of words in X"; "p(X) = ⟨𝒜, Φ(X)⟩ = Σ_{i₁,i₂,⋯,i_N=1}^'
    '{|V|} 𝒜_{i₁,⋯,i_N} · Φ(X)_{i₁,⋯,i_N} (2)", where 𝒜 is "a regression weight tenso'
    'r of the same shape as Φ(X)". Eq. 5 then uses "𝒜_{w₁w₂…w_N} = … = ⟨𝒜, Φ(X)⟩ = p('
    'X)".'
)
_STATEMENT_TTLM_EQ3 = (
    '"𝒜_{w₁w₂…w_N} = G^{(1)}_{::,w₁} ⟦underbrace: 1×R₁⟧ G^{(2)}_{:,w₂} ⟦R₁×R₂⟧ ⋯ G^{('
    "N)}_{:,w_N} ⟦R_{N−1}×1⟧ = Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{N−1}=1}^{R_{N−1}} "
    "G^{(1)}_{w₁α₁} G^{(2)}_{α₁w₂α₂} ⋯ G^{(N)}_{α_{N−1}w_N} (3) where the tensors G^{"
    "(t)} ∈ ℝ^{R_{t−1}×|V|×R_t} (t = 1, ..., d, R₀ = R_N = 1 by definition) are calle"
    'd TT cores."'
)
_STATEMENT_TTLM_EQ5 = (
    '- Eq. 4: "G^{(t)}_{α_{t−1}w_tα_t} = Σ_{i=1}^{|V|} f(x^{(t)})_i G^{(t)}_{α_{t−1}i'
    "α_t} (4) where each f(x^{(t)}) is a one-hot vector having w_t = 1 for at most on"
    'e t, and has zeros elsewhere".\n  - Eq. 5: "𝒜_{w₁w₂…w_N} = Σ_{i₁,…,i_N=1}^{|V|} Σ'
    "_{α₁=1}^{R₁} ⋯ Σ_{α_{N−1}=1}^{R_{N−1}} f(x^{(1)})_{i₁} G^{(1)}_{i₁α₁} f(x^{(2)})"
    "_{i₂} G^{(2)}_{α₁i₂α₂} ⋯ f(x^{(N)})_{i_N} G^{(N)}_{α_{N−1}i_N} = Σ_{α₁=1}^{R₁} Σ"
    "_{α₂=2}^{R₂} ⋯ Σ_{α_{N−1}=1}^{R_{N−1}} G^{(1)}_{w₁α₁} G^{(2)}_{α₁w₂α₂} ⋯ G^{(N)}"
    '_{α_{N−1}w_N} = ⟨𝒜, Φ(X)⟩ = p(X) (5)", with Φ(X) = ⊗_{i=1}^N f(x^{(i)}).\n  - Tex'
    't: "Eq. 5 can compute Eq. 2".'
)
PROOFS = "proofs/spine_ttlm.py::"
_SCALED_SPACE = {
    "small": ({"batch": 256, "vocab_size": 1000, "rank": 20, "length": 64, "distinct": 4},),
    "large": tuple(
        {"batch": 4096, "vocab_size": 33278, "rank": r, "length": n, "distinct": 1, "tree_chunk": c}
        for r, n, c in ((20, 1024, 512), (64, 1024, 128), (256, 512, 16))
    ),
}
_EQ3_SPACE = (
    {"vocab_size": 2, "length": 4, "ranks": [1, 2, 2, 2, 1]},
    {"vocab_size": 4, "length": 5, "ranks": [1, 2, 3, 3, 2, 1]},
)
_EQ5_SPACE = ({"vocab_size": 2, "length": 4, "rank": 2}, {"vocab_size": 4, "length": 5, "rank": 3})
CORRECTION = (
    " [Corrected: every printed sum Σ_{α_k} runs from α_k = 1 to R_k; the printed "
    "lower limit α₂ = 2 is replaced by α₂ = 1.]"
)


def register_printed_sum_pair(
    base,
    *,
    title,
    refs,
    small,
    space,
    statement,
    uses=(),
    pinned=(),
    scaled=False,
    printed_fields=None,
    corrected_fields=None,
):
    """Register ``base`` (literal printed sums, expected to fail) and ``base-corrected``.

    The scaled side (the recurrence against the tree product at scale; the claims catalogue: "As
    ttlm-eq5") is the same computation for all three pairs, so it runs once, on
    ``ttlm-eq5-corrected`` (``scaled=True``); the others name it in ``uses``.
    ``printed_fields`` / ``corrected_fields`` are further :class:`~tnverify.claims.Claim`
    fields of each (``defect``, ``readings``, ``remarks``, ...)."""
    shared = () if scaled else ("ttlm-eq5-corrected",)
    corrected_pair(
        base,
        common=dict(refs=tuple(refs), topic="tensor-trains", space=space, uses=uses + shared),
        printed={
            **dict(
                title=title,
                statement=statement,
                small=lambda p, rng: small(p, rng, False),
                expected="fails",
                pinned=pinned,
            ),
            **dict(printed_fields or {}),
        },
        corrected=dict(
            title=title + " (sums from 1)",
            statement=statement + CORRECTION,
            small=lambda p, rng: small(p, rng, True),
            scaled=scaled_scoring if scaled else None,
            scaled_space=_SCALED_SPACE,
            expected="holds",
            proof=PROOFS + "prove_" + f"{base}_corrected".replace("-", "_").replace(".", "_"),
            **dict(corrected_fields or {}),
        ),
    )


#: The erratum "Σ_{α₂=2}" printed in ttlm Eq. 3 and Eq. 5 (and thesis Eq. 3.4).
ALPHA2_ERRATUM = "alpha2-lower-limit"
_ALPHA2_DEFECT = dict(printed="Σ_{α₂=2}^{R₂}", meant="Σ_{α₂=1}^{R₂}", erratum=ALPHA2_ERRATUM)
_EQ3_READINGS = (
    Reading(
        "matrix product of slices",
        "the underbraced factors are the slices G^(t)_(:,w_t,:) "
        "(R_(t−1)×R_t; G^(1)_(::,w₁) read as G^(1)_(:,w₁,:)), their product a 1×1 scalar; the "
        "index sum runs every α_k over 1…R_k",
        True,
        "G^{(1)}_{::,w₁} [1×R₁] G^{(2)}_{:,w₂} [R₁×R₂] ⋯ G^{(N)}_{:,w_N} [R_{N−1}×1]",
        "ttlm §4.2, Eq. 3, first line (underbraces)",
    ),
)
_EQ3_REMARKS = (
    '"t = 1, ..., d": d is undefined; it is N (Zhou (2023), the MSc thesis “Tensor Networks for Language Modeling”, Eq. 5.5, prints "t = 1,…,L").',
    '"G^{(1)}_{::,w₁}" is a garbled G^{(1)}_{:,w₁,:}; G^{(1)} and G^{(N)} are indexed '
    "with their size-1 legs dropped, as the underbraces show.",
)
_EQ5_READINGS = (
    Reading(
        "one-hot f",
        "f(x^(t)) has f_(w_t) = 1 and zeros elsewhere",
        True,
        "where each f(x^{(t)}) is a one-hot vector",
        "ttlm §4.2, sentence after Eq. 4",
    ),
    Reading(
        "at most one 1",
        "f(x^(t)) may be the zero vector ('for at most one t' read literally): Eq. 4 then fails",
        False,
        "For simplicity, we assume that a text shares the same one-hot encoding "
        "f(x^{(t)}) ∈ ℝ^{|V|} in later sections",
        "ttlm §4.1, the paragraph after Eq. 1 "
        "(every f(x^{(t)}) is one-hot: one 1, never the zero vector)",
    ),
)


claim(
    "ttlm-eq2",
    "Φ(X) and p(X) = ⟨𝒜, Φ(X)⟩",
    _STATEMENT_TTLM_EQ2,
    refs(
        "ttlm", "§4.1, Eq. 1–2 (and Eq. 5)", "thesis", "§5.2.2, Eq. 5.3–5.4", "gtm", "§3.1, Eq. 2–3"
    ),
    small_eq2,
    topic="tensor-trains",
    space=({"vocab_size": 2, "length": 3}, {"vocab_size": 4, "length": 5}),
    scaled=scaled_eq2,
    scaled_space={
        "small": ({"vocab_size": 6, "length": 6, "batch": 10_000},),
        "large": ({"vocab_size": 8, "length": 8, "batch": 10_000},),
    },
    pinned=(
        {
            "params": {"vocab_size": 4, "length": 5},
            "seed": 2,
            "note": "the claims catalogue sizes: |V| = 4, N = 5, all 1024 sequences",
        },
    ),
    readings=(
        Reading(
            "|V|^N components",
            "Φ(X) is an order-N tensor with |V| entries per "
            "mode, |V|^N components, one of them 1 (at (w_1, …, w_N))",
            True,
            "The dimension of a tensor refers to the number of values that a "
            "particular index (or so-called mode) can take, e.g., the dimension of "
            "B ∈ ℝ^{I₁×I₂×I₃} is I₁ × I₂ × I₃",
            'ttlm §3, Notation ("|V|^N-'
            "dimensional\" is Φ(X)'s dimension |V| × ⋯ × |V|, N modes by Eq. 1)",
        ),
        Reading(
            "order |V|^N",
            "Φ(X) has order |V|^N",
            False,
            "The order of a tensor is how many indices it has",
            'ttlm §3, Notation; "Tensor product", same section: the product of '
            'tensors of orders j and k has "order j + k", so Eq. 1\'s N vectors '
            "give order N",
        ),
    ),
    remarks=(
        '"records all possible combinations of words in X" is loose: Φ(X) records '
        "exactly one combination (its single 1 at (w_1, …, w_N)).",
        "p(X) = ⟨𝒜, Φ(X)⟩ is a probability only if 𝒜 ≥ 0 and Σ𝒜 = 1, which the text "
        "does not impose (not part of the statement).",
    ),
    proof=PROOFS + "prove_ttlm_eq2",
)

register_printed_sum_pair(
    "ttlm-eq3",
    title="TT entry as slice products and printed sums",
    statement=_STATEMENT_TTLM_EQ3,
    refs=(Ref("ttlm", "§4.2, Eq. 3"), Ref("thesis", "§3.2.2, Eq. 3.3–3.4; §5.2.2, Eq. 5.5")),
    small=small_eq3,
    space=_EQ3_SPACE,
    uses=("ttlm-eq2",),
    printed_fields=dict(
        defect=Defect(
            "misprint",
            **_ALPHA2_DEFECT,
            why="The first line of Eq. 3 is a product of matrices (1 × R₁, R₁ × R₂, …, "
            "R_{N−1} × 1), which sums every bond index α_t from 1 to R_t; the second line "
            "expands it, so its sum over α₂ starts at 1 too.",
        ),
        readings=_EQ3_READINGS,
    ),
    corrected_fields=dict(readings=_EQ3_READINGS, remarks=_EQ3_REMARKS),
    pinned=(
        {"params": _EQ3_SPACE[1], "seed": 3, "note": "the claims catalogue: ranks [1,2,3,3,2,1]"},
    ),
)
register_printed_sum_pair(
    "ttlm-eq5",
    title="general TTLM: ⟨𝒜,Φ⟩ = recurrence = printed sums",
    statement=_STATEMENT_TTLM_EQ5,
    refs=(
        Ref("ttlm", "§4.2, Eq. 4–5"),
        Ref("thesis", "§5.2.2, Prop. 5.2.1"),
        Ref("gtm", "§3.2, Lemma 3.1"),
    ),
    small=small_eq5,
    space=_EQ5_SPACE,
    uses=("ttlm-eq2", "ttlm-eq3"),
    scaled=True,
    printed_fields=dict(
        defect=Defect(
            "misprint",
            **_ALPHA2_DEFECT,
            why="Eq. 5's second line repeats the second line of Eq. 3; it is what Eq. 5's "
            "first line (Eq. 3 with Eq. 4 inserted, which sums every α_t from 1) reduces to "
            "for one-hot f, so its sum over α₂ runs from 1 to R₂ too.",
        ),
        readings=_EQ5_READINGS,
    ),
    corrected_fields=dict(
        readings=_EQ5_READINGS,
        remarks=(
            '"having w_t = 1 for at most one t" should read "with f(x^{(t)})_{w_t} = 1 and zeros '
            'elsewhere".',
        ),
    ),
    pinned=({"params": _EQ5_SPACE[1], "seed": 5, "note": "the claims catalogue: |V|=4, R=3, N=5"},),
)
