"""Tests of tnverify.figures.gtm (rank-distribution figures of gtm Figs. 3–5 and
the ξ = xy counterpart) and tnverify.figures.trials (serial / process pool / Dask runners)."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tnverify.figures.gtm as gf
from tnverify.errors import UsageError
from tnverify.figures import FIGURES, make_figure
from tnverify.figures.trials import run_trials
from tnverify.generalized.grid import grid_tensor, odd_even_matricization, random_shallow
from tnverify.ranks.matricize import exact_rank, rank_mod_p

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
NAMES = ("gtm-fig-3", "gtm-fig-4", "gtm-fig-5", "gtm-fig-3-xy")


def _square(task):
    """A picklable stub trial: depends only on the seed in the task."""
    rng = np.random.default_rng(task["seed"])
    return {"seed": task["seed"], "value": float(rng.standard_normal())}


def _without_execution(record: dict) -> dict:
    d = dict(record["data"])
    d.pop("execution")
    return d


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    out = tmp_path_factory.mktemp("gtm-figs")
    result = {}
    for name in NAMES:
        j, p = make_figure(name, out, fast=True, seed=3, options={"workers": 1})
        result[name] = (j, p, json.loads(j.read_text(encoding="utf-8")))
    return result


def test_registered_with_options():
    for name in NAMES:
        assert FIGURES[name].options == ("samples", "device", "workers", "scheduler", "weights")


def test_json_records_the_setting(made):
    for name, (_, p, rec) in made.items():
        d, fig = rec["data"], gf.RANK_FIGURES[name]
        assert p.read_bytes()[:8] == PNG_MAGIC
        assert (d["M"], d["T"], d["L"]) == (
            gf.FAST_SIZES["M"],
            gf.FAST_SIZES["T"],
            gf.FAST_SIZES["M"],
        )
        assert d["R_values"] == list(fig.ranks) and d["xi"]["name"] == fig.xi
        assert d["weights"]["name"] == fig.weights and d["seed"] == 3
        assert d["samples_per_R"] == gf.FAST_SIZES["samples"] and d["device"] == "cpu"
        assert d["sharing"].startswith("shared") == fig.shared
        for h in d["histograms"]:
            assert sum(h["counts"].values()) == h["networks"] == d["samples_per_R"]
            assert sum(b["count"] for b in h["bars"]) == h["networks"]
            for t in h["trials"]:
                assert t["bound"] == gf.width_lower_bound(t["rank"], d["M"], d["T"], fig.xi)
                assert 0 <= t["bound"] <= d["max_possible_bound"]
                assert set(t["numerical"]) >= {"rank", "tolerance", "gap", "sigma_max"}
                assert t["method"].startswith("mod-p") == t["rank_certified"]


def test_certified_flags(made):
    # ξ = max and xy with integer weights: exact grids, certified ranks, proved bounds
    for name in ("gtm-fig-3", "gtm-fig-4", "gtm-fig-3-xy"):
        d = made[name][2]["data"]
        assert d["proved_bound"]["exists"]
        assert all(
            h["certified"] and all(b["certified"] for b in h["bars"]) for h in d["histograms"]
        )
        # an integer grid's rank mod p never exceeds its numerical rank by more than
        # the numerical rule may drop; here (well-conditioned small grids) they agree
        for h in d["histograms"]:
            assert h["ranks"] == h["numerical_ranks"]
    # ξ = √: no proved bound, never certified, the reason says so
    d = made["gtm-fig-5"][2]["data"]
    assert not d["proved_bound"]["exists"]
    for h in d["histograms"]:
        assert not h["certified"]
        assert all("no proved bound" in b["reason"] for b in h["bars"])


def test_normal_weights_are_estimates():
    d = gf.rank_histograms("gtm-fig-3", True, 1, samples=2, workers=1, weights="normal")
    for h in d["histograms"]:
        assert not h["certified"]
        assert all(t["method"].startswith("numerical") for t in h["trials"])
        assert all("numerical" in b["reason"] for b in h["bars"])


def test_serial_processes_and_dask_give_identical_data(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    ser = gf.rank_histograms("gtm-fig-3", True, 11, samples=2, workers=1)
    par = gf.rank_histograms("gtm-fig-3", True, 11, samples=2, workers=2)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        dsk = gf.rank_histograms("gtm-fig-3", True, 11, samples=2, scheduler=cluster)
    assert ser.pop("execution")["kind"] == "serial"
    assert par.pop("execution")["kind"] == "processes"
    info = dsk.pop("execution")
    assert info["kind"] == "dask" and info["workers"] == 2
    assert json.dumps(ser, sort_keys=True) == json.dumps(par, sort_keys=True)
    assert json.dumps(ser, sort_keys=True) == json.dumps(dsk, sort_keys=True)


def test_run_trials_keeps_task_order():
    tasks = [{"seed": s} for s in (5, 1, 9, 2)]
    serial, info = run_trials(_square, tasks, workers=1)
    assert info["kind"] == "serial" and info["trials"] == 4
    assert [r["seed"] for r in serial] == [5, 1, 9, 2]
    parallel, info = run_trials(_square, tasks, workers=2)
    assert info["kind"] == "processes" and parallel == serial


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"samples": 0}, "samples"),
        ({"weights": "gauss"}, "weights"),
        ({"workers": 0}, "workers"),
        ({"scheduler": ""}, "scheduler"),
    ],
)
def test_bad_options(kwargs, match):
    with pytest.raises(UsageError, match=match):
        gf.rank_histograms("gtm-fig-4", True, 0, **kwargs)


def test_width_bound_values():
    assert gf.width_lower_bound(1000, 10, 6, "relu") == 34  # ⌈1000 / 30⌉
    assert gf.width_lower_bound(30, 10, 6, "relu") == 1
    assert gf.width_lower_bound(31, 10, 6, "relu") == 2
    assert gf.width_lower_bound(216, 6, 6, "l2") == 12  # ⌈216 / 18⌉
    assert gf.width_lower_bound(17, 6, 6, "product") == 17
    assert gf.width_lower_bound(0, 6, 6, "relu") == 0


def test_float64_exact_bound():
    from tnverify.generalized.grid import GeneralizedRNN

    rng = np.random.default_rng(0)
    C = tuple(rng.integers(-2, 3, (3, 3)).astype(float) for _ in range(4))
    G = tuple(
        rng.integers(-2, 3, s).astype(float) for s in ((3, 1, 2), (3, 2, 2), (3, 2, 2), (3, 2, 1))
    )
    net = GeneralizedRNN(C, G, "relu")
    ok, bound = gf.float64_exact(net, np.eye(3))
    grid = grid_tensor(net, np.eye(3))
    assert ok and np.abs(grid).max() <= bound
    assert not gf.float64_exact(net, np.eye(3) * 0.5)[0]  # non-integer F
    assert not gf.float64_exact(GeneralizedRNN(C, G, "l2"), np.eye(3))[0]
    big = GeneralizedRNN(C, tuple(g * 2.0**20 for g in G), "product")
    assert not gf.float64_exact(big, np.eye(3))[0]  # > 2**53 possible


@given(seed=st.integers(0, 2**32 - 1), M=st.integers(2, 4), T=st.sampled_from((2, 4)))
def test_rank_one_shallow_grids_are_realizable(seed, M, T):
    """A rank-1 max-shallow grid (integer weights) is recognised, and its certified
    matricization rank gives width bound ≤ 1 (Lemma A.1 at R = 1)."""
    net = random_shallow(M, T, 1, "relu", np.random.default_rng(seed), dist="integer")
    grid = grid_tensor(net, np.eye(M))
    assert gf.rank_one_max_realizable(grid)
    r = rank_mod_p(odd_even_matricization(grid).astype(np.int64))
    assert gf.width_lower_bound(r, M, T, "relu") <= 1


def test_rank_one_realizable_rejects_rank_two_and_mixed_signs():
    # Γ[i, j] = [[0, 1], [1, 0]]: rows/cols minima are 0, their max is 0 ≠ 1
    assert not gf.rank_one_max_realizable(np.array([[0.0, 1.0], [1.0, 0.0]]))
    assert not gf.rank_one_max_realizable(np.array([[1.0, -1.0], [1.0, 1.0]]))
    assert gf.rank_one_max_realizable(-np.array([[1.0, 2.0], [3.0, 3.0]]))


@given(seed=st.integers(0, 2**32 - 1))
def test_mod_p_rank_is_the_exact_rank_on_small_grids(seed):
    task = {
        "figure": "t",
        "M": 3,
        "T": 4,
        "L": 3,
        "R": 2,
        "xi": "relu",
        "shared": False,
        "weights": "integer",
        "device": "cpu",
        "trial": 0,
        "seed": seed,
    }
    rec = gf.rank_trial(task)
    net, F = gf.draw_network(task)
    mat = odd_even_matricization(grid_tensor(net, F))
    assert rec["rank_certified"] and rec["rank"] == exact_rank(mat.astype(np.int64))
    assert rec["bound"] == math.ceil(rec["rank"] / 6)


def test_lemma_a1_status_matches_the_claim():
    import tnverify.claims.gtm.expressivity.statements as claims
    from tnverify.claims import get_claim

    assert claims is not None
    assert gf.LEMMA_A1_STATUS == get_claim("gtm-lemma-a.1").expected


# -- claims -------------------------------------------------------------------------------
CLAIM_IDS = ("gtm-fig-3", "gtm-fig-5", "gtm-sec-5.2-shared")


@pytest.fixture(scope="module")
def claims():
    import tnverify.claims.gtm.figures.statements  # noqa: F401 - registers the claims
    from tnverify.claims import get_claim

    return {cid: get_claim(cid) for cid in CLAIM_IDS}


@pytest.mark.parametrize("cid", CLAIM_IDS)
def test_claim_verdicts(claims, cid):
    from tnverify.claims.runner import run_claim

    result = run_claim(cid, sides=("small",))
    assert result.verdict == claims[cid].expected == "fails"
    assert result.small.counterexample is not None


def test_fig3_readings_existence_holds_bar_fails(claims):
    """(a) existence in general (Thm. 5.3's network at every R) holds but is ruled out by the
    caption (the figure shows random networks); (b) the bound-1 bar has an exactly certified
    counterexample, so the claim fails; the Fisher trend is significant in both."""
    claim = claims["gtm-fig-3"]
    assert {k: r.admissible for k, r in claim.readings.items()} == {"a": False, "b": True}
    ev = claim.run_small(claim.space[0], 0)
    assert ev.verdict == "fails"
    a, b = ev.reading("a", ruled_out=True), ev.reading("b")
    assert a.verdict == "holds" and b.verdict == "fails"
    ex = a.part("rank-1-exists")
    assert set(ex.details["per_R"]) == {1, 2, 4, 8}
    assert all(r["exact_grid"] and r["proof_network_equal"] for r in ex.details["per_R"].values())
    ce = b.part("bound-1-realized").counterexample
    assert ce["bound ⌈rank/(TM/2)⌉ by the exact rank"] == 1


def _records(n_hi_above, n_lo_above, n=12):
    rec = lambda above: {
        "bound": 2 if above else 1,
        "rank_certified": True,  # noqa: E731
        "rank_one_realizable": True,
        "seed": 0,
        "rank": 1,
    }
    return {1: [rec(i < n_lo_above) for i in range(n)], 8: [rec(i < n_hi_above) for i in range(n)]}


def test_fig3_fisher_inconclusive_is_skipped_not_failed():
    from tnverify.claims.gtm.rank_distributions import _fisher_more_above_one

    flat = _fisher_more_above_one(_records(2, 2), {})
    assert flat.verdict == "skipped" and "inconclusive" in flat.skipped
    assert flat.details["p_value"] >= flat.details["alpha"]
    trend = _fisher_more_above_one(_records(12, 0), {})
    assert trend.verdict == "holds"
    # its control: the same test between two random halves of the pooled networks (a null
    # sample, no trend to find) must fail, and is computed from the counts
    control = trend.control
    assert control.verdict == "fails" and control.details["p_value"] >= trend.details["alpha"]
    assert sum(row[0] for row in control.details["table"]) == 12
    assert sum(map(sum, control.details["table"])) == 24


def test_fig3_fisher_null_control_can_pass(monkeypatch):
    """The null control is not fixed by its design: a permutation that happens to deal the
    networks back into their R groups would reach p < α (the old control, R = 1 against
    itself, had p >= 0.6 for every n < 30)."""
    import tnverify.claims.gtm.rank_distributions as cg

    monkeypatch.setattr(cg, "_null_permutation", lambda n, seed: np.arange(n))
    trend = cg._fisher_more_above_one(_records(12, 0), {})
    assert trend.control.verdict == "holds"
    assert trend.control.details["p_value"] == trend.details["p_value"]
    assert trend.vacuous and trend.verdict == "error"


def test_fig3_counterexample_needs_exact_bound_one(monkeypatch):
    """A non-realizable network whose mod-p bound is 1 but whose EXACT bound is 2 was
    misplaced in the bar: not a counterexample."""
    import tnverify.claims.gtm.rank_distributions as cg

    records = _records(0, 0, n=2)
    records[1][0]["rank_one_realizable"] = False
    params = {"M": 6, "T": 6, "shared": False}
    monkeypatch.setattr(cg, "_exact_bound", lambda params, R, seed: 2)
    ev = cg._realizable_part(records, {}, params)
    assert ev.verdict == "holds" and len(ev.details["misplaced_by_mod_p"]) == 1
    monkeypatch.setattr(cg, "_exact_bound", lambda params, R, seed: 1)
    ev = cg._realizable_part(records, {}, params)
    assert ev.verdict == "fails" and ev.counterexample["bound ⌈rank/(TM/2)⌉ by the exact rank"] == 1
    monkeypatch.setattr(cg, "_exact_bound", lambda params, R, seed: None)
    assert cg._realizable_part(records, {}, params).verdict == "skipped"


@given(seed=st.integers(0, 2**32 - 1))
def test_fig5_fails_for_every_seed(seed):
    import tnverify.claims.gtm.figures.statements  # noqa: F401
    from tnverify.claims import get_claim

    claim = get_claim("gtm-fig-5")
    ev = claim.run_small(claim.space[0], seed)
    assert ev.verdict == "fails"
    # a width-1 √-network already gets a "lower bound" of 2
    part = ev.part("lemma-a.1-l2")
    assert part.details["width_bound_for_this_width_R_network"] >= 2


@given(seed=st.integers(0, 2**32 - 1))
def test_shared_span_is_full_for_every_seed(seed):
    import tnverify.claims.gtm.figures.statements  # noqa: F401
    from tnverify.claims import get_claim

    claim = get_claim("gtm-sec-5.2-shared")
    ev = claim.run_small(claim.space[0], seed)
    assert ev.verdict == "fails"
    span = ev.part("span")
    assert span.details["span_dimension"] == span.details["M_to_T"] == 16
    assert ev.part("lemma-5.1").verdict == "holds"
    assert ev.part("thm-5.3-shared").verdict == "holds"
