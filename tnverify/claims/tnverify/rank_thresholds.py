"""The toolkit's claims on its two rank thresholds, judged *at* the threshold, where random
data never lands:

- ``tnverify-tt-svd-tail-at-delta``: TT-SVD (thesis §3.2.2, Algorithm 1 with the ``≤ δ``
  of ``thesis-alg-1-corrected``; Oseledets 2011, Algorithm 1) discards a tail whose
  Frobenius norm is *exactly* δ;
- ``tnverify-numerical-rank-threshold``: :func:`tnverify.numerical_rank` counts exactly the
  singular values above ``max(M, N)·eps·σ_max`` (numpy's ``matrix_rank`` rule,
  :func:`tnverify.conventions.rank_tolerance`).

Both build their inputs from singular values that are exact in binary floating point
(small integers and powers of two) placed as a signed partial permutation matrix (one
non-zero per row and column, or a "diagonal" tensor ``A[π₁(i), …, π_d(i)] = ±σ_i``): every
Householder reflection of the SVD's bidiagonalisation is then a signed swap of two
coordinates, so LAPACK returns these singular values exactly, whatever the BLAS kernel.
The wanted ranks are computed from the same singular values in exact rational arithmetic
(:class:`fractions.Fraction`); the negative control of each comparison is the rank the
minimal wrong rule gives (``tail < δ²`` for ``≤ δ²``; a tolerance 100 times looser), also
in exact arithmetic — a comparison that could not tell the rules apart is an error.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ...ranks.numerical import numerical_rank
from ...tt.svd import tt_svd
from .. import Evidence
from ..compare import compare_ints
from ..registration import claim, refs

TAIL_STATEMENT = (
    "tt_svd keeps, at every step, the smallest rank whose discarded tail "
    "√(Σ_{j>r} σ_j²) is ≤ δ = ε‖A‖_F/√(d−1) — a tail equal to δ is discarded: "
    "on tensors whose singular values are exact in binary floating point, with ε "
    "chosen so that δ equals a tail exactly, the TT ranks are those of the "
    "exact rule."
)
RANK_STATEMENT = (
    "numerical_rank(M) counts exactly the singular values σ > max(M, N)·eps·σ_max "
    "(eps of float64): on matrices whose singular values are exact in binary "
    "floating point, a singular value 4 times above that threshold counts and "
    "one 4 times below does not."
)

#: 2**-52, float64's machine epsilon, exactly.
EPS64 = Fraction(1, 2**52)


def signed_diagonal(sigma, order: int, n: int | None = None) -> np.ndarray:
    """The order-``order`` tensor with ``A[π_1(i), …, π_d(i)] = (−1)^i σ_i`` (each mode of
    size ``n ≥ len(σ)``, the index maps ``π_k(i) = (i + 2k) mod n``): every unfolding is a
    signed partial permutation matrix whose singular values are the ``|σ_i|``."""
    sigma = [float(x) for x in sigma]
    n = len(sigma) if n is None else n
    a = np.zeros((n,) * order)
    for i, value in enumerate(sigma):
        a[tuple((i + 2 * k) % n for k in range(order))] = value * (-1) ** i
    return a


def exact_tt_ranks(sigma, order: int, delta_sq: Fraction, strict: bool = False) -> list[int]:
    """The TT ranks of the δ-truncated TT-SVD of :func:`signed_diagonal` in exact
    arithmetic: at each step the remainder's singular values are the ones kept so far, and
    the rank is the smallest ``r ≥ 1`` whose tail ``Σ_{j ≥ r} σ_j²`` is ``≤ δ²`` (``< δ²``
    with ``strict``, the wrong rule of the control)."""
    kept = [Fraction(x) for x in sigma]
    ranks = [1]
    for _ in range(order - 1):
        r = len(kept)
        while r > 1:
            tail = sum(x * x for x in kept[r - 1 :])
            if (tail < delta_sq) if strict else (tail <= delta_sq):
                r -= 1
            else:
                break
        kept = kept[:r]
        ranks.append(r)
    return ranks + [1]


def _delta_sq(sigma, order: int, eps: Fraction) -> Fraction:
    """δ² = ε²‖A‖²/(d − 1), exactly."""
    return eps * eps * sum(Fraction(x) ** 2 for x in sigma) / (order - 1)


def small_tail_at_delta(params, rng):
    sigma, order, eps = params["sigma"], params["order"], Fraction(params["eps"])
    norm = math.sqrt(sum(float(x) ** 2 for x in sigma))
    delta_sq = _delta_sq(sigma, order, eps)
    tails = [sum(Fraction(x) ** 2 for x in sigma[r:]) for r in range(len(sigma))]
    a = signed_diagonal(sigma, order)
    # the shuffle changes nothing exact (a permutation of each mode) and keeps the inputs
    # from being only the one layout
    for axis in range(order):
        a = np.take(a, rng.permutation(a.shape[axis]), axis=axis)
    res = tt_svd(a, eps=float(eps))
    want = exact_tt_ranks(sigma, order, delta_sq)
    strict = exact_tt_ranks(sigma, order, delta_sq, strict=True)
    sizes = {"order": order, "sigma": list(sigma), "eps": str(eps)}
    part = compare_ints(
        f"tt_svd ranks (ε = {eps}, d = {order}) vs the exact ≤ δ rule",
        list(res.ranks),
        want,
        control=strict,
        control_label="the strict rule: tail < δ²",
    )
    part.details.update(
        {
            "δ² (exact)": str(delta_sq),
            "δ (tt_svd)": res.delta,
            "‖A‖_F": norm,
            "tails Σ_{j>r} σ_j² (exact)": [str(t) for t in tails],
            "a tail equals δ² exactly": delta_sq in tails,
        }
    )
    boundary = compare_ints(
        "the case sits on the boundary: tails equal to δ² (exact)", [int(delta_sq in tails)], [1]
    )
    return Evidence(
        "TT-SVD ranks at a discarded tail of exactly δ",
        parts={"ranks": part, "boundary": boundary},
        sizes=sizes,
    )


def exact_numerical_rank(sigma, shape, factor: int = 1) -> int:
    """The count of ``σ > factor · max(M, N) · eps · σ_max`` in exact arithmetic."""
    s = [Fraction(x) for x in sigma]
    tol = factor * max(shape) * EPS64 * max(s)
    return sum(x > tol for x in s)


def small_rank_threshold(params, rng):
    shape, scale = tuple(params["shape"]), Fraction(params["sigma_max"])
    tol = max(shape) * EPS64 * scale
    sigma = [scale, scale / 2, 4 * tol, tol / 4]  # exact in binary: powers of two
    m = np.zeros(shape)
    rows, cols = rng.permutation(shape[0]), rng.permutation(shape[1])
    for i, value in enumerate(sigma):
        m[rows[i], cols[i]] = float(value) * (-1) ** i
    got = numerical_rank(m)
    want = exact_numerical_rank(sigma, shape)
    looser = exact_numerical_rank(sigma, shape, factor=100)
    part = compare_ints(
        f"numerical_rank of a {shape[0]}×{shape[1]} matrix vs the exact count",
        [int(got)],
        [want],
        control=[looser],
        control_label="a tolerance 100 times looser",
    )
    part.details.update(
        {
            "threshold (exact)": float(tol),
            "threshold (numerical_rank)": got.tolerance.value,
            "singular values": [float(x) for x in sigma],
        }
    )
    return Evidence(
        "numerical rank at 4× and ¼× its threshold",
        parts={"rank": part},
        sizes={"shape": shape, "sigma_max": float(scale)},
    )


#: 11² + 10² + 5² + 3² + 1² = 256 = 16²: ‖A‖_F = 16, and every square is exact.
SIGMA = (11, 10, 5, 3, 1)
#: 11² + 7² + 6² + 5² + 4² + 3² = 256, with the tail 4² + 3² = 5².
SIGMA_2 = (11, 7, 6, 5, 4, 3)

claim(
    "tnverify-tt-svd-tail-at-delta",
    "TT-SVD discards a tail of exactly δ (≤ δ, not < δ)",
    TAIL_STATEMENT,
    refs(
        "tnverify",
        "own statement (tt/truncation.py, the δ-rank rule)",
        "thesis",
        "§3.2.2, Algorithm 1 (with ≤ δ, thesis-alg-1-corrected)",
    ),
    small_tail_at_delta,
    topic="tensor-trains",
    # d = 2: δ = ε‖A‖ = 1 at ε = 1/16; d = 5: δ = ε‖A‖/2 = 1 at ε = 1/8; SIGMA_2 with
    # ε = 5/16 (d = 2) or 5/8 (d = 5): δ² = 25 = 4² + 3², a tail of two discarded values,
    # and at d = 5's second step 5² alone (every ε exact in binary)
    space=(
        {"sigma": SIGMA, "order": 2, "eps": 1 / 16},
        {"sigma": SIGMA, "order": 5, "eps": 1 / 8},
        {"sigma": SIGMA_2, "order": 2, "eps": 5 / 16},
        {"sigma": SIGMA_2, "order": 5, "eps": 5 / 8},
    ),
    uses=("thesis-alg-1-corrected",),
    remarks=(
        (
            "Random tensors never put a tail exactly on δ, so the other TT-SVD claims "
            "cannot tell ≤ δ from < δ; this claim's inputs are built so that LAPACK's SVD "
            "returns their singular values exactly on every BLAS kernel."
        ),
    ),
    expected="holds",
)

claim(
    "tnverify-numerical-rank-threshold",
    "numerical_rank counts σ > max(M, N)·eps·σ_max, exactly at its threshold",
    RANK_STATEMENT,
    refs("tnverify", "own statement (conventions.rank_tolerance, numpy's matrix_rank rule)"),
    small_rank_threshold,
    topic="tensor-trains",
    space=(
        {"shape": (4, 8), "sigma_max": 1},
        {"shape": (16, 16), "sigma_max": 2},
        {"shape": (32, 5), "sigma_max": 0.25},
    ),
    remarks=(
        (
            "The thresholds of the other rank claims sit far from every singular value "
            "of their inputs (a gap of many orders of magnitude), so they cannot tell the "
            "rule from one 100 times looser; this claim puts singular values at 4× and ¼× "
            "the threshold."
        ),
    ),
    expected="holds",
)
