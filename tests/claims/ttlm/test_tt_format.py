"""Tests of the TTLM spine claims (tnverify.claims.ttlm.tt_format.checks) and their helpers."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tnverify.claims import get_claim, run_claim
from tnverify.claims.ttlm.tt_format.checks import (
    full_by_tensordot,
    literal_lower_limits,
    printed_tt_sum,
    recurrence,
)
from tnverify.conventions import tolerance
from tnverify.definitions.explicit import all_sequences
from tnverify.errors import RankError, ShapeError


def test_literal_failure_is_the_dropped_alpha2_terms():
    # the literal sum misses exactly the α₂ = 1 terms: literal + those terms = the entry
    c = get_claim("ttlm-eq3")
    ev = c.run_small(c.space[0], 0)
    ce = ev.part("printed-sum").counterexample
    assert ce is not None and ce["value"] != pytest.approx(ce["reference"])
    assert len(ce["entry"]) == c.space[0]["length"]


def test_runner_lifts_the_failing_part_with_its_sequence():
    # no claim-side lifting: the runner names the first failing part under "where"
    r = run_claim("ttlm-eq3", seed=0, scale="small", device="cpu")
    ce = r.counterexample
    assert (
        ce["where"]
        == "part 'sum over α with printed lower limits (1, 2, 1) vs the full TT contraction'"
    )
    assert ce["params"] == get_claim("ttlm-eq3").space[0] and isinstance(ce["seed"], int)
    assert all(0 <= w < 2 for w in ce["entry"]) and ce["value"] != ce["reference"]


def _rand_cores(rng, V, ranks):
    return [rng.standard_normal((ranks[t], V, ranks[t + 1])) for t in range(len(ranks) - 1)]


@given(V=st.integers(1, 3), N=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_printed_sum_from_one_equals_slice_products(V, N, seed):
    rng = np.random.default_rng(seed)
    ranks = [1] + list(rng.integers(1, 4, N - 1)) + [1]
    cores = _rand_cores(rng, V, ranks)
    seqs = all_sequences(V, N)
    ref = full_by_tensordot(cores).reshape(-1)
    absmax = float(full_by_tensordot([np.abs(g) for g in cores]).max())
    tol = tolerance(np.float64, n=int(np.prod(ranks)) + N, norm=absmax)
    assert np.abs(printed_tt_sum(cores, seqs, (1,) * (N - 1)) - ref).max() <= float(tol)
    assert np.abs(recurrence(cores, seqs) - ref).max() <= float(tol)


def test_printed_sum_restricted_range_equals_sliced_bond():
    # Σ_{α₂=2}: the same as the TT with bond 2 restricted to indices >= 1 (0-based)
    rng = np.random.default_rng(4)
    cores = _rand_cores(rng, 2, [1, 2, 3, 2, 1])
    sliced = [cores[0], cores[1][:, :, 1:], cores[2][1:], cores[3]]
    seqs = all_sequences(2, 4)
    lit = printed_tt_sum(cores, seqs, literal_lower_limits(3))
    ref = recurrence(sliced, seqs)
    tol = tolerance(
        np.float64, n=16, norm=float(full_by_tensordot([np.abs(g) for g in cores]).max())
    )
    assert np.abs(lit - ref).max() <= float(tol)


def test_helper_validation():
    with pytest.raises(ShapeError, match="N >= 4"):
        literal_lower_limits(2)
    assert literal_lower_limits(4) == (1, 2, 1, 1)
    with pytest.raises(RankError):
        printed_tt_sum([np.ones((1, 2, 1))] * 2, np.zeros((1, 2), int), (1, 1))


def test_prop_521_holds_under_the_proofs_definition_and_shows_the_ruled_out_readings():
    c = get_claim("thesis-prop-5.2.1")
    ev = c.run_small(c.space[0], 1)
    assert ev.reading("a").verdict == "holds"
    # ψ = ·/Z on the signed score (prior studies' example, ruled out) gives P̃ < 0
    assert set(ev.readings) == {"a"} and set(ev.ruled_out) == {"b", "c"}
    assert ev.reading("c", ruled_out=True).verdict == "fails"
    assert ev.reading("c", ruled_out=True).failing_parts() == ["real cores: nonnegative"]
    assert ev.reading("b", ruled_out=True).verdict == "holds"
    assert {k: r.admissible for k, r in c.readings.items()} == {"a": True, "b": False, "c": False}
    assert run_claim(c, seed=5).verdict == "holds"


def test_prop_521_scaled_z_off_by_relative_1e_8_fails(monkeypatch):
    # Z from the transfer sweep off by a relative 1e-8: the scale Z(|G|) with the exactly
    # rounded (fsum) brute force resolves it (n = V^L + … relative to Z(|G|) did not)
    import tnverify.cells.ttlm as cells

    class Defective(cells.TTScorer):
        def log_partition(self, *, squared=True):
            s, lz = super().log_partition(squared=squared)
            return s, lz + 1e-8

    c = get_claim("thesis-prop-5.2.1")
    params = c.scaled_space["small"][0]
    ok = c.run_scaled(params, "cpu", 4)
    monkeypatch.setattr(cells, "TTScorer", Defective)
    bad = c.run_scaled(params, "cpu", 4)
    for key in ("z-signed", "z-squared"):
        assert ok.part(key).verdict == "holds"
        assert bad.part(key).verdict == "fails", bad.part(key).details
