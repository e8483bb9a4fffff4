"""Finite in, finite out for the cells' sweeps: Born and TT log Z stay
in the log domain for tiny and huge cores; raw sweeps that leave the float range raise a
NonFiniteError naming the step; NaN already in a parameter (training path) propagates."""

import math

import numpy as np
import pytest
import torch

from tnverify.cells import born, lmm, recurrent, ttlm, ttlm_variants
from tnverify.conventions import tolerance
from tnverify.errors import NonFiniteError

R = np.random.default_rng(0)
CORES = [R.standard_normal((1, 3, 2)), R.standard_normal((2, 3, 2)), R.standard_normal((2, 3, 1))]
TOK = torch.tensor([[0, 1, 2], [2, 2, 0]])


@pytest.mark.parametrize("c", [1e-200, 1e200, 1e-300])
def test_born_log_partition_and_log_prob_for_tiny_and_huge_cores(c):
    base, scaled = born.BornMachine(CORES), born.BornMachine([x * c for x in CORES])
    want = float(base.log_partition()) + 2 * len(CORES) * math.log(c)  # |ψ|² per core
    got = float(scaled.log_partition())
    assert abs(got - want) <= tolerance(n=64, norm=abs(want)).value
    lp, lp0 = scaled.log_prob(TOK), base.log_prob(TOK)
    assert torch.isfinite(lp).all()
    assert float((lp - lp0).abs().max()) <= tolerance(n=64, norm=abs(want)).value


@pytest.mark.parametrize("c", [1e-200, 1e200])
def test_tt_scorer_log_partition_for_tiny_and_huge_cores(c):
    base, scaled = ttlm.TTScorer(CORES), ttlm.TTScorer([x * c for x in CORES])
    for squared, power in ((True, 2), (False, 1)):
        want = float(base.log_partition(squared=squared)[1]) + power * 3 * math.log(c)
        got = float(scaled.log_partition(squared=squared)[1])
        assert abs(got - want) <= tolerance(n=64, norm=abs(want)).value


def test_raw_sweeps_name_the_step_where_they_leave_the_float_range():
    core = R.standard_normal((2, 3, 2)) * 1e200
    with pytest.raises(NonFiniteError, match="TTCoreRNN.forward: .* step 1"):
        recurrent.TTCoreRNN(core)(TOK)
    with pytest.raises(NonFiniteError, match="UniformTTLM.hidden: .* step"):
        ttlm_variants.UniformTTLM(R.standard_normal((3, 2)) * 1e200, core)(TOK)
    with pytest.raises(NonFiniteError, match="LMM.forward: .* step"):
        lmm.LMM(2, rng=0)(torch.full((1, 400, 2), 1e10, dtype=torch.complex128))


def test_nan_in_a_parameter_propagates_on_the_training_path():
    cell = recurrent.TTCoreRNN(R.standard_normal((2, 3, 2)))
    with torch.no_grad():
        cell.G[0, 0, 0] = float("nan")  # e.g. after a diverged optimiser step
    out = cell(TOK)
    assert torch.isnan(out).any()
