"""Certified ranks on FLINT against the pure-Python fallback: the same rank
on random and structured integer and rational matrices, the backend named, bulk
conversion equal to the entry-by-entry one."""

from fractions import Fraction

import numpy as np
import pytest

from tnverify.errors import DTypeError, UsageError
from tnverify.ranks.certified import _to_fraction, _to_int_rows
from tnverify.ranks.matricize import DEFAULT_PRIME, exact_rank, rank_backend, rank_mod_p


def _low_rank(rng, m, n, r, lo=-2, hi=3):
    return rng.integers(lo, hi, (m, r)) @ rng.integers(lo, hi, (r, n))


def _matrices():
    rng = np.random.default_rng(22)
    yield "random full", rng.integers(-2, 3, (12, 9))
    for m, n, r in ((10, 10, 3), (7, 15, 5), (16, 6, 2)):
        yield f"random rank {r}", _low_rank(rng, m, n, r)
    yield "zero", np.zeros((5, 4), dtype=np.int64)
    yield "empty rows", np.zeros((0, 3), dtype=np.int64)
    yield "empty columns", np.zeros((3, 0), dtype=np.int64)
    v = np.arange(1, 7)
    yield "Vandermonde", np.vander(v, 6).astype(np.int64)
    yield "Hilbert-scaled", np.array([[720720 // (i + j + 1) for j in range(6)] for i in range(6)])
    yield "duplicated rows", np.vstack([_low_rank(rng, 3, 8, 3)] * 3)
    yield "huge entries", np.array([[2**40, 3], [2**41, 6], [1, 1]], dtype=np.int64)
    yield "block diagonal", np.kron(np.eye(3, dtype=np.int64), _low_rank(rng, 3, 3, 2))
    yield "integer floats", _low_rank(rng, 9, 9, 4).astype(np.float64)


@pytest.mark.parametrize("name,a", list(_matrices()), ids=[n for n, _ in _matrices()])
def test_flint_and_python_agree_on_exact_rank(name, a):
    flint_rank = exact_rank(a, backend="flint")
    python_rank = exact_rank(a, backend="python")
    assert flint_rank == python_rank
    known = {
        "zero": 0,
        "empty rows": 0,
        "empty columns": 0,
        "Vandermonde": 6,
        "duplicated rows": 3,
        "huge entries": 2,
        "block diagonal": 6,
    }
    if name in known:
        assert flint_rank == known[name]


@pytest.mark.parametrize("p", [2, 3, 7, 65537, DEFAULT_PRIME])
@pytest.mark.parametrize("name,a", list(_matrices()), ids=[n for n, _ in _matrices()])
def test_flint_and_python_agree_on_rank_mod_p(name, a, p):
    assert rank_mod_p(a, p, backend="flint") == rank_mod_p(a, p, backend="python")


def test_random_sizes_agree_and_mod_p_is_a_lower_bound():
    rng = np.random.default_rng(5)
    for _ in range(20):
        m, n = rng.integers(1, 30, 2)
        r = int(rng.integers(0, min(m, n) + 1))
        a = _low_rank(rng, int(m), int(n), r, -5, 6) if r else np.zeros((m, n), dtype=int)
        exact = exact_rank(a)
        assert exact == exact_rank(a, backend="python") <= r
        for p in (2, 5, DEFAULT_PRIME):
            assert rank_mod_p(a, p) == rank_mod_p(a, p, backend="python") <= exact


def test_a_prime_that_divides_the_minors_drops_the_rank_on_both_backends():
    a = np.array([[1, 2], [3, 4]])  # det = -2
    assert exact_rank(a) == 2
    assert rank_mod_p(a, 2, backend="flint") == rank_mod_p(a, 2, backend="python") == 1


def test_rationals_and_sympy_rationals_on_both_backends():
    import sympy

    a = [[Fraction(1, 2), Fraction(1, 3)], [Fraction(3, 2), 1]]  # row 2 = 3 × row 1
    b = [[sympy.Rational(1, 2), sympy.Integer(1)], [sympy.Integer(1), sympy.Rational(1, 3)]]
    for backend in ("flint", "python"):
        assert exact_rank(a, backend=backend) == 1
        assert exact_rank(b, backend=backend) == 2


def test_bulk_conversion_equals_the_entry_by_entry_conversion():
    rng = np.random.default_rng(1)
    for a in (
        rng.integers(-9, 10, (7, 5)),
        rng.integers(-9, 10, (4, 6)).astype(np.float64),
        rng.integers(0, 2**62, (3, 3), dtype=np.uint64),
        rng.integers(0, 2, (3, 4)) == 1,
    ):
        rows = _to_int_rows(a)
        assert all(type(x) is int for row in rows for x in row)
        assert rows == [[int(_to_fraction(x)) for x in row] for row in a.tolist()]


def test_non_integer_floats_are_refused_on_both_backends():
    for backend in ("flint", "python"):
        with pytest.raises(DTypeError, match="numerical_rank"):
            exact_rank(np.array([[1.5, 2.0]]), backend=backend)
        with pytest.raises(DTypeError):
            exact_rank(np.array([[np.nan, 2.0]]), backend=backend)


def test_rank_backend_names_who_decides():
    assert rank_backend() == "flint"  # python-flint is a dependency
    assert rank_backend("python") == "python"
    with pytest.raises(UsageError):
        rank_backend("sympy")
    with pytest.raises(UsageError):
        exact_rank([[1]], backend="fast")
    with pytest.raises(DTypeError):
        rank_mod_p([[1]], backend=1)


def test_distinct_lines_drops_repeats_and_keeps_the_rank():
    from tnverify.ranks.certified import distinct_lines

    rng = np.random.default_rng(3)
    base = rng.integers(-3, 4, (40, 50))
    rows = base[rng.integers(0, 40, 300)]  # 300 rows, at most 40 distinct
    a = rows[:, rng.integers(0, 50, 400)]  # 400 columns, at most 50 distinct
    d = distinct_lines(a)
    assert d.shape[0] <= 40 and d.shape[1] <= 50
    assert len({tuple(r) for r in d}) == d.shape[0]  # no repeated row is left
    assert len({tuple(c) for c in d.T}) == d.shape[1]
    assert exact_rank(a) == exact_rank(a, backend="python") == exact_rank(d, backend="python")
    assert rank_mod_p(a, 5) == rank_mod_p(a, 5, backend="python")
    small = rng.integers(0, 2, (10, 10))
    assert distinct_lines(small) is small  # too small to be worth a hash
