"""TensorTrain.norm stays in the log domain for huge and tiny cores."""

import math

import numpy as np
import pytest

from tnverify import TensorTrain, random_tt
from tnverify.conventions import tolerance
from tnverify.errors import DTypeError, NonFiniteError, RankError, ShapeError, ToleranceError


@pytest.mark.parametrize("c", [1e200, 1e-200, 1e150, 1e-160])
def test_norm_log_is_right_for_huge_and_tiny_core_entries(c):
    base = random_tt((3, 4, 2), 2, np.random.default_rng(0))
    scaled = TensorTrain(tuple(core * c for core in base.cores))
    want = base.norm(log=True) + 3 * math.log(c)  # three cores, each times c
    got = scaled.norm(log=True)
    assert math.isfinite(got)
    assert abs(got - want) <= tolerance(n=16, norm=abs(want)).value


def test_norm_single_core_huge_and_tiny_are_exact():
    for c in (1e200, 1e-200):
        tt = TensorTrain((np.full((1, 4, 1), c),))
        want = math.log(2 * c)
        assert abs(math.log(tt.norm()) - want) <= tolerance(n=4, norm=abs(want)).value


def test_norm_not_representable_is_inf_or_zero_but_log_is_finite():
    big = TensorTrain((np.full((1, 2, 1), 1e200), np.full((1, 2, 1), 1e200)))
    assert big.norm() == math.inf
    want = math.log(2) + 400 * math.log(10)
    assert abs(big.norm(log=True) - want) <= tolerance(n=8, norm=want).value


def test_inner_overflow_raises_naming_the_core():
    big = TensorTrain((np.full((1, 2, 1), 1e200), np.full((1, 2, 1), 1e200)))
    with pytest.raises(NonFiniteError, match="core 0"):
        big.inner(big)


@pytest.mark.parametrize(
    "kwargs, exc",
    [
        (dict(shape=(2, 3), ranks=2.5, rng=0), DTypeError),
        (dict(shape=(2, 3), ranks=True, rng=0), DTypeError),
        (dict(shape=(2.0, 3), ranks=2, rng=0), DTypeError),
        (dict(shape="23", ranks=2, rng=0), DTypeError),
        (dict(shape=(2, 3), ranks=0, rng=0), RankError),
        (dict(shape=(2, 3), ranks=2, rng="0"), DTypeError),
        (dict(shape=(2, 3), ranks=2, rng=0, scale=np.inf), ToleranceError),
        (dict(shape=(2, 0), ranks=2, rng=0), ShapeError),
    ],
)
def test_random_tt_validation(kwargs, exc):
    with pytest.raises(exc):
        random_tt(**kwargs)


def test_tensor_train_refuses_complex_never_casts_and_keeps_it():
    core = np.ones((1, 2, 1)) * (1 + 1j)
    assert TensorTrain((core,)).dtype == np.complex128
    with pytest.raises(DTypeError):
        TensorTrain((np.array([[["a", "b"]]]),))
