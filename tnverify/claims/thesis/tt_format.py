"""Claims of thesis §3.2.2 and §3.1.2 on the TT format itself: Eq. 3.3 (an
entry as a product of core slices), Eq. 3.4 (the printed nested sums, Def. 3.2.2) and the
inner product of Def. 3.1.5 (``thesis-eq-3.4`` and its ``-corrected`` twin).

The shared definition side (explicit tensors by ``tensordot`` of the cores, the printed
sums evaluated literally) is :mod:`tnverify.claims.ttlm.tt_format`, which checks the same
sums as printed in ttlm (``ttlm-eq3``).
"""

from __future__ import annotations

import itertools

import numpy as np

from ...tt import TensorTrain, random_tt
from .. import Defect, Evidence, Reading, Ref
from ..compare import compare_values
from ..registration import corrected_pair
from ..ttlm.tt_format.checks import tt_sides
from ..ttlm.tt_format.statements import CORRECTION, PROOFS


def small_thesis_34(params, rng, corrected=False):
    """Eq. 3.3 and Eq. 3.4 (printed or corrected lower limits) against the tensordot tensor
    (:func:`tnverify.claims.ttlm.tt_format.checks.tt_sides`), and Def. 3.1.5: the printed nested
    sums Σ_{i₁}⋯Σ_{i_L} A·B against numpy.vdot and against the TT inner product
    :meth:`tnverify.tt.TensorTrain.inner`, on real tensors (Def. 3.1.5) and on complex
    ones (the Frobenius product Σ conj(A)·B, which Def. 3.1.5 is for real tensors).
    Controls: the transposed pairing A[i]·B[reversed i] for the real sums, and the product
    without the conjugate for the complex TT inner product."""
    cores, seqs, ref, _, sizes, parts = tt_sides(params, rng, corrected, last="L")
    shape = tuple(G.shape[1] for G in cores)
    ranks = [1] + [int(G.shape[2]) for G in cores]
    A = ref.reshape(shape)
    tb = random_tt(shape, ranks, rng)
    Bt = tb.full()
    literal = 0.0
    for idx in itertools.product(*(range(n) for n in shape)):  # Σ_{i1=1}^{I1} ⋯ Σ_{iL=1}^{IL}
        literal += A[idx] * Bt[idx]
    # n: ∏I_k products summed; scale: Σ|A·B|
    kw = dict(n=A.size, scale=float(np.abs(A * Bt).sum()), sizes=sizes)
    parts["Def. 3.1.5 (nested sums) vs numpy.vdot"] = compare_values(
        "⟨A, B⟩ by the printed nested sums vs numpy.vdot",
        literal,
        np.vdot(A, Bt),
        control=float(np.sum(A * Bt[::-1, ...])),
        control_label="B with its first index reversed",
        **kw,
    )
    ta = TensorTrain(tuple(cores))
    parts["Def. 3.1.5 (nested sums) vs TensorTrain.inner (real)"] = compare_values(
        "⟨A, B⟩ by the printed nested sums vs the TT transfer sweep",
        ta.inner(tb),
        literal,
        control=float(np.sum(A * Bt[::-1, ...])),
        control_label="B with its first index reversed",
        **kw,
    )
    ca = _complex_tt(shape, ranks, rng)
    cb = _complex_tt(shape, ranks, rng)
    Ac, Bc = ca.full(), cb.full()
    parts["⟨A, B⟩ = Σ conj(A)·B vs TensorTrain.inner (complex)"] = compare_values(
        "Σ_i conj(A_i) B_i (explicit) vs the TT transfer sweep, complex cores",
        ca.inner(cb),
        np.vdot(Ac, Bc),
        n=Ac.size,
        scale=float(np.abs(Ac * Bc).sum()),
        sizes=sizes,
        control=complex(np.sum(Ac * Bc)),
        control_label="the conjugate of A dropped",
    )
    return Evidence(
        "Eq. 3.3 (slices), Eq. 3.4 (printed sums), Def. 3.1.5", parts=parts, sizes=sizes
    )


