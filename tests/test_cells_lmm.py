"""Tests of tnverify.cells.lmm: RAC layer (Eq. 5.18), LMM (5.20–5.21), LMM-MLP (5.23),
LMM-MMn (5.24), the annulus initialisation and the TT core of an LMM."""

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.cells.lmm import (
    LMM,
    LMMMLP,
    LMMMMn,
    RACLayer,
    annulus_init,
    lmm_to_tt_core,
    mmn,
    real_param_count,
)
from tnverify.conventions import tolerance
from tnverify.errors import DTypeError, NonFiniteError, ShapeError, UsageError

DEVICES = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])


def _rac_ref(A, Bm, xs):
    h, out = np.ones(A.shape[0]), []
    for x in xs:
        h = (A @ h) * (Bm @ x)
        out.append(h)
    return np.array(out)


def test_annulus_lemma_radii_and_printed_constant():
    rng = np.random.default_rng(0)
    v, th = annulus_init(1000, 0.4, 0.9, rng)
    r = np.exp(-v)
    tol = float(tolerance(np.float64, n=4, norm=1.0))
    assert r.min() >= 0.4 - tol and r.max() <= 0.9 + tol
    assert th.min() >= 0 and th.max() < 2 * np.pi
    vp, _ = annulus_init(1000, 0.4, 0.9, rng, formula="printed")
    assert np.ptp(vp) == 0
    assert vp[0] == pytest.approx(-0.5 * np.log(0.9**2 - 0.4**2) + 0.4**2, rel=1e-15)


@pytest.mark.parametrize("bad", [(-0.1, 0.5), (0.6, 0.5), (0.2, 1.5)])
def test_annulus_rejects_bad_radii(bad):
    with pytest.raises(UsageError):
        annulus_init(10, *bad, np.random.default_rng(0))


def test_annulus_printed_needs_rmax_above_rmin():
    with pytest.raises(UsageError):
        annulus_init(10, 0.5, 0.5, np.random.default_rng(0), formula="printed")


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("orientation", ["NxH", "HxN"])
def test_rac_layer_forward_backward(device, dtype, orientation):
    rng = np.random.default_rng(1)
    N, H, L = 3, 4, 5
    A, B = rng.standard_normal((H, H)) / 2, rng.standard_normal((N, H)) / 2
    xs = rng.standard_normal((2, L, N))
    layer = RACLayer(
        A, B if orientation == "NxH" else B.T, orientation=orientation, dtype=dtype, device=device
    )
    out = layer(torch.from_numpy(xs).to(device), return_all=True)
    assert out.shape == (2, L, H) and out.dtype == dtype
    ref = np.stack([_rac_ref(A, B.T, x) for x in xs])
    scale = np.stack([_rac_ref(np.abs(A), np.abs(B).T, np.abs(x)) for x in xs])
    err = np.max(np.abs(out.detach().cpu().double().numpy() - ref) / scale)
    assert err <= float(tolerance(dtype, n=L * (H + N + 1)))
    out.sum().backward()
    assert layer.A.grad.shape == (H, H) and torch.isfinite(layer.B.grad).all()
    assert layer.n_real_params == H * H + N * H


def test_rac_layer_literal_reading_typed_only_when_square():
    rng = np.random.default_rng(2)
    with pytest.raises(ShapeError, match="not typed"):
        RACLayer(np.eye(4), rng.standard_normal((3, 4)), orientation="literal")
    A, B = rng.standard_normal((4, 4)), rng.standard_normal((4, 4))
    xs = rng.standard_normal((1, 3, 4))
    got = RACLayer(A, B, orientation="literal")(torch.from_numpy(xs), return_all=True)[0]
    ref = _rac_ref(A, B, xs[0])
    scale = _rac_ref(np.abs(A), np.abs(B), np.abs(xs[0]))
    assert np.max(np.abs(got.detach().numpy() - ref) / scale) <= float(tolerance(np.float64, n=27))


def test_rac_layer_input_validation():
    layer = RACLayer(np.eye(2), np.ones((3, 2)))
    with pytest.raises(ShapeError):
        layer(torch.ones(1, 4, 2, dtype=torch.float64))
    with pytest.raises(DTypeError):
        layer(torch.ones(1, 4, 3, dtype=torch.complex128))
    with pytest.raises(NonFiniteError):
        layer(torch.full((1, 2, 3), float("nan"), dtype=torch.float64))
    with pytest.raises(UsageError):
        RACLayer(np.eye(2), np.ones((3, 2)), orientation="sideways")


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.complex64, torch.complex128])
def test_lmm_forward_backward_and_closed_form(device, dtype):
    rng = np.random.default_rng(3)
    H, L = 4, 6
    m = LMM(H, rng=rng, dtype=dtype, device=device)
    x = torch.from_numpy(rng.standard_normal((2, L, H)) + 1j * rng.standard_normal((2, L, H)))
    h = m(x.to(device), return_all=True)
    lam, gam = m.lam().detach().cpu().numpy(), m.gam().detach().cpu().numpy()
    closed = np.cumprod((lam * gam)[None, None, :] * x.numpy(), axis=1)
    err = np.max(np.abs(h.detach().cpu().numpy() - closed) / np.abs(closed))
    assert err <= float(tolerance(dtype, n=4 * L))
    h.abs().sum().backward()
    grads = [m.v_lam.grad, m.theta_lam.grad, m.v_gam.grad, m.theta_gam.grad]
    assert all(g is not None and torch.isfinite(torch.view_as_real(g)).all() for g in grads)


