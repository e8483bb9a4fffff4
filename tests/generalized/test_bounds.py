"""Tests of tnverify.generalized.bounds: the printed bounds and the certified grid ranks."""

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tnverify.errors import DTypeError, NonFiniteError, RankError, ShapeError, UsageError
from tnverify.generalized.bounds import (
    EXACT_WORK_LIMIT,
    cp_rank_lower_bound,
    grid_rank,
    is_integer_valued,
    lemma_a1_bound,
    lemma_a2_rank_bound,
    lemma_a2_rank_formula,
    odd_even_matrix,
    shallow_width_lower_bound,
    thm_5_2_bound,
)
from tnverify.generalized.grid import grid_tensor, odd_even_matricization, random_shallow
from tnverify.ranks.matricize import exact_rank


def test_printed_bounds_pinned():
    assert lemma_a1_bound(1, 10, 6) == 30 and lemma_a1_bound(2, 3, 4) == 12
    assert shallow_width_lower_bound(1000, 10, 6) == 34  # notes: range {1, …, 34}
    assert shallow_width_lower_bound(216, 6, 6) == 12  # Figs. 4–5: {1, …, 12}
    assert shallow_width_lower_bound(0, 6, 6) == 0
    assert thm_5_2_bound(10, 10, 8) == Fraction(250)
    assert thm_5_2_bound(3, 2, 4) == Fraction(2 * 4, 12)
    assert lemma_a2_rank_formula(3, 2, 6) == 9 and lemma_a2_rank_bound(3, 2, 6) == 8
    assert lemma_a2_rank_formula(3, 5, 4) == 9 == lemma_a2_rank_bound(3, 5, 4)


@given(rank=st.integers(0, 5000), M=st.integers(1, 12), half=st.integers(1, 5))
def test_width_bound_is_the_ceiling(rank, M, half):
    T = 2 * half
    w = shallow_width_lower_bound(rank, M, T)
    assert w * (T * M // 2) >= rank > (w - 1) * (T * M // 2) or (rank == 0 and w == 0)
    assert w == math.ceil(Fraction(rank, T * M // 2))


@pytest.mark.parametrize(
    "call",
    [
        lambda: lemma_a1_bound(1, 3, 5),
        lambda: thm_5_2_bound(3, 2, 3),
        lambda: lemma_a1_bound(0, 3, 4),
    ],
)
def test_bad_sizes_raise_shape_error(call):
    with pytest.raises(ShapeError):
        call()


def test_bool_size_is_a_dtype_error_naming_the_argument():
    with pytest.raises(DTypeError, match="R must be an integer"):
        lemma_a2_rank_formula(3, True, 4)


def test_bad_rank_and_options():
    with pytest.raises(RankError):
        shallow_width_lower_bound(-1, 3, 4)
    with pytest.raises(UsageError):
        grid_rank(np.ones((2, 2)), certify="maybe")
    with pytest.raises(DTypeError):
        grid_rank(np.full((2, 2), 0.5), certify="exact")
    with pytest.raises(NonFiniteError):
        grid_rank(np.array([[1.0, np.nan], [0.0, 1.0]]))
    with pytest.raises(ShapeError):
        grid_rank(np.ones((2, 2, 2)))
    with pytest.raises(UsageError):
        cp_rank_lower_bound(np.ones((2, 2)), splits="some")


def test_auto_rule_exact_mod_p_numerical():
    g = np.ones((3,) * 4)
    g[0, 0, 0, 0] = 0
    r = grid_rank(g)
    assert (r.rank, r.method, r.certified, r.kind) == (2, "exact", True, "exact")
    rng = np.random.default_rng(1)
    big = rng.integers(-2, 3, size=(6,) * 6)  # 216 × 216 > 128³ work
    assert 216**3 > EXACT_WORK_LIMIT
    r = grid_rank(big, cross_check=True)
    assert r.method == "mod-p lower bound" and r.certified
    assert r.rank == r.numerical.rank == 216 and r.kind == "exact"
    real = rng.standard_normal((3, 2)) @ rng.standard_normal((2, 3))
    r = grid_rank(real)
    assert (r.rank, r.method, r.certified, r.kind) == (2, "numerical", False, "estimate")
    assert r.gap[0] > r.tolerance.value > r.gap[1]
    assert r.to_dict()["kind"] == "estimate"


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 20), k=st.integers(1, 6))
@example(seed=0, n=20, k=6)
def test_certified_methods_agree_on_integer_products(seed, n, k):
    rng = np.random.default_rng(seed)
    A = rng.integers(-3, 4, size=(n, k)) @ rng.integers(-3, 4, size=(k, n))
    ex = grid_rank(A, certify="exact", matrix=True).rank
    mp = grid_rank(A, certify="mod-p", matrix=True)
    nu = grid_rank(A.astype(float), certify="numerical", matrix=True).rank
    assert ex == exact_rank(A) == nu and mp.rank <= ex and ex <= min(n, k)
    assert mp.rank == ex  # unequal only if p = 2**31 − 1 divides every maximal minor


def test_odd_even_matrix_matches_grid_module():
    g = np.arange(3**4, dtype=float).reshape((3,) * 4)
    assert np.array_equal(odd_even_matrix(g), odd_even_matricization(g))
    assert odd_even_matrix(g)[1 * 3 + 2, 0 * 3 + 1] == g[1, 0, 2, 1]
    assert is_integer_valued(g) and not is_integer_valued(g + 0.5)


@given(seed=st.integers(0, 2**32 - 1), R=st.integers(1, 4))
def test_cp_rank_lower_bound_of_product_grids(seed, R):
    rng = np.random.default_rng(seed)
    net = random_shallow(3, 4, R, "product", rng, dist="integer")
    grid = grid_tensor(net)  # CP rank ≤ R (Eq. 20, ξ = xy)
    for splits in ("odd-even", "unfoldings", "all"):
        b = cp_rank_lower_bound(grid, splits=splits)
        assert b.bound <= R and b.certified
    assert len(cp_rank_lower_bound(grid, splits="all").per_split) == 2**3 - 1
    assert len(cp_rank_lower_bound(grid, splits="unfoldings").per_split) == 3


def test_cp_rank_lower_bound_pinned():
    e = np.eye(3)
    grid = sum(np.einsum("i,j,k,l->ijkl", e[r], e[r], e[r], e[r]) for r in range(3))
    b = cp_rank_lower_bound(grid, splits="all")
    assert (b.bound, b.certified) == (3, True)
