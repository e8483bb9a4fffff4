"""Tests of tnverify.ranks.matricize: unfoldings, matricizations, numerical/exact/mod-p ranks."""

import sys
import time
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

import tnverify.ranks.certified as exact_ranks_module
from tnverify.conventions import rank_tolerance
from tnverify.errors import DTypeError, NonFiniteError, RankError, ShapeError, ToleranceError
from tnverify.ranks.matricize import (
    NumericalRank,
    exact_rank,
    matricize,
    numerical_rank,
    rank_mod_p,
    tt_unfolding,
)

shapes = st.lists(st.integers(1, 4), min_size=2, max_size=5).map(tuple)


def _ravel(index, dims):
    """C-order linear index by explicit index arithmetic (last index fastest)."""
    out = 0
    for i, n in zip(index, dims):
        out = out * n + i
    return out


# ----------------------------------------------------------------- tt_unfolding / matricize


@given(shapes, st.data())
def test_unfold_entry_by_entry(shape, data):
    A = np.arange(int(np.prod(shape))).reshape(shape)
    k = data.draw(st.integers(1, len(shape) - 1))
    U = tt_unfolding(A, k)
    assert U.shape == (int(np.prod(shape[:k])), int(np.prod(shape[k:])))
    for idx in np.ndindex(*shape):
        assert U[_ravel(idx[:k], shape[:k]), _ravel(idx[k:], shape[k:])] == A[idx]


@given(shapes, st.data())
def test_matricize_entry_by_entry(shape, data):
    d = len(shape)
    A = np.arange(int(np.prod(shape))).reshape(shape)
    n_rows = data.draw(st.integers(1, d - 1))
    rows = tuple(data.draw(st.permutations(range(d)))[:n_rows])
    cols = tuple(m for m in range(d) if m not in rows)
    M = matricize(A, rows)
    rdims, cdims = [shape[m] for m in rows], [shape[m] for m in cols]
    assert M.shape == (int(np.prod(rdims)), int(np.prod(cdims)))
    for idx in np.ndindex(*shape):
        r = _ravel([idx[m] for m in rows], rdims)
        c = _ravel([idx[m] for m in cols], cdims)
        assert M[r, c] == A[idx]


@given(shapes, st.data())
def test_matricize_leading_modes_is_unfold(shape, data):
    A = np.arange(int(np.prod(shape))).reshape(shape)
    k = data.draw(st.integers(1, len(shape) - 1))
    assert np.array_equal(matricize(A, range(k)), tt_unfolding(A, k))


def test_fortran_and_c_unfoldings_have_equal_rank():
    rng = np.random.default_rng(5)
    A = np.einsum(
        "ia,jab,kb->ijk",
        rng.normal(size=(3, 2)),
        rng.normal(size=(4, 2, 2)),
        rng.normal(size=(5, 2)),
    )
    F = np.reshape(A, (3, 20), order="F")
    assert int(numerical_rank(tt_unfolding(A, 1))) == int(numerical_rank(F)) == 2


@pytest.mark.parametrize(
    "k, exc, msg",
    [
        (0, RankError, r"1 <= k <= d-1 = 2 row modes; got k=0"),
        (3, RankError, r"got k=3"),
        (1.0, RankError, r"integer k"),
    ],
)
def test_unfold_validation(k, exc, msg):
    with pytest.raises(exc, match=msg):
        tt_unfolding(np.ones((2, 3, 4)), k)


def test_unfold_needs_two_modes():
    with pytest.raises(ShapeError, match=r">= 2 modes; got shape \(3,\)"):
        tt_unfolding(np.ones(3), 1)


@pytest.mark.parametrize(
    "rows, msg",
    [
        ((), r"non-empty proper subset"),
        ((0, 1, 2), r"non-empty proper subset"),
        ((0, 0), r"distinct"),
        ((3,), r"range\(0, 3\)"),
        ((0.0,), r"integers"),
    ],
)
def test_matricize_validation(rows, msg):
    with pytest.raises(ShapeError, match=msg):
        matricize(np.ones((2, 3, 4)), rows)


# ----------------------------------------------------------------- numerical rank


