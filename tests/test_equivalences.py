"""Round trips of the RNN-to-TT maps in tnverify.equivalences (others test theirs elsewhere)."""

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify import equivalences as eq
from tnverify.conventions import tolerance
from tnverify.errors import RankError, ShapeError

sizes = st.tuples(st.integers(1, 4), st.integers(1, 5), st.integers(0, 2**31))


@settings(max_examples=25, deadline=None)
@given(sizes, st.sampled_from(["ttlm", "thesis"]))
def test_second_order_round_trip(s, layout):
    R, V, seed = s
    rng = np.random.default_rng(seed)
    T = rng.normal(size=(V, R, R) if layout == "ttlm" else (R, R, V))
    G = eq.second_order_to_tt_core(T, layout)
    assert G.shape == (R, V, R)
    assert np.array_equal(eq.tt_core_to_second_order(G, layout), T)
    h, w = rng.normal(size=R), int(rng.integers(V))
    want = T[w] @ h if layout == "ttlm" else np.einsum("p,pi->i", h, T[:, :, w])
    tol = tolerance(np.float64, n=R, norm=float(np.abs(T).max() * np.abs(h).sum()))
    assert np.abs(h @ G[:, w, :] - want).max() <= float(tol)


@settings(max_examples=25, deadline=None)
@given(sizes)
def test_rac_round_trip(s):
    R, V, seed = s
    rng = np.random.default_rng(seed)
    X, Y = rng.normal(size=(R, V)), rng.normal(size=(R, R))
    G = eq.rac_to_tt_core(X, Y)
    h, w = rng.normal(size=R), int(rng.integers(V))
    scale = float(np.abs(X).max() * np.abs(Y).max() * np.abs(h).sum())
    assert np.abs(h @ G[:, w, :] - X[:, w] * (Y @ h)).max() <= float(
        tolerance(np.float64, R, scale)
    )
    X2, Y2 = eq.tt_core_to_rac(G)
    assert np.abs(eq.rac_to_tt_core(X2, Y2) - G).max() <= float(
        tolerance(np.float64, n=R * V, norm=float(np.abs(G).max()))
    )


def test_tt_core_to_rac_rejects_rank_two_slice():
    G = np.zeros((2, 2, 2))
    G[:, :, 0] = np.eye(2)
    with pytest.raises(RankError):
        eq.tt_core_to_rac(G)


@settings(max_examples=20, deadline=None)
@given(sizes)
def test_augmented_round_trips(s):
    R, V, seed = s
    rng = np.random.default_rng(seed)
    A, B, b = rng.normal(size=(R, R)), rng.normal(size=(R, V)), rng.normal(size=R)
    blocks = eq.split_augmented_core(eq.vanilla_rnn_to_augmented_core(A, B, b))
    assert np.array_equal(blocks["hidden"].T, A) and np.array_equal(blocks["input"].T, B)
    assert np.array_equal(blocks["bias"], b) and not blocks["bilinear"].any()
    carry = np.zeros((R + 1, V + 1))
    carry[R, V] = 1
    assert np.array_equal(blocks["carry"], carry)
    W, U = rng.normal(size=(R, V)), rng.normal(size=(R, R))
    one, zero = np.ones(R), np.zeros(R)
    mi = eq.split_augmented_core(eq.mi_rnn_to_augmented_core(W, U, one, zero, zero, zero))
    assert np.array_equal(mi["bilinear"], eq.rac_to_tt_core(W, U))
    T = rng.normal(size=(V, R, R))
    so = eq.split_augmented_core(eq.second_order_to_augmented_core(T, b))
    assert np.array_equal(so["bilinear"], eq.second_order_to_tt_core(T))
    assert np.array_equal(so["bias"], b)


def test_augmented_step_pinned():
    A, B, b = np.array([[2.0]]), np.array([[3.0, 5.0]]), np.array([7.0])
    G = eq.vanilla_rnn_to_augmented_core(A, B, b)
    out = eq.augmented_step(
        G, eq.augment_hidden(np.array([1.0])), eq.augment_input(np.array([0.0, 1.0]))
    )
    assert out.tolist() == [2.0 + 5.0 + 7.0, 1.0]


def test_maps_accept_torch_and_differentiate():
    X = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
    Y = torch.randn(2, 2, dtype=torch.float64)
    G = eq.rac_to_tt_core(X, Y)
    (gx,) = torch.autograd.grad(G.sum(), X)
    assert torch.equal(gx, Y.sum(dim=1, keepdim=True).expand(2, 3))


def test_shape_errors():
    with pytest.raises(ShapeError):
        eq.second_order_to_tt_core(np.zeros((2, 3, 4)))
    with pytest.raises(ShapeError):
        eq.second_order_to_tt_core(np.zeros((2, 2, 2)), "nope")
    with pytest.raises(ShapeError):
        eq.rac_to_tt_core(np.zeros((3, 4)), np.zeros((2, 2)))


# ------------------------------------------------------------------ inverse maps on the
# cells' own (grad-requiring) outputs (they raised torch's RuntimeError)


def _close(a, b, n: int, dtype=np.float64) -> bool:
    scale = float(max(np.abs(a).max(), np.abs(b).max(), 1.0))
    return float(np.abs(np.asarray(a) - np.asarray(b)).max()) <= float(tolerance(dtype, n, scale))


@pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
def test_tt_core_to_rac_of_a_cells_core(dtype):
    from tnverify.cells.recurrent import RAC

    rng = np.random.default_rng(5)
    R, V = 3, 4
    cell = RAC(rng.normal(size=(R, V)), rng.normal(size=(R, R)), dtype=dtype)
    G = cell.tt_core()
    assert G.requires_grad
    W_hx, W_hh = eq.tt_core_to_rac(G)
    assert W_hx.dtype == W_hh.dtype == np.float64 and G.requires_grad
    n = 4 * R * V
    prec = np.float64 if dtype == torch.float64 else np.float32
    assert _close(eq.rac_to_tt_core(W_hx, W_hh), G.detach().double().numpy(), n, prec)
    if dtype == torch.float32:
        # judged at float32's precision: the same values declared float64 are not rank 1
        with pytest.raises(RankError, match=r"numerical rank [23] > 1: not a RAC core"):
            eq.tt_core_to_rac(G.detach().double().numpy())


def test_split_augmented_core_of_cells_cores():
    from tnverify.cells.recurrent import GeneralMIRNN, SecondOrderRNN, VanillaRNN

    rng = np.random.default_rng(6)
    R, V = 3, 4
    A, B, b = rng.normal(size=(R, R)), rng.normal(size=(R, V)), rng.normal(size=R)
    vanilla = VanillaRNN(A, B, b)
    G = vanilla.augmented_core()
    assert G.requires_grad
    blocks = eq.split_augmented_core(G)
    assert np.array_equal(blocks["hidden"], A.T) and np.array_equal(blocks["input"], B.T)
    assert np.array_equal(blocks["bias"], b) and not blocks["bilinear"].any()
    blocks["bias"][0] += 1.0  # copies: the cell is not touched
    assert np.array_equal(vanilla.b.detach().numpy(), b)
    T = rng.normal(size=(V, R, R))
    so = eq.split_augmented_core(SecondOrderRNN(T, bias=b).augmented_core())
    assert _close(so["bilinear"], eq.second_order_to_tt_core(T, "ttlm"), 1)
    assert np.array_equal(so["bias"], b)
    one, zero = np.ones(R), np.zeros(R)
    mi = eq.split_augmented_core(GeneralMIRNN(B, A, one, zero, zero, b).augmented_core())
    assert _close(mi["bilinear"], eq.rac_to_tt_core(B, A), 4) and np.array_equal(mi["bias"], b)


@pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
def test_tt_core_to_tiny_reshape_of_a_cells_core(dtype):
    from tnverify.cells.ttlm_variants import TTLMTiny

    rng = np.random.default_rng(7)
    R, V = 3, 5
    W_xe = rng.normal(size=(V, R, R))
    W_hh = rng.normal(size=(R, R)) + 3 * np.eye(R)
    cell = TTLMTiny(W_xe, W_hh, rng.normal(size=(R, R, R)), rng.normal(size=R), dtype=dtype)
    G = cell.tt_core()
    assert G.requires_grad and cell.W_hh.requires_grad
    back = eq.tt_core_to_tiny_reshape(G, cell.W_hh)
    prec = np.float64 if dtype == torch.float64 else np.float32
    assert back.dtype == np.float64
    assert _close(back, cell.W_xe.detach().double().numpy(), 8 * R * R, prec)


# -- the (W_hh, W_xh, T, b) second-order RNN ----------------------------------
@pytest.mark.parametrize("layout", ["ttlm", "thesis"])
def test_second_order_affine_core_is_the_full_pre_activation(layout):
    import numpy as np

    from tnverify.equivalences import (
        augment_hidden,
        augment_input,
        augmented_step,
        second_order_affine_to_augmented_core,
        split_augmented_core,
    )

    rng = np.random.default_rng(7)
    V, R = 4, 3
    T = rng.normal(size=(V, R, R) if layout == "ttlm" else (R, R, V))
    Whh, Wxh, b = rng.normal(size=(R, R)), rng.normal(size=(R, V)), rng.normal(size=R)
    G = second_order_affine_to_augmented_core(T, Whh, Wxh, b, layout=layout)
    for _ in range(5):
        h, f = rng.normal(size=R), rng.normal(size=V)
        bil = (
            np.einsum("i,iop,p->o", f, T, h)
            if layout == "ttlm"
            else np.einsum("p,poi,i->o", h, T, f)
        )
        want = bil + Whh @ h + Wxh @ f + b
        got = augmented_step(G, augment_hidden(h), augment_input(f))
        scale = (
            np.abs(T).sum() * np.abs(h).max() * np.abs(f).max()
            + np.abs(Whh).sum()
            + np.abs(Wxh).sum()
            + np.abs(b).max()
        )
        assert np.max(np.abs(got[:R] - want)) <= float(tolerance(np.float64, n=R * V, norm=scale))
        assert got[R] == 1.0
    blocks = split_augmented_core(G)
    assert np.array_equal(blocks["hidden"], Whh.T) and np.array_equal(blocks["input"], Wxh.T)
    assert np.array_equal(blocks["bias"], b)


def test_second_order_affine_core_refuses_mismatched_shapes():
    import numpy as np

    from tnverify.equivalences import second_order_affine_to_augmented_core
    from tnverify.errors import ShapeError

    T = np.zeros((4, 3, 3))
    with pytest.raises(ShapeError, match="W_xh"):
        second_order_affine_to_augmented_core(T, np.zeros((3, 3)), np.zeros((4, 3)), np.zeros(3))
    with pytest.raises(ShapeError):
        second_order_affine_to_augmented_core(T, np.zeros((3, 3)), np.zeros((3, 4)), np.zeros(2))
