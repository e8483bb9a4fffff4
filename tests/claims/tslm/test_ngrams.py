"""Verdicts, seed independence, pinned cases and counterexamples of the born-machines-ngrams
n-gram/TSLM claims (tnverify.claims.thesis.ngrams)."""

import importlib.util
from pathlib import Path

import pytest

from tnverify.claims import FAILS, HOLDS, all_claims, get_claim

all_claims()  # registers every claim (the tslm ones live in tnverify/claims/tslm/)

IDS = [
    "thesis-eq-4.1",
    "thesis-eq-4.1-variant",
    "thesis-eq-2.7",
    "thesis-eq-2.7-corrected",
    "thesis-eq-2.11",
    "tslm-eq-11",
    "tslm-eq-11-corrected",
    "tslm-claim-1",
    "tslm-claim-2",
    "tslm-claim-2-variant",
    "tslm-ngram-param-count",
    "tslm-table1-stats",
]


def test_pinned_cases():
    ev = get_claim("thesis-eq-4.1").run_small(
        get_claim("thesis-eq-4.1").pinned[0]["params"], get_claim("thesis-eq-4.1").pinned[0]["seed"]
    )
    assert ev.verdict == HOLDS  # L = 1: sum = average


def test_eq41_is_l_times_the_pair_information():
    ev = get_claim("thesis-eq-4.1").run_small(
        {"vocab_size": 3, "length": 5, "distances": (1, 2)}, 3
    )
    for S in (1, 2):
        d = ev.part(f"s-{S}").details
        assert d["eq41"] / d["per_pair"] == pytest.approx(5.0, rel=1e-12)
        # the shifted-distance control is a different value, and it fails
        assert d["per_pair_S+1"] != pytest.approx(d["per_pair"], rel=1e-3)
        assert ev.part(f"s-{S}").control.verdict == FAILS
    assert ev.part("s-1-nonnegative").control.verdict == FAILS  # swapped weights: < 0


def test_readings_split_as_described():
    ev = get_claim("thesis-eq-2.11").run_small({"length": 20}, 0)
    assert {k: v.verdict for k, v in ev.readings.items()} == {
        "base 2": "holds",
        "natural log": "fails",
    }
    assert get_claim("thesis-eq-2.7").run_small({"vocab_size": 3, "length": 8}, 0).verdict == FAILS
    ev = get_claim("thesis-eq-2.7-corrected").run_small({"vocab_size": 3, "length": 8}, 0)
    assert ev.verdict == HOLDS and ev.part("eq-2.7").control.verdict == FAILS
    ev = get_claim("tslm-claim-2").run_small({"vocab_size": 2, "length": 2}, 0)
    # the embedded basis is ruled out ("a special case of TSLM based on the one-hot basis
    # vectors"): shown, not deciding
    assert {k: v.verdict for k, v in ev.readings.items()} == {"one-hot": "holds"}
    assert {k: v.verdict for k, v in ev.ruled_out.items()} == {"embedded": "fails"}


def test_table1_recount_is_skipped_not_faked():
    ev = get_claim("tslm-table1-stats").run_small({}, 0)
    assert ev.part("recount").verdict == "skipped"
    part = ev.part("ptb-thousands")
    assert part.verdict == HOLDS and set(part.readings) == {"truncated thousands"}
    assert part.reading("rounded", ruled_out=True).verdict == "fails"  # 73,761 is not 73k rounded