@given(st.integers(1, 12), st.integers(1, 12), st.data(), st.integers(0, 2**32 - 1))
def test_numerical_rank_of_planted_products(m, n, data, seed):
    r = data.draw(st.integers(0, min(m, n)))
    rng = np.random.default_rng(seed)
    M = rng.normal(size=(m, r)) @ rng.normal(size=(r, n))
    nr = numerical_rank(M)
    assert isinstance(nr, NumericalRank)
    assert nr.rank == r and int(nr) == r
    s = nr.singular_values
    assert nr.tolerance.value == rank_tolerance((m, n), s[0]).value
    kept, dropped = nr.gap
    assert kept == (s[r - 1] if r else None)
    assert dropped == (s[r] if r < min(m, n) else None)


def test_numerical_rank_zero_and_rtol():
    z = numerical_rank(np.zeros((3, 4)))
    assert z.rank == 0 and z.gap == (None, 0.0) and z.sigma_max == 0.0
    M = np.diag([1.0, 0.5, 0.25])
    assert numerical_rank(M).rank == 3
    nr = numerical_rank(M, rtol=0.3)
    assert nr.rank == 2 and nr.gap == (0.5, 0.25) and nr.gap_ratio == 0.5
    assert "rtol * sigma_max" in nr.tolerance.rule
    with pytest.raises(ToleranceError, match=r"rtol must be a finite number >= 0"):
        numerical_rank(M, rtol=-1.0)


def test_numerical_rank_str_and_dict():
    nr = numerical_rank(np.diag([2.0, 1.0, 0.0]))
    text = str(nr)
    assert text.startswith("rank 2 at tol ") and "σ2=1 → σ3=0" in text
    assert nr.to_dict()["rank"] == 2 and nr.to_dict()["gap"] == [1.0, 0.0]
    full = numerical_rank(np.eye(2))
    assert full.gap == (1.0, None) and "none dropped" in str(full) and full.gap_ratio is None


def test_numerical_rank_validation():
    with pytest.raises(ShapeError, match=r"2-D matrix; got shape \(2, 2, 2\)"):
        numerical_rank(np.ones((2, 2, 2)))
    with pytest.raises(NonFiniteError, match=r"matrix must be finite; found 1 NaN/inf entry"):
        numerical_rank(np.array([[1.0, np.nan]]))
    with pytest.raises(DTypeError, match=r"numeric"):
        numerical_rank(np.array([["a"]]))


def test_numerical_rank_falls_back_to_gesvd(monkeypatch):
    def broken(*args, **kwargs):
        raise np.linalg.LinAlgError("SVD did not converge")

    monkeypatch.setattr(np.linalg, "svd", broken)
    rng = np.random.default_rng(1)
    assert numerical_rank(rng.normal(size=(5, 2)) @ rng.normal(size=(2, 6))).rank == 2


# ----------------------------------------------------------------- exact rank


def _planted_int(rng, m, n, r, lo=-3, hi=4):
    return rng.integers(lo, hi, size=(m, r)) @ rng.integers(lo, hi, size=(r, n))


@given(st.integers(1, 10), st.integers(1, 10), st.integers(0, 10), st.integers(0, 2**32 - 1))
def test_exact_rank_matches_sympy(m, n, r, seed):
    M = _planted_int(np.random.default_rng(seed), m, n, r)
    e = exact_rank(M)
    assert e == sympy.Matrix(M.tolist()).rank()
    assert e <= min(m, n, r)


def test_exact_rank_planted_generic_rank():
    rng = np.random.default_rng(0)
    for r in range(6):
        M = rng.integers(-50, 51, size=(8, r)) @ rng.integers(-50, 51, size=(r, 9))
        assert exact_rank(M) == r


def test_exact_rank_sees_what_float_rank_cannot():
    """A rank-2 integer matrix whose float64 rank is 1 (entries beyond 2**53)."""
    big = 2**60
    M = np.array([[big, big + 1], [big + 1, big + 2]], dtype=object)  # det = -1
    assert exact_rank(M) == 2
    assert numerical_rank(M.astype(float)).rank == 1


def test_exact_rank_rationals():
    h = [[Fraction(1, i + j + 1) for j in range(6)] for i in range(6)]  # Hilbert matrix
    assert exact_rank(h) == 6
    s = sympy.Matrix([[sympy.Rational(1, 2), sympy.Rational(1, 3)], [sympy.Rational(3, 2), 1]])
    assert exact_rank(np.array(s.tolist(), dtype=object)) == 1
    assert exact_rank(np.array([[2.0, 4.0], [1.0, 2.0]])) == 1
    assert exact_rank(np.zeros((3, 0))) == 0


