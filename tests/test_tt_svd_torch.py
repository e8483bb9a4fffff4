"""tnverify.tt.svd_torch against the numpy tt_svd (CPU), and its input validation."""

import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from tnverify.conventions import tolerance
from tnverify.errors import DTypeError, NonFiniteError, RankError, ShapeError, ToleranceError
from tnverify.tt import random_tt
from tnverify.tt.svd import tt_svd
from tnverify.tt.svd_torch import tt_full_torch, tt_svd_torch


def _tol(a, ranks, dtype="float64"):
    # (d - 1) SVD steps, inner dimension <= the largest rank times the largest mode size
    d = a.ndim
    return tolerance(
        dtype, n=max(1, d - 1) * max(ranks) * max(a.shape), norm=float(np.linalg.norm(a))
    )


@given(
    seed=st.integers(0, 2**32 - 1),
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=5).map(tuple),
    eps=st.sampled_from([0.0, 1e-8, 1e-2, 0.1, 0.5]),
    max_rank=st.sampled_from([None, 1, 2, 5]),
)
def test_matches_numpy_tt_svd(seed, shape, eps, max_rank):
    a = np.random.default_rng(seed).standard_normal(shape)
    ref = tt_svd(a, eps=eps, max_rank=max_rank)
    got = tt_svd_torch(torch.from_numpy(a), eps=eps, max_rank=max_rank)
    assert got.ranks == ref.ranks
    b = got.full().numpy()
    assert np.abs(b - ref.tt.full()).max() <= float(_tol(a, ref.ranks))
    assert abs(got.error - ref.error) <= float(_tol(a, ref.ranks))
    assert got.delta == pytest.approx(ref.delta, rel=float(tolerance(np.float64, n=a.size).value))


def test_pinned_exact_low_rank_and_error_identity():
    a = random_tt((3, 4, 3, 4, 3), (1, 2, 3, 3, 2, 1), 7).full()
    res = tt_svd_torch(torch.from_numpy(a), eps=1e-12)
    assert res.ranks == (1, 2, 3, 3, 2, 1)
    res = tt_svd_torch(torch.from_numpy(a), max_rank=(1, 2, 2, 1))
    assert res.ranks == (1, 1, 2, 2, 1, 1)
    err2 = float(np.sum((a - res.full().numpy()) ** 2))
    assert abs(err2 - res.error**2) <= float(
        tolerance(np.float64, n=4 * 12, norm=float(np.sum(a * a)))
    )


def test_float32_singular_values_close_to_float64():
    # Weyl: rounding A to float32 and the SVD's backward error move each singular value
    # by at most their norm, ∝ n·eps32·‖A‖ with n the smaller dimension of the matrix
    a = np.random.default_rng(3).standard_normal((4, 4, 4, 4))
    r64 = tt_svd_torch(torch.from_numpy(a), max_rank=3)
    r32 = tt_svd_torch(torch.from_numpy(a).float(), max_rank=3)
    assert r32.cores[0].dtype == torch.float32 and r32.ranks == r64.ranks
    diff = np.abs(r64.singular_values[0] - r32.singular_values[0]).max()
    assert diff <= float(tolerance("float32", n=4, norm=float(np.linalg.norm(a))))
    assert diff > 0  # the float32 run really ran in float32


def test_tt_full_torch_matches_numpy():
    tt = random_tt((2, 3, 4), 2, 1)
    got = tt_full_torch([torch.tensor(c) for c in tt.cores]).numpy()
    assert np.abs(got - tt.full()).max() <= float(
        tolerance(np.float64, n=4, norm=float(np.abs(tt.full()).max()))
    )


@pytest.mark.parametrize(
    "bad, exc",
    [
        (np.ones((2, 2)), DTypeError),
        (torch.ones((2, 2), dtype=torch.int64), DTypeError),
        (torch.ones((0, 2), dtype=torch.float64), ShapeError),
        (torch.tensor([[1.0, float("nan")]], dtype=torch.float64), NonFiniteError),
    ],
)
def test_rejects_bad_tensors(bad, exc):
    with pytest.raises(exc):
        tt_svd_torch(bad)


@pytest.mark.parametrize(
    "kwargs, exc",
    [
        ({"eps": -1.0}, ToleranceError),
        ({"eps": float("inf")}, ToleranceError),
        ({"max_rank": 0}, ToleranceError),
        ({"max_rank": (1, 2)}, ToleranceError),
        ({"max_rank": (1, 0, 1)}, ToleranceError),
        ({"max_rank": "x"}, ToleranceError),
    ],
)
def test_rejects_bad_parameters(kwargs, exc):
    with pytest.raises(exc):
        tt_svd_torch(torch.ones((2, 2, 2, 2), dtype=torch.float64), **kwargs)


def test_tt_full_torch_rejects_bad_cores():
    with pytest.raises(RankError):
        tt_full_torch([torch.ones(2, 2, 1)])
    with pytest.raises(ShapeError):
        tt_full_torch([])
