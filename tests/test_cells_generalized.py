"""Tests of tnverify.cells.generalized (gtm §4.1, Eq. 16)."""

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.cells.generalized import GeneralizedRNNModule
from tnverify.conventions import tolerance
from tnverify.errors import ShapeError, UsageError
from tnverify.generalized.grid import grid_tensor, random_generalized_rnn
from tnverify.generalized.xi import XI_NAMES


@settings(deadline=None)
@given(
    st.sampled_from(XI_NAMES),
    st.integers(1, 4),
    st.integers(1, 5),
    st.integers(1, 3),
    st.integers(0, 2**32),
)
def test_forward_matches_numpy_oracle(name, M, T, R, seed):
    rng = np.random.default_rng(seed)
    net = random_generalized_rnn(M, T, R, name, rng, L=M + 1)
    feats = rng.standard_normal((7, T, M))
    mod = GeneralizedRNNModule.from_network(net)
    got = mod(torch.from_numpy(feats)).detach().numpy()
    want = net.score(feats)
    n = T * (M + 1) * R * 4
    assert np.abs(got - want).max() <= float(
        tolerance(np.float64, n=n, norm=np.abs(want).max() + 1)
    )
    hs = mod.hidden_states(torch.from_numpy(feats))
    assert [h.shape[1] for h in hs] == list(net.ranks)


def test_float32_and_tokens():
    rng = np.random.default_rng(0)
    net = random_generalized_rnn(3, 4, 2, "relu", rng)
    mod32 = GeneralizedRNNModule.from_network(net, dtype=torch.float32)
    tokens = torch.tensor([[0, 1, 2, 0], [2, 2, 1, 0]])
    got = mod32.score_tokens(tokens, np.eye(3))
    g = grid_tensor(net)
    want = np.array([g[0, 1, 2, 0], g[2, 2, 1, 0]])
    assert got.dtype == torch.float32
    assert np.abs(got.detach().double().numpy() - want).max() <= float(
        tolerance(np.float32, n=32, norm=np.abs(g).max())
    )
    with pytest.raises(ShapeError):
        mod32.score_tokens(torch.tensor([[0, 1, 3, 0]]), np.eye(3))


def test_shared_cores_are_one_parameter_and_train():
    rng = np.random.default_rng(1)
    net = random_generalized_rnn(3, 5, 2, "softplus", rng, shared=True)
    mod = GeneralizedRNNModule(net.C, net.G, "softplus", shared=True)
    assert len(mod.cores) == 3 and mod.core(1) is mod.core(3)
    assert mod.to_network().shared
    x = torch.from_numpy(rng.standard_normal((5, 5, 3)))
    mod(x).sum().backward()
    assert all(p.grad is not None and torch.isfinite(p.grad).all() for p in mod.parameters())
    with pytest.raises(UsageError):
        unshared = random_generalized_rnn(3, 5, 2, "relu", rng)
        GeneralizedRNNModule(unshared.C, unshared.G, "relu", shared=True)


def test_bad_feature_shape():
    rng = np.random.default_rng(2)
    mod = GeneralizedRNNModule.from_network(random_generalized_rnn(3, 4, 2, "l2", rng))
    with pytest.raises(ShapeError):
        mod(torch.zeros(2, 3, 3))