def test_exact_rank_refuses_non_integer_floats():
    with pytest.raises(DTypeError, match=r"got the float 0\.5 \(use numerical_rank"):
        exact_rank(np.array([[0.5, 1.0]]))
    with pytest.raises(ShapeError, match=r"2-D"):
        exact_rank(np.ones(3, dtype=int))
    with pytest.raises(DTypeError, match=r"integer or rational"):
        exact_rank(np.array([["x"]], dtype=object))


# ----------------------------------------------------------------- rank mod p


@given(
    st.integers(1, 30),
    st.integers(1, 30),
    st.integers(0, 30),
    st.integers(0, 2**32 - 1),
    st.sampled_from([2, 3, 7, 65537, 2147483647]),
    st.sampled_from([3, 64]),
)
def test_rank_mod_p_is_lower_bound_and_exact_generically(m, n, r, seed, p, panel):
    exact_ranks_module._PANEL = panel  # exercise multi-panel elimination too
    try:
        rng = np.random.default_rng(seed)
        M = _planted_int(rng, m, n, r)
        if n > 1:
            M[:, rng.integers(0, n)] = 0  # a zero column
        e = exact_rank(M)
        q = rank_mod_p(M, p)
        assert q <= e
        if p == 2147483647:
            assert q == e
        Mp = np.mod(M, p)
        ref = (
            sympy.polys.matrices.DomainMatrix.from_list_sympy(m, n, Mp.tolist())
            .convert_to(sympy.GF(p))
            .rank()
        )
        assert q == ref
    finally:
        exact_ranks_module._PANEL = 64


def test_rank_mod_p_pinned():
    M = [[1, 2], [3, 4]]  # det = -2
    assert rank_mod_p(M) == 2 and rank_mod_p(M, p=2) == 1 and exact_rank(M) == 2
    assert rank_mod_p(np.array([[2.0, 4.0], [1.0, 2.0]])) == 1
    assert rank_mod_p(np.array([[2**70, 1], [1, 0]], dtype=object)) == 2
    assert rank_mod_p(np.zeros((4, 4), dtype=int)) == 0


def test_rank_mod_p_full_rank_1000_in_about_a_second():
    rng = np.random.default_rng(0)
    M = rng.integers(-5, 6, size=(1000, 1000))
    t0 = time.perf_counter()
    q = rank_mod_p(M)
    elapsed = time.perf_counter() - t0
    assert q == 1000
    assert elapsed < 5.0, f"rank_mod_p took {elapsed:.2f} s on 1000 x 1000"


@pytest.mark.parametrize(
    "p, exc, msg",
    [
        (4, RankError, r"prime .* got p=4"),
        (1, RankError, r"got p=1"),
        (2**31 + 11, RankError, r"2\*\*31"),
        (3.0, DTypeError, r"integer prime"),
    ],
)
def test_rank_mod_p_validates_p(p, exc, msg):
    with pytest.raises(exc, match=msg):
        rank_mod_p([[1]], p)


def test_rank_mod_p_validates_entries():
    with pytest.raises(DTypeError, match=r"integer entries; got non-integer floats"):
        rank_mod_p(np.array([[0.5]]))
    with pytest.raises(DTypeError, match=r"integer entries"):
        rank_mod_p(np.array([[Fraction(1, 2)]], dtype=object))
    with pytest.raises(ShapeError, match=r"2-D"):
        rank_mod_p(np.ones(3, dtype=int))
    with pytest.raises(NonFiniteError, match=r"finite"):
        rank_mod_p(np.array([[np.inf]]))


# ----------------------------------------------------------------- the rank is an int


