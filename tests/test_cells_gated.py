"""Tests of tnverify.cells.gated and tnverify.cells.gated_params (grurntn, grurntn)."""

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.cells import gated as G
from tnverify.cells import gated_params as GP
from tnverify.cells.recurrent import TTCoreRNN
from tnverify.conventions import tolerance
from tnverify.equivalences import second_order_to_tt_core
from tnverify.errors import DTypeError, ShapeError, UsageError

DEVICES = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
DTYPES = [torch.float32, torch.float64]


def _tol(dtype, n, norm=1.0):
    return float(tolerance(str(dtype).replace("torch.", ""), n=n, norm=norm))


def _cells(i, d, dtype, device, g):
    kw = {"dtype": dtype, "device": device, "generator": g}
    return [
        G.GRUCell(i, d, **kw),
        G.GRUCell(i, d, reset="after", **kw),
        G.GRURNTN(i, d, form="eq17", **kw),
        G.GRURNTN(i, d, form="eq18", **kw),
        G.LSTMCell(i, d, peephole="full", **kw),
        G.LSTMCell(i, d, peephole="diagonal", **kw),
        G.LSTMCell(i, d, peephole=None, **kw),
        G.LSTMRNTN(i, d, **kw),
    ]


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_every_cell_forward_backward(device, dtype):
    g = torch.Generator().manual_seed(0)
    i, d, B, L = 3, 4, 2, 5
    for cell in _cells(i, d, dtype, device, g):
        x = torch.randn(B, L, i, generator=g, dtype=torch.float64).to(dtype=dtype, device=device)
        hs, _ = G.run_sequence(cell, x)
        assert hs.shape == (B, L, d) and hs.dtype == dtype
        hs.square().sum().backward()
        grads = [p.grad for p in cell.parameters()]
        assert all(gr is not None and torch.isfinite(gr).all() for gr in grads)
        assert sum(float(gr.abs().sum()) for gr in grads) > 0


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), i=st.integers(1, 5), d=st.integers(1, 5), B=st.integers(1, 3))
def test_gru_torch_mapping_is_exact(seed, i, d, B):
    g = torch.Generator().manual_seed(seed)
    cell = G.GRUCell(i, d, reset="after", generator=g)
    t = cell.to_torch()
    x = torch.randn(B, i, generator=g, dtype=torch.float64)
    h = torch.randn(B, d, generator=g, dtype=torch.float64)
    assert float((cell(x, h) - t(x, h)).abs().max().detach()) <= _tol(torch.float64, n=i + d + 2)
    back = G.GRUCell.from_torch(t)
    assert float((back(x, h) - t(x, h)).abs().max()) <= _tol(torch.float64, n=i + d + 2)


def test_gru_from_torch_folds_biases_and_refuses_b_hn():
    torch.manual_seed(3)
    t = torch.nn.GRUCell(3, 4).double()
    with torch.no_grad():
        t.bias_hh[8:].zero_()
    cell = G.GRUCell.from_torch(t)
    x, h = torch.randn(2, 3, dtype=torch.float64), torch.randn(2, 4, dtype=torch.float64)
    assert float((cell(x, h) - t(x, h)).abs().max()) <= _tol(torch.float64, n=9)
    with torch.no_grad():
        t.bias_hh[8] = 1.0
    with pytest.raises(UsageError, match="b_hn"):
        G.GRUCell.from_torch(t)


def test_reset_before_differs_from_after_unless_w_hh_diagonal():
    g = torch.Generator().manual_seed(1)
    a = G.GRUCell(3, 4, generator=g)
    b = G.GRUCell(3, 4, reset="after")
    b.load_state_dict(a.state_dict())
    x, h = torch.randn(5, 3, dtype=torch.float64), torch.randn(5, 4, dtype=torch.float64)
    assert float((a(x, h) - b(x, h)).abs().max()) > _tol(torch.float64, n=7)
    with torch.no_grad():
        a.W_hh.copy_(torch.diag(torch.diag(a.W_hh)))
        b.W_hh.copy_(a.W_hh)
    assert float((a(x, h) - b(x, h)).abs().max()) <= _tol(torch.float64, n=7)
    with pytest.raises(UsageError, match="after"):
        a.to_torch()


