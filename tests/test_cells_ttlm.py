"""Tests of tnverify.cells.ttlm.TTScorer against an explicit numpy contraction."""

import itertools

import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from tnverify.cells.ttlm import TTScorer
from tnverify.conventions import tolerance
from tnverify.errors import DTypeError, NonFiniteError, RankError, ShapeError, VocabularyError


def _cores(rng, V, ranks):
    return [rng.standard_normal((ranks[t], V, ranks[t + 1])) for t in range(len(ranks) - 1)]


def _full(cores):
    """Explicit full tensor by successive tensordot (the definition)."""
    A = cores[0]
    for G in cores[1:]:
        A = np.tensordot(A, G, axes=(A.ndim - 1, 0))
    return A[0, ..., 0]


def _all_tokens(V, N):
    return np.array(list(itertools.product(range(V), repeat=N)), dtype=np.int64)


def _check_all(cores, V):
    N = len(cores)
    A = _full(cores)
    tok = _all_tokens(V, N)
    m = TTScorer(cores)
    R = max(c.shape[2] for c in cores)
    # n = N·R accumulated multiply-adds along one product; norm = max |entry| of |G| products
    absA = _full([np.abs(c) for c in cores])
    tol = tolerance(np.float64, n=N * R, norm=float(absA.max()))
    ref = A.reshape(-1)
    seq = m(torch.as_tensor(tok)).detach().numpy()
    tree = m.tree(torch.as_tensor(tok)).detach().numpy()
    mm, c = m.forward_scaled(torch.as_tensor(tok))
    scaled = (mm * torch.exp(c)).detach().numpy()
    return [float(np.abs(x - ref).max()) for x in (seq, tree, scaled)], float(tol)


def test_pinned_site_dependent_ranks():
    rng = np.random.default_rng(7)
    errs, tol = _check_all(_cores(rng, 3, [1, 2, 3, 4, 2, 1]), 3)
    assert max(errs) <= tol


@given(V=st.integers(1, 4), N=st.integers(1, 5), R=st.integers(1, 4), seed=st.integers(0, 2**31))
def test_matches_explicit_contraction(V, N, R, seed):
    rng = np.random.default_rng(seed)
    ranks = [1] + [int(rng.integers(1, R + 1)) for _ in range(N - 1)] + [1]
    errs, tol = _check_all(_cores(rng, V, ranks), V)
    assert max(errs) <= tol


def test_tied_sites_equal_untied():
    rng = np.random.default_rng(3)
    V, R, N = 5, 3, 7
    first, mid, last = (
        rng.standard_normal((1, V, R)),
        rng.standard_normal((R, V, R)),
        rng.standard_normal((R, V, 1)),
    )
    tied = TTScorer([first, mid, last], sites=[0] + [1] * (N - 2) + [2])
    untied = TTScorer([first] + [mid] * (N - 2) + [last])
    assert len(list(tied.parameters())) == 3
    tok = torch.as_tensor(rng.integers(0, V, (20, N)))
    a, b = tied(tok).detach().numpy(), untied(tok).detach().numpy()
    assert np.array_equal(a, b)


def test_long_sequence_renormalised_tree_and_sequential_agree():
    # N = 300 products of slices with entries ~ N(0, 4/R): the raw product overflows
    # neither way here, but the log-domain values must agree to rounding.
    rng = np.random.default_rng(11)
    V, R, N = 10, 6, 300
    cores = (
        [2 * rng.standard_normal((1, V, R))]
        + [2 / np.sqrt(R) * rng.standard_normal((R, V, R)) for _ in range(N - 2)]
        + [rng.standard_normal((R, V, 1))]
    )
    m = TTScorer(cores)
    tok = torch.as_tensor(rng.integers(0, V, (16, N)))
    m1, c1 = m.forward_scaled(tok)
    m2, c2 = m.tree_scaled(tok, batch_chunk=5)
    ma, ca = m.forward_scaled(tok, absolute=True)
    # error relative to the |G| product (Higham's bound for products of matrices)
    err = (m1 * torch.exp(c1 - ca) - m2 * torch.exp(c2 - ca)).abs() / ma
    tol = tolerance(np.float64, n=N * R, norm=1.0)
    assert float(err.detach().max()) <= float(tol)
    assert torch.isfinite(c1).all()


