"""compare_ints / compare_values cannot be fooled by floats, strings or vacuous scales."""

import numpy as np
import pytest

from tnverify import compare_ints, compare_values
from tnverify.errors import DTypeError, ShapeError, TnverifyError, ToleranceError


@pytest.mark.parametrize(
    "got, want",
    [
        ([1.5], [1]),
        ("12", [1, 2]),
        ([True], [1]),
        ([1], [1.0]),
        (np.array([1.0]), [1]),
        ([[1]], [1]),
    ],
)
def test_compare_ints_refuses_non_integers(got, want):
    with pytest.raises((DTypeError, ShapeError)):
        compare_ints("x", got, want)


def test_compare_ints_accepts_numpy_and_python_ints_alike():
    a = compare_ints("x", np.array([1, 2]), [np.int64(1), 2])
    b = compare_ints("x", [1, 2], [1, 2])
    assert a.verdict == b.verdict == "holds"
    assert compare_ints("x", [2**70], [2**70 + 1], "<=").verdict == "holds"
    assert compare_ints("x", [2**70 + 1], [2**70], "<=").verdict == "fails"


@pytest.mark.parametrize("scale", [np.inf, -1.0, np.nan, [1.0, np.inf], [-1.0, 1.0]])
def test_compare_values_refuses_vacuous_scales(scale):
    with pytest.raises(ToleranceError, match="scale must be finite and >= 0"):
        compare_values("x", np.array([1.0, 2.0]), np.array([5.0, 9.0]), n=1, scale=scale)


@pytest.mark.parametrize(
    "kwargs, exc",
    [
        (dict(n=1.5), DTypeError),
        (dict(n="3"), DTypeError),
        (dict(n=True), DTypeError),
        (dict(n=0), ToleranceError),
        (dict(n=1, dtype=None), DTypeError),
        (dict(n=1, scale="1"), DTypeError),
        (dict(n=1, scale=1j), DTypeError),
    ],
)
def test_compare_values_refuses_bad_counts_and_dtypes(kwargs, exc):
    with pytest.raises(exc):
        compare_values("x", np.array([1.0]), np.array([1.0]), **kwargs)


def test_compare_values_zero_scale_entry_demands_exact_agreement():
    ev = compare_values("x", np.array([1.0, 0.0]), np.array([1.0, 1e-300]), n=1, scale=[1.0, 0.0])
    assert ev.verdict == "fails"
    assert (
        compare_values(
            "x", np.array([1.0, 2.0]), np.array([1.0, 2.0]), n=1, scale=[1.0, 0.0]
        ).verdict
        == "holds"
    )
    # an all-zero scale (e.g. both sides exactly 0) is an exact comparison, not vacuous
    assert compare_values("x", np.zeros(2), np.zeros(2), n=1, scale=0.0).verdict == "holds"
    assert (
        compare_values("x", np.zeros(2), np.array([0.0, 1e-300]), n=1, scale=0.0).verdict == "fails"
    )


def test_errors_are_tnverify_errors():
    with pytest.raises(TnverifyError):
        compare_ints("x", [1.5], [1])
