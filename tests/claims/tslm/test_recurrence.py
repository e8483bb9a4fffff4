"""Tests of the TSLM claims (tnverify.claims.tslm.recurrence)."""

import numpy as np

import tnverify.claims.tslm.recurrence.checks as mod
from tnverify.claims import get_claim
from tnverify.conventions import tolerance
from tnverify.definitions.conditionals import conditionals


def test_eq16_counterexample_names_unfolding():
    ev = get_claim("tslm-eq-16").run_small({"m": 2, "r": 2, "length": 4}, 0)
    assert ev.counterexample["rank"] > ev.counterexample["r"]
    assert ev.counterexample["relative_frobenius_distance_at_least"] > 0


def test_eq16_counterexample_is_the_explicit_pairing_tensor():
    """𝒯 = Σ_{a,b} e_a⊗e_b⊗e_a⊗e_b: the same counterexample for every seed, its middle
    unfolding the identity (rank m² = 4), distance ≥ √(2/4) from every r = 2 tensor."""
    T = mod.pairing_tensor(2, 4)
    assert T[0, 1, 0, 1] == 1 and T[0, 1, 1, 0] == 0 and T.sum() == 4
    assert np.array_equal(T.reshape(4, 4), np.eye(4))
    a = get_claim("tslm-eq-16").run_small({"m": 2, "r": 2, "length": 4}, 0).counterexample
    b = get_claim("tslm-eq-16").run_small({"m": 2, "r": 2, "length": 4}, 1).counterexample
    assert a["got"] == b["got"] == [2, 4, 2] and a["cut_after_mode"] == 2
    assert abs(a["relative_frobenius_distance_at_least"] - np.sqrt(0.5)) <= 1e-12
    # an Eq. 16 tensor satisfies the bound the pairing tensor breaks
    lam, U, W = mod._draw(np.random.default_rng(0), 2, 2)
    assert mod._ranks(mod.eq16_tensor(lam, U, W, 4)) == [2, 2, 2]


def test_eq18_is_V_h_prev_and_the_conditionals_sum_to_one():
    rng = np.random.default_rng(3)
    lam, U, W = mod._draw(rng, 3, 2, nonneg=True)
    T = mod.eq16_tensor(lam, U, W, 3)
    p = conditionals(T)[1][1]  # P(x_2 | x_1 = 1)
    assert p.shape == (3,) and abs(p.sum() - 1) <= float(tolerance(np.float64, n=3))
    V = rng.standard_normal((4, 2))
    a = [rng.standard_normal(3)]
    h = mod._h_states(U, W, a)
    y = mod._contract(mod.eq18_tensor(V, U, W, 2), a)
    # n: 16 accumulated products; scale: |V| times the conditioning of the h0 = W⁻¹1 solve
    tol = tolerance(np.float64, n=16, norm=float(np.abs(V).max() * 10 * np.linalg.cond(W)))
    assert np.abs(y - V @ h[1]).max() <= float(tol)


def test_scaled_eq19_small_holds():
    c = get_claim("tslm-eq-19")
    ev = c.run_scaled(c.scaled_space["small"][0], "cpu", 5)
    assert ev.verdict == "holds"


# -- the comparisons can fail (no vacuous scales) ------------------------------
def test_scaled_eq19_detects_transposed_w(monkeypatch):
    """The float32 cell built with Wᵀ: the comparison relative to the last step fails
    (the former |·|-chain scale had ratio ~1e-15)."""
    from tnverify.claims.tslm.recurrence import scaled as sc

    orig = sc._cell

    def bad(U, W, emb, dtype, device):
        import torch

        return orig(U, W.T if dtype == torch.float32 else W, emb, dtype, device)

    monkeypatch.setattr(sc, "_cell", bad)
    c = get_claim("tslm-eq-19")
    ev = c.run_scaled(c.scaled_space["small"][0], "cpu", 5)
    assert ev.part("float32-vs-float64").verdict == "fails"


def test_compare_eq19_detects_relative_defect():
    """compare_eq19 fed the float64 value itself holds exactly; a relative 1e-2 defect of
    one float32 value (10× the float32 tolerance of n·(r+2) steps) fails."""
    from tnverify.claims.tslm.recurrence.scaled import compare_eq19

    rng = np.random.default_rng(0)
    r, n = 4, 8
    W = np.eye(r) + 0.3 * rng.standard_normal((r, r)) / np.sqrt(r)
    v = rng.standard_normal(5)
    c = rng.standard_normal(5)
    last = np.abs(v) * 1.5  # Σ|terms| ≥ |value|
    kw = dict(n=n * (r + 2), sizes={}, labels=list(range(5)))
    key = "float32-vs-float64"
    assert compare_eq19(v, c, v, c, last, c, W, rng, **kw).part(key).error == 0.0
    bad = v.copy()
    bad[2] *= 1 + 1e-2
    assert compare_eq19(bad, c, v, c, last, c, W, rng, **kw).part(key).verdict == "fails"


