"""Regression tests: flags read by truthiness and optional
arguments that skipped the validation layer.  Each test names the root cause it pins."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import tnverify as tv
from tnverify.cells import born, gated, lmm, recurrent, tslm, ttlm
from tnverify.errors import DTypeError, RankError, ShapeError, TnverifyError, UsageError
from tnverify.validation import as_flag

TT3 = tv.random_tt((2, 3, 2), 2, 0)


# -- root cause: a flag read by truthiness ------------------------------------------------
@pytest.mark.parametrize("bad", ["no", "False", 1, 0, None, 1.0, np.array([True])])
def test_the_flag_validator_accepts_bools_only(bad):
    with pytest.raises(DTypeError, match="must be True or False"):
        as_flag(bad, "log")
    assert as_flag(np.bool_(True), "log") is True and as_flag(False, "log") is False


@pytest.mark.parametrize(
    "call",
    [
        lambda f: TT3.norm(log=f),
        lambda f: born.random_born(2, 3, 2, 0, complex=f),
        lambda f: born.random_born(2, 3, 2, 0, uniform=f),
        lambda f: born.random_born(2, 3, 2, 0, boundary=f),
        lambda f: __import__(
            "tnverify.generalized.constructions", fromlist=["x"]
        ).universal_shallow(np.arange(4.0).reshape(2, 2), solve=f),
        lambda f: tslm.TSLM(3, 2, 2, embedding=f),
        lambda f: __import__("tnverify.report.errata", fromlist=["x"]).build_errata("gtm", run=f),
        lambda f: __import__("tnverify.generalized.bounds", fromlist=["x"]).grid_rank(
            np.ones((2, 2, 2, 2)), cross_check=f
        ),
        lambda f: __import__("tnverify.lru.products", fromlist=["x"]).tail_bounds(
            "real", 3.0, zscore=f
        ),
        lambda f: recurrent.TTCoreRNN(np.ones((2, 3, 2)))(np.array([[0, 1]]), return_all=f),
    ],
    ids=[
        "norm-log",
        "born-complex",
        "born-uniform",
        "born-boundary",
        "universal-solve",
        "tslm-embedding",
        "errata-run",
        "grid_rank-cross_check",
        "tail_bounds-zscore",
        "forward-return_all",
    ],
)
@pytest.mark.parametrize("flag", ["no", 1])
def test_flags_of_public_entry_points_refuse_str_and_int(call, flag):
    # before the fix: TT.norm(log="no") returned the log, random_born(complex="no") complex cores
    with pytest.raises(DTypeError, match="True or False"):
        call(flag)


# -- root cause: optional arguments skipped the layer --------------------------------------
def test_a_complex_h0_of_a_recurrent_cell_is_refused_not_cast():
    cell = recurrent.TTCoreRNN(np.ones((2, 3, 2)) * 0.5)
    tokens = np.array([[0, 1, 2]])
    with pytest.raises(DTypeError, match="complex"):
        cell(tokens, h0=torch.ones(2, dtype=torch.complex128))
    with pytest.raises(ShapeError, match="h0 must have shape"):
        cell(tokens, h0=torch.ones(3))
    # a real h0 is read as given (and the same as the buffer's default for ones)
    assert torch.equal(cell(tokens, h0=np.ones(2)), cell(tokens))


def test_the_state_of_the_gated_cells_is_validated():
    x = torch.ones(1, 3, dtype=torch.float64)
    gru = gated.GRUCell(3, 2, generator=torch.Generator().manual_seed(0))
    with pytest.raises(DTypeError):
        gru(x, torch.zeros(1, 2, dtype=torch.complex128))
    with pytest.raises(ShapeError):
        gru(x, torch.zeros(1, 3, dtype=torch.float64))
    lstm = gated.LSTMCell(3, 2, generator=torch.Generator().manual_seed(0))
    with pytest.raises(DTypeError, match="pair"):
        lstm(x, torch.zeros(1, 2, dtype=torch.float64))


def test_lmm_h0_and_log_h0_are_validated():
    cell = lmm.LMM(2, rng=0, complex_params=False, dtype=torch.complex128)
    x = torch.ones(1, 2, 2, dtype=torch.complex128)
    with pytest.raises(DTypeError):
        cell(x, h0="ones")
    with pytest.raises(ShapeError):
        cell.log_forward(x, log_h0=torch.zeros(3))


def test_ttscorer_sites_steps_and_batch_chunk_are_not_truncated():
    cores = [np.ones((1, 2, 2)), np.ones((2, 2, 1))]
    with pytest.raises(DTypeError):
        ttlm.TTScorer(cores, sites=[0.0, 1.5])  # int(1.5) was 1
    scorer = ttlm.TTScorer(cores)
    tokens = np.array([[0, 1]])
    with pytest.raises(DTypeError):
        scorer.hidden_scaled(tokens, 1.5)
    with pytest.raises(DTypeError):
        scorer.tree(tokens, batch_chunk=1.5)
    with pytest.raises(UsageError):
        scorer.tree(tokens, batch_chunk=0)  # max(1, 0) was 1


@pytest.mark.parametrize(
    "call",
    [
        lambda: tslm.TSLM(3, 2, 2, generator=0),
        lambda: tv.run_claim("ttlm-eq2", sides=("small",), seed=5.5),
        lambda: __import__("tnverify.claims.monte_carlo", fromlist=["x"]).mean_estimate(
            [1.0, 2.0], seed=5.5
        ),
        lambda: __import__("tnverify.claims.monte_carlo", fromlist=["x"]).mean_estimate(
            [1.0, 2.0], estimator=3
        ),
        lambda: __import__("tnverify.report.errata", fromlist=["x"]).write_errata(
            3, "gtm", run=False
        ),
        lambda: __import__("tnverify.report.errata", fromlist=["x"]).build_errata(
            "gtm", run=False, seed=True
        ),
        lambda: tv.tolerance(None),  # np.dtype(None) silently meant float64
        lambda: __import__("tnverify.lru.products", fromlist=["x"]).moment("real", 2, reading="c"),
        lambda: __import__("tnverify.cells.tokens", fromlist=["x"]).check_tokens(
            np.array([[0, 1]]), 2, "cpu", min_length="2"
        ),
    ],
    ids=[
        "tslm-generator",
        "run_claim-seed",
        "mean_estimate-seed",
        "mean_estimate-estimator",
        "errata-out",
        "errata-seed",
        "tolerance-dtype-None",
        "reading-real-kind",
        "check_tokens-min_length",
    ],
)
def test_optional_arguments_go_through_the_validators(call):
    with pytest.raises(TnverifyError):
        call()


def test_run_claims_refuses_a_progress_hook_that_is_not_callable():
    from tnverify.report import run_claims

    with pytest.raises(DTypeError, match="progress"):
        run_claims([], progress="yes")
    with pytest.raises(DTypeError, match="case_progress"):
        run_claims([], progress=False, case_progress=3)
    assert run_claims([], progress=False).results == []


def test_grid_rank_checks_the_prime_on_every_path():
    from tnverify.generalized.bounds import grid_rank

    g = np.arange(16.0).reshape(2, 2, 2, 2) / 3  # a real grid: the numerical path
    with pytest.raises(RankError, match="prime"):
        grid_rank(g, prime=4)
    assert grid_rank(g).method == "numerical"


def test_to_quimb_refuses_an_index_id_without_one_field():
    # checked before quimb (an optional dependency) is imported
    with pytest.raises(UsageError, match="format string"):
        tv.to_quimb(TT3, site_ind_id="k")
    with pytest.raises(UsageError):
        tv.to_quimb(TT3, site_tag_id=3)
