"""Tests of tnverify.cells.recurrent against hand-written recurrences."""

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.cells.recurrent import (
    MIRNN,
    RAC,
    GeneralMIRNN,
    SecondOrderRNN,
    TTCoreRNN,
    VanillaRNN,
    activation,
)
from tnverify.conventions import tolerance
from tnverify.errors import DTypeError, ShapeError, VocabularyError


def _ref_run(step, h0, tokens):
    out = []
    for seq in tokens:
        h = h0.copy()
        for w in seq:
            h = step(h, int(w))
        out.append(h)
    return np.array(out)


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 4), st.integers(1, 5), st.integers(1, 5), st.integers(0, 2**31))
def test_cells_match_reference_and_tt_core(R, V, L, seed):
    rng = np.random.default_rng(seed)
    tok = rng.integers(0, V, size=(3, L))
    h0 = rng.normal(size=R)
    T, X, Y = rng.normal(size=(V, R, R)), rng.normal(size=(R, V)), rng.normal(size=(R, R))
    cases = [
        (SecondOrderRNN(T, phi="tanh", h0=h0), lambda h, w: np.tanh(T[w] @ h)),
        (RAC(X, Y, h0=h0), lambda h, w: X[:, w] * (Y @ h)),
        (MIRNN(X, Y, h0=h0), lambda h, w: np.tanh(X[:, w] * (Y @ h))),
    ]
    for cell, step in cases:
        ref = _ref_run(step, h0, tok)
        scale = (
            _ref_run(
                lambda h, w: (
                    np.abs(X[:, w]) * (np.abs(Y) @ h) if isinstance(cell, RAC) else np.abs(T[w]) @ h
                ),
                np.abs(h0),
                tok,
            )
            + 1.0
        )
        err = (cell(torch.as_tensor(tok)).numpy(force=True) - ref) / scale
        assert np.abs(err).max() <= float(tolerance(np.float64, n=L * R))
        gen = TTCoreRNN(cell.tt_core().detach(), phi=cell.phi, h0=h0)
        err = (gen(torch.as_tensor(tok)) - cell(torch.as_tensor(tok))).detach().numpy() / scale
        assert np.abs(err).max() <= float(tolerance(np.float64, n=L * R))


def test_affine_cells_pinned():
    tok = torch.tensor([[1, 0]])
    van = VanillaRNN([[2.0]], [[3.0, 5.0]], [1.0], phi=None, h0=[1.0])
    assert van(tok).tolist() == [[2 * (2 * 1 + 5 + 1) + 3 + 1]]
    mi = GeneralMIRNN([[2.0, 3.0]], [[1.0]], [1.0], [0.0], [0.0], [0.0], phi=None, h0=[1.0])
    assert mi(tok, return_all=True).tolist() == [[[3.0], [6.0]]]
    so = SecondOrderRNN(np.ones((2, 1, 1)), bias=[1.0], h0=[1.0])
    assert so(tok).tolist() == [[3.0]]
    assert so.n_params == 3 and van.n_params == 4 and mi.n_params == 7


def test_validation():
    cell = RAC(np.ones((2, 3)), np.eye(2))
    with pytest.raises(VocabularyError):
        cell(torch.tensor([[3]]))
    with pytest.raises(VocabularyError):
        cell(torch.zeros((1, 0), dtype=torch.long))
    with pytest.raises(DTypeError):
        cell(torch.zeros((1, 2)))
    with pytest.raises(ShapeError):
        RAC(np.ones((2, 3)), np.ones((3, 3)))
    with pytest.raises(ShapeError):
        activation("softplusx")
    with pytest.raises(NotImplementedError):
        VanillaRNN(np.eye(2), np.ones((2, 3)), np.zeros(2)).tt_core()
