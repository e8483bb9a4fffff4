"""Tests of tnverify.lru.theory (LRU helpers of thesis §4.2.2)."""

import math

import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from tnverify.conventions import tolerance
from tnverify.errors import NonFiniteError, ShapeError, UsageError
from tnverify.lru import theory as lru


def _tol(n, norm):
    return tolerance(np.float64, n=n, norm=norm).value


@given(st.integers(0, 2**31), st.integers(1, 5), st.integers(1, 7))
def test_unroll_matches_corrected_sum(seed, H, K):
    rng = np.random.default_rng(seed)
    A, B, u = rng.normal(size=(H, H)) / 2, rng.normal(size=(H, 2)), rng.normal(size=(K, 2))
    xs = lru.unroll(A, B, u)
    for k in range(K):
        s = lru.unrolled_sum(A, B, u, k, upper=k)
        assert np.abs(xs[k] - s).max() <= _tol(4 * H * K, 1 + np.abs(xs).max() * 4)


def test_unroll_first_states_and_printed_sum_misses_a_term():
    A, B, u = np.array([[2.0]]), np.array([[1.0]]), np.array([[1.0], [0.0]])
    xs = lru.unroll(A, B, u)
    assert xs[:, 0].tolist() == [1.0, 2.0]  # x0 = Bu0, x1 = ABu0 + Bu1
    assert lru.unrolled_sum(A, B, u, 1)[0] == 0.0  # printed Σ_{j=0}^{k-1}: Bu1 only
    assert lru.unrolled_sum(A, B, u, 0)[0] == 0.0  # empty sum at k = 0
    with pytest.raises(ShapeError):
        lru.unroll(np.ones((2, 3)), B, u)
    with pytest.raises(NonFiniteError):
        lru.unroll(np.array([[np.nan]]), B, u)


def test_diagonalise_reconstructs():
    rng = np.random.default_rng(1)
    A = rng.normal(size=(6, 6))
    P, lam, Pinv = lru.diagonalise(A)
    err = np.abs(P @ np.diag(lam) @ Pinv - A).max()
    assert err <= _tol(6 * 6, np.linalg.cond(P) * np.abs(A).max())


def test_ginibre_variance_and_eigenvalues():
    rng = np.random.default_rng(2)
    G = lru.ginibre(300, rng)
    # entries N(0, 1/H): H·mean(G²) = 1 within 6 standard errors (√(2/H²) per entry)
    assert abs(300 * np.mean(G**2) - 1) < 6 * math.sqrt(2 / 300**2)
    lam = lru.glorot_eigenvalues(50, rng, batch=3)
    assert lam.shape == (3, 50) and lam.dtype == np.complex128


@given(st.integers(0, 2**31), st.floats(0, 0.9), st.floats(0.05, 0.1))
def test_annulus_samples_lie_in_annulus(seed, r_min, width):
    r_max = min(1.0, r_min + width)
    z = lru.sample_annulus(500, r_min, r_max, np.random.default_rng(seed))
    r = np.abs(z)
    assert r.min() >= r_min * (1 - _tol(4, 1)) and r.max() <= r_max * (1 + _tol(4, 1))
    cdf = lru.annulus_radius_cdf(np.array([r_min, r_max]), r_min, r_max)
    assert cdf.tolist() == [0.0, 1.0]


def test_annulus_torch_matches_numpy_radii():
    g = torch.Generator("cpu").manual_seed(3)
    chunks = list(lru.sample_annulus_torch(1000, 0.4, 0.9, generator=g, chunk=300))
    assert [c.shape[0] for c in chunks] == [300, 300, 300, 100]
    r = torch.cat(chunks).abs().numpy()
    assert r.min() >= 0.4 * (1 - _tol(4, 1)) and r.max() <= 0.9 * (1 + _tol(4, 1))
    with pytest.raises(UsageError):
        next(lru.sample_annulus_torch(10, 0.9, 0.4, generator=g))


def test_parameterisations():
    v, th = np.array([0.1, 2.0]), np.array([0.5, 3.0])
    lam = lru.exp_param(v, th)
    assert np.abs(np.abs(lam) - np.exp(-v)).max() <= _tol(4, 1)
    lam2 = lru.stable_exp_param(np.log(v), np.log(th))
    assert np.abs(lam2 - lam).max() <= _tol(8, 1)
    g = lru.gamma_norm(np.array([0.6, 0.8j]))
    assert np.abs(g - np.array([0.8, 0.6])).max() <= _tol(4, 1)
    with pytest.raises(UsageError):
        lru.gamma_norm(np.array([1.5]))


def test_prop_421_ratio_small_eps_and_errors():
    assert lru.prop_421_ratio(0.0, 0.5) == pytest.approx(math.log(1 / 0.75) / 0.25, rel=1e-14)
    with pytest.raises(UsageError):
        lru.prop_421_ratio(0.5, 1.0)


@given(st.integers(0, 2**31), st.integers(1, 70))
def test_parallel_scan_matches_sequential(seed, K):
    rng = np.random.default_rng(seed)
    lam = torch.tensor(lru.sample_annulus(4, 0.5, 1.0, rng))
    bu = torch.tensor(rng.normal(size=(K, 3, 4)) + 1j * rng.normal(size=(K, 3, 4)))
    seq = lru.simulate_diagonal(lam, bu, return_states=True)
    par = lru.parallel_scan(lam, bu)
    assert seq.shape == par.shape == (K, 3, 4)
    scale = 1 + float(bu.abs().sum(0).max())
    assert float((seq - par).abs().max()) <= _tol(2 * K, scale)
    assert torch.equal(lru.simulate_diagonal(lam, bu), seq[-1])


def test_recurrence_inputs_are_validated():
    from tnverify.errors import DTypeError

    lam = torch.full((4,), 0.5, dtype=torch.complex128)
    bu = torch.ones((3, 2, 4), dtype=torch.complex128)
    for f in (lru.simulate_diagonal, lru.parallel_scan):
        with pytest.raises(DTypeError, match="lam must be a torch.Tensor; got numpy"):
            f(lam.numpy(), bu)
        with pytest.raises(DTypeError, match="bu must be a torch.Tensor"):
            f(lam, bu.numpy())
        with pytest.raises(ShapeError, match="H must agree"):
            f(lam[:3], bu)
        with pytest.raises(ShapeError, match="K >= 1"):
            f(lam, bu[:0])
        with pytest.raises(ShapeError, match="do not broadcast"):
            f(torch.ones((3, 4), dtype=torch.complex128), bu)
    # per-step λ_k with the wrong number of steps K
    with pytest.raises(ShapeError, match="K = 3 rows"):
        lru.parallel_scan(torch.ones((5, 2, 4), dtype=torch.complex128), bu)
    per_step = torch.full((3, 2, 4), 0.5, dtype=torch.complex128)
    assert torch.equal(lru.parallel_scan(per_step, bu), lru.parallel_scan(lam, bu))