def test_lstm_torch_mapping():
    g = torch.Generator().manual_seed(2)
    cell = G.LSTMCell(3, 4, peephole=None, generator=g)
    t = cell.to_torch()
    x = torch.randn(2, 3, dtype=torch.float64)
    s = (torch.randn(2, 4, dtype=torch.float64), torch.randn(2, 4, dtype=torch.float64))
    for a, b in zip(cell(x, s), t(x, s)):
        assert float((a - b).abs().max()) <= _tol(torch.float64, n=9)
    back = G.LSTMCell.from_torch(t)
    for a, b in zip(back(x, s), t(x, s)):
        assert float((a - b).abs().max()) <= _tol(torch.float64, n=9)
    with pytest.raises(UsageError, match="peephole"):
        G.LSTMCell(3, 4).to_torch()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), p=st.integers(1, 5), q=st.integers(1, 5), d=st.integers(1, 4))
def test_bilinear_matches_loop(seed, p, q, d):
    g = torch.Generator().manual_seed(seed)
    x, u = (
        torch.randn(3, p, generator=g, dtype=torch.float64),
        torch.randn(3, q, generator=g, dtype=torch.float64),
    )
    W = torch.randn(p, q, d, generator=g, dtype=torch.float64)
    scale = float(G.bilinear_loop(x.abs(), u.abs(), W.abs()).max())
    assert float((G.bilinear(x, u, W) - G.bilinear_loop(x, u, W)).abs().max()) <= _tol(
        torch.float64, n=p * q, norm=scale
    )


def test_pinned_bilinear_value():
    x = torch.tensor([[1.0, 2.0]], dtype=torch.float64)
    u = torch.tensor([[3.0]], dtype=torch.float64)
    W = torch.tensor([[[1.0, 0.0]], [[0.5, 2.0]]], dtype=torch.float64)  # (2, 1, 2)
    assert G.bilinear(x, u, W).tolist() == [[6.0, 12.0]]


def test_shapes_and_errors():
    assert G.GRURNTN(3, 4, form="eq17").W_tsr.shape == (7, 7, 4)
    assert G.GRURNTN(3, 4).W_tsr.shape == (3, 4, 4)
    with pytest.raises(UsageError):
        G.GRUCell(3, 4, reset="middle")
    with pytest.raises(UsageError):
        G.GRURNTN(3, 4, form="eq16")
    with pytest.raises(UsageError):
        G.LSTMCell(3, 4, peephole="half")
    with pytest.raises(DTypeError):
        G.GRUCell(3, 4, dtype=torch.int64)
    with pytest.raises(ShapeError):
        G.GRUCell(0, 4)
    with pytest.raises(ShapeError, match="x must be"):
        G.GRUCell(3, 4)(
            torch.zeros(2, 5, dtype=torch.float64), torch.zeros(2, 4, dtype=torch.float64)
        )
    with pytest.raises(ShapeError, match="at least one step"):
        G.run_sequence(G.GRUCell(3, 4), torch.zeros(2, 0, 3, dtype=torch.float64))
    with pytest.raises(ShapeError, match="W_tsr"):
        z = torch.zeros(1, 2, dtype=torch.float64)
        G.recntn_parent(
            z,
            z,
            torch.zeros(4, 4, 3, dtype=torch.float64),
            torch.zeros(4, 2, dtype=torch.float64),
            torch.zeros(2, dtype=torch.float64),
        )


