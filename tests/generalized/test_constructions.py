"""Tests of tnverify.generalized.constructions (gtm §5.1, App. A)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tnverify.claims.compare import compare_values
from tnverify.errors import RankError, ShapeError, UsageError
from tnverify.generalized import constructions as gc
from tnverify.generalized.grid import grid_tensor, random_generalized_rnn, random_shallow
from tnverify.generalized.xi import XI_NAMES


def _F(M, rng):
    return rng.standard_normal((M, M)) + 2 * M * np.eye(M)  # diagonally dominant: invertible


def _close(got, want, scale, n=64):
    return compare_values("test", got, want, n=n, scale=scale).verdict == "holds"


@given(
    seed=st.integers(0, 2**32 - 1),
    xi=st.sampled_from(("relu", "product", "l2", "softplus")),
    T=st.integers(1, 4),
    a=st.floats(-3, 3),
    b=st.floats(-3, 3),
)
def test_combine_networks_grid_is_linear_combination(seed, xi, T, a, b):
    rng = np.random.default_rng(seed)
    M = 3
    F = _F(M, rng)
    A = random_generalized_rnn(M, T, 2, xi, rng, L=3)
    B = random_generalized_rnn(M, T, 3, xi, rng, L=2)
    C = gc.combine_networks(a, A, b, B)
    want = a * grid_tensor(A, F) + b * grid_tensor(B, F)
    assert C.ranks == tuple(1 if t in (0, T) else 5 for t in range(T + 1))
    assert _close(grid_tensor(C, F), want, 1.0 + np.abs(want))


def test_combine_networks_printed_blocks():
    rng = np.random.default_rng(0)
    A = random_generalized_rnn(2, 3, 2, "relu", rng, L=2)
    B = random_generalized_rnn(2, 3, 1, "relu", rng, L=1)
    C = gc.combine_networks(2.0, A, -1.0, B)
    assert C.G[0].shape == (3, 1, 3) and C.G[1].shape == (3, 3, 3) and C.G[2].shape == (3, 3, 1)
    assert np.array_equal(C.G[1][:2, :2, :2], A.G[1]) and not C.G[1][:2, 2:, :].any()
    assert np.array_equal(C.G[2][2:, 2:, :], -1.0 * B.G[2])
    assert np.array_equal(C.G[2][:2, :2, :], 2.0 * A.G[2])


def test_combine_networks_rejects_mismatch():
    rng = np.random.default_rng(1)
    A = random_generalized_rnn(2, 3, 2, "relu", rng)
    with pytest.raises(ShapeError):
        gc.combine_networks(1, A, 1, random_generalized_rnn(2, 4, 2, "relu", rng))
    with pytest.raises(UsageError):
        gc.combine_networks(1, A, 1, random_generalized_rnn(2, 3, 2, "product", rng))


@given(seed=st.integers(0, 2**32 - 1), xi=st.sampled_from(XI_NAMES), T=st.integers(2, 4))
def test_rank_one_to_rnn(seed, xi, T):
    rng = np.random.default_rng(seed)
    s = random_shallow(3, T, 1, xi, rng)
    r = gc.rank_one_to_rnn(s)
    assert r.ranks == (1,) * (T + 1)
    want = grid_tensor(s)
    assert _close(grid_tensor(r), want, 1.0 + np.abs(want))


def test_rank_one_to_rnn_length_one_needs_two_sided_unit():
    # T = 1: the RNN computes λ ξ(c, u) but the shallow network λ c; the ternary unit
    # u = 0 of max(x, y, 0) is not a two-sided identity, so they differ for c < 0
    s = random_shallow(3, 1, 1, "relu", np.random.default_rng(0))
    got, want = grid_tensor(gc.rank_one_to_rnn(s)), grid_tensor(s)
    assert (want < 0).any() and np.array_equal(
        got, np.where(want * np.sign(s.weights[0]) < 0, 0.0, want)
    )
    p = random_shallow(3, 1, 1, "product", np.random.default_rng(0))
    assert np.array_equal(grid_tensor(gc.rank_one_to_rnn(p)), grid_tensor(p))


def test_rank_one_to_rnn_rejects_rank_two():
    with pytest.raises(RankError):
        gc.rank_one_to_rnn(random_shallow(2, 2, 2, "relu", np.random.default_rng(0)))


@given(seed=st.integers(0, 2**32 - 1), M=st.integers(2, 3), T=st.integers(1, 3))
def test_one_hot_network(seed, M, T):
    rng = np.random.default_rng(seed)
    j = rng.integers(0, M, size=T)
    F = _F(M, rng)
    E = np.zeros((M,) * T)
    E[tuple(j)] = 1.0
    sh, rnn = gc.one_hot_network(j, M, F)
    assert sh.rank == 2 and rnn.ranks[1:-1] == (2,) * (T - 1)
    assert _close(grid_tensor(sh, F), E, 1.0) and _close(grid_tensor(rnn, F), E, 1.0)


def test_one_hot_pinned_identity_features():
    sh, rnn = gc.one_hot_network([1, 0], 2)
    assert np.array_equal(grid_tensor(rnn), np.array([[0.0, 0.0], [1.0, 0.0]]))


def test_universal_coefficients_closed_form_matches_solve():
    H = np.random.default_rng(3).standard_normal((2, 2, 2))
    lam = gc.universal_coefficients(H)
    D = gc.or_dictionary(2, 3)
    assert _close(D @ lam, H.reshape(-1), np.abs(H).sum())
    assert _close(lam, gc.universal_coefficients(H, solve=True), np.abs(H).sum())


@given(seed=st.integers(0, 2**32 - 1))
def test_universal_networks(seed):
    rng = np.random.default_rng(seed)
    H = rng.standard_normal((2, 2, 2))
    F = _F(2, rng)
    sh, rnn = gc.universal_networks(H, F)
    assert sh.rank == 8 and rnn.ranks == (1, 8, 8, 1)
    scale = 8 * np.abs(H).sum()
    assert _close(grid_tensor(sh, F), H, scale) and _close(grid_tensor(rnn, F), H, scale)


def test_h_hat_printed_differs_corrected_holds():
    rng = np.random.default_rng(5)
    F, H = rng.standard_normal((3, 3)), rng.standard_normal((3, 3, 3))
    pn = gc.product_network(H, F)
    assert _close(grid_tensor(pn.rnn, F), H, 1e3) and _close(grid_tensor(pn.shallow, F), H, 1e3)
    printed = gc.product_network(H, F, order="printed")
    assert np.abs(grid_tensor(printed.shallow, F) - H).max() > 1e-3
    S = F + F.T  # symmetric F: both orders agree
    assert _close(gc.h_hat(H, S), gc.h_hat(H, S, order="corrected"), 1e3)


def test_h_hat_rejects_singular_F():
    with pytest.raises(RankError):
        gc.h_hat(np.ones((2, 2)), np.ones((2, 2)))
    with pytest.raises(UsageError):
        gc.h_hat(np.ones((2, 2)), np.eye(2), order="other")