def test_numerical_rank_behaves_as_an_int():
    """``numerical_rank(M) == 3`` was silently False and ``> 2`` raised."""
    import json
    import pickle

    rng = np.random.default_rng(3)
    M = rng.normal(size=(7, 3)) @ rng.normal(size=(3, 6))
    r = numerical_rank(M)
    assert isinstance(r, int) and type(r) is NumericalRank
    assert r == 3 and 3 == r and r != 2 and r > 2 and r < 4 and r >= 3 and r <= 3
    assert r + 1 == 4 and 2 * r == 6 and r - 3 == 0 and r // 2 == 1 and -r == -3
    assert type(r + 1) is int  # arithmetic gives plain ints
    assert hash(r) == hash(3) and {r: "x"}[3] == "x" and {3, r} == {3}
    assert int(r) == 3 and r.rank == 3 and type(r.rank) is int
    assert list(range(r)) == [0, 1, 2] and ["a", "b", "c", "d"][r] == "d"
    assert sorted([numerical_rank(np.eye(5)), r, numerical_rank(np.zeros((2, 2)))]) == [0, 3, 5]
    assert max(r, 2) == 3 and min(r, 2) == 2
    assert json.dumps({"r": r}) == '{"r": 3}' and f"{r:d}" == "3"
    assert str(r).startswith("rank 3 at tol ") and repr(r).startswith("NumericalRank(3, ")
    # the evidence stays attached, also across pickling (used by the parallel runners)
    back = pickle.loads(pickle.dumps(r))
    assert back == 3 and type(back) is NumericalRank
    assert back.tolerance == r.tolerance and back.gap == r.gap and back.dtype == r.dtype
    assert np.array_equal(back.singular_values, r.singular_values)
    with pytest.raises(AttributeError, match="read-only"):
        r.gap = (1.0, 0.0)


# ----------------------------------------------------------------- the input's precision


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("dtype", [np.float32, np.complex64])
def test_numerical_rank_of_float32_data_is_not_inflated(seed, dtype):
    """Float32 data judged with float64's eps came out at full rank."""
    rng = np.random.default_rng(seed)
    m, n, r = 40, 30, 3
    A, B = rng.normal(size=(m, r)), rng.normal(size=(r, n))
    if np.dtype(dtype).kind == "c":
        A = A + 1j * rng.normal(size=(m, r))
    M = (A @ B).astype(dtype)
    nr = numerical_rank(M)
    assert nr == r
    assert nr.dtype == np.float32 and "eps of float32" in nr.tolerance.rule
    assert nr.tolerance.value == rank_tolerance((m, n), nr.sigma_max, np.float32).value
    # the same numbers declared float64 are judged at float64's eps: the float32
    # round-off then counts as rank (what the old code did with the float32 input)
    wide = numerical_rank(M.astype(np.complex128 if np.dtype(dtype).kind == "c" else np.float64))
    assert wide > r and wide.dtype == np.float64
    assert np.allclose(wide.singular_values, nr.singular_values, rtol=0, atol=0)


def test_numerical_rank_precision_of_other_dtypes():
    M = np.diag([4.0, 2.0, 1e-5])
    assert numerical_rank(M.astype(np.float16)) == 2  # 1e-5 < 3 * eps16 * 4
    assert numerical_rank(M.astype(np.float16)).dtype == np.float16
    assert numerical_rank(M.astype(np.float32)) == 3
    assert numerical_rank(np.diag([4, 2, 1])).dtype == np.float64  # integers: exact
    nr64 = numerical_rank(M)
    assert nr64.dtype == np.float64 and "eps of" not in nr64.tolerance.rule
    assert nr64.to_dict()["dtype"] == "float64"
    assert numerical_rank(M.astype(np.float32)).to_dict()["dtype"] == "float32"
    # an explicit rtol is the user's rule: the precision does not enter it
    assert numerical_rank(M.astype(np.float16), rtol=1e-7) == 3


def test_tt_unfolding_is_not_tensorlys_unfold():
    """The TT unfolding A_[k] has its own name; TensorLy's mode-m unfold is
    ``matricize(A, [m])``, and ``unfold`` is gone from the tnverify namespace."""
    import tensorly as tl

    import tnverify

    A = np.arange(2 * 3 * 4 * 5, dtype=float).reshape(2, 3, 4, 5)
    for m in range(4):
        assert np.array_equal(matricize(A, [m]), tl.unfold(A, m))
    assert tt_unfolding(A, 1).shape == (2, 60) and tl.unfold(A, 1).shape == (3, 40)
    assert not hasattr(tnverify, "unfold") and "unfold" not in tnverify.__all__
    module = sys.modules["tnverify.ranks.matricize"]
    assert "unfold" not in module.__all__ and tnverify.tt_unfolding is tt_unfolding