def _fixed_gate_cell(V, d, g):
    cell = G.GRURNTN(V, d, f="identity", generator=g)
    with torch.no_grad():
        for n in ("W_xr", "W_hr", "W_xz", "W_hz", "W_xh", "W_hh", "b_h"):
            getattr(cell, n).zero_()
    return cell


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), V=st.integers(1, 4), d=st.integers(1, 4), L=st.integers(1, 6))
def test_grurntn_reduces_to_second_order_and_tt_core(seed, V, d, L):
    g = torch.Generator().manual_seed(seed)
    cell = _fixed_gate_cell(V, d, g)
    so = G.grurntn_to_second_order(cell)
    tok = torch.randint(V, (3, L), generator=g)
    h0 = torch.randn(d, generator=g, dtype=torch.float64)
    hs, _ = G.run_sequence(cell, torch.nn.functional.one_hot(tok, V).double(), h0.expand(3, d))
    want = hs[:, -1]
    norm = float(want.abs().max()) + 1.0
    n = L * (V * d + d)
    assert float((so(tok, h0=h0) - want).abs().max()) <= _tol(torch.float64, n=n, norm=norm)
    tt = TTCoreRNN(second_order_to_tt_core(so.T))
    assert float((tt(tok, h0=h0) - want).abs().max()) <= _tol(torch.float64, n=n, norm=norm)


def test_reduction_refuses_live_gates():
    g = torch.Generator().manual_seed(0)
    with pytest.raises(UsageError, match="W_xr"):
        G.grurntn_to_second_order(G.GRURNTN(3, 4, f="identity", generator=g))
    with pytest.raises(UsageError, match="identity"):
        G.grurntn_to_second_order(G.GRURNTN(3, 4, generator=g))


@pytest.mark.parametrize("model", ["gru", "lstm"])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_bptt_total_true_fprime_matches_autograd(model, seed):
    from tnverify.claims.grurntn import bptt_gradients as D

    g = torch.Generator().manual_seed(seed)
    cell, W_hy, b_y = D.make_lm(model, 3, 4, 5, g)
    x, y = (
        torch.randn(2, 4, 3, generator=g, dtype=torch.float64),
        torch.randint(5, (2, 4), generator=g),
    )
    E, hs, cache = D.lm_loss(cell, W_hy, b_y, x, y, keep=True)
    auto = torch.autograd.grad(E, cell.W_tsr, retain_graph=True)[0]
    sig = D.signals("total", model, cell, W_hy, b_y, x, y, E, hs, cache)
    got = G.bptt_w_tsr(cache, sig, model=model)
    scale = float(D.abs_terms(cache, sig, model).max())
    assert float((got - auto).abs().max()) <= _tol(torch.float64, n=4 * 20, norm=scale)
    if model == "gru":
        printed = G.bptt_w_tsr(cache, sig, model=model, fprime="printed")
        assert float((printed - auto).abs().max()) > _tol(torch.float64, n=4 * 20, norm=scale)


def test_bptt_argument_errors():
    with pytest.raises(UsageError):
        G.bptt_w_tsr({"a": []}, [], fprime="guess")
    with pytest.raises(ShapeError):
        G.bptt_w_tsr({"a": [torch.zeros(1, 2)]}, [])


@settings(max_examples=20, deadline=None)
@given(
    model=st.sampled_from(sorted(GP.MODELS)),
    V=st.integers(1, 60),
    E=st.integers(1, 40),
    d=st.integers(1, 40),
    pe=st.sampled_from(["full", "diagonal", None]),
)
def test_param_count_from_cells_matches_formula(model, V, E, d, pe):
    got = GP.model_param_count(model, vocab_size=V, embedding=E, hidden=d, peephole=pe)
    assert got["total"] == GP.formula_count(model, vocab_size=V, embedding=E, hidden=d, peephole=pe)
    assert got["tensor"] == (E * d * d if model.endswith("RNTN") else 0)


def test_published_word_counts_pinned():
    c = GP.model_param_count("GRURNTN", vocab_size=10_000, embedding=128, hidden=256)
    assert c == {
        "embedding": 1_280_000,
        "cell": 295_680 + 8_388_608,
        "tensor": 8_388_608,
        "output": 2_570_000,
        "total": 12_534_288,
    }
    assert GP.about(12_534_288, "12")["rounded"] == "13"
    assert GP.about(2_141_030, "2.2")["rounded"] == "2.1"
    assert str(GP.printed_unit("2.2")) == "0.1"
    with pytest.raises(UsageError):
        GP.model_param_count("RNN", vocab_size=1, embedding=1, hidden=1)