def test_proofs_hold():
    path = Path(__file__).resolve().parents[3] / "proofs" / "ngram.py"
    spec = importlib.util.spec_from_file_location("proofs_ngram", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for cid in IDS:
        proof = get_claim(cid).proof
        if proof:
            assert getattr(mod, proof.split("::")[1])() is True


# -- scaled (torch) sides ------------------------------------------------------------------
SCALED = {
    "thesis-eq-4.1": HOLDS,
    "thesis-eq-4.1-variant": HOLDS,
    "tslm-eq-11": "fails",
    "tslm-eq-11-corrected": HOLDS,
    "tslm-claim-1": HOLDS,
    "tslm-claim-2": HOLDS,
    "tslm-claim-2-variant": HOLDS,
}


@pytest.mark.parametrize("cid", sorted(SCALED))
def test_scaled_side_verdicts(cid):
    claim = get_claim(cid)
    assert set(claim.scaled_space) == {"small", "large"}
    ev = claim.run_scaled(claim.scaled_space["small"][0], "cpu", 0)
    assert ev.verdict == SCALED[cid]


def test_scaled_claim2_splits_like_the_small_side():
    claim = get_claim("tslm-claim-2")
    ev = claim.run_scaled(claim.scaled_space["small"][0], "cpu", 1)
    assert {k: v.verdict for k, v in ev.readings.items()} == {"one-hot": HOLDS}
    assert {k: v.verdict for k, v in ev.ruled_out.items()} == {"embedded": "fails"}


def test_scaled_eq41_printed_sum_is_about_l_times_the_estimate():
    claim = get_claim("thesis-eq-4.1")
    params = claim.scaled_space["small"][0]
    ev = claim.run_scaled(params, "cpu", 2)
    s1 = ev.part("s-1").details
    assert s1["torch_seed"] == ev.details["torch_seed"]
    assert s1["estimate"] / s1["exact_per_pair"] == pytest.approx(params["length"], rel=0.2)


def test_mi_plugin_tolerance_bias_and_independence():
    import numpy as np
    from scipy import stats

    from tnverify.claims.tslm.ngrams.scaled import ALPHA, mi_plugin_tolerance

    indep = np.outer([0.2, 0.3, 0.5], [0.6, 0.4])
    tol = mi_plugin_tolerance(indep, 1000, base=2)
    assert tol["sigma"] == pytest.approx(0.0, abs=1e-12)
    assert tol["bias"] == pytest.approx(2 / (2 * 1000 * np.log(2)))
    assert tol["value"] == pytest.approx(stats.chi2.isf(ALPHA, 2) / (2000 * np.log(2)))
    # coverage: plug-in estimates of a dependent joint stay within the tolerance
    from tnverify.definitions.ngram import mutual_information

    J = np.array([[0.3, 0.1], [0.05, 0.55]])
    rng = np.random.default_rng(0)
    tol = mi_plugin_tolerance(J, 2000)["value"]
    exact = mutual_information(J, base="e")
    est = [
        mutual_information(rng.multinomial(2000, J.ravel()).reshape(2, 2) / 2000, base="e")
        for _ in range(200)
    ]
    assert max(abs(e - exact) for e in est) <= tol
    assert np.std(est) > tol / 20  # and it is not vacuous


def test_eq11_counterexample_is_the_explicit_m2_example():
    """a = e₁, b = (e₁+e₂)/√2, p = 1/4 on aa, ab, ba, bb: ⟨s_i, c⟩ = (1 + 1/√2)²/4 for every
    sentence (not p_i = 1/4), the same at every seed; one-hot words recover p_i."""
    import math

    from tnverify.claims.tslm.ngrams.checks import explicit_eq11

    ev = explicit_eq11()
    emb, hot = ev.part("embedded"), ev.part("one-hot")
    assert emb.verdict == FAILS and hot.verdict == HOLDS and hot.control.verdict == FAILS
    want = (1 + 1 / math.sqrt(2.0)) ** 2 / 4
    assert emb.counterexample["entry"] == "aa"
    assert emb.counterexample["value"] == pytest.approx(want, rel=1e-12)
    assert emb.details["sum_of_inner_products"] == pytest.approx(4 * want, rel=1e-12)
    for seed in (0, 1):
        cx = get_claim("tslm-eq-11").run_small({"vocab_size": 2, "length": 2}, seed).counterexample
        assert cx["entry"] == "aa" and cx["value"] == pytest.approx(want, rel=1e-12)


def test_eq11_counterexample_says_which_word_vectors_fail():
    """The failing case's counterexample says, from the verdicts of its parts, for which
    kinds of word vectors Eq. 10 held (one-hot, Claim 1's setting) and for which it failed
    (the explicit example and the random unit words): on the small side and the larger run."""
    c = get_claim("tslm-eq-11")
    cx = c.run_small({"vocab_size": 2, "length": 2}, 0).counterexample
    assert cx["why"] == (
        "in this case Eq. 10 holds for the one-hot words and fails for the explicit "
        "example and the random unit words"
    )
    assert cx["entry"] == "aa"  # still the explicit example's entry
    ev = c.run_scaled(c.scaled_space["small"][0], "cpu", 0)
    assert ev.counterexample["why"] == (
        "in this case Eq. 10 holds for the one-hot words and fails for the random unit words"
    )


def test_by_word_kind_reads_the_verdicts():
    """A kind that holds is said to hold, a failing one to fail; no counterexample when
    every kind holds."""
    from tnverify.claims import Evidence
    from tnverify.claims.tslm.ngrams.checks import by_word_kind

    ok = Evidence("x", passed=True)
    bad = Evidence("y", passed=False, counterexample={"entry": 1})
    ev = by_word_kind("z", (("A", "a", bad), ("B", "b", ok), ("C", "c", bad)), {})
    assert ev.verdict == FAILS
    assert ev.counterexample["why"] == "in this case Eq. 10 holds for B and fails for A and C"
    assert ev.counterexample["where"] == "part 'a'"
    assert by_word_kind("z", (("A", "a", ok), ("B", "b", ok)), {}).counterexample is None