def _complex_tt(shape, ranks, rng) -> TensorTrain:
    """A TT with independent complex Gaussian cores (real and imaginary parts N(0, ½))."""
    cores = tuple(
        (
            rng.standard_normal((ranks[k], n, ranks[k + 1]))
            + 1j * rng.standard_normal((ranks[k], n, ranks[k + 1]))
        )
        / np.sqrt(2.0)
        for k, n in enumerate(shape)
    )
    return TensorTrain(cores)


_STATEMENT_THESIS_EQ_3_4 = (
    '- Eq. 3.3: "𝐀_{i₁,…,i_L} = 𝐆^{(1)}_{i₁,:} 𝐆^{(2)}_{:,i₂,:} ⋯ 𝐆^{(L−1)}_{:,i_{L−1'
    "},:} 𝐆^{(L)}_{:,i_L,:} (3.3), where 𝐆^{(k)} ∈ ℝ^{R_{k−1}×I_k×R_k}, for k ∈ [L] a"
    "re called the TT-cores; R_k for k ∈ [L] are called the TT-ranks and R₀ = R_L = 1"
    '; and R = max_{1≤k≤L} R_k is called the maximal TT-rank."\n  - Def. 3.2.2: "𝐀_{i₁'
    ",…,i_L} = Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{L−1}=1}^{R_{L−1}} 𝐆^{(1)}_{i₁α₁} 𝐆"
    '^{(2)}_{α₁i₂α₂} ⋯ 𝐆^{(L)}_{α_{L−1}i_L} (3.4)".\n  - Def. 3.1.5 (inner product) is'
    ' stated "for two same-sized tensors 𝐀, 𝐁 ∈ ℝ^{I₁×I₂×⋯×d_N}", with sums up to I_L'
    "."
)

_34_SPACE = (
    {"shape": [2, 3, 2, 3], "ranks": [1, 2, 2, 2, 1]},
    {"shape": [3, 4, 3, 4, 3], "ranks": [1, 2, 3, 3, 2, 1]},
)

_34_COMMON = dict(
    refs=(
        Ref("thesis", "§3.2.2, Eq. 3.3–3.4 (Def. 3.2.2); §3.1.2, Def. 3.1.5"),
        Ref("ttlm", "§4.2, Eq. 3"),
    ),
    space=_34_SPACE,
    topic="tensor-trains",
    uses=("ttlm-eq3", "ttlm-eq5-corrected"),
)
corrected_pair(
    "thesis-eq-3.4",
    common=_34_COMMON,
    printed=dict(
        title="TT format: Eq. 3.3 slices, Eq. 3.4 sums, Def. 3.1.5",
        statement=_STATEMENT_THESIS_EQ_3_4,
        small=lambda p, rng: small_thesis_34(p, rng, False),
        expected="fails",
        readings=(
            Reading(
                "literal",
                "α₂ runs from 2 (the α₂ = 1 term omitted), as printed",
                quote="Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{L−1}=1}^{R_{L−1}}",
                where="§3.2.2, Def. 3.2.2, Eq. 3.4",
            ),
        ),
        defect=Defect(
            "misprint",
            printed="Eq. 3.4: Σ_{α₂=2}^{R₂}",
            meant="Eq. 3.4: Σ_{α₂=1}^{R₂}",
            erratum="alpha2-lower-limit",
            why="Eq. 3.3 (the TT format it expands) contracts every bond index over "
            "its full range 1, …, R_k; starting α₂ at 2 drops every term with "
            "α₂ = 1, so the printed sum is not the entry of the TT tensor (the "
            "counterexample computes both).",
            also=(
                Defect(
                    "editorial",
                    printed="Def. 3.1.5: 'ℝ^{I₁×I₂×⋯×d_N}'",
                    meant="Def. 3.1.5: 'ℝ^{I₁×I₂×⋯×I_L}'",
                    erratum="thesis-def-3.1.5-last-dimension",
                ),
            ),
        ),
        pinned=(
            {"params": _34_SPACE[1], "seed": 34, "note": "the claims catalogue: shape 3×4×3×4×3"},
        ),
    ),
    corrected=dict(
        title="TT format: Eq. 3.3 slices, Eq. 3.4 sums, Def. 3.1.5 (sums from 1)",
        statement=_STATEMENT_THESIS_EQ_3_4 + CORRECTION,
        small=lambda p, rng: small_thesis_34(p, rng, True),
        proof=PROOFS + "prove_thesis_eq_3_4_corrected",
    ),
)
