"""Claims of seed 001 (thesis) §3.2.2 and §3.1.2 on the TT format itself: Eq. 3.3 (an
entry as a product of core slices), Eq. 3.4 (the printed nested sums, Def. 3.2.2) and the
inner product of Def. 3.1.5 (``thesis-eq-3.4`` and its ``-corrected`` twin).

The shared definition side (explicit tensors by ``tensordot`` of the cores, the printed
sums evaluated literally) is :mod:`tnverify.claims.ttlm.tt_format`, which checks the same
sums as printed in seed 000 (``ttlm-eq3``).
"""

from __future__ import annotations

import itertools

import numpy as np

from .. import Evidence, Ref
from ..ttlm.tt_format import register_printed_sum_pair, tt_sides
from ...conventions import tolerance


def small_thesis_34(params, rng, corrected=False):
    cores, seqs, ref, _, sizes, parts = tt_sides(params, rng, corrected)
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


_STATEMENT_THESIS_EQ_3_4 = (
    '- Eq. 3.3: "𝐀_{i₁,…,i_L} = 𝐆^{(1)}_{i₁,:} 𝐆^{(2)}_{:,i₂,:} ⋯ 𝐆^{(L−1)}_{:,i_{L−1'
    '},:} 𝐆^{(L)}_{:,i_L,:} (3.3), where 𝐆^{(k)} ∈ ℝ^{R_{k−1}×I_k×R_k}, for k ∈ [L] a'
    're called the TT-cores; R_k for k ∈ [L] are called the TT-ranks and R₀ = R_L = 1'
    '; and R = max_{1≤k≤L} R_k is called the maximal TT-rank."\n  - Def. 3.2.2: "𝐀_{i₁'
    ',…,i_L} = Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{L−1}=1}^{R_{L−1}} 𝐆^{(1)}_{i₁α₁} 𝐆'
    '^{(2)}_{α₁i₂α₂} ⋯ 𝐆^{(L)}_{α_{L−1}i_L} (3.4)".\n  - Def. 3.1.5 (inner product) is'
    ' stated "for two same-sized tensors 𝐀, 𝐁 ∈ ℝ^{I₁×I₂×⋯×d_N}", with sums up to I_L'
    '.')

_34_SPACE = ({"shape": [2, 3, 2, 3], "ranks": [1, 2, 2, 2, 1]},
             {"shape": [3, 4, 3, 4, 3], "ranks": [1, 2, 3, 3, 2, 1]})

register_printed_sum_pair("thesis-eq-3.4", title="TT format: Eq. 3.3 slices, Eq. 3.4 sums, Def. 3.1.5",
      statement=_STATEMENT_THESIS_EQ_3_4,
      refs=(Ref("thesis", "§3.2.2, Eq. 3.3–3.4 (Def. 3.2.2); §3.1.2, Def. 3.1.5"),
            Ref("ttlm", "§4.2, Eq. 3")),
      small=small_thesis_34, space=_34_SPACE, uses=("ttlm-eq3",),
      pinned=({"params": _34_SPACE[1], "seed": 34, "note": "CLAIMS.md: shape 3×4×3×4×3"},))