def test_eq17_conditional_detects_readout_defect(monkeypatch):
    """V_t with one entry perturbed by a relative 1e-6: the linear-normalisation
    comparison against the exact conditional fails (it held at ratio ~1e-8 with the
    former scale cond(W) and n = (|V|·r)^n).  The comparison is shown under the
    ruled-out reading "exact conditional of 𝒯" of tslm-eq-17 (it never decides)."""
    orig = mod._env_readout

    def bad(*a):
        Vt = orig(*a).copy()
        Vt[0, 0] *= 1 + 1e-6
        return Vt

    c = get_claim("tslm-eq-17")
    params = c.space[-1]

    def part(ev):
        return ev.reading("exact-conditional", ruled_out=True).part("linear-normalisation")

    assert part(c.run_small(params, 17)).verdict == "holds"
    monkeypatch.setattr(mod, "_env_readout", bad)
    assert part(c.run_small(params, 17)).verdict == "fails"


def test_eq17_decided_by_the_off_by_one_only():
    from tnverify.claims import run_claim

    r = run_claim("tslm-eq-17")
    ev = r.small.cases[0]
    assert set(ev.readings) == {"V |V|×r"}
    # the first case (m = r = |V| = 1) is the explicit example, checkable by hand
    assert ev.reading("v-transposed").failing_parts() == [
        "explicit: m = r = |V| = 1, α₁ = α₂ = 2",
        "Eq. 17 vs Eq. 20 as printed (y_t = V h_t)",
    ]
    assert ev.counterexample["value"] == 4.0 and ev.counterexample["reference"] == 2.0
    ev = get_claim("tslm-eq-17").run_small(get_claim("tslm-eq-17").space[1], 0)
    assert ev.reading("v-transposed").failing_parts() == [
        "Eq. 17 vs Eq. 20 as printed (y_t = V h_t)"
    ]
    assert r.claim.defect.erratum == "tslm-eq20-y-offbyone"


def test_eq17_is_three_distinct_edits():
    """The index of y_t, the layout of V (printed in two places: one edit) and the layout of
    U are three edits, each its own erratum key."""
    d = get_claim("tslm-eq-17").defect
    keys = [e.erratum for e in d.edits]
    assert keys == ["tslm-eq20-y-offbyone", "tslm-eq20-v-layout", "tslm-eq20-u-layout"]
    assert all(e.kind == "misprint" and e.why for e in d.edits)


def test_eq17_counterexample_names_t_and_k():
    ev = get_claim("tslm-eq-17").run_small(get_claim("tslm-eq-17").space[1], 0)
    cx = ev.counterexample
    assert cx["entry"].startswith("t = ") and "(1-based, the paper's step)" in cx["entry"]
    assert "(0-based)" in cx["entry"]


def test_eq16_unfolding_bound_is_for_the_cuts_after_a_mode_only():
    """The rank ≤ r bound of the tslm-eq-16 Correction holds for the unfoldings after
    mode k (rows d₁…d_k); the grouping rows (d₁, d₃), columns (d₂, d₄) of a random Eq. 16
    tensor (m = r = 2, n = 4) has rank 4 > r, as the Why says it can."""
    for seed in range(3):
        lam, U, W = mod._draw(np.random.default_rng(seed), 2, 2)
        T = mod.eq16_tensor(lam, U, W, 4)
        assert mod._ranks(T) == [2, 2, 2]
        assert np.linalg.matrix_rank(T.transpose(0, 2, 1, 3).reshape(4, 4)) == 4


def test_eq16_at_n_2_and_r_m_gives_every_matrix():
    """The Correction's n = 2 exception: U = I, λ = 1, W = 𝒯ᵀ give 𝒯 by Eq. 16 literally."""
    rng = np.random.default_rng(5)
    for m in (2, 3, 5):
        A = rng.standard_normal((m, m))
        T = mod.eq16_tensor(np.ones(m), np.eye(m), A.T, 2)
        # n: r products of 3 factors per entry, the factors 1 or entries of A
        tol = tolerance(np.float64, n=3 * m, norm=float(np.abs(A).max()))
        assert np.abs(T - A).max() <= float(tol)


def test_eq17_remark_joint_conditional_is_a_linear_normalisation_not_a_softmax():
    """The tslm-eq-17 remark, at m = |V| = 5, r = 3, n = 4: the exact conditional of the
    joint 𝒯 (Eq. 15) is V_t h_{t−1} normalised by its sum, not its softmax, and the tied
    readout V_t changes with t (no single V of Eq. 18 serves every step)."""
    c = get_claim("tslm-eq-17")
    for seed in (0, 17):
        ev = c.run_small(c.space[-1], seed).reading("exact-conditional", ruled_out=True)
        lin = ev.part("linear-normalisation")
        assert lin.verdict == "holds"
        assert ev.part("softmax").verdict == "fails"
        assert lin.details["readout_changes_with_t"] > 1e-3
