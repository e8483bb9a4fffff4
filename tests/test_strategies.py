"""tnverify.testing.strategies: every drawn object is what its docstring promises."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from hypothesis import find, given, settings
from hypothesis import strategies as st

from tnverify.cells.gated import run_sequence
from tnverify.conventions import tolerance
from tnverify.definitions.oracle import Oracle
from tnverify.errors import RankError, ShapeError, UsageError
from tnverify.testing.strategies import (
    CELL_FAMILIES,
    born_machines,
    cells,
    feature_matrices,
    generalized_rnns,
    shallow_networks,
    shapes,
    spectra,
    tensor_trains,
    token_sequences,
    tt_cores,
    tt_ranks,
)
from tnverify.tt.svd import tt_ranks as numerical_tt_ranks


@given(shape=shapes(max_entries=500))
def test_shapes_respect_their_bounds(shape):
    assert 2 <= len(shape) <= 4 and all(2 <= n <= 4 for n in shape)
    assert math.prod(shape) <= 500


@given(data=st.data(), shape=shapes())
def test_tt_ranks_are_admissible(data, shape):
    r = data.draw(tt_ranks(shape, max_rank=3))
    assert r[0] == r[-1] == 1 and len(r) == len(shape) + 1
    for k in range(1, len(shape)):
        assert 1 <= r[k] <= min(3, math.prod(shape[:k]), math.prod(shape[k:]))
        assert r[k] <= shape[k - 1] * r[k - 1] and r[k] <= shape[k] * r[k + 1]


@settings(deadline=None)
@given(tt=tensor_trains(max_rank=3))
def test_tensor_trains_have_exactly_their_drawn_ranks(tt):
    """Left-orthonormal cores with admissible ranks: the numerical TT ranks of the full
    tensor (tt_ranks, tolerance and gap of matricize.numerical_rank) equal tt.ranks."""
    assert tuple(numerical_tt_ranks(tt.full()).ranks) == tuple(tt.ranks)
    assert np.isfinite(tt.full()).all()


@settings(deadline=None)
@given(data=st.data(), shape=shapes(min_dims=2, max_dims=4, min_side=2, max_side=4))
def test_a_prescribed_spectrum_holds_at_every_cut(data, shape):
    """Every unfolding's singular values equal the σ handed in (not the TT's own first
    cut, which a spectrum applied at no cut would also match)."""
    r = data.draw(st.integers(1, min(shape[0], shape[-1], 4)))
    sigma = data.draw(spectra(r, condition=10.0)) * data.draw(st.floats(0.5, 3.0))
    tt = data.draw(tensor_trains(shape=shape, spectrum=sigma))
    A = tt.full()
    for k in range(1, A.ndim):
        s = np.linalg.svd(A.reshape(math.prod(A.shape[:k]), -1), compute_uv=False)
        tol = tolerance(np.float64, n=A.size, norm=float(s[0]))  # one SVD of A's size
        assert np.max(np.abs(s[:r] - np.sort(sigma)[::-1])) <= float(tol)
        assert np.all(s[r:] <= float(tol))


@settings(deadline=None)
@given(data=st.data(), scale=st.floats(0.1, 10.0))
def test_scale_sets_the_norm_with_a_spectrum_too(data, scale):
    sigma = data.draw(spectra(2))
    for tt in (
        data.draw(tensor_trains(shape=(3, 2, 3), spectrum=True, scale=scale)),
        data.draw(tensor_trains(shape=(3, 2, 3), spectrum=sigma, scale=scale)),
        data.draw(tensor_trains(shape=(3, 2, 3), scale=scale)),
    ):
        norm = np.linalg.norm(tt.full())
        assert abs(norm - scale) <= float(tolerance(np.float64, n=18, norm=scale))


@given(sigma=spectra(3, condition=10.0))
def test_spectra_are_decreasing_unit_norm_and_bounded_in_condition(sigma):
    assert np.all(np.diff(sigma) <= 0) and sigma[0] / sigma[-1] <= 10.0 * (1 + 1e-12)
    assert abs(np.linalg.norm(sigma) - 1.0) <= float(tolerance(np.float64, n=3))


def test_bad_arguments_are_refused():
    with pytest.raises(RankError, match="spectrum of 3 values"):
        find(tensor_trains(shape=(2, 3, 2), spectrum=np.ones(3)), lambda x: True)
    with pytest.raises(RankError, match="exceed what shape"):
        find(tensor_trains(shape=(2, 2), ranks=(1, 3, 1)), lambda x: True)
    with pytest.raises(ShapeError):
        find(token_sequences(0), lambda x: True)
    with pytest.raises(UsageError, match="unknown cell family"):
        find(cells("gru-2"), lambda x: True)


@pytest.mark.parametrize(
    "strategy, error, match",
    [
        (
            lambda: tensor_trains(shape=(3, 3), ranks=(1, 2, 1), spectrum=np.ones(2)),
            RankError,
            "ranks or spectrum, not both",
        ),
        (
            lambda: tensor_trains(shape=(4, 4), spectrum=np.ones(3), max_rank=2),
            RankError,
            "max_rank = 2",
        ),
        (lambda: tensor_trains(shape=(3, 3), max_rank=2.5), RankError, "max_rank"),
        (lambda: tensor_trains(shape=(3, "3")), ShapeError, r"shape\[1\]"),
        (lambda: tensor_trains(shape=(3, 3), scale=-1.0), UsageError, "scale"),
        (lambda: shapes(max_side=3.0), ShapeError, "max_side"),
        (lambda: tt_ranks((2, 2), max_rank=0), RankError, "max_rank"),
        (lambda: spectra(True), RankError, "rank"),
        (lambda: token_sequences(3, batch=0), ShapeError, "batch"),
        (lambda: token_sequences(2.0), ShapeError, "vocab_size"),
        (lambda: cells("rac", vocab_size=0), ShapeError, "vocab_size"),
        (lambda: cells("rac", rank=1.5), RankError, "rank"),
        (lambda: shallow_networks(xi="no-such-xi"), UsageError, "no-such-xi"),
        (lambda: generalized_rnns(xi="no-such-xi"), UsageError, "no-such-xi"),
    ],
)
def test_arguments_are_validated_naming_the_argument(strategy, error, match):
    with pytest.raises(error, match=match):
        find(strategy(), lambda x: True)


@given(tokens=token_sequences(3, max_length=5, batch=2))
def test_token_sequences_are_in_range(tokens):
    assert tokens.dtype == np.int64 and tokens.shape[0] == 2 and 1 <= tokens.shape[1] <= 5
    assert tokens.min() >= 0 and tokens.max() < 3


@given(cores=tt_cores(shape=(2, 3, 2), ranks=(1, 2, 2, 1)))
def test_tt_cores_have_the_layout_of_design_2(cores):
    assert [c.shape for c in cores] == [(1, 2, 2), (2, 3, 2), (2, 2, 1)]


@pytest.mark.parametrize("family", CELL_FAMILIES)
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_every_cell_family_draws_a_working_cell(family, data):
    cell, sizes = data.draw(cells(family))
    V, R, L = sizes["vocab_size"], sizes["rank"], sizes["length"]
    tokens = torch.from_numpy(data.draw(token_sequences(V, min_length=L, max_length=L, batch=2)))
    dense = torch.randn(2, L, V, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    if family.startswith("born"):
        out = cell.log_prob(tokens)
    elif family in ("gru", "grurntn", "lstm", "lstmrntn"):
        out = run_sequence(cell, dense)[0]
    elif family == "rac-layer":
        out = cell(dense)
    elif family.startswith("lmm"):
        out = cell(torch.randn(2, L, R, dtype=torch.complex128))
    elif family == "xi-rnn":
        out = cell(dense)
    else:
        out = cell(tokens)
    assert torch.isfinite(out).all() and out.shape[0] == 2
    if family not in ("born", "born-complex"):  # every family is trainable: a gradient
        out.real.sum().backward()
        assert any(p.grad is not None for p in cell.parameters())


@settings(max_examples=10, deadline=None)
@given(bm=born_machines(complex=True))
def test_born_machines_are_normalised_over_all_sequences(bm):
    """Σ_x P(x) = 1 by brute force (Oracle.sequences), within the rounding of V**L terms."""
    seqs = torch.from_numpy(Oracle().sequences(bm.vocab_size, bm.length))
    total = float(torch.exp(bm.log_prob(seqs)).sum().detach())
    assert abs(total - 1.0) <= float(tolerance(np.float64, n=len(seqs) * bm.length))


@settings(deadline=None, max_examples=10)
@given(net=generalized_rnns(), data=st.data())
def test_generalized_rnns_grids_match_per_sequence_evaluation(net, data):
    from tnverify.generalized.grid import grid_by_evaluation, grid_tensor

    F = data.draw(feature_matrices(net.n_features))
    a, b = grid_tensor(net, F), grid_by_evaluation(net, F)
    scale = float(np.abs(b).max()) + 1.0
    assert np.max(np.abs(a - b)) <= float(tolerance(np.float64, n=4 * net.length, norm=scale))


@settings(deadline=None, max_examples=10)
@given(net=shallow_networks(), data=st.data())
def test_shallow_networks_and_feature_matrices_are_well_formed(net, data):
    F = data.draw(feature_matrices(net.n_features, condition=50.0))
    assert np.linalg.cond(F) <= 50.0 * (1 + 1e-9)
    assert net.templates.shape == (net.length, net.rank, net.n_features)
