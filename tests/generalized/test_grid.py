"""Tests of tnverify.generalized.grid: generalized networks and grid tensors (gtm §4, App. A)."""

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.conventions import tolerance
from tnverify.errors import NonFiniteError, ShapeError, SizeLimitError, UsageError
from tnverify.generalized.grid import (
    GeneralizedRNN,
    ShallowNetwork,
    grid_by_evaluation,
    grid_entries,
    grid_tensor,
    odd_even_matricization,
    random_generalized_rnn,
    random_shallow,
    recursion_a3_literal,
)
from tnverify.generalized.xi import XI_NAMES


def _close(a, b, n):
    a, b = np.asarray(a), np.asarray(b)
    scale = max(float(np.abs(b).max()), 1.0)
    return float(np.abs(a - b).max()) <= float(tolerance(np.float64, n=n, norm=scale))


@settings(deadline=None)
@given(
    st.sampled_from(XI_NAMES),
    st.integers(1, 3),
    st.integers(1, 4),
    st.integers(1, 3),
    st.integers(0, 2**32),
)
def test_rnn_grid_matches_oracle(name, M, T, R, seed):
    rng = np.random.default_rng(seed)
    net = random_generalized_rnn(M, T, R, name, rng, L=M + 1)
    F = rng.standard_normal((M, M))
    g = grid_tensor(net, F)
    n = T * (M + 1) * R * 4  # accumulated ops along one hidden-state path
    assert g.shape == (M,) * T
    assert _close(g, grid_by_evaluation(net, F), n)
    assert _close(grid_tensor(net, F, chunk_bytes=1), g, n)
    assert _close(recursion_a3_literal(net, F), g, n)


@settings(deadline=None)
@given(
    st.sampled_from(XI_NAMES),
    st.integers(1, 3),
    st.integers(1, 4),
    st.integers(1, 3),
    st.integers(0, 2**32),
)
def test_shallow_grid_matches_oracle(name, M, T, R, seed):
    rng = np.random.default_rng(seed)
    net = random_shallow(M, T, R, name, rng)
    F = rng.standard_normal((M, M))
    g = grid_tensor(net, F)
    assert g.shape == (M,) * T
    assert _close(g, grid_by_evaluation(net, F), 4 * T * M * R)
    assert np.array_equal(grid_tensor(net, F, chunk_bytes=1), g)


@pytest.mark.parametrize("name", XI_NAMES)
def test_torch_backend_float64_and_float32(name):
    rng = np.random.default_rng(3)
    net = random_generalized_rnn(3, 4, 2, name, rng)
    g = grid_tensor(net)
    t64 = grid_tensor(net, backend="torch", device="cpu")
    assert t64.dtype == torch.float64 and _close(t64.numpy(), g, 64)
    t32 = grid_tensor(net, backend="torch", dtype=torch.float32)
    assert t32.dtype == torch.float32
    err = float(np.abs(t32.double().numpy() - g).max())
    assert err <= float(tolerance(np.float32, n=64, norm=float(np.abs(g).max()) + 1))


def test_pinned_relu_integer_grid():
    """ξ = max, F = I, one step by hand: h1 = Σ_i G[i,0,0] max(C[i,m], 0, 0)."""
    C = (np.array([[1.0, -2.0]]),)
    G = (np.array([[[3.0]]]),)
    net = GeneralizedRNN(C, G, "relu")
    assert grid_tensor(net).tolist() == [3.0, 0.0]
    assert net.ranks == (1, 1) and net.h0 == 0.0


def test_integer_dist_and_shared():
    rng = np.random.default_rng(0)
    net = random_generalized_rnn(3, 5, 2, "relu", rng, dist="integer", shared=True)
    assert net.shared and not net.shared_inputs
    assert all(np.array_equal(g, np.round(g)) and np.abs(g).max() <= 2 for g in net.G)
    g = grid_tensor(net)
    assert np.array_equal(g, np.round(g))


def test_odd_even_matricization_entries():
    g = np.arange(2 * 3 * 2 * 3, dtype=float).reshape(2, 3, 2, 3)
    m = odd_even_matricization(g)
    assert m.shape == (4, 9)
    assert m[1 * 2 + 0, 2 * 3 + 1] == g[1, 2, 0, 1]
    assert torch.equal(odd_even_matricization(torch.tensor(g)), torch.tensor(m))
    with pytest.raises(ShapeError):
        odd_even_matricization(np.zeros((2, 2, 2)))


def test_grid_entries_samples():
    rng = np.random.default_rng(1)
    net = random_generalized_rnn(4, 3, 2, "softplus", rng)
    idx = rng.integers(0, 4, size=(10, 3))
    g = grid_tensor(net)
    assert _close(grid_entries(net, None, idx), g[tuple(idx.T)], 48)
    with pytest.raises(ShapeError):
        grid_entries(net, None, np.array([[0, 0, 4]]))


def test_errors():
    rng = np.random.default_rng(2)
    net = random_generalized_rnn(4, 3, 2, "relu", rng)
    with pytest.raises(SizeLimitError):
        grid_tensor(net, max_entries=10)
    with pytest.raises(ShapeError):
        grid_tensor(net, np.eye(3))
    with pytest.raises(NonFiniteError):
        grid_tensor(net, np.full((4, 4), np.nan))
    with pytest.raises(UsageError):
        grid_tensor(net, backend="jax")
    with pytest.raises(ShapeError):
        GeneralizedRNN((np.ones((2, 3)),), (np.ones((2, 1, 2)),), "relu")  # R_T != 1
    with pytest.raises(ShapeError):
        ShallowNetwork(np.ones(2), np.ones((3, 1, 4)), "relu")
    with pytest.raises(UsageError):
        random_shallow(2, 2, 2, "relu", rng, dist="cauchy")
