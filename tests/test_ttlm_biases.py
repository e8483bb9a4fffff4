"""Optional biases of TTLMTiny / TTLMLarge: their placement (the TTLM
paper's public code: the bias of the linear map on the state, and for Large the bias of
the linear map on the embedding) and their TT-core map on the augmented state [h; 1],
checked against the explicit hidden-state tensor over all |V|^N sequences."""

import numpy as np
import pytest
import torch

from tnverify.cells.ttlm_variants import TTLMLarge, TTLMTiny
from tnverify.conventions import tolerance
from tnverify.definitions.explicit import all_sequences
from tnverify.errors import ShapeError

V, R, N = 3, 2, 4


def _cell(large, reading, seed=0, b_hh=True, b_eh=True):
    rng = np.random.default_rng(seed)
    W_xe, W_hh = rng.normal(size=(V, R, R)) / R, rng.normal(size=(R, R)) / R
    P, h0 = rng.normal(size=(R, R, R)), rng.normal(size=R)
    kw = {"b_hh": rng.normal(size=R) if b_hh else None, "reading": reading}
    if large:
        kw["b_eh"] = rng.normal(size=(R, R)) / R if b_eh else None
        return TTLMLarge(W_xe, rng.normal(size=(R,) * 4) / R, W_hh, P, h0, **kw)
    return TTLMTiny(W_xe, W_hh, P, h0, **kw)


def _tol(cell, n):
    """n chained multiply-adds at the scale of the |·| recursion's largest state."""
    with torch.no_grad():
        scale = float(cell.augmented_core().abs().amax()) ** n * (R + 1) ** n
    return float(tolerance(np.float64, n=n * (R + 1) ** 2, norm=max(scale, 1.0)))


def explicit_hidden(G_aug: np.ndarray, h0: np.ndarray, length: int) -> np.ndarray:
    """The tensor H[x_1, …, x_N, :] = ([h0; 1] G̃_{x_1} ⋯ G̃_{x_N}), all sequences at once."""
    t = np.concatenate([h0, [1.0]])
    for _ in range(length):
        t = np.tensordot(t, G_aug, axes=(-1, 0))  # (..., V, R+1)
    return t


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("reading", ["reshape", "delta"])
def test_augmented_core_gives_the_explicit_hidden_tensor(large, reading):
    cell = _cell(large, reading)
    X = torch.as_tensor(all_sequences(V, N))
    with torch.no_grad():
        G = cell.augmented_core().numpy()
        states = cell.hidden(X).numpy()  # (V^N, N, R) by the recursion
    assert G.shape == (R + 1, V, R + 1)
    for n in range(1, N + 1):
        H = explicit_hidden(G, cell.h0.detach().numpy(), n).reshape(-1, R + 1)
        got = states[:, n - 1].reshape((V,) * N + (R,))[(slice(None),) * n + (0,) * (N - n)]
        assert np.abs(H[:, :R] - got.reshape(-1, R)).max() <= _tol(cell, n)
        assert np.array_equal(H[:, R], np.ones(V**n))  # the constant slot stays 1
    # the biases matter: without them the same cell gives another hidden tensor
    plain = _cell(large, reading, b_hh=False, b_eh=False)
    with torch.no_grad():
        other = plain.hidden(X).numpy()
    assert np.abs(other - states).max() > _tol(cell, N)


@pytest.mark.parametrize("large", [False, True])
def test_without_b_hh_the_augmented_core_pads_tt_core(large):
    cell = _cell(large, "reshape", b_hh=False)
    with torch.no_grad():
        G, Ga = cell.tt_core(), cell.augmented_core()
    assert torch.equal(Ga[:R, :, :R], G) and not Ga[R, :, :R].any()
    assert not Ga[:R, :, R].any() and bool((Ga[R, :, R] == 1).all())
    with pytest.raises(NotImplementedError, match="see augmented_core"):
        _cell(large, "reshape").tt_core()
    assert _cell(large, "reshape").augmented_core().requires_grad


def _public_step(h, e, lin_h, lin_e=None):
    """The published TTLM cells' step, written from the public code's formulas: the
    state goes through a linear map with bias; Tiny reshapes the embedding row to R × R,
    Large first maps it by a linear map with bias; then ``h' = (W h + b)^T E``."""
    w1 = lin_h(h)
    w2 = (e if lin_e is None else lin_e(e)).view(-1, R, R)
    return torch.einsum("bi,bij->bj", w1, w2)


@pytest.mark.parametrize("large", [False, True])
def test_placement_matches_the_published_cells(large):
    """Weights moved across: embedding row E_w ↦ W_xe[w] = E_w.view(R, R)ᵀ; the state's
    Linear(R, R) ↦ (W_hh, b_hh); Large: the embedding's Linear(R², R²) with weight Wp and
    bias bp ↦ W_eh[j,k,l,m] = Wp[mR+l, kR+j], b_eh = bp.view(R, R)ᵀ."""
    torch.manual_seed(0)
    emb = torch.randn(V, R * R, dtype=torch.float64)
    lin_h = torch.nn.Linear(R, R, dtype=torch.float64)
    lin_e = torch.nn.Linear(R * R, R * R, dtype=torch.float64) if large else None
    W_xe = emb.view(V, R, R).transpose(1, 2)
    P, h0 = torch.randn(R, R, R, dtype=torch.float64), torch.randn(R, dtype=torch.float64)
    if large:
        W_eh = lin_e.weight.detach().reshape(R, R, R, R).permute(3, 2, 1, 0)
        cell = TTLMLarge(
            W_xe, W_eh, lin_h.weight, P, h0, b_hh=lin_h.bias, b_eh=lin_e.bias.detach().view(R, R).T
        )
    else:
        cell = TTLMTiny(W_xe, lin_h.weight, P, h0, b_hh=lin_h.bias)
    X = torch.as_tensor(all_sequences(V, 3))
    with torch.no_grad():
        h = h0.expand(X.shape[0], R)
        for t in range(X.shape[1]):
            h = _public_step(h, emb[X[:, t]], lin_h, lin_e)
        ours = cell.hidden(X)[:, -1]
    assert float((ours - h).abs().max()) <= _tol(cell, 3)


def test_bias_validation():
    rng = np.random.default_rng(1)
    args = (rng.normal(size=(V, R, R)), np.eye(R), rng.normal(size=(R, R, R)), np.ones(R))
    with pytest.raises(ShapeError, match="b_eh is the bias of the W\\^eh contraction"):
        TTLMTiny(*args, b_eh=np.ones((R, R)))
    with pytest.raises(ShapeError, match=r"b\^hh must have shape \(2,\); got \(3,\)"):
        TTLMTiny(*args, b_hh=np.ones(3))
    with pytest.raises(ShapeError, match=r"b\^eh must have shape \(2, 2\); got \(2, 3\)"):
        TTLMLarge(args[0], np.ones((R,) * 4), *args[1:], b_eh=np.ones((R, 3)))
    names = {
        n
        for n, _ in TTLMLarge(
            args[0], np.ones((R,) * 4), *args[1:], b_hh=np.ones(R), b_eh=np.ones((R, R))
        ).named_parameters()
    }
    assert {"b_hh", "b_eh"} <= names