def test_lmm_log_forward_matches_forward():
    rng = np.random.default_rng(4)
    m = LMM(3, rng=rng)
    x = torch.from_numpy(rng.standard_normal((1, 5, 3)) + 1j * rng.standard_normal((1, 5, 3)))
    h, lh = m(x, return_all=True), m.log_forward(x)
    rel = ((torch.exp(lh) - h).abs() / h.abs()).detach()
    assert float(rel.max()) <= float(tolerance(np.float64, n=4 * 5 * 4))


def test_lmm_parameter_counts_complex_as_two():
    H = 5
    assert LMM(H, rng=np.random.default_rng(0)).n_real_params == 8 * H
    assert LMM(H, rng=np.random.default_rng(0), complex_params=False).n_real_params == 4 * H
    assert LMMMMn(H, rng=np.random.default_rng(0), complex_params=False).n_real_params == 4 * H
    mlp = LMMMLP(H, rng=np.random.default_rng(0), complex_params=False)
    assert mlp.n_real_params == 4 * H + 4 * H * H
    assert real_param_count(torch.nn.RNN(3, H, bias=False)) == H * H + 3 * H


def test_lmm_from_diagonals_round_trip():
    rng = np.random.default_rng(5)
    lam = 0.9 * np.exp(2j * np.pi * rng.random(4))
    gam = 0.5 * np.exp(2j * np.pi * rng.random(4))
    m = LMM.from_diagonals(lam, gam)
    err = np.max(np.abs(m.lam().detach().numpy() - lam))
    assert err <= float(tolerance(np.float64, n=8, norm=1.0))
    with pytest.raises(ShapeError):
        LMM.from_diagonals(lam, np.zeros(4))


@pytest.mark.parametrize("dtype", [torch.complex64, torch.complex128])
def test_lmm_mlp_step_is_c_z_plus_d_x(dtype):
    rng = np.random.default_rng(6)
    m = LMMMLP(3, rng=rng, dtype=dtype)
    h = torch.from_numpy(rng.standard_normal((2, 3)) + 0j).to(dtype)
    x = torch.from_numpy(rng.standard_normal((2, 3)) + 0j).to(dtype)
    z = m.lam() * h * m.gam() * x
    ref = z @ m.C.T + x @ m.D.T
    got = m.step(h, x)
    assert float((got - ref).abs().max()) <= float(
        tolerance(dtype, n=8, norm=float(ref.abs().max()))
    )
    m(x[:, None, :]).abs().sum().backward()
    assert m.C.grad is not None and m.D.grad is not None


def test_lmm_mmn_real_part_and_printed():
    rng = np.random.default_rng(7)
    m = LMMMMn(4, rng=rng)
    x = torch.from_numpy(rng.standard_normal((3, 5, 4)) + 1j * rng.standard_normal((3, 5, 4)))
    h = m(x, return_all=True)
    assert torch.all(h.imag == 0)
    assert torch.allclose(h.real.amin(-1), torch.full((3, 5), -1.0, dtype=torch.float64))
    assert torch.allclose(h.real.amax(-1), torch.full((3, 5), 1.0, dtype=torch.float64))
    h.real.sum().backward()
    assert m.v_lam.grad is not None
    with pytest.raises(DTypeError):
        LMMMMn(4, rng=rng, part="complex")(x)


def test_mmn_constant_vector_is_nan():
    out = mmn(torch.full((3,), 0.5, dtype=torch.float64))
    assert torch.isnan(out).all()


@settings(deadline=None)
@given(H=st.integers(1, 5), seed=st.integers(0, 2**32 - 1))
def test_lmm_tt_core_step_matches_lmm(H, seed):
    rng = np.random.default_rng(seed)
    m = LMM(H, rng=rng)
    G = lmm_to_tt_core(m.lam().detach(), m.gam().detach())
    h = torch.from_numpy(rng.standard_normal((2, H)) + 1j * rng.standard_normal((2, H)))
    x = torch.from_numpy(rng.standard_normal((2, H)) + 1j * rng.standard_normal((2, H)))
    tt = torch.einsum("bp,pio,bi->bo", h, G, x)
    ref = m.step(h, x).detach()
    assert float((tt - ref).abs().max()) <= float(
        tolerance(np.float64, n=4 * H, norm=float(ref.abs().max()) + 1)
    )
    Gn = lmm_to_tt_core(m.lam().detach().numpy(), m.gam().detach().numpy())
    assert Gn.shape == (H, H, H) and np.count_nonzero(Gn) <= H


def test_lmm_mmn_refuses_a_single_hidden_unit():
    """Min-Max normalisation of one unit is 0/0: a clear error, not NaN states."""
    with pytest.raises(ShapeError, match="hidden >= 2"):
        LMMMMn(1, rng=np.random.default_rng(0))
