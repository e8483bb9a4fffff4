"""Regression tests: allocation or work before the guard,
singular matrices reaching solvers, and closed pipes."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from tnverify import equivalences as eq
from tnverify.cells import tslm
from tnverify.cells import ttlm_variants as tvc
from tnverify.errors import RankError, SizeLimitError
from tnverify.generalized import bounds, expressivity
from tnverify.lru import theory

HUGE = 10**12


# -- root cause: strategies drew before any size check --------------------------------------
@pytest.mark.parametrize(
    "build",
    [
        lambda s: s.tensor_trains(shape=(HUGE, 2)),
        lambda s: s.tt_cores(shape=(2, HUGE, 2)),
        lambda s: s.cells("tt-core", vocab_size=10**15),
        lambda s: s.cells("rac", max_vocab=10**15),
        lambda s: s.spectra(10**15),
        lambda s: s.token_sequences(3, max_length=HUGE),
        lambda s: s.feature_matrices(10**8),
        lambda s: s.generalized_rnns(T=HUGE),
        lambda s: s.shallow_networks(max_M=10**9),
        lambda s: s.shapes(max_dims=10**12, min_side=1),
    ],
    ids=[
        "tensor_trains",
        "tt_cores",
        "cells-vocab",
        "cells-max_vocab",
        "spectra",
        "token_sequences",
        "feature_matrices",
        "generalized_rnns",
        "shallow_networks",
        "shapes",
    ],
)
def test_strategies_refuse_huge_sizes_when_built(build):
    strategies = pytest.importorskip("tnverify.testing.strategies")
    with pytest.raises(SizeLimitError):
        build(strategies)  # before the fix: terabytes drawn at the first example


def test_uniform_ttlm_to_scorer_is_guarded():
    model = tvc.UniformTTLM(np.ones((3, 2)), np.ones((2, 3, 2)))
    with pytest.raises(SizeLimitError):
        model.to_scorer(10**12)


def test_cp_rank_lower_bound_all_splits_is_refused_before_the_enumeration():
    grid = np.ones((2,) * 20)  # 2^19 - 1 bipartitions
    with pytest.raises(SizeLimitError, match="bipartitions"):
        bounds.cp_rank_lower_bound(grid, splits="all")
    assert bounds.cp_rank_lower_bound(np.ones((2,) * 4), splits="all").bound == 1


def test_pairwise_similarity_network_is_guarded_by_its_total_weights():
    with pytest.raises(SizeLimitError):
        expressivity.pairwise_similarity_network(2, 2, 2**26)


# -- root cause: singular matrices reached numpy/torch solvers ------------------------------
def test_singular_matrices_are_refused_before_the_solvers():
    with pytest.raises(RankError):  # torch.linalg.solve's own error
        tslm.TSLM.from_arrays(np.ones((2, 3)), np.zeros((2, 2)), np.ones((3, 2))).h0()
    with pytest.raises(RankError):  # numpy's LinAlgError
        eq.tt_core_to_tiny_reshape(np.ones((2, 3, 2)), np.ones((2, 2)))
    with pytest.raises(RankError, match="diagonalisable"):
        theory.diagonalise(np.array([[1.0, 1.0], [0.0, 1.0]]))  # a Jordan block
    with pytest.raises(RankError):
        expressivity.rank_one_shallow(np.array([1.0, 2.0]), np.ones((2, 2)), 3)


# -- root cause: a closed pipe ended with a traceback line and status 1 or 2 ----------------
@pytest.mark.parametrize("args", [["claims"], ["claims", "--json"]])
def test_a_closed_pipe_ends_the_command_quietly_with_status_0(args):
    proc = subprocess.Popen(
        [sys.executable, "-m", "tnverify", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    proc.stdout.close()  # the reader went away before any output
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, err
    assert err == ""
