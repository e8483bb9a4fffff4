"""Tests of the TSLM claims (tnverify.claims.tslm.recurrence)."""

import numpy as np

import tnverify.claims.tslm.recurrence as mod
from tnverify.definitions.conditionals import conditionals
from tnverify.conventions import tolerance
from tnverify.claims import get_claim


def test_eq16_counterexample_names_unfolding():
    ev = get_claim("tslm-eq-16").run_small({"m": 2, "r": 2, "length": 4}, 0)
    assert ev.counterexample["rank"] > ev.counterexample["r"]
    assert ev.counterexample["relative_distance_lower_bound"] > 0


def test_eq18_is_V_h_prev_and_the_conditionals_sum_to_one():
    rng = np.random.default_rng(3)
    lam, U, W = mod._draw(rng, 3, 2, nonneg=True)
    T = mod.eq16_tensor(lam, U, W, 3)
    p = conditionals(T)[1][1]                     # P(x_2 | x_1 = 1)
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
    from tnverify.claims.tslm import recurrence_scaled as sc
    orig = sc._cell

    def bad(U, W, emb, dtype, device):
        import torch
        return orig(U, W.T if dtype == torch.float32 else W, emb, dtype, device)
    monkeypatch.setattr(sc, "_cell", bad)
    c = get_claim("tslm-eq-19")
    ev = c.run_scaled(c.scaled_space["small"][0], "cpu", 5)
    assert ev.parts["float32 cell vs float64 cell (λᵀh_n)"].verdict == "fails"


def test_compare_eq19_detects_relative_defect():
    """compare_eq19 fed the float64 value itself holds exactly; a relative 1e-2 defect of
    one float32 value (10× the float32 tolerance of n·(r+2) steps) fails."""
    from tnverify.claims.tslm.recurrence_scaled import compare_eq19
    rng = np.random.default_rng(0)
    r, n = 4, 8
    W = np.eye(r) + 0.3 * rng.standard_normal((r, r)) / np.sqrt(r)
    v = rng.standard_normal(5)
    c = rng.standard_normal(5)
    last = np.abs(v) * 1.5                       # Σ|terms| ≥ |value|
    kw = dict(n=n * (r + 2), sizes={}, labels=list(range(5)))
    key = "float32 cell vs float64 cell (λᵀh_n)"
    assert compare_eq19(v, c, v, c, last, c, W, rng, **kw).parts[key].error == 0.0
    bad = v.copy()
    bad[2] *= 1 + 1e-2
    assert compare_eq19(bad, c, v, c, last, c, W, rng, **kw).parts[key].verdict == "fails"


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
    key = "exact conditional (Eq. 15) vs linear normalisation of V_t h_{t−1}"

    def part(ev):
        return ev.ruled_out["exact conditional of 𝒯"].parts[key]
    assert part(c.run_small(params, 17)).verdict == "holds"
    monkeypatch.setattr(mod, "_env_readout", bad)
    assert part(c.run_small(params, 17)).verdict == "fails"


def test_eq17_decided_by_the_off_by_one_only():
    from tnverify.claims import run_claim
    r = run_claim("tslm-eq-17")
    ev = r.small.cases[0]
    assert set(ev.readings) == {"V |V|×r"}
    assert ev.readings["V |V|×r"].failing_parts() == ["Eq. 17 vs Eq. 20 as printed (y_t = V h_t)"]
    assert r.claim.defect.erratum == "tslm-eq20-y-offbyone"