def test_gradients_flow_to_cores():
    rng = np.random.default_rng(5)
    m = TTScorer(_cores(rng, 3, [1, 2, 2, 1]))
    tok = torch.as_tensor(rng.integers(0, 3, (4, 3)))
    m(tok).sum().backward()
    assert all(p.grad is not None and torch.isfinite(p.grad).all() for p in m.parameters())


def test_float32_dtype_and_extra_repr():
    rng = np.random.default_rng(1)
    m = TTScorer(_cores(rng, 2, [1, 2, 1]), dtype=torch.float32)
    assert m.dtype == torch.float32
    assert m(torch.tensor([[0, 1]])).dtype == torch.float32
    assert "ranks=(1, 2, 1)" in repr(m)


def test_validation_errors():
    rng = np.random.default_rng(0)
    m = TTScorer(_cores(rng, 3, [1, 2, 1]))
    with pytest.raises(VocabularyError, match="found 3"):
        m(torch.tensor([[0, 3]]))
    with pytest.raises(VocabularyError, match="found -1"):
        m(torch.tensor([[-1, 0]]))
    with pytest.raises(ShapeError, match="N = 2"):
        m(torch.tensor([[0, 1, 2]]))
    with pytest.raises(ShapeError, match=r"\(B, L\)"):
        m(torch.tensor([0, 1]))
    with pytest.raises(DTypeError):
        m(torch.tensor([[0.0, 1.0]]))
    with pytest.raises(VocabularyError, match="empty"):
        TTScorer(_cores(rng, 3, [1, 1]))(torch.zeros((1, 0), dtype=torch.long))
    with pytest.raises(RankError, match="r_prev=3"):
        TTScorer([np.ones((1, 2, 2)), np.ones((3, 2, 1))])
    with pytest.raises(RankError, match="r_N = 1"):
        TTScorer([np.ones((1, 2, 2))])
    with pytest.raises(ShapeError, match="vocabulary"):
        TTScorer([np.ones((1, 2, 1)), np.ones((1, 3, 1))])
    with pytest.raises(ShapeError, match="3 modes"):
        TTScorer([np.ones((2, 2))])
    bad = np.ones((1, 2, 1))
    bad[0, 0, 0] = np.nan
    with pytest.raises(NonFiniteError):
        TTScorer([bad])


def test_from_tt_roundtrip():
    import tnverify.tt as tt_mod

    rng = np.random.default_rng(2)
    tt = tt_mod.TensorTrain(tuple(_cores(rng, 3, [1, 2, 3, 1])))
    m = TTScorer.from_tt(tt)
    back = m.to_tt()
    assert all(np.array_equal(a, b) for a, b in zip(back.cores, tt.cores))
    tok = _all_tokens(3, 3)
    assert np.abs(
        m(torch.as_tensor(tok)).detach().numpy() - _full(list(tt.cores)).reshape(-1)
    ).max() <= float(
        tolerance(np.float64, n=9, norm=float(_full([np.abs(c) for c in tt.cores]).max()))
    )


@given(V=st.integers(1, 4), N=st.integers(1, 4), R=st.integers(1, 3), seed=st.integers(0, 2**31))
def test_log_partition_matches_brute_force(V, N, R, seed):
    rng = np.random.default_rng(seed)
    ranks = [1] + [int(rng.integers(1, R + 1)) for _ in range(N - 1)] + [1]
    cores = _cores(rng, V, ranks)
    m = TTScorer(cores)
    A = _full(cores)
    absA = _full([np.abs(c) for c in cores])
    for squared, ref, norm in ((True, (A**2).sum(), (absA**2).sum()), (False, A.sum(), absA.sum())):
        with torch.no_grad():
            sign, logz = m.log_partition(squared=squared)
        z = float(sign) * float(np.exp(float(logz))) if float(sign) else 0.0
        # n: V**N summed terms plus N·V·R accumulations of the sweep; norm: Σ|terms|
        tol = tolerance(np.float64, n=V**N + N * V * max(ranks), norm=float(norm))
        assert abs(z - ref) <= float(tol)
