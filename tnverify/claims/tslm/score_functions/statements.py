"""Claim ``tslm-eq-7`` of tslm, "Representations of Words and Sentences"
(Eq. 4–7 with Eq. 1–2): the sentence tensor s = w₁ ⊗ ⋯ ⊗ w_n, its expansion in an
orthonormal basis, and the rank-one coefficient tensor 𝒜.  Definition side: the printed
sums evaluated literally (numpy, float64); scaled side in
:mod:`tnverify.claims.gtm.score_functions.scaled` (beside gtm's score functions).
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from ....definitions.explicit import inner
from ....ranks.matricize import numerical_rank, tt_unfolding
from ... import Evidence
from ...compare import compare_values
from ...gtm.definitions import outer
from ...readings import Reading
from ...registration import claim, refs
from .scaled import scaled_tslm


def small_eq7(params, rng):
    m, n = params["m"], params["n"]
    E, _ = np.linalg.qr(rng.standard_normal((m, m)))  # columns e_d: orthonormal basis
    alpha = rng.standard_normal((n, m))
    words = [E @ alpha[i] for i in range(n)]  # Eq. 4
    s6 = outer(words)  # Eq. 6
    A = np.zeros((m,) * n)
    for d in itertools.product(range(m), repeat=n):  # 𝒜_d = Π_i α_{i,d_i}, literally
        A[d] = math.prod(alpha[i, d[i]] for i in range(n))
    s7 = np.zeros((m,) * n)
    for d in itertools.product(range(m), repeat=n):  # Eq. 7, the sum over m**n basis tensors
        s7 += A[d] * outer([E[:, d[i]] for i in range(n)])
    coef = np.array(
        [
            inner(s6, outer([E[:, d[i]] for i in range(n)]))
            for d in itertools.product(range(m), repeat=n)
        ]
    ).reshape((m,) * n)
    scale = outer([np.abs(E) @ np.abs(alpha[i]) for i in range(n)])
    sz = {"m": m, "n": n}
    ranks = [numerical_rank(tt_unfolding(A, k)) for k in range(1, n)]
    parts = {
        "s (Eq. 6) vs expansion (7)": compare_values(
            "⊗ w_i vs Σ 𝒜_d e_d1⊗…⊗e_dn", s6, s7, n=m**n + n * m, scale=scale.max(), sizes=sz
        ),
        "𝒜 vs α_1⊗…⊗α_n (Eq. 1–2)": compare_values(
            "Π α_{i,d_i} vs outer product", A, outer(list(alpha)), n=n, scale=np.abs(A), sizes=sz
        ),
        # Σ|s||e_d1⊗…⊗e_dn| ≤ max|s| · Π‖e_di‖₁ ≤ max|s| · m^(n/2) (unit basis vectors)
        "𝒜 = coefficients ⟨s, e_d1⊗…⊗e_dn⟩": compare_values(
            "𝒜 vs coefficients of s in the orthonormal basis",
            A,
            coef,
            n=m**n + n * m,
            scale=scale.max() * m ** (n / 2),
            sizes=sz,
        ),
    }
    # negative control: 𝒜 plus a second rank-one term (a sum of two sentence tensors)
    A2 = A + outer(list(rng.standard_normal((n, m))))
    for k, nr in enumerate(ranks, start=1):
        nr2 = int(numerical_rank(tt_unfolding(A2, k)))
        parts[f"rank of unfolding A_[{k}] = 1"] = Evidence(
            f"numerical rank of the {m**k}×{m ** (n - k)} unfolding",
            passed=int(nr) == 1,
            details=nr.to_dict(),
            sizes=sz,
            counterexample=None if int(nr) == 1 else {"k": k, "rank": int(nr)},
            control=Evidence(
                f"control (𝒜 + a second rank-one term, rank {nr2}) of: rank of "
                f"unfolding A_[{k}] = 1",
                passed=nr2 == 1,
            ),
        )
    return Evidence("s = w_1⊗…⊗w_n vs expansion (7); 𝒜 rank one", sizes=sz, parts=parts)


_S_TSLM = (
    '"the m-dimensional vector space 𝕍 with the orthogonal basis {e_d}_{d=1}^m … w_i '
    '= Σ_{d_i=1}^m α_{i,d_i} e_{d_i} (4)"; "s = w₁ ⊗ ⋯ ⊗ w_n (6) which is a mⁿ-dimens'
    'ional tensor"; "s = Σ_{d₁,…,d_n=1}^m 𝒜_{d₁…d_n} e_{d₁} ⊗ ⋯ ⊗ e_{d_n} (7) … Accor'
    "ding to the Eq. 1 and 2, we will see 𝒜, computed as Π_{i=1}^n α_{i,d_i}, is a ra"
    'nk-one tensor."'
)

claim(
    "tslm-eq-7",
    "Sentence tensor s = ⊗ w_i and its rank-one 𝒜",
    _S_TSLM,
    refs("tslm", "Representations of Words and Sentences, Eq. 4–7 (with Eq. 1–2)"),
    small_eq7,
    topic="tensor-trains",
    space=({"m": 2, "n": 3}, {"m": 3, "n": 4}),
    scaled=scaled_tslm,
    scaled_space={"small": ({"m": 16, "n": 4},), "large": ({"m": 64, "n": 4},)},
    pinned=(
        {
            "params": {"m": 3, "n": 4},
            "seed": 7,
            "note": "the claims catalogue sizes, orthonormal non-standard basis",
        },
    ),
    readings=(
        Reading(
            "rank-one (Eq. 1–2)",
            "𝒜 can be written as the tensor product of n "
            "vectors (every unfolding has rank ≤ 1; rank exactly 1 for nonzero words)",
            True,
            "A n-order tensor 𝒜 is rank-one if it can be written as the "
            "tensor product of n vectors",
            "tslm Preliminaries, item 3 (Eq. 1–2)",
        ),
    ),
    remarks=(
        "Eq. 7 holds for any basis; orthogonality is needed only later, for the inner "
        "products of Eq. 10–11.",
        '"orthogonal basis" must be orthonormal for Eq. 11 (appendix Eq. 22 has ⟨e_i, e_i⟩ = 1).',
        "Strictly, 𝒜 has rank one iff every α_i ≠ 0 (𝒜 = 0 otherwise).",
    ),
    proof="proofs/spine_gtm.py::prove_tslm_eq_7",
    expected="holds",
)
