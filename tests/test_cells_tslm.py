"""Tests of the TSLM cell (tslm Eq. 19–20) and tnverify.equivalences.tslm_to_tt."""

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.cells.tslm import TSLM
from tnverify.claims.compare import compare_values
from tnverify.equivalences import tslm_to_tt
from tnverify.errors import ShapeError, VocabularyError


def _arrays(rng, V, m, r):
    return (
        rng.standard_normal((r, m)),
        np.eye(r) + 0.3 * rng.standard_normal((r, r)),
        rng.standard_normal((V, r)),
        rng.standard_normal((V, m)),
        rng.standard_normal(r),
    )


@settings(max_examples=20, deadline=None)
@given(
    st.integers(0, 2**31),
    st.integers(2, 5),
    st.integers(1, 4),
    st.integers(1, 4),
    st.integers(1, 4),
)
def test_cell_score_matches_tt_view(seed, V, m, r, L):
    rng = np.random.default_rng(seed)
    U, W, Vo, E, lam = _arrays(rng, V, m, r)
    cell = TSLM.from_arrays(U, W, Vo, E)
    tokens = torch.as_tensor(rng.integers(0, V, (6, L)))
    score = cell.hidden(tokens)[:, -1] @ torch.as_tensor(lam)
    tt = tslm_to_tt(U, W, lam, L, embedding=E)
    ref = tt.entries(tokens.numpy())
    scale = tslm_to_tt(np.abs(U), np.abs(W), np.abs(lam), L, embedding=np.abs(E)).entries(
        tokens.numpy()
    ) * np.linalg.cond(W)
    assert (
        compare_values("cell vs TT", score, ref, n=L * (r + m + 2), scale=scale).verdict == "holds"
    )


def test_tt_core_and_counts():
    rng = np.random.default_rng(0)
    U, W, Vo, E, lam = _arrays(rng, 5, 3, 2)
    cell = TSLM.from_arrays(U, W, Vo, E)
    G = cell.tt_core().detach().numpy()
    B = U @ E.T
    assert G.shape == (2, 5, 2)
    ref = W.T[:, None, :] * B.T[None, :, :]
    scale = np.abs(W).T[:, None, :] * (np.abs(U) @ np.abs(E).T).T[None, :, :]
    assert compare_values("core", G, ref, n=3 + 1, scale=scale).verdict == "holds"
    assert np.sign(G[1, 3, 0]) == np.sign(W[0, 1] * B[0, 3])
    assert cell.n_params == TSLM.count_params(5, 3, 2) == 2 * 3 + 4 + 10 + 15
    onehot = TSLM(4, 4, 3, embedding=False)
    assert onehot.n_params == TSLM.count_params(4, 4, 3, embedding=False) == 12 + 9 + 12


def test_forward_shape_and_h1_is_U_alpha():
    rng = np.random.default_rng(1)
    U, W, Vo, E, _ = _arrays(rng, 5, 3, 2)
    cell = TSLM.from_arrays(U, W, Vo, E)
    tok = torch.tensor([[4, 0, 2]])
    assert cell(tok).shape == (1, 3, 5)
    h1 = cell.hidden(tok)[0, 1].detach().numpy()
    assert np.abs(h1 - U @ E[4]).max() <= 8 * 8 * np.finfo(float).eps * np.abs(
        U @ E[4]
    ).max() * np.linalg.cond(W)


def test_errors():
    cell = TSLM(3, 2, 2)
    with pytest.raises(VocabularyError):
        cell(torch.tensor([[0, 3]]))
    with pytest.raises(VocabularyError):
        cell(torch.zeros((1, 0), dtype=torch.long))
    with pytest.raises(ShapeError):
        TSLM(3, 2, 2, embedding=False)
    with pytest.raises(ShapeError):
        tslm_to_tt(np.ones((2, 3)), np.ones((3, 3)), np.ones(2), 3)
